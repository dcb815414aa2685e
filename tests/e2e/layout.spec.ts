import type { Locator, Page } from '@playwright/test';
import { expect, openApp, test, waitFor } from './fixtures';

/** How many pixels of `el` are inside the window. */
async function visibleHeight(page: Page, el: Locator): Promise<number> {
  const box = await el.boundingBox();
  const h = page.viewportSize()?.height ?? 0;
  if (box === null) return 0;
  return Math.max(0, Math.min(box.y + box.height, h) - Math.max(box.y, 0));
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`${size.width}x${size.height}: the details get room, and nothing runs past the window`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openApp(page);
    const details = page.getByRole('region', { name: 'Batch details' });
    // The timeline comes first (its canvas keeps 40 % of the window); the details keep room
    // for their verdict and a few lines, and scroll for the rest.
    expect(await visibleHeight(page, details)).toBeGreaterThanOrEqual(
      size.height >= 1000 ? 240 : 180,
    );
    const overflow = await page.evaluate(() => {
      const el = document.scrollingElement ?? document.documentElement;
      return { h: el.scrollHeight - window.innerHeight, w: el.scrollWidth - window.innerWidth };
    });
    expect(overflow).toEqual({ h: 0, w: 0 });
    // The grid's scroller ends inside the window.
    const grid = page.getByRole('grid', { name: 'Batches' }).locator('..');
    const box = await grid.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(size.height);
  });
}

test('the detector lanes fold to a one-line summary and open on demand', async ({ page }) => {
  await openApp(page);
  const toggle = page.getByRole('button', { name: 'Detector lanes' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('application', { name: 'Detector lanes' })).toBeHidden();
  const summary = page.getByRole('group', { name: 'Detector lane controls' });
  await expect(summary).toContainText(/: (\d+ findings?|would stop at #\d+)/);
  await toggle.click();
  await expect(page.getByRole('application', { name: 'Detector lanes' })).toBeVisible();
});

test('the split between timeline and views is a keyboard splitter, remembered', async ({
  page,
}) => {
  await openApp(page);
  const splitter = page.getByRole('separator', { name: 'Resize the timeline and the views' });
  const before = Number(await splitter.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(splitter).not.toHaveAttribute('aria-valuenow', String(before));
  const after = await splitter.getAttribute('aria-valuenow');
  expect(Number(after)).toBeLessThan(before);
  await page.reload();
  await waitFor(page, 'ready');
  await expect(
    page.getByRole('separator', { name: 'Resize the timeline and the views' }),
  ).toHaveAttribute('aria-valuenow', after ?? '');
});
