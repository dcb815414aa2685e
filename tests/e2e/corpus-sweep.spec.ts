import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';

// Imports several transcripts in the corpus worker, then sweeps them; a busy machine needs room.
test.describe.configure({ timeout: 90_000 });

const SAMPLES = join(process.cwd(), 'public', 'samples');
const totals = (page: Page) => page.getByLabel('Corpus totals');
const result = (page: Page) => page.getByRole('status', { name: 'Corpus sweep result' });

async function corpusOfSamples(page: Page) {
  await openApp(page);
  await page.getByRole('tab', { name: 'Corpus' }).click();
  await page.getByLabel('Add transcripts…').setInputFiles(
    ['mutating-loop.json', 'ordinary-coding-session.json'].map((name) => ({
      name,
      mimeType: 'application/json',
      buffer: readFileSync(join(SAMPLES, name)),
    })),
  );
  await expect(totals(page)).toContainText('2 transcripts', { timeout: 30_000 });
}

test('rows marked honest and loop sweep to a best cell, which a click applies', async ({
  page,
}) => {
  await corpusOfSamples(page);
  const sweep = page.getByRole('button', { name: 'Sweep the corpus' });
  await expect(sweep).toBeDisabled();
  await page
    .getByRole('combobox', { name: 'Mark ordinary-coding-session.json' })
    .selectOption('honest');
  await page.getByRole('combobox', { name: 'Mark mutating-loop.json' }).selectOption('loop');
  await sweep.click();
  // The same choice as `loopscope --sweep` on these files: strikes 1 stops the three writes
  // at the second, and the session's own repeats stay clear.
  await expect(result(page)).toHaveText(
    'Best: strikes 1, observation 30: stops the loop and none of 1 honest transcript.',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('note', { name: 'Where the best cell applies' })).toContainText(
    "gglib's proxy cannot be given",
  );
  // The marks and the grid pass axe's WCAG 2.2 A/AA rules (serious and critical).
  const { violations } = await new AxeBuilder({ page })
    .include('[aria-label="Corpus"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
  const best = page.getByRole('button', { name: /^strikes 1, observation 30: the best cell/ });
  await best.click();
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('1');
  await expect(page.getByRole('spinbutton', { name: 'max_observation_steps' })).toHaveValue('30');
  // The keyboard moves between cells and Enter applies one.
  await best.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('2');
});

test('a loop that must be stopped by its 1st repeat conflicts with the honest session', async ({
  page,
}) => {
  await corpusOfSamples(page);
  await page
    .getByRole('combobox', { name: 'Mark ordinary-coding-session.json' })
    .selectOption('honest');
  await page.getByRole('combobox', { name: 'Mark mutating-loop.json' }).selectOption('loop');
  await page
    .getByRole('spinbutton', { name: /^Stop mutating-loop\.json by its Nth repeat/ })
    .fill('1');
  await page.getByRole('button', { name: 'Sweep the corpus' }).click();
  await expect(result(page)).toContainText('No cell stops every loop', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Conflicting transcripts' })).toContainText(
    'every cell that stops loop "mutating-loop.json" by its 1st repeat also stops honest "ordinary-coding-session.json"',
  );
});

test('the marks are saved to a file and loaded back', async ({ page }) => {
  await corpusOfSamples(page);
  await page.getByRole('combobox', { name: 'Mark mutating-loop.json' }).selectOption('loop');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save marks…' }).click();
  const file = await download;
  const text = readFileSync(await file.path(), 'utf8');
  expect(JSON.parse(text)).toEqual({
    loopscopeCorpusMarks: 1,
    marks: { 'mutating-loop.json': 'loop' },
  });
  await page.getByRole('combobox', { name: 'Mark mutating-loop.json' }).selectOption('');
  await page.getByLabel('Load marks…').setInputFiles({
    name: 'marks.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        loopscopeCorpusMarks: 1,
        marks: { 'mutating-loop.json': 'loop@3', 'ordinary-coding-session.json': 'honest' },
      }),
    ),
  });
  await expect(page.getByRole('combobox', { name: 'Mark mutating-loop.json' })).toHaveValue('loop');
  await expect(
    page.getByRole('spinbutton', { name: /^Stop mutating-loop\.json by its Nth repeat/ }),
  ).toHaveValue('3');
  await expect(
    page.getByRole('combobox', { name: 'Mark ordinary-coding-session.json' }),
  ).toHaveValue('honest');
});
