import type { Page } from '@playwright/test';
import { expect, openApp, openSample, ORIGIN, test, waitFor } from './fixtures';

const grid = (page: Page) => page.getByRole('grid', { name: 'Batches' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

test('keyboard: tab to the timeline, N selects the first refusal, the table row shows it', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const timeline = page.getByRole('application', { name: 'Timeline' });
  // Start from the last timeline control and move on with Tab, as a keyboard user would.
  await page.getByRole('group', { name: 'Timeline controls' }).getByRole('button').last().focus();
  for (
    let i = 0;
    i < 20 && !(await timeline.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(timeline).toBeFocused();
  await page.keyboard.press('n');
  const row = dataRows(page).filter({ hasText: /refused \(strikes\)/ });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('write_file');
  await expect(page.getByText(/^Batch 3 of 4:/)).toBeAttached();
});

test('selection: a table row selects the batch on the timeline and in the details', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  // The sample has landed on its first refusal; a click before that could be undone by it.
  await expect(dataRows(page).nth(3)).toHaveAttribute('aria-selected', 'true');
  await dataRows(page).nth(1).click();
  await expect(dataRows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Batch 1 of 4:/)).toBeAttached();
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details).toContainText('write_file');
  // Selection survives a config re-run, and the details follow the new verdict.
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('1');
  await waitFor(page, 'ready');
  await expect(dataRows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
});

test('URL and storage: the config survives a reload and a shared link', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
  await page.getByRole('radio', { name: 'agent' }).check();
  await expect(page).toHaveURL(/#.*strikes=3/);
  await expect(page).toHaveURL(/mode=agent/);
  const shared = new URL(page.url()).hash;
  expect(shared).not.toContain('messages'); // never the transcript

  await page.reload();
  await waitFor(page, 'ready');
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
  await expect(page.getByRole('radio', { name: 'agent' })).toBeChecked();

  // Without a hash, this browser's stored config applies.
  await page.goto('/');
  await waitFor(page, 'ready');
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
});

test('a malformed config in the URL falls back to the defaults with a notice', async ({ page }) => {
  await openApp(page, '#strikes=%3Cscript%3E&obs=-4&tools=%7Bnope');
  await expect(
    page.getByRole('status').filter({ hasText: 'Ignored part of the config in the URL' }),
  ).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('2');
  await expect(page.getByRole('spinbutton', { name: 'max_observation_steps' })).toHaveValue('15');
  await expect(
    page.getByRole('listbox', { name: 'Observation tool patterns' }).getByRole('option'),
  ).toHaveCount(26);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Ignored part of the config in the URL')).toHaveCount(0);
});

test('export: the report as the CLI JSON, and the config', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export report' }).click(),
  ]);
  expect(report.suggestedFilename()).toBe('mutating-loop.loopscope-report.json');
  const json = JSON.parse(await streamText(await report.createReadStream())) as {
    schemaVersion: number;
    batches: { refused: boolean }[];
    firstRefusal: { batchIndex: number } | null;
  };
  expect(json.schemaVersion).toBe(1);
  expect(json.batches).toHaveLength(4);
  expect(json.firstRefusal?.batchIndex).toBe(3);

  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('5');
  const [config] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export config' }).click(),
  ]);
  const cfg = JSON.parse(await streamText(await config.createReadStream())) as Record<
    string,
    unknown
  >;
  expect(cfg).toMatchObject({ mode: 'proxy', maxRepeatedBatchSteps: 5, maxObservationSteps: 15 });
  expect(cfg['observationTools']).toHaveLength(26);
});

test('theme: the toggle switches data-theme on <html>', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('no request leaves the page while transcripts are analysed', async ({ page, guard }) => {
  await openSample(page, 'Observation loop');
  await page.getByRole('spinbutton', { name: 'max_observation_steps' }).fill('20');
  await waitFor(page, 'ready');
  await dataRows(page).first().click();
  expect(guard.requests.length).toBeGreaterThan(0);
  for (const url of guard.requests) {
    const own = url.startsWith(`${ORIGIN}/`) || url.startsWith('blob:') || url.startsWith('data:');
    expect(own, url).toBe(true);
  }
});

test('worker failure: a clear message and Retry, which recovers', async ({ page, guard }) => {
  guard.allowed.push(/Failed to load resource/);
  await page.route(/replay\.worker/, (route) => route.abort());
  await page.goto('/');
  await waitFor(page, 'error');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The analysis stopped.');
  await expect(alert).toContainText('analysis worker could not start');
  await page.unroute(/replay\.worker/);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await waitFor(page, 'ready');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(grid(page)).toBeVisible();
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

test('import config: an exported config applies; a bad one is refused, the settings kept', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const input = page.getByLabel('Import config…');
  await input.setInputFiles({
    name: 'strict.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        mode: 'proxy',
        maxRepeatedBatchSteps: 3,
        maxObservationSteps: 15,
        observationTools: ['read_file'],
      }),
    ),
  });
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
  await expect(
    page.getByRole('listbox', { name: 'Observation tool patterns' }).getByRole('option'),
  ).toHaveCount(1);
  await waitFor(page, 'ready');

  await input.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"mode": '),
  });
  await expect(
    page.getByRole('status').filter({ hasText: /Could not import broken\.json .*invalid JSON/ }),
  ).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
});

test('header: the reference verdict selects the first refused batch', async ({ page }) => {
  await openSample(page, 'Mutating loop');
  await page.getByRole('button', { name: '#3 · strikes: select the first refusal' }).click();
  await expect(dataRows(page).nth(3)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(
    'Agentic loop detected',
  );
});
