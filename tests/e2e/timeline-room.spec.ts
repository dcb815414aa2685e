import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseSample, dropFile, expect, openApp, test, waitFor } from './fixtures';

// The timeline is the centre of the page: its canvas keeps 40 % of the window on the first
// screen, with banners shown too, and its scale lets the data fill the plot.

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url)) as Buffer;

const canvas = (page: Page) => page.getByRole('application', { name: 'Timeline', exact: true });

/** The canvas's height as a fraction of the window's, once it has painted. */
async function canvasShare(page: Page): Promise<number> {
  const c = canvas(page);
  await expect(c).toHaveAttribute('data-y-max', /\d/);
  const box = await c.boundingBox();
  return (box?.height ?? 0) / (page.viewportSize()?.height ?? 1);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${size.width}x${size.height} ${theme}: the canvas holds 40 % of the window, with a Cline file's warnings too`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.4);
      await dropFile(page, 'api_conversation_history.json', fixture('cline/repeated-command.json'));
      await waitFor(page, 'ready');
      // The warnings fold to one line with their count, and open on demand.
      const warnings = page.getByText(/^\d+ import warnings?$/);
      await expect(warnings).toBeVisible();
      expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.4);
      await warnings.click();
      await expect(page.getByRole('list', { name: 'Import warnings' })).toBeVisible();
    });

    test(`${size.width}x${size.height} ${theme}: in "Mutating loop" the refused bar reaches half the plot`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      await chooseSample(page, 'Mutating loop');
      // The landing selection is the first refusal; the canvas says how tall its bar is drawn.
      await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(
        /Batch #3 · message/,
      );
      await expect(canvas(page)).toHaveAttribute('data-selected-bar', /\d/);
      const bar = Number(await canvas(page).getAttribute('data-selected-bar'));
      expect(bar).toBeGreaterThanOrEqual(0.5);
      expect(bar).toBeLessThanOrEqual(1);
    });
  }
}

test('the sidebar folds by its button and by B, and stays folded after a reload', async ({
  page,
}) => {
  await openApp(page);
  const before = (await canvas(page).boundingBox())?.width ?? 0;
  const fold = page.getByRole('button', { name: 'Hide sidebar' });
  await fold.click();
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toBeHidden();
  await expect
    .poll(async () => (await canvas(page).boundingBox())?.width ?? 0)
    .toBeGreaterThan(before + 200);
  await page.reload();
  await waitFor(page, 'ready');
  await expect(page.getByRole('button', { name: 'Show sidebar' })).toBeVisible();
  await page.locator('body').press('b');
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toBeVisible();
});

test('Shift+drag on the timeline selects a range; Escape clears it', async ({ page }) => {
  await openApp(page);
  await chooseSample(page, 'Mutating loop');
  const c = canvas(page);
  const box = await c.boundingBox();
  if (box === null) throw new Error('no canvas');
  const plot = ((await c.getAttribute('data-plot')) ?? '').split(' ').map(Number);
  const [px = 0, py = 0, pw = 0, ph = 0] = plot;
  const y = box.y + py + ph / 2;
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + px + pw * 0.1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + px + pw * 0.4, y, { steps: 4 });
  await page.mouse.move(box.x + px + pw * 0.6, y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(c).toHaveAttribute('data-range', '0-2');
  await c.focus();
  await page.keyboard.press('Escape');
  await expect(c).toHaveAttribute('data-range', '');
});
