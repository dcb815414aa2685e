import type { Page } from '@playwright/test';
import { expect, openApp, openSample, refusedSnapshot, test, waitFor } from './fixtures';

/** Waits until the refused batch indices are `expected` (reasons not compared here). */
async function refused(page: Page, expected: number[]) {
  await expect
    .poll(async () => (await refusedSnapshot(page)).map((r) => Number(r.split(':')[0])), {
      timeout: 30_000,
    })
    .toEqual(expected);
  await waitFor(page, 'ready');
}

const diff = (page: Page) => page.getByRole('status', { name: 'Verdict changes' });

test('max_repeated_batch_steps 2 → 3 removes the mutating-loop refusal', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  await refused(page, [3]);
  await expect(diff(page)).toHaveText('Reference defaults.');
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
  await refused(page, []);
  await expect(diff(page)).toHaveText(
    '1 fewer refusal; batch 3 no longer refused (against the defaults).',
  );
  // The changed batch is marked in the table.
  await page.getByRole('checkbox', { name: 'Refused only' }).uncheck();
  await expect(
    page.getByRole('grid', { name: 'Batches' }).getByText('verdict changed'),
  ).toHaveCount(1);
  await page.getByRole('button', { name: 'Reset all' }).click();
  await refused(page, [3]);
});

test('max_observation_steps: a higher value and "unset" change the observation loop', async ({
  page,
}) => {
  await openSample(page, 'Observation loop');
  await refused(page, [16]);
  const obs = page.getByRole('spinbutton', { name: 'max_observation_steps' });
  await obs.fill('16');
  await refused(page, []);
  await page.getByRole('checkbox', { name: 'unset' }).check();
  await expect(obs).toBeDisabled();
  await refused(page, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  await expect(diff(page)).toContainText(
    '13 more refusals; batches 3, 4, 5, 6, 7, 8 and 7 more now refused',
  );
  await page.getByRole('checkbox', { name: 'unset' }).uncheck();
  await expect(obs).toHaveValue('16');
  await refused(page, []);
});

test('observation_tools: add, remove, edit, paste and reset', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  const list = page.getByRole('listbox', { name: 'Observation tool patterns' });
  await expect(list.getByRole('option')).toHaveCount(26);

  // Add: write_file becomes read-only, so its threshold is 15 and nothing is refused.
  await page.getByRole('textbox', { name: 'New pattern' }).fill('write_file');
  await page.getByRole('button', { name: 'Add pattern', exact: true }).click();
  await expect(list.getByRole('option')).toHaveCount(27);
  await refused(page, []);

  // Remove it again.
  await page.getByRole('button', { name: 'Remove pattern write_file' }).click();
  await refused(page, [3]);

  // Edit an entry: pick it in the list, the field below edits it.
  await list.getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Pattern 1', exact: true }).fill('write_file');
  await refused(page, []);

  // Reset to the 26 defaults.
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(list.getByRole('option')).toHaveCount(26);
  await refused(page, [3]);

  // Paste a comma/newline-separated list that replaces the whole list.
  await page
    .getByRole('textbox', { name: 'Paste a list (comma- or newline-separated)' })
    .fill('read_file,\nwrite_file , get_errors');
  await page.getByRole('button', { name: 'Replace list' }).click();
  await expect(list.getByRole('option')).toHaveCount(3);
  await refused(page, []);
});

test('replay mode: a system turn breaks the run in proxy mode only', async ({ page }) => {
  const call = (id: string) => ({
    role: 'assistant',
    content: null,
    tool_calls: [
      { id, type: 'function', function: { name: 'run_build', arguments: '{"cmd":"make"}' } },
    ],
  });
  const ans = (id: string) => ({
    role: 'tool',
    tool_call_id: id,
    content: 'error: missing header',
  });
  const sys = { role: 'system', content: 'Reminder: keep going.' };
  await openApp(page);
  await page.getByRole('textbox', { name: 'Transcript' }).fill(
    JSON.stringify({
      messages: [
        { role: 'user', content: 'build' },
        call('a'),
        ans('a'),
        sys,
        call('b'),
        ans('b'),
        sys,
        call('c'),
        ans('c'),
      ],
    }),
  );
  await refused(page, []);
  await page.getByRole('radio', { name: 'agent' }).check();
  await refused(page, [2]);
  await expect(diff(page)).toHaveText(
    '1 more refusal; batch 2 now refused (against the defaults).',
  );
  await page.getByRole('radio', { name: 'proxy' }).check();
  await refused(page, []);
});

test('agent mode: its own limits, and a batch outside any run says why', async ({ page }) => {
  const call = (id: string) => ({
    role: 'assistant',
    content: null,
    tool_calls: [
      { id, type: 'function', function: { name: 'run_build', arguments: '{"cmd":"make"}' } },
    ],
  });
  const ans = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'error' });
  await openApp(page);
  await page.getByRole('textbox', { name: 'Transcript' }).fill(
    JSON.stringify({
      messages: [
        { role: 'user', content: 'build' },
        call('a'),
        ans('a'),
        call('b'),
        ans('b'),
        call('c'),
        ans('c'),
      ],
    }),
  );
  await refused(page, [2]);
  const iterations = page.getByRole('spinbutton', { name: 'max_iterations' });
  await expect(iterations).toHaveCount(0);
  await page.getByRole('radio', { name: 'agent' }).check();
  await refused(page, [2]);
  await expect(iterations).toHaveValue('25');
  await expect(page.getByRole('spinbutton', { name: 'max_parallel_tools' })).toHaveValue('25');
  await iterations.fill('60');
  await expect(page.getByText('60 is a what-if: gglib would clamp it to 50.')).toBeVisible();
  await iterations.fill('2');
  await refused(page, []);
  await page.getByRole('checkbox', { name: 'Refused only' }).uncheck();
  await expect(
    page
      .getByRole('grid', { name: 'Batches' })
      .getByText('outside any run (ended by MaxIterationsReached at message 3)'),
  ).toHaveCount(1);
});
