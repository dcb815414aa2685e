import type { Page } from '@playwright/test';
import { expect, openApp, openSample, test, waitFor } from './fixtures';

const selectedIndexCell = (page: Page) =>
  page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row', { selected: true })
    .getByRole('gridcell')
    .first();

/** The header's count of refused batches. */
const refusedCount = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('term')
    .filter({ hasText: /^Refused$/ })
    .locator('+ dd');

/** Focus back on the page itself, as after a click on empty space. */
async function focusBody(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('body')).toBeFocused();
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${size.width}x${size.height} ${theme}: N from the page body selects the next refusal, in view`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openSample(page, 'Mutating loop');
      // Strike threshold 1: batches 2 and 3 are refused.
      await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('1');
      // The re-run has landed once the header counts its two refusals ('ready' may still be
      // the state before it).
      await expect(refusedCount(page)).toHaveText('2');
      await waitFor(page, 'ready');
      await focusBody(page);
      await page.keyboard.press('Home');
      await expect(selectedIndexCell(page)).toHaveText(/^0\b/);
      await page.keyboard.press('n');
      await expect(selectedIndexCell(page)).toHaveText(/^2\b/);
      await expect(selectedIndexCell(page)).toBeInViewport();
      await page.keyboard.press('n');
      await expect(selectedIndexCell(page)).toHaveText(/^3\b/);
      await expect(selectedIndexCell(page)).toBeInViewport();
      await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('Batch #3');
    });

    test(`${size.width}x${size.height} ${theme}: ? opens the keyboard help, Escape closes it and focus returns`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      const fit = page.getByRole('button', { name: 'Fit' });
      await fit.focus();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      const keys = ['W / S', 'N / P', 'Home / End', 'Esc', '?', 'PgUp / PgDn', 'Delete', '/'];
      for (const key of [...keys, 'Enter / Shift+Enter']) {
        await expect(help.getByText(key, { exact: true }).first()).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
      await expect(fit).toBeFocused();
    });
  }
}

test('shortcuts wait while typing in a field', async ({ page }) => {
  await openApp(page);
  await expect(selectedIndexCell(page)).toHaveText(/^3\b/);
  const filter = page.getByRole('searchbox', { name: 'Tool name' });
  await filter.fill('');
  await filter.press('Home');
  await filter.pressSequentially('pn');
  await expect(filter).toHaveValue('pn');
  await expect(page.getByRole('dialog')).toBeHidden();
  await filter.fill('');
  await expect(selectedIndexCell(page)).toHaveText(/^3\b/);
});

test('a skip link leads to the timeline', async ({ page }) => {
  await openApp(page);
  await focusBody(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the timeline' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('application', { name: 'Timeline' })).toBeFocused();
  expect(new URL(page.url()).hash).not.toContain('loopscope-timeline');
});

test('the observation patterns are one tab stop, moved through with the arrows', async ({
  page,
}) => {
  await openApp(page);
  const list = page.getByRole('listbox', { name: 'Observation tool patterns' });
  await list.focus();
  await expect(list.getByRole('option', { selected: true })).toHaveText(/^snapshot/);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText(/^screenshot/);
  await page.keyboard.press('End');
  await expect(page.getByRole('textbox', { name: 'Pattern 26', exact: true })).toBeVisible();
  // One Tab leaves the 26 entries for the field that edits the current one.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Pattern 26', exact: true })).toBeFocused();
});
