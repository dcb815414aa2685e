import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, test, waitFor } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const sample = (name: string) => readFileSync(join(process.cwd(), 'public', 'samples', name));
const grid = (page: Page) => page.getByRole('grid', { name: 'Corpus transcripts' });
const rows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const totals = (page: Page) => page.getByLabel('Corpus totals');

test('corpus rows show refusals before → after a config change, and tell same names apart', async ({
  page,
}) => {
  // Two folders with a file of the same name in each.
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-corpus-'));
  for (const [folder, file] of [
    ['a', 'mutating-loop.json'],
    ['b', 'ordinary-coding-session.json'],
  ] as const) {
    mkdirSync(join(dir, 'runs', folder), { recursive: true });
    writeFileSync(join(dir, 'runs', folder, 'session.json'), sample(file));
  }
  await openApp(page);
  await page.getByLabel('Open folder…').setInputFiles(join(dir, 'runs'));
  await expect(page.getByRole('tab', { name: 'Corpus' })).toHaveAttribute('aria-selected', 'true');
  await expect(totals(page)).toContainText('2 transcripts', { timeout: 30_000 });
  // The same file once more, chosen on its own.
  await page.getByLabel('Add transcripts…').setInputFiles([
    { name: 'loop.json', mimeType: 'application/json', buffer: sample('mutating-loop.json') },
    { name: 'loop.json', mimeType: 'application/json', buffer: sample('mutating-loop.json') },
  ]);
  await expect(totals(page)).toContainText('4 transcripts', { timeout: 30_000 });
  await expect(rows(page).nth(0).getByRole('gridcell').first()).toHaveText('session.json · runs/a');
  await expect(rows(page).nth(1).getByRole('gridcell').first()).toHaveText('session.json · runs/b');
  await expect(rows(page).nth(2).getByRole('gridcell').first()).toHaveText('loop.json');
  await expect(rows(page).nth(3).getByRole('gridcell').first()).toHaveText('loop.json · copy 2');

  const refusals = (i: number) => rows(page).nth(i).getByRole('gridcell').nth(4);
  await expect(refusals(0)).toHaveText('1');
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('1');
  await waitFor(page, 'ready');
  await expect(refusals(0)).toHaveText('1 → under the defaults, now 2', { timeout: 30_000 });
  await expect(refusals(0).getByTitle('1 under the defaults, 2 under this config')).toBeVisible();
  await expect(refusals(3)).toHaveText('1 → under the defaults, now 2');
  await expect(refusals(1)).toHaveText('0');
});
