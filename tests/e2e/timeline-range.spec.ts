import type { Page } from '@playwright/test';
import { chooseSample, expect, openApp, test, waitFor } from './fixtures';

// A range of batches on the timeline: chosen by a Shift+drag or by Shift+arrows, summed up
// under the timeline, a filter of the table, carried in the link, cleared by Escape.
//
// "Mutating loop" is read_file, then write_file three times with the same arguments, the
// last refused (4 batches, one call each). In agent mode the reference counts the refused
// batch itself as the loop's cost: 1 call, 72 answer bytes, ≈18 tokens.

const canvas = (page: Page) => page.getByRole('application', { name: 'Timeline', exact: true });
const summary = (page: Page) => page.getByRole('status', { name: 'Selected range' });
const inRange = (page: Page) => page.getByRole('checkbox', { name: 'In range' });
const tableCount = (page: Page) =>
  page.getByRole('group', { name: 'Batch filters' }).getByRole('status');

test('a Shift+drag selects batches, sums them up, filters the table and goes in the link', async ({
  page,
}) => {
  await openApp(page);
  await chooseSample(page, 'Mutating loop');
  const c = canvas(page);
  await expect(c).toHaveAttribute('data-plot', /\d/);
  await expect(inRange(page)).toBeDisabled();
  const box = await c.boundingBox();
  if (box === null) throw new Error('no canvas');
  const [px = 0, py = 0, pw = 0, ph = 0] = ((await c.getAttribute('data-plot')) ?? '')
    .split(' ')
    .map(Number);
  // Fitted, the four batches share the plot's width: a quarter each.
  const y = box.y + py + ph / 2;
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + px + pw * 0.1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + px + pw * 0.35, y, { steps: 4 });
  await page.mouse.move(box.x + px + pw * 0.6, y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');

  await expect(c).toHaveAttribute('data-range', '0-2');
  await expect(summary(page)).toHaveText(
    'Range #0–2 · 3 batches · 0 refusals · 3 calls · 2 signatures · no loop cost',
  );
  await expect(page).toHaveURL(/[#&]range=0-2(&|$)/);

  await expect(tableCount(page)).toHaveText('4 batches');
  await inRange(page).check();
  await expect(tableCount(page)).toHaveText('Showing 3 of 4 batches');
  const rows = page.getByRole('grid', { name: 'Batches' }).getByRole('row');
  await expect(rows).toHaveCount(4); // the header and three batches

  // The link brings the range back.
  await page.reload();
  await waitFor(page, 'ready');
  await expect(canvas(page)).toHaveAttribute('data-range', '0-2');
  await expect(summary(page)).toContainText('Range #0–2 · 3 batches');

  // The button clears it, as Escape does, and the link forgets it.
  await page.getByRole('button', { name: 'Clear range' }).click();
  await expect(canvas(page)).toHaveAttribute('data-range', '');
  await expect(summary(page)).toHaveText('');
  await expect(inRange(page)).toBeDisabled();
  await expect(page).not.toHaveURL(/range=/);
});

test('Shift+arrows grow a range from the selected batch; Escape clears it first', async ({
  page,
}) => {
  await openApp(page, '#mode=agent&sample=mutating-loop.json');
  const c = canvas(page);
  // The page opens on the refusal, batch #3.
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(/Batch #3 ·/);
  await c.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(c).toHaveAttribute('data-range', '2-3');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(c).toHaveAttribute('data-range', '1-3');
  await expect(summary(page)).toHaveText(
    'Range #1–3 · 3 batches · 1 refusal · 3 calls · 1 signature · loop cost 1 call, ≈18 tokens',
  );
  await expect(page).toHaveURL(/[#&]range=1-3(&|$)/);
  // Back towards the anchor, then to the first batch.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(c).toHaveAttribute('data-range', '2-3');
  await page.keyboard.press('Shift+Home');
  await expect(summary(page)).toHaveText(
    'Range #0–3 · 4 batches · 1 refusal · 4 calls · 2 signatures · loop cost 1 call, ≈18 tokens',
  );
  await inRange(page).check();
  await expect(tableCount(page)).toHaveText('4 batches');

  // Escape clears the range and leaves the selection; a second Escape clears the selection.
  await c.focus();
  await page.keyboard.press('Escape');
  await expect(c).toHaveAttribute('data-range', '');
  await expect(summary(page)).toHaveText('');
  await expect(page).not.toHaveURL(/range=/);
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(/Batch #3 ·/);

  // The keys are in the keyboard help.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Shift+← / →');
  await expect(help).toContainText('Shift+drag');
});

test('a Shift+drag on the overview selects a range over the whole transcript', async ({ page }) => {
  await openApp(page);
  await chooseSample(page, 'Mutating loop');
  await expect(canvas(page)).toHaveAttribute('data-plot', /\d/);
  const overview = page.getByRole('img', { name: 'Timeline overview' });
  const box = await overview.boundingBox();
  if (box === null) throw new Error('no overview');
  // The overview always shows the whole transcript: four batches, a quarter of it each.
  const y = box.y + box.height / 2;
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + box.width * 0.1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.35, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');

  await expect(summary(page)).toHaveText(
    'Range #0–2 · 3 batches · 0 refusals · 3 calls · 2 signatures · no loop cost',
  );
  await expect(page).toHaveURL(/[#&]range=0-2(&|$)/);
  await expect(canvas(page)).toHaveAttribute('data-range', '0-2');

  // Without Shift, a press on the overview only moves the view: the range stays.
  await page.mouse.click(box.x + box.width * 0.9, y);
  await expect(summary(page)).toContainText('Range #0–2');
});
