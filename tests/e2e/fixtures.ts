import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test gets a page that fails on console errors, page errors and any request that is
 * not to the app's own origin (the "nothing leaves the page" promise).
 */
export const ORIGIN = `http://127.0.0.1:${process.env.LOOPSCOPE_E2E_PORT ?? 4173}`;

interface Guard {
  errors: string[];
  requests: string[];
  foreign: string[];
  /** Console errors a test provokes on purpose (a blocked worker script, say). */
  allowed: RegExp[];
}

export const test = base.extend<{ guard: Guard }>({
  guard: [
    async ({ page }, use) => {
      const guard: Guard = { errors: [], requests: [], foreign: [], allowed: [] };
      page.on('console', (m) => {
        if (m.type() === 'error') guard.errors.push(`console.error: ${m.text()}`);
      });
      page.on('pageerror', (e) => guard.errors.push(`pageerror: ${e.message}`));
      page.on('request', (r) => {
        const url = r.url();
        guard.requests.push(url);
        // blob: URLs are the page's own memory (export downloads), data: likewise.
        const local =
          url.startsWith(`${ORIGIN}/`) || url.startsWith('blob:') || url.startsWith('data:');
        if (!local) guard.foreign.push(url);
      });
      await use(guard);
      const unexpected = guard.errors.filter((e) => !guard.allowed.some((re) => re.test(e)));
      expect(unexpected, 'no console errors').toEqual([]);
      expect(guard.foreign, 'no request leaves the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The app root, carrying data-analysis-state. */
export const root = (page: Page) => page.locator('[data-analysis-state]');

/** Waits until the analysis settles in `state`. */
export async function waitFor(page: Page, state: 'idle' | 'running' | 'ready' | 'error') {
  // A bound, not a wait: the machine running the suite may be busy.
  await expect(root(page)).toHaveAttribute('data-analysis-state', state, { timeout: 30_000 });
}

/** Opens the app and waits for the first sample's analysis. */
export async function openApp(page: Page, hash = '') {
  await page.goto(`/${hash}`);
  await waitFor(page, 'ready');
}

/**
 * Chooses the sample titled `title` and waits for its analysis. The sample's name is waited
 * for first: until it shows, the page is still "ready" with the transcript before (the sample
 * is fetched before its analysis starts). The sample already shown is not chosen again: a
 * person cannot (a select fires no change for its own option), and a scripted change would
 * load it anew while the page still reads "ready", its table replaced under later steps.
 */
export async function chooseSample(page: Page, title: string) {
  const samples = page.getByLabel('Samples');
  const box = page.getByRole('textbox', { name: 'Transcript' });
  // Both read at once: read apart, a load landing between them (a reload opening the link's
  // sample) pairs the sample before with the text after, and the wait below never ends.
  const [was, text] = await samples.evaluate(
    (s: HTMLSelectElement, b) => [s.value, (b as HTMLTextAreaElement).value],
    await box.elementHandle(),
  );
  const value = await samples.evaluate(
    (s: HTMLSelectElement, t) => [...s.options].find((o) => o.label === t)?.value ?? null,
    title,
  );
  if (value === null || value !== was) await samples.selectOption({ label: title });
  await expect(page.getByRole('complementary').getByText(title)).toBeVisible();
  // The sample is fetched before its load starts: until its text is in the box, 'ready' is
  // still the previous transcript's.
  if ((await samples.inputValue()) !== was) await expect(box).not.toHaveValue(text);
  await waitFor(page, 'ready');
  // The table follows a new result in a render of its own: a row clicked before that could
  // be the previous transcript's.
  const table = page.getByRole('grid', { name: 'Batches' });
  if ((await table.count()) > 0) await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** Opens the app on the sample titled `title` and waits for its analysis. */
export async function openSample(page: Page, title: string, hash = '') {
  await openApp(page, hash);
  await chooseSample(page, title);
}

/**
 * The refused batches as "3:strikes", read from the table with its "Refused only" filter on
 * (the table is virtualized, so unfiltered rows far down may not be in the DOM). One
 * `allInnerTexts` call reads all rows at once, so a re-render cannot tear the reading.
 */
export async function refusedSnapshot(page: Page): Promise<string[]> {
  const only = page.getByRole('checkbox', { name: 'Refused only' });
  if (!(await only.isChecked())) await only.check();
  // The table draws only the rows in view, so walk its scroll box from the top to the end.
  const grid = page.getByRole('grid', { name: 'Batches' });
  const scroller = grid.locator('xpath=..');
  const seen = new Map<number, string>();
  const start = await scroller.evaluate((el) => el.scrollTop);
  let at = -1;
  for (let step = 0; step < 1000; step++) {
    at = await scroller.evaluate((el, prev) => {
      el.scrollTop = prev < 0 ? 0 : prev + Math.max(1, el.clientHeight - 40);
      return el.scrollTop;
    }, at);
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const rows = await grid
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .evaluateAll((els) =>
        els.map((r) => [Number(r.getAttribute('aria-rowindex')), (r as HTMLElement).innerText]),
      );
    for (const [i, t] of rows as [number, string][]) seen.set(i, t);
    const end = await scroller.evaluate(
      (el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
    );
    if (end) break;
  }
  await scroller.evaluate((el, top) => (el.scrollTop = top), start);
  return [...seen.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, t]) => {
      const index = /^\s*(\d+)/.exec(t)?.[1] ?? '?';
      const reason = /refused \((\w+)\)/.exec(t)?.[1] ?? '?';
      return `${index}:${reason}`;
    });
}

/** Waits until the table's refused batches are `expected` and the analysis is ready. */
export async function expectRefused(page: Page, expected: readonly string[]) {
  await expect.poll(() => refusedSnapshot(page), { timeout: 30_000 }).toEqual(expected);
  await waitFor(page, 'ready');
}

/** Opens the detector lanes, which start folded to a one-line summary. */
export async function showLanes(page: Page) {
  const toggle = page.getByRole('button', { name: 'Detector lanes' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The open lanes' controls load when first shown: wait for them, not for their loading line.
  await expect(page.getByText(/^Choose lanes/)).toBeVisible();
}

/** Drops a file on the page as a user would (a DataTransfer holding a File of these bytes). */
export async function dropFile(
  page: Page,
  name: string,
  bytes: Buffer,
  type = 'application/json',
): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, data, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name, { type }));
      return dt;
    },
    { name, data: Array.from(bytes), type },
  );
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByRole('complementary').getByText(name, { exact: true })).toBeVisible();
}

/** The batch table's data rows (not its header row). */
export const batchRows = (page: Page) =>
  page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

/** The batch table's refused rows. */
export const refusedRows = (page: Page) => batchRows(page).filter({ hasText: /refused \(/ });

/** The header's count under `term` ("Batches", "Refused"): the definition after the term. */
export const headerCount = (page: Page, term: string) =>
  page
    .getByRole('banner')
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('+ dd');

/** The timeline's visible range, "#first–last of n", repainted with every change of view. */
export const timelineRange = (page: Page) =>
  page.getByRole('region', { name: 'Timeline panel' }).getByText(/^#\d+–\d+ of \d+/);

/** The batch table's selected row. */
export const selectedRow = (page: Page) =>
  page.getByRole('grid', { name: 'Batches' }).getByRole('row', { selected: true });
