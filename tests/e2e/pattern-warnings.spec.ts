import AxeBuilder from '@axe-core/playwright';
import { expect, openApp, test, waitFor } from './fixtures';

/** A transcript of one-call batches: each [name, arguments, answer]. */
function transcript(turns: readonly (readonly [string, unknown, string])[]): string {
  const messages: unknown[] = [{ role: 'user', content: 'go' }];
  turns.forEach(([name, args, answer], i) => {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: `c${i}`, type: 'function', function: { name, arguments: JSON.stringify(args) } },
      ],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: answer });
  });
  return JSON.stringify({ messages });
}

test('pattern warnings: a known read-only tool gets its pattern in one click', async ({ page }) => {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Transcript' }).fill(
    transcript([
      ['Read', { file_path: 'a.ts' }, 'one'],
      ['Read', { file_path: 'a.ts' }, 'one'],
      ['Edit', { file_path: 'a.ts' }, 'ok'],
    ]),
  );
  await waitFor(page, 'ready');
  const warnings = page
    .getByRole('region', { name: 'Config' })
    .getByRole('region', { name: 'Pattern warnings' });
  await expect(warnings).toContainText(
    'Read is a read-only tool of Claude Code; no pattern covers it, so it gets the strict limit.',
  );
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-label="Pattern warnings"]')
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await warnings.getByRole('button', { name: 'Add pattern “read”' }).click();
  const list = page.getByRole('listbox', { name: 'Observation tool patterns' });
  await expect(list.getByRole('option')).toHaveCount(27);
  await expect(list.getByRole('option', { name: 'read', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Added “read”' })).toHaveText(
    'Added “read”: Read is read-only now.',
  );
  await expect(page.getByRole('region', { name: 'Pattern warnings' })).toHaveCount(0);
});

test('pattern warnings: a pattern that exempts a clock poll is named', async ({ page }) => {
  await openApp(page);
  const polls = Array.from(
    { length: 6 },
    (_, i) => ['get_build_status', { id: 7 }, `running, checked at 22:${10 + i}:00`] as const,
  );
  await page.getByRole('textbox', { name: 'Transcript' }).fill(transcript(polls));
  await waitFor(page, 'ready');
  await expect(page.getByRole('region', { name: 'Pattern warnings' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'New pattern' }).fill('get_');
  await page.getByRole('button', { name: 'Add pattern', exact: true }).click();
  await waitFor(page, 'ready');
  const warnings = page
    .getByRole('region', { name: 'Config' })
    .getByRole('region', { name: 'Pattern warnings' });
  await expect(warnings).toContainText(
    'get_build_status matches “get_” and so gets 15, but its answers differ only in numbers',
  );
  await expect(warnings).toContainText('batches 1–6, 6 in a row');
  await page.getByRole('tab', { name: 'Patterns' }).click();
  await expect(
    page.getByRole('region', { name: 'Tool patterns' }).getByRole('region', {
      name: 'Pattern warnings',
    }),
  ).toContainText('get_build_status matches “get_”');
});
