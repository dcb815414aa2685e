import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectRefused, openApp, test, waitFor } from './fixtures';

// Each test imports several transcripts in two workers; a shared, busy machine needs room.
test.describe.configure({ timeout: 90_000 });

const SAMPLES = join(process.cwd(), 'public', 'samples');
const sample = (name: string) => join(SAMPLES, name);

/** Two samples as a JSONL file with one conversation a line. */
function conversationsJsonl(): Buffer {
  const lines = ['mutating-loop.json', 'ordinary-coding-session.json'].map((f) =>
    JSON.stringify(JSON.parse(readFileSync(sample(f), 'utf8')) as unknown),
  );
  return Buffer.from(`${lines.join('\n')}\n`);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Corpus transcripts' });
const row = (page: Page, name: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });
const totals = (page: Page) => page.getByLabel('Corpus totals');
const changes = (page: Page) => page.getByRole('status', { name: 'Corpus changes' });

async function openCorpus(page: Page) {
  await openApp(page);
  await page.getByRole('tab', { name: 'Corpus' }).click();
  await expect(page.getByRole('tab', { name: 'Corpus' })).toHaveAttribute('aria-selected', 'true');
}

async function addSamples(page: Page) {
  await page.getByLabel('Add transcripts…').setInputFiles([
    ...['mutating-loop.json', 'observation-loop.json', 'ordinary-coding-session.json'].map(
      (name) => ({ name, mimeType: 'application/json', buffer: readFileSync(sample(name)) }),
    ),
    {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"messages": [oops'),
    },
  ]);
  await expect(totals(page)).toContainText('4 transcripts (1 failed)', { timeout: 30_000 });
}

test('several files become rows with refusals, an error row and totals', async ({ page }) => {
  await openCorpus(page);
  await addSamples(page);
  await expect(row(page, 'mutating-loop.json')).toContainText('batch 3');
  await expect(row(page, 'observation-loop.json')).toContainText('batch 16');
  await expect(row(page, 'ordinary-coding-session.json')).toContainText('OpenAI Chat Completions');
  await expect(row(page, 'broken.json')).toContainText(/line 1/);
  await expect(totals(page)).toContainText('2 refusals in 2 transcripts');
  await expect(changes(page)).toHaveText('Against the defaults, this config makes no change.');
});

test('a config change shows what it did to the corpus', async ({ page }) => {
  await openCorpus(page);
  await addSamples(page);
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
  await expect(changes(page)).toHaveText(
    'Against the defaults, this config removes 1 refusal in 1 transcript.',
    { timeout: 30_000 },
  );
  await expect(totals(page)).toContainText('1 refusal in 1 transcript');
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('0');
  // Strikes 0 refuses every mutating batch; the read-only ones keep their observation tier.
  await expect(changes(page)).toHaveText(
    'Against the defaults, this config adds 9 refusals in 2 transcripts.',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Reset all' }).click();
  await expect(changes(page)).toHaveText('Against the defaults, this config makes no change.', {
    timeout: 30_000,
  });
});

test('a JSONL file with a conversation a line becomes one row a line', async ({ page }) => {
  await openCorpus(page);
  await page.getByLabel('Add transcripts…').setInputFiles({
    name: 'set.jsonl',
    mimeType: 'application/jsonl',
    buffer: conversationsJsonl(),
  });
  await expect(totals(page)).toContainText('2 transcripts', { timeout: 30_000 });
  await expect(row(page, 'set.jsonl:1')).toContainText('batch 3');
  await expect(row(page, 'set.jsonl:2')).toBeVisible();
  // A conversation line opens in the debugger too.
  await row(page, 'set.jsonl:1').click();
  await expect(page.getByRole('tab', { name: 'Batches' })).toHaveAttribute('aria-selected', 'true');
  await expectRefused(page, ['3:strikes']);
});

test('clicking a row opens that transcript in the debugger', async ({ page }) => {
  await openCorpus(page);
  await addSamples(page);
  await row(page, 'observation-loop.json').click();
  await expect(page.getByRole('tab', { name: 'Batches' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(page, 'ready');
  await expectRefused(page, ['16:strikes']);
  // The rows are kept: back on the Corpus tab, Enter on a row opens it as well.
  await page.getByRole('tab', { name: 'Corpus' }).click();
  await row(page, 'mutating-loop.json').focus();
  await page.keyboard.press('Enter');
  await expectRefused(page, ['3:strikes']);
});

test('Export reference settings downloads the reference keys', async ({ page }) => {
  await openApp(page);
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('4');
  await page.getByRole('checkbox', { name: 'unset' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export reference settings' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('gglib-loop-settings.json');
  const text = readFileSync(await file.path(), 'utf8');
  const out = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(out)).toEqual([
    '_note',
    'max_repeated_batch_steps',
    'max_observation_steps',
    'observation_tools',
    'loop_guard_mode',
  ]);
  expect(out['max_repeated_batch_steps']).toBe(4);
  expect(out['loop_guard_mode']).toBe('note');
  expect(out['max_observation_steps']).toBeNull();
  expect((out['observation_tools'] as unknown[]).length).toBe(26);
  expect((out['_note'] as string[]).join(' ')).toMatch(/from_user_params/);
});

const SUBAGENTS = join(
  process.cwd(),
  '..',
  'shared',
  'wild',
  'claude-code',
  'd-kimuson+claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
);

test('the conversations of one file lead with their own names', async ({ page }) => {
  test.skip(!existsSync(SUBAGENTS) && !process.env['CI'], 'needs ../shared/wild');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openCorpus(page);
  await page.getByLabel('Add transcripts…').setInputFiles(SUBAGENTS);
  await expect(totals(page)).toContainText('6 transcripts', { timeout: 60_000 });
  const cells = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .locator('[role="gridcell"]:first-child');
  await expect(cells).toHaveCount(6);
  // What each cell shows at 1280: the start of its text up to the cell's right edge. The
  // conversation's own name leads, so the six differ there.
  const shown = await cells.evaluateAll((els) =>
    els.map((el) => {
      const node = el.querySelector('span span')?.firstChild ?? null;
      if (node === null) return '';
      const right = el.getBoundingClientRect().right;
      const range = document.createRange();
      range.setStart(node, 0);
      let n = node.textContent?.length ?? 0;
      for (; n > 0; n--) {
        range.setEnd(node, n);
        if (range.getBoundingClientRect().right <= right) break;
      }
      return (node.textContent ?? '').slice(0, n);
    }),
  );
  expect(shown.every((t) => t.length >= 8)).toBe(true);
  expect(new Set(shown).size).toBe(6);
  expect(shown).toContain('main chain');
  await expect(cells.first()).toHaveText(/^main chain · d-kimuson/);
});
