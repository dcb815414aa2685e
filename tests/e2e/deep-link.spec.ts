import { expect, openSample, root, test, waitFor } from './fixtures';

test('a deep link restores the sample, batch, tab and zoom after a reload', async ({ page }) => {
  await openSample(page, 'Observation loop');
  const panel = page.getByRole('region', { name: 'Timeline panel' });
  const range = panel.getByText(/^#\d+–\d+ of \d+/);
  const fitted = (await range.textContent()) ?? '';
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await expect(range).not.toHaveText(fitted);
  const grid = page.getByRole('grid', { name: 'Batches' });
  const selectedIndex = grid.getByRole('row', { selected: true }).getByRole('gridcell').first();
  await grid.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(selectedIndex).toHaveText('5');
  await page.getByRole('tab', { name: 'Patterns' }).click();
  await expect(page).toHaveURL(/[#&]sample=observation-loop\.json(&|$)/);
  await expect(page).toHaveURL(/[#&]batch=5(&|$)/);
  await expect(page).toHaveURL(/[#&]tab=patterns(&|$)/);
  await expect(page).toHaveURL(/[#&]zoom=\d+-\d+(&|$)/);
  const zoomed = (await range.textContent()) ?? '';
  expect(zoomed).not.toBe(fitted);

  await page.reload();
  await waitFor(page, 'ready');
  await expect(page.getByRole('combobox', { name: 'Samples' })).toHaveValue(
    'observation-loop.json',
  );
  await expect(page.getByRole('tab', { name: 'Patterns' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(range).toHaveText(zoomed);
  await page.getByRole('tab', { name: 'Batches' }).click();
  await expect(selectedIndex).toHaveText('5');
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('Batch #5');
});

test('a link made on a pasted transcript restores the rest and asks for the transcript', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const text = '{"messages": [{"role": "user", "content": "private words"}]}';
  await page.getByRole('textbox', { name: 'Transcript' }).fill(text);
  await waitFor(page, 'ready');
  await page.getByRole('tab', { name: 'Detectors' }).click();
  await expect(page).toHaveURL(/[#&]src=own(&|$)/);
  await expect(page).toHaveURL(/[#&]tab=detectors(&|$)/);
  expect(page.url()).not.toContain('private');
  expect(page.url()).not.toContain('sample=');

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'open it again' })).toBeVisible();
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'idle');
  await expect(page.getByRole('combobox', { name: 'Samples' })).toHaveValue('');
  // The tab waits for a transcript; the next one opens on it.
  await page.getByRole('textbox', { name: 'Transcript' }).fill(text);
  await waitFor(page, 'ready');
  await expect(page.getByRole('tab', { name: 'Detectors' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('unknown or out-of-range parts of a link are dropped with a notice', async ({ page }) => {
  await page.goto('/#sample=mutating-loop.json&batch=99&tab=settings');
  await waitFor(page, 'ready');
  const notice = page.getByRole('status').filter({ hasText: 'Ignored parts of the link' });
  await expect(notice).toContainText('tab=settings');
  await expect(page.getByRole('status').filter({ hasText: 'batch #99' })).toContainText(
    'past this transcript',
  );
  await expect(page.getByRole('tab', { name: 'Batches' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Samples' })).toHaveValue('mutating-loop.json');
});
