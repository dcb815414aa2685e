import type { Page } from '@playwright/test';
import { codexSession } from './codexSession';
import { expect, openApp, test, waitFor } from './fixtures';

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

/** The header's batch count (the term's definition: the counts before it may be hidden). */
const batches = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('term')
    .filter({ hasText: /^Batches$/ })
    .locator('+ dd');

test('a watched file shows new batches, a run at its threshold and a refusal', async ({ page }) => {
  await openApp(page);
  const lines = codexSession(6_000).split(/(?<=\n)/);
  // Meta, context, the user's ask and the first write with its answer.
  await fakeWatchedFile(page, lines.slice(0, 5));
  await page.getByRole('button', { name: 'Watch file…' }).click();
  await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible();
  // The watched file's first load has landed: no batch is settled yet.
  await expect(batches(page)).toHaveText('0');
  await waitFor(page, 'ready');
  const news = page.getByRole('status', { name: 'Watched file' });
  await expect(news).toHaveText('Watching rollout.jsonl.');
  await expect(news).toHaveAttribute('aria-live', 'polite');
  // The second write and its answer, and the third call: the second batch settles, at its
  // threshold (2 of 2).
  await grow(page, lines.slice(5, 8).join(''));
  await expect(batches(page)).toHaveText('2');
  await expect(news).toHaveText(/Batch #1 \(write_file\) is at its threshold \(2 of 2\)/);
  // The third answer and the user's next turn: the third write is refused.
  await grow(page, lines.slice(8, 10).join(''));
  await expect(news).toHaveText(/New refusal: batch #2 \(write_file\)/);
  await expect(batches(page)).toHaveText('3');
  await page.screenshot({ path: 'test-results/watch.png' });
  await page.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByRole('button', { name: 'Watch file…' })).toBeVisible();
  await expect(news).toHaveText('Stopped watching rollout.jsonl.');
});
