import type { Page } from '@playwright/test';
import { expect, openSample, test, waitFor } from './fixtures';

const details = (page: Page) => page.getByRole('region', { name: 'Batch details' });

test('loop_guard_mode: each mode says what gglib does and shows what it sends', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  await page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row')
    .filter({ hasText: /refused \(/ })
    .first()
    .click();
  const block = details(page).getByRole('group', { name: 'What the reference sends' });
  const modes = page.getByRole('radiogroup', { name: 'loop_guard_mode' });
  await expect(modes.getByRole('radio', { name: 'note' })).toBeChecked();
  await expect(block).toContainText(
    'In note mode gglib forwards the request with a note appended to the last message.',
  );
  await expect(
    block.getByRole('heading', { name: 'Note appended to the last message' }),
  ).toBeVisible();

  await modes.getByRole('radio', { name: 'refuse' }).check();
  await waitFor(page, 'ready');
  await expect(block).toContainText(
    'In refuse mode gglib refuses the request with HTTP 400 and this body.',
  );
  await expect(block).toContainText('{"error":{"message":"Agentic loop detected:');
  await expect(block).toContainText('"type":"loop_detected","code":"loop_detected"}}');
  await expect(
    block.getByRole('heading', { name: 'HTTP 400 body of releases before loop_guard_mode' }),
  ).toBeVisible();
  await expect(block).toContainText('--proxy-loop-detection false');
  await expect(page).toHaveURL(/guard=refuse/);

  await modes.getByRole('radio', { name: 'off' }).check();
  await waitFor(page, 'ready');
  await expect(block).toContainText('In off mode gglib forwards the request untouched');
  // The verdict does not move: the batch is still refused.
  await expect(details(page).getByText(/^Refused: /)).toBeVisible();
});

test('a threshold changed in proxy mode says beside it that the proxy cannot be given it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSample(page, 'Mutating loop');
  const note = page.getByRole('note', { name: 'Where maxObservationSteps applies' });
  await expect(note).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'max_observation_steps' }).fill('7');
  await waitFor(page, 'ready');
  await expect(note).toHaveText(
    "gglib's proxy cannot be given max_observation_steps 7: it always runs 15. Replaying 7 shows what gglib's agent path would do with it (from_user_params takes 1–100), not the proxy.",
  );
  // The Sweep says which of its cells the proxy runs.
  await page.getByRole('tab', { name: 'Sweep' }).click();
  await expect(page.getByRole('note', { name: 'Where these thresholds apply' })).toContainText(
    "gglib's proxy runs only the cell strikes 2 × observation 15",
  );
  // The agent path takes it: no such line there.
  await page
    .getByRole('radiogroup', { name: 'Replay mode' })
    .getByRole('radio', { name: 'agent' })
    .check();
  await waitFor(page, 'ready');
  await expect(note).toHaveCount(0);
});

test('Import… reads the gglib reference settings back; a file with no known key changes nothing', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const importer = page.getByLabel('Import config…');
  await importer.setInputFiles({
    name: 'gglib-loop-settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        _note: ['written by Loopscope'],
        max_repeated_batch_steps: 4,
        max_observation_steps: 7,
        observation_tools: ['read_file'],
        loop_guard_mode: 'refuse',
      }),
    ),
  });
  await waitFor(page, 'ready');
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('4');
  await expect(page.getByRole('spinbutton', { name: 'max_observation_steps' })).toHaveValue('7');
  await expect(
    page
      .getByRole('radiogroup', { name: 'loop_guard_mode' })
      .getByRole('radio', { name: 'refuse' }),
  ).toBeChecked();
  await expect(
    page.getByRole('listbox', { name: 'Observation tool patterns' }).getByRole('option'),
  ).toHaveCount(1);

  await importer.setInputFiles({
    name: 'foo.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"foo": 1}'),
  });
  await expect(
    page.getByText(/^Could not import foo\.json: no setting Loopscope knows/),
  ).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'max_observation_steps' })).toHaveValue('7');
});
