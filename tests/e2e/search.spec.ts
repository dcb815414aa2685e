import type { Page } from '@playwright/test';
import { expect, openSample, test } from './fixtures';

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search batches' });
const searchDone = (page: Page) =>
  expect(page.getByRole('search')).toHaveAttribute('data-search-state', 'done', {
    timeout: 30_000,
  });
const selectedRow = (page: Page) =>
  page.getByRole('grid', { name: 'Batches' }).getByRole('row', { selected: true });

test('search finds a batch by the text of its answer and selects it', async ({ page }) => {
  await openSample(page, 'Ordinary coding session');
  await box(page).fill('assertionERROR: exp');
  await searchDone(page);
  const status = page.getByRole('search').getByRole('status');
  await expect(status).toHaveText('1 match');
  await box(page).press('Enter');
  await expect(status).toHaveText('1 of 1');
  await expect(selectedRow(page)).toHaveClass(/bt-match/);
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('AssertionError');
});

test('search steps through several matches with the buttons and Shift+Enter', async ({ page }) => {
  await openSample(page, 'Ordinary coding session');
  await box(page).fill('time.test');
  await searchDone(page);
  const status = page.getByRole('search').getByRole('status');
  await expect(status).toHaveText(/^\d+ matches$/);
  const n = Number(/^(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(n).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(status).toHaveText(`1 of ${n}`);
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(status).toHaveText(`2 of ${n}`);
  await box(page).press('Shift+Enter');
  await expect(status).toHaveText(`1 of ${n}`);
  await box(page).press('Shift+Enter');
  await expect(status).toHaveText(`${n} of ${n}`);
  await box(page).fill('no such text anywhere');
  await searchDone(page);
  await expect(status).toHaveText('No matches');
  await expect(page.getByRole('button', { name: 'Next match' })).toBeDisabled();
});
