import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openApp, showLanes, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical WCAG 2.2 A/AA violations on the page as it stands. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe ${theme}: the first screen and every tab`, async ({ page }) => {
    // Seven whole-page axe scans: more than the default budget on a busy two-core machine.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await openApp(page);
    expect(await serious(page), 'first screen').toEqual([]);
    // The lane toggles carry the PEER / ADV badges.
    await showLanes(page);
    await page.getByText('Choose lanes').click();
    expect(await serious(page), 'detector lanes open').toEqual([]);
    for (const tab of ['Patterns', 'Detectors', 'Sweep', 'Corpus', 'Batches']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      expect(await serious(page), tab).toEqual([]);
    }
  });
}

test('the timeline canvas points at the batch table as its text form', async ({ page }) => {
  await openApp(page);
  const canvas = page.getByRole('application', { name: 'Timeline' });
  const grid = page.getByRole('grid', { name: 'Batches' });
  await expect(canvas).toHaveAttribute('aria-details', (await grid.getAttribute('id')) ?? '-');
  await expect(canvas).toHaveAccessibleDescription(/Batches table lists the same batches/);
  // On another tab the table is gone, and so is the reference.
  await page.getByRole('tab', { name: 'Patterns' }).click();
  await expect(canvas).not.toHaveAttribute('aria-details', /./);
});
