import type { Page } from '@playwright/test';
import { codexSession } from './codexSession';
import {
  dropFile,
  expect,
  headerCount,
  openApp,
  refusedSnapshot,
  selectedRow,
  test,
  timelineRange,
  waitFor,
} from './fixtures';

/**
 * Installs the file picker's stand-in (src/state/testWatch.ts, e2e build only): a handle
 * whose file is `lines` so far; `window.growWatched(text)` appends to it.
 */
async function fakeWatchedFile(page: Page, lines: readonly string[]) {
  await page.evaluate((initial) => {
    const parts = [...initial];
    const w = window as unknown as Record<string, unknown>;
    w.growWatched = (text: string) => parts.push(text);
    w.__loopscopeTestWatch = () => ({
      getFile: () =>
        Promise.resolve(new File(parts, 'rollout.jsonl', { lastModified: parts.length })),
    });
  }, lines);
}

const grow = (page: Page, text: string) =>
  page.evaluate(
    (t) => (window as unknown as { growWatched(t: string): void }).growWatched(t),
    text,
  );

const batches = (page: Page) => headerCount(page, 'Batches');

test('a watched file shows new batches, a run at its threshold and a refusal', async ({ page }) => {
  await openApp(page);
  const lines = codexSession(6_000).split(/(?<=\n)/);
  // Meta, context, the user's ask and the first write with its answer.
  await fakeWatchedFile(page, lines.slice(0, 5));
  await page.getByRole('button', { name: 'Watch file…' }).click();
  await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible();
  // The watched file's first load has landed: the first batch has its answer, so it shows.
  await expect(batches(page)).toHaveText('1');
  await waitFor(page, 'ready');
  const news = page.getByRole('status', { name: 'Watched file' });
  await expect(news).toHaveText('Watching rollout.jsonl.');
  await expect(news).toHaveAttribute('aria-live', 'polite');
  const pending = page.getByTestId('pending-batch');
  await expect(pending).toHaveCount(0);
  // The second write and its answer, and the third call: the second batch shows, at its
  // threshold (2 of 2); the third waits for its answer, pending.
  await grow(page, lines.slice(5, 8).join(''));
  await expect(batches(page)).toHaveText('2');
  await expect(news).toHaveText(/Batch #1 \(write_file\) is at its threshold \(2 of 2\)/);
  await expect(pending).toHaveText(
    'Batch #2 (write_file) is pending: 0 of 1 call answered so far.',
  );
  // The timeline draws it pending after the last batch, and its description says so.
  const timeline = page.getByRole('application', { name: 'Timeline' });
  await expect(timeline).toHaveAccessibleDescription(/Batch 2 is waiting for 1 of 1 result\./);
  // The third answer alone: the third write is refused, with nothing written after it.
  await grow(page, lines[8] as string);
  await expect(news).toHaveText(/New refusal: batch #2 \(write_file\)/);
  await expect(pending).toHaveCount(0);
  await expect(timeline).toHaveAccessibleDescription(/^3 batches with .*, one row each\.$/);
  await expect(timeline).not.toHaveAccessibleDescription(/waiting/);
  await grow(page, lines[9] as string);
  await expect(news).toHaveText(/New refusal: batch #2 \(write_file\)/);
  await expect(batches(page)).toHaveText('3');
  // No batch was chosen: the refusal's details show without a click.
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details).toContainText('Batch #2');
  await expect(details).toContainText(/Refused: count 3 exceeds the strike threshold 2/);
  await page.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByRole('button', { name: 'Watch file…' })).toBeVisible();
  await expect(news).toHaveText('Stopped watching rollout.jsonl.');
});

/**
 * A rollout of three writes and then `reads` distinct reads, as lines. `upTo(k)` is the file
 * through the call of the k-th read: the batch of that read waits for its answer, so `2 + k`
 * batches show (the three writes and k - 1 reads), and one is pending.
 */
function readsSession(reads: number) {
  const lines = codexSession(reads * 4_000).split(/(?<=\n)/);
  // Meta, context, the ask, three writes and their answers, the next ask; then two per read.
  const upTo = (k: number) => lines.slice(0, 9 + 2 * k);
  const between = (from: number, to: number) => lines.slice(9 + 2 * from, 9 + 2 * to).join('');
  expect(lines.length).toBeGreaterThanOrEqual(10 + 2 * reads);
  return { upTo, between };
}

/** Watches a file of `reads` reads so far and waits until its batches show. */
async function watchReads(page: Page, session: ReturnType<typeof readsSession>, reads: number) {
  await openApp(page);
  await fakeWatchedFile(page, session.upTo(reads));
  await page.getByRole('button', { name: 'Watch file…' }).click();
  await expect(page.getByRole('status', { name: 'Watched file' })).toHaveText(
    'Watching rollout.jsonl.',
  );
  await expect(batches(page)).toHaveText(String(reads + 2));
  await waitFor(page, 'ready');
}

/** The visible range's first and last batch and the batch count. */
async function rangeOf(page: Page) {
  const text = (await timelineRange(page).textContent()) ?? '';
  const m = /^#(\d+)–(\d+) of (\d+)/.exec(text);
  if (m === null) throw new Error(`no range in "${text}"`);
  return { first: Number(m[1]), last: Number(m[2]), n: Number(m[3]) };
}

const range = (first: number, last: number, n: number) => `#${first}–${last} of ${n}`;

/** Presses `key` on the timeline `times`, each time waiting until the view has moved. */
async function moveView(page: Page, key: string, times: number) {
  const timeline = page.getByRole('application', { name: 'Timeline' });
  for (let i = 0; i < times; i++) {
    const before = (await timelineRange(page).textContent()) ?? '';
    await timeline.press(key);
    await expect(timelineRange(page)).not.toHaveText(before);
  }
}

/**
 * Notes every change to the details panel from now on (its text, what it holds, its busy
 * flag): appended batches must leave the panel of a batch already shown alone.
 */
async function recordDetailsChanges(page: Page) {
  const panel = page.getByRole('region', { name: 'Batch details' });
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  // The detector lanes are in: they add their findings at the batch to its details.
  await expect(page.getByRole('group', { name: 'Detector lane controls' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await panel.evaluate((el) => {
    const w = window as unknown as { detailsChanges: string[] };
    w.detailsChanges = [];
    new MutationObserver((records) => {
      for (const r of records) {
        w.detailsChanges.push(r.type === 'attributes' ? `${r.attributeName}` : r.type);
      }
    }).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return {
    text: await panel.innerText(),
    changes: () =>
      page.evaluate(() => (window as unknown as { detailsChanges: string[] }).detailsChanges),
  };
}

test('a watched file that grows keeps the zoomed view, the selected row and its details', async ({
  page,
}) => {
  const session = readsSession(70);
  await watchReads(page, session, 40);
  const timeline = page.getByRole('application', { name: 'Timeline' });
  // Batch 5 chosen, and the view zoomed in around it: an early part of the file.
  await timeline.press('Home');
  for (let i = 0; i < 5; i++) await timeline.press('ArrowRight');
  await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('5');
  await moveView(page, 'w', 3);
  const zoomed = await rangeOf(page);
  expect(zoomed.last).toBeLessThan(41);
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details).toContainText('Batch #5');
  const recorded = await recordDetailsChanges(page);
  // The table scrolled by two rows, the selected one still in view: growth keeps both.
  const scroller = page.getByRole('grid', { name: 'Batches' }).locator('..');
  // (Selecting batch 5 may already have scrolled a short table to show it.)
  const top = (await scroller.evaluate((el) => el.scrollTop)) + 56;
  await scroller.evaluate((el) => el.scrollBy(0, 56));
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(top);
  await expect(selectedRow(page)).toBeInViewport();
  const rowAt = await selectedRow(page).boundingBox();

  await grow(page, session.between(40, 52));
  await expect(batches(page)).toHaveText('54');
  // Repainted for the grown file, over the same batches.
  await expect(timelineRange(page)).toHaveText(range(zoomed.first, zoomed.last, 54));
  await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('5');
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top);
  expect(await selectedRow(page).boundingBox()).toEqual(rowAt);
  expect(await details.innerText()).toBe(recorded.text);
  expect(await recorded.changes()).toEqual([]);

  // Panned away from the selection: growth leaves the view there, not back on batch 5.
  await moveView(page, 'd', 4);
  const panned = await rangeOf(page);
  expect(panned.first).toBeGreaterThan(5);
  expect(panned.last).toBeLessThan(53);
  await grow(page, session.between(52, 60));
  await expect(batches(page)).toHaveText('62');
  await expect(timelineRange(page)).toHaveText(range(panned.first, panned.last, 62));
  await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('5');
  expect(await details.innerText()).toBe(recorded.text);
  expect(await recorded.changes()).toEqual([]);
});

test('a watched file that grows stays fitted, or follows the live edge at its zoom', async ({
  page,
}) => {
  const session = readsSession(70);
  await watchReads(page, session, 20);
  // Fitted: the whole file, then the whole grown file.
  await expect(timelineRange(page)).toHaveText(range(0, 21, 22));
  await grow(page, session.between(20, 30));
  await expect(batches(page)).toHaveText('32');
  await expect(timelineRange(page)).toHaveText(range(0, 31, 32));

  // Zoomed on the newest batches: the view moves along as batches come, at the same zoom.
  const timeline = page.getByRole('application', { name: 'Timeline' });
  await timeline.press('End');
  await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('31');
  await moveView(page, 'w', 3);
  const edge = await rangeOf(page);
  expect(edge).toMatchObject({ last: 31, n: 32 });
  expect(edge.first).toBeGreaterThan(0);
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details).toContainText('Batch #31');
  const recorded = await recordDetailsChanges(page);
  // Twice by more than the view holds: the selected batch falls behind, the view does not.
  const span = edge.last - edge.first;
  let n = 32;
  for (const step of [span + 2, span + 2]) {
    const reads = n - 2;
    await grow(page, session.between(reads, reads + step));
    n += step;
    await expect(batches(page)).toHaveText(String(n));
    await expect(timelineRange(page)).toHaveText(range(n - 1 - span, n - 1, n));
  }
  // The selection and its details stay on the batch chosen.
  await expect(selectedRow(page).getByRole('gridcell').first()).toHaveText('31');
  expect(await details.innerText()).toBe(recorded.text);
  expect(await recorded.changes()).toEqual([]);
});

test('a watched session at rest shows what opening the whole file shows', async ({ page }) => {
  await openApp(page);
  const text = codexSession(6_000);
  const lines = text.split(/(?<=\n)/);
  await fakeWatchedFile(page, lines.slice(0, 6));
  await page.getByRole('button', { name: 'Watch file…' }).click();
  await expect(batches(page)).toHaveText('1');
  await grow(page, lines.slice(6).join(''));
  await expect(page.getByTestId('pending-batch')).toHaveCount(0);
  await expect(batches(page)).not.toHaveText('1');
  await waitFor(page, 'ready');
  const watched = {
    refusedCount: await headerCount(page, 'Refused').textContent(),
    batches: await batches(page).textContent(),
    refused: await refusedSnapshot(page),
  };
  await page.getByRole('button', { name: 'Stop watching' }).click();
  await dropFile(page, 'whole.jsonl', Buffer.from(text, 'utf8'));
  await waitFor(page, 'ready');
  expect({
    refusedCount: await headerCount(page, 'Refused').textContent(),
    batches: await batches(page).textContent(),
    refused: await refusedSnapshot(page),
  }).toEqual(watched);
  expect(watched.refused.length).toBeGreaterThan(0);
});

test('a watched session at rest is read as opening it reads it, calls its follower missed too', async ({
  page,
}) => {
  await openApp(page);
  const lines = codexSession(6_000).split(/(?<=\n)/);
  await fakeWatchedFile(page, lines);
  await page.getByRole('button', { name: 'Watch file…' }).click();
  await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible();
  await waitFor(page, 'ready');
  await expect(page.getByText(/^\d+ import warnings?$/)).toHaveCount(0);
  // A call in a shape the rollout's follower does not know: only the census sees it, and the
  // census of a growing file is taken once it rests; opening the file reads it by shape.
  const odd = `${JSON.stringify({
    type: 'event_msg',
    payload: { functionCall: { name: 'run_shell', args: { command: 'ls' } } },
  })}\n`;
  await grow(page, odd);
  // Folded to one line with its count; opened on demand.
  await page.getByText(/^\d+ import warnings?$/).click();
  await expect(page.getByRole('list', { name: 'Import warnings' })).toContainText(
    /Read by shape from .*Gemini `functionCall`/,
  );
  await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible();
});
