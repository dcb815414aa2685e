import { expect, openApp, root, test, waitFor } from './fixtures';

/**
 * The worker can fail safely: each failure is named, the last good analysis stays on screen,
 * and Retry is offered. Faults are staged with the `?test-worker=` hook (src/worker/
 * testFaults.ts), which exists only in the end-to-end build (`npm run build:e2e`), is honoured
 * only by the worker entry, and only for opened files (so the start-up sample loads).
 */
const tiny = {
  name: 'tiny.json',
  mimeType: 'application/json',
  buffer: Buffer.from('{"messages":[{"role":"user","content":"hi"}]}'),
};

for (const [fault, words] of [
  ['crash', /The analysis worker crashed: .*simulated crash/],
  ['oom', /The analysis worker ran out of memory\./],
] as const) {
  test(`a worker that ${fault === 'crash' ? 'throws' : 'runs out of memory'} is named, the last analysis stays, Retry is offered`, async ({
    page,
    guard,
  }) => {
    guard.allowed.push(/simulated crash|allocation failed|Uncaught/i);
    await openApp(page, `?test-worker=${fault}`);
    const summary = page.getByLabel('Summary');
    const before = await summary.textContent();
    await page.getByLabel('Open file…').setInputFiles(tiny);
    const alert = page.getByRole('alert').filter({ hasText: words });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(root(page)).toHaveAttribute('data-analysis-state', 'error');
    await expect(summary).toHaveText(before ?? '');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The previous transcript's worker still serves config changes: at strike threshold 5
    // the opening sample (the mutating loop, refused at batch 3) refuses nothing.
    expect(before).toMatch(/Batches4Refused1/);
    await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps', exact: true }).fill('5');
    await expect(summary).toHaveText(/Batches4Refused0Rescued0$/);
  });
}

test('a worker that never answers is stopped after a limit proportional to the input', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page, '?test-worker=hang');
  const summary = page.getByLabel('Summary');
  const before = await summary.textContent();
  await page.getByLabel('Open file…').setInputFiles(tiny);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: /The analysis worker took longer than 13 s and was stopped\./ });
  await expect(alert).toBeVisible({ timeout: 90_000 });
  await expect(summary).toHaveText(before ?? '');
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a stuck import can be cancelled, keeping the previous analysis', async ({ page }) => {
  await openApp(page, '?test-worker=hang');
  const summary = page.getByLabel('Summary');
  const before = await summary.textContent();
  await page.getByLabel('Open file…').setInputFiles(tiny);
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await waitFor(page, 'ready');
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(summary).toHaveText(before ?? '');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a worker script that cannot load says so, and Retry recovers once it can', async ({
  page,
  guard,
}) => {
  guard.allowed.push(/Failed to load resource|net::ERR_FAILED|worker/i);
  await page.route('**/replay.worker*', (route) => route.abort());
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: /The analysis worker could not start/ });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'error');
  await page.unroute('**/replay.worker*');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await waitFor(page, 'ready');
  await expect(page.getByLabel('Summary')).toContainText('Batches');
});
