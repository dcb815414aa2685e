import type { Page } from '@playwright/test';
import { chatBody } from './chatBody';
import { codexSession } from './codexSession';
import { expect, openApp, root, test, waitFor } from './fixtures';

const MB = 1_048_576;

/** Drops a Codex session of about `bytes` bytes, made in the page, on the app. */
async function dropSession(page: Page, bytes: number) {
  await dropMade(page, codexSession, bytes, 'rollout.jsonl');
}

/** Drops a file made in the page by `make` (the text never crosses the test protocol). */
async function dropMade(page: Page, make: (bytes: number) => string, bytes: number, name: string) {
  const text = await page.evaluateHandle(make, bytes);
  const dataTransfer = await page.evaluateHandle(
    ([t, n]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], n));
      return dt;
    },
    [text, name] as const,
  );
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

/** The header's batch count (the term's definition: the counts before it may be hidden). */
const batchCount = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('term')
    .filter({ hasText: /^Batches$/ })
    .locator('+ dd');

// Wide enough that the header shows the format (below 1440 px it leaves it to the sidebar,
// which names no format while a load is still under way).
test.use({ viewport: { width: 1600, height: 900 } });

/** The header's format (its first definition). */
const format = (page: Page) => page.getByRole('banner').getByRole('definition').first();

const refusedRows = (page: Page) =>
  page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row')
    .filter({ hasText: /refused \(/ });

test('a large JSON Lines file shows its first refusal while it is still loading', async ({
  page,
}) => {
  await openApp(page);
  // Note the analysis state at the moment a refused row first appears.
  await page.evaluate(() => {
    const w = window as unknown as { seenRefusal?: string };
    const observer = new MutationObserver(() => {
      if (w.seenRefusal !== undefined) return;
      const rows = document.querySelectorAll('[role="grid"][aria-label="Batches"] [role="row"]');
      // The header's first definition is the format (its samples menu names formats too).
      const format = document.querySelector('header.app-header dd')?.textContent;
      const codex = format === 'Codex CLI rollout';
      if (codex === true && [...rows].some((r) => /refused \(/.test(r.textContent ?? ''))) {
        const state = document.querySelector('[data-analysis-state]');
        w.seenRefusal = state?.getAttribute('data-analysis-state') ?? 'none';
        observer.disconnect();
      }
    });
    // The sample on screen has a refusal too: the new file's is the one under its format.
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await dropSession(page, 24 * MB);
  await waitFor(page, 'ready');
  const seen = await page.evaluate(
    () => (window as unknown as { seenRefusal?: string }).seenRefusal,
  );
  expect(seen).toBe('running');
  await expect(refusedRows(page)).toHaveCount(1);
});

test('cancel under a preview keeps what was read', async ({ page }) => {
  // The read stops after its first preview until cut (testFaults.ts, the e2e build only).
  await openApp(page, '?test-worker=stall');
  await dropSession(page, 8 * MB);
  const keep = page.getByRole('button', { name: 'Keep what was read' });
  await expect(keep).toBeVisible();
  // Held at its first preview, the read is still under way: the bar says what to expect.
  await expect(page.getByText(/batches appear as it is read/)).toBeVisible();
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'running');
  await expect(refusedRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Keep previous transcript' })).toBeVisible();
  await keep.click();
  await waitFor(page, 'ready');
  await expect(keep).toBeHidden();
  await expect(
    page.getByText(/^rollout\.jsonl: only its first 1\.0 MB of \d+\.\d MB were read/),
  ).toBeVisible();
  await expect(refusedRows(page)).toHaveCount(1);
});

test('cancel under a preview can go back to the previous transcript', async ({ page }) => {
  await openApp(page, '?test-worker=stall');
  const before = (await format(page).textContent()) ?? '';
  const batches = (await batchCount(page).textContent()) ?? '';
  await dropSession(page, 8 * MB);
  await expect(format(page)).toHaveText('Codex CLI rollout');
  await page.getByRole('button', { name: 'Keep previous transcript' }).click();
  await waitFor(page, 'ready');
  await expect(format(page)).toHaveText(before);
  await expect(batchCount(page)).toHaveText(batches);
});

test('a large request body shows its first refusal under a preview, and can keep it', async ({
  page,
}) => {
  // The read stops after its first preview until cut (testFaults.ts, the e2e build only).
  await openApp(page, '?test-worker=stall');
  await dropMade(page, chatBody, 8 * MB, 'body.json');
  await expect(format(page)).toHaveText('OpenAI Chat Completions');
  await expect(page.getByText(/batches appear as it is read/)).toBeVisible();
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'running');
  await expect(refusedRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Keep what was read' }).click();
  await waitFor(page, 'ready');
  await expect(
    page.getByText(/^body\.json: only its first 1\.0 MB of \d+\.\d MB were read/),
  ).toBeVisible();
  await expect(refusedRows(page)).toHaveCount(1);
  await expect(format(page)).toHaveText('OpenAI Chat Completions');
});
