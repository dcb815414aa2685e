import type { Page } from '@playwright/test';
import { expect, openSample, test } from './fixtures';

const selectedRow = (page: Page) =>
  page.getByRole('grid', { name: 'Batches' }).getByRole('row', { selected: true });

/**
 * The selected row lies wholly between the grid's sticky header and its scroller's bottom,
 * and the scroller inside the window (rows are wider than a narrow pane, so the check is
 * vertical: the columns are another test's business).
 */
async function expectSelectedInView(page: Page) {
  await expect(async () => {
    const grid = page.getByRole('grid', { name: 'Batches' });
    const head = await grid.getByRole('row').first().boundingBox();
    const scroller = await grid.locator('..').boundingBox();
    const row = await selectedRow(page).boundingBox();
    if (head === null || scroller === null || row === null) throw new Error('not laid out');
    expect(row.y).toBeGreaterThanOrEqual(head.y + head.height - 1);
    expect(row.y + row.height).toBeLessThanOrEqual(scroller.y + scroller.height + 1);
    expect(scroller.y + scroller.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  }).toPass();
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`${size.width}x${size.height}: the selected row is in view, whatever selected it`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openSample(page, 'Observation loop');
    const timeline = page.getByRole('application', { name: 'Timeline' });
    const row = selectedRow(page);

    // Keyboard on the timeline: the last batch, then the first.
    await timeline.focus();
    await page.keyboard.press('End');
    await expect(row.getByRole('gridcell').first()).toHaveText('16');
    await expectSelectedInView(page);
    await page.keyboard.press('Home');
    await expect(row.getByRole('gridcell').first()).toHaveText('0');
    await expectSelectedInView(page);

    // A click on the canvas, near its right end (a late batch).
    const box = await timeline.boundingBox();
    if (box === null) throw new Error('no timeline');
    await page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
    await expect(row.getByRole('gridcell').first()).not.toHaveText('0');
    await expectSelectedInView(page);

    // Keys in the table itself.
    await page.getByRole('grid', { name: 'Batches' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await expect(row.getByRole('gridcell').first()).toHaveText('16');
    await expectSelectedInView(page);
  });
}
