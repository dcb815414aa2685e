import type { Page } from '@playwright/test';
import { expect, openApp, test, waitFor } from './fixtures';

/** A transcript calling `names` in turn, each answered "ok". */
function transcript(names: readonly string[]): string {
  const messages: unknown[] = [{ role: 'user', content: 'go' }];
  names.forEach((name, i) => {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${i}`, type: 'function', function: { name, arguments: '{}' } }],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'ok' });
  });
  return JSON.stringify({ messages });
}

const patternsTable = (page: Page) => page.getByRole('table', { name: 'Observation patterns' });

test('patterns: camelCase names are flagged, and "make read-only" adds the shortest pattern', async ({
  page,
}) => {
  await openApp(page);
  await page
    .getByRole('textbox', { name: 'Transcript' })
    .fill(transcript(['readFile', 'write_file', 'ListDirectory', 'readFile']));
  await waitFor(page, 'ready');
  await page.getByRole('tab', { name: 'Patterns' }).click();
  const tools = page.getByRole('table', { name: 'Tool patterns' });
  const readFile = tools
    .getByRole('row')
    .filter({ has: page.getByText('readFile', { exact: true }) });
  await expect(readFile).toContainText('is camelCase, so “read_file” misses it');
  await expect(readFile).toContainText('“read” would catch it');
  const list = tools
    .getByRole('row')
    .filter({ has: page.getByText('ListDirectory', { exact: true }) });
  await expect(list).toContainText('“list_dir” misses it');

  await page.getByRole('button', { name: 'make read-only: readFile' }).click();
  await waitFor(page, 'ready');
  const explorer = page.getByRole('region', { name: 'Tool patterns' });
  await expect(explorer.getByRole('status')).toHaveText(
    'Added “read”: “readFile” is read-only now. No other tool of this transcript contains it.',
  );
  await expect(
    patternsTable(page).getByRole('rowheader', { name: 'read', exact: true }),
  ).toBeVisible();
  await expect(readFile).toContainText('read');
  await expect(page.getByRole('button', { name: 'make read-only: readFile' })).toHaveCount(0);

  // The same pattern again, in another case, is refused in the config's list editor.
  await page.getByRole('textbox', { name: 'New pattern' }).fill('READ');
  await page.getByRole('button', { name: 'Add pattern', exact: true }).click();
  await expect(
    page.getByText(/“READ” is already pattern \d+ as “read”; not added twice\./),
  ).toBeVisible();
});
