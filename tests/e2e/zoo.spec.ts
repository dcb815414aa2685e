import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { runZoo, zooInput, ZOO_DETECTORS, type ZooMark } from '../../src/zoo/index';
import { importTranscript } from '../../src/import/index';
import { DEFAULT_MARGINS } from '../../src/ui/timeline/layout';
import { LANE_GUTTER, LANE_HEIGHT, LANES_TOP } from '../../src/ui/timeline/lanes';
import {
  chooseSample,
  expect,
  expectRefused,
  openSample,
  showLanes,
  test,
  waitFor,
} from './fixtures';

// A bound, not a wait: each test opens a sample and re-runs analyses on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

/** The zoo's results for a sample, computed here with the same pure code the worker runs. */
function zooOf(file: string) {
  const text = readFileSync(new URL(`../../public/samples/${file}`, import.meta.url), 'utf8');
  const imported = importTranscript(text, { name: file });
  if (!imported.ok) throw new Error(imported.error.message);
  const steps = zooInput(imported.value.messages);
  const n = steps.filter((s) => s.kind === 'batch').length;
  return { n, results: runZoo(steps) };
}

const CYCLES = ZOO_DETECTORS.find((d) => d.id === 'cycles');
if (CYCLES === undefined) throw new Error('no cycles lane');

test('the lane controls are busy while the lanes compute, folded or open', async ({ page }) => {
  // Every value the group's aria-busy takes, from the first render on: the transition is too
  // quick on a sample to catch by polling.
  await page.addInitScript(() => {
    const seen: (string | null)[] = [];
    (window as unknown as { laneBusy: typeof seen }).laneBusy = seen;
    new MutationObserver(() => {
      const v = document.querySelector('.zoo-lane-controls')?.getAttribute('aria-busy') ?? null;
      if (v !== null && seen.at(-1) !== v) seen.push(v);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const group = page.getByRole('group', { name: 'Detector lane controls' });
  const busyHistory = () =>
    page.evaluate(() => (window as unknown as { laneBusy: string[] }).laneBusy.join(' '));
  await openSample(page, 'A/B cycle');
  await expect(group).toHaveAttribute('aria-busy', 'false');
  await expect(group).not.toContainText('running the detector zoo');
  expect(await busyHistory()).toMatch(/true false$/);
  // The next transcript is busy again until its own lanes come, with the lanes open too.
  await showLanes(page);
  await chooseSample(page, 'Mutating loop');
  await waitFor(page, 'ready');
  await expect(group).toHaveAttribute('aria-busy', 'false');
  expect(await busyHistory()).toMatch(/true false true false$/);
});

test('the detector lanes show under the timeline, the cycle lane marking the A/B cycle', async ({
  page,
}) => {
  await openSample(page, 'A/B cycle');
  await showLanes(page);
  const lanes = page.getByRole('application', { name: 'Detector lanes' });
  await expect(lanes).toBeVisible();
  const cycleText = new RegExp(
    `${CYCLES.label.replace(/[()]/g, '\\$&')} \\(advisory\\): \\d+ (stop|warning|advisory mark)`,
  );
  await expect(lanes).toHaveAccessibleDescription(cycleText);

  // Hover the cycle lane's first mark: its message shows as text.
  const { n, results } = zooOf('ab-cycle.json');
  const first = results.find((r) => r.id === 'cycles')?.marks[0];
  expect(first).toBeDefined();
  const box = await lanes.boundingBox();
  if (box === null || first === undefined) throw new Error('lanes not laid out');
  const plotW = box.width - LANE_GUTTER - DEFAULT_MARGINS.right;
  const span = Math.max(n, plotW / 200);
  const row = ZOO_DETECTORS.indexOf(CYCLES);
  await page.mouse.move(
    box.x + LANE_GUTTER + ((first.batchIndex + 0.5) * plotW) / span,
    box.y + LANES_TOP + (row + 0.5) * LANE_HEIGHT,
  );
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(CYCLES.label);
  await expect(tip).toContainText(first.message);

  // Per-lane show/hide, and the whole lanes toggle.
  await page.getByText(/^Choose lanes/).click();
  await page.getByRole('checkbox', { name: CYCLES.label }).uncheck();
  await expect(lanes).not.toHaveAccessibleDescription(cycleText);
  const toggle = page.getByRole('button', { name: 'Detector lanes' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(lanes).toBeHidden();
  await toggle.click();
  await expect(lanes).toBeVisible();
});

test('the detector lanes work from the keyboard: every mark read out, Enter selects its batch', async ({
  page,
}) => {
  await openSample(page, 'A/B cycle');
  await showLanes(page);
  const lanes = page.getByRole('application', { name: 'Detector lanes' });
  // Once the lanes are in (until then each lane says it is being computed).
  await expect(lanes).toHaveAccessibleDescription(/Cycles .*\(advisory\): \d+ .*Enter selects/);
  const timeline = page.getByRole('application', { name: 'Timeline' });
  await timeline.focus();
  await page.keyboard.press('Tab');
  await expect(lanes).toBeFocused();

  const { results } = zooOf('ab-cycle.json');
  const marks = results.find((r) => r.id === 'cycles')?.marks ?? [];
  expect(marks.length).toBeGreaterThan(1);
  // The lanes' live region, which reads out the mark the keys move to.
  const said = page.getByRole('status', { name: 'Detector lane mark' });
  // Down, lane by lane, to the cycle lane (its marks start at the first cycle).
  const label = CYCLES.label;
  for (let i = 0; i <= ZOO_DETECTORS.indexOf(CYCLES); i++) await page.keyboard.press('ArrowDown');
  await expect(said).toContainText(`${label} (advisory)`);
  await page.keyboard.press('Home');
  const [first, second] = marks as [ZooMark, ZooMark];
  await expect(said).toHaveText(
    `${label} (advisory), mark 1 of ${marks.length}: batch #${first.batchIndex}, ${first.level === 'warn' ? 'warning' : first.level}: ${first.message}`,
  );
  // Sighted keyboard users see the same message by the mark.
  await expect(page.getByRole('tooltip')).toContainText(first.message);
  await page.keyboard.press('ArrowRight');
  await expect(said).toContainText(`mark 2 of ${marks.length}: batch #${second.batchIndex}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Batch #${second.batchIndex} · message`))).toBeVisible();
  await expect(lanes).toBeFocused();
  // Leaving the lanes hides the mark's tooltip.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('the comparison table lists the reference and every detector with their first stops', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  await page.getByRole('tab', { name: 'Detectors' }).click();
  const table = page.getByRole('table', { name: 'Detector comparison' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(1 + 1 + ZOO_DETECTORS.length);
  const reference = rows.filter({
    has: page.getByRole('rowheader', { name: 'Reference (current config)', exact: true }),
  });
  await expect(reference.getByRole('cell').nth(1)).toHaveText('#3');
  const { results } = zooOf('mutating-loop.json');
  for (const d of ZOO_DETECTORS) {
    const r = results.find((x) => x.id === d.id);
    const row = rows.filter({ has: page.getByRole('rowheader', { name: d.label, exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(
      r?.firstStop == null ? 'none' : `#${r.firstStop}`,
    );
  }
  // A first stop selects its batch.
  await reference.getByRole('button', { name: 'Select batch 3' }).click();
  await page.getByRole('tab', { name: 'Batches' }).click();
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('write_file');
});

test('the sweep heat map applies a clicked cell to the config and the verdicts', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  await expectRefused(page, ['3:strikes']);
  await page.getByRole('tab', { name: 'Sweep' }).click();
  const grid = page.getByRole('grid', { name: 'Threshold sweep' });
  await expect(grid).toBeVisible();
  await expect(grid).toHaveAccessibleDescription(
    /Current config: strikes 2, observation 15: 1 refusal, first at batch 3\./,
  );
  const current = grid.getByRole('gridcell', { name: /: strikes 2, observation 15$/ });
  await expect(current).toHaveAttribute('aria-selected', 'true');
  await grid.getByRole('gridcell', { name: '0 refusals: strikes 3, observation 15' }).click();
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
  await waitFor(page, 'ready');
  await expect(
    grid.getByRole('gridcell', { name: /: strikes 3, observation 15$/ }),
  ).toHaveAttribute('aria-selected', 'true');
  // The other view shows the first refusal's batch.
  await page.getByRole('radio', { name: 'First refusal (batch)' }).check();
  await expect(grid.getByRole('gridcell', { name: /: strikes 2, observation 15$/ })).toHaveText(
    '3',
  );
  await page.getByRole('tab', { name: 'Batches' }).click();
  await expectRefused(page, []);
});

/** Opens the mutating loop's Sweep tab: the grid, and its cell of the current config. */
async function openSweep(page: Page) {
  await openSample(page, 'Mutating loop');
  await page.getByRole('tab', { name: 'Sweep' }).click();
  const grid = page.getByRole('grid', { name: 'Threshold sweep' });
  const current = grid.getByRole('gridcell', { name: /: strikes 2, observation 15$/ });
  await expect(current).toHaveAttribute('tabindex', '0');
  return { grid, current };
}

test('the sweep heat map is keyboard operable', async ({ page }) => {
  const { grid, current } = await openSweep(page);
  await current.focus();
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('gridcell', { name: /: strikes 3, observation 15$/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const target = grid.getByRole('gridcell', { name: /: strikes 3, observation 16$/ });
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' })).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: 'max_observation_steps' })).toHaveValue('16');
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expect(target).toBeFocused();
});

test('the sweep heat map keeps the keyboard focus when the next transcript replaces it', async ({
  page,
}) => {
  const { grid, current: start } = await openSweep(page);
  const before = (await grid.getAttribute('aria-describedby')) ?? '';
  const summary = (await page.locator(`[id="${before}"]`).textContent()) ?? '';
  // The next sample is held back, so its analysis lands while the keyboard is in the grid.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/samples/*.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Samples').selectOption({ label: 'A/B cycle' });
  await start.focus();
  await page.keyboard.press('ArrowRight');
  const moved = grid.getByRole('gridcell', { name: /: strikes 3, observation 15$/ });
  await expect(moved).toBeFocused();
  release();
  await expect(page.getByRole('complementary').getByText('A/B cycle')).toBeVisible();
  await waitFor(page, 'ready');
  // The grid is the next transcript's now, and the same cell has the focus.
  await expect(grid).not.toHaveAccessibleDescription(summary);
  await expect(moved).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('gridcell', { name: /: strikes 3, observation 16$/ })).toBeFocused();
});

test('the peer detectors section changes a lane and resets it', async ({ page }) => {
  await openSample(page, 'A/B cycle');
  await page.getByText('Peer detectors', { exact: true }).click();
  await showLanes(page);
  const lanes = page.getByRole('application', { name: 'Detector lanes' });
  const cycleMarks = new RegExp(
    `${CYCLES.label.replace(/[()]/g, '\\$&')} \\(advisory\\): no marks`,
  );
  await expect(lanes).not.toHaveAccessibleDescription(cycleMarks);
  const repeats = page.getByRole('spinbutton', {
    name: `${CYCLES.label}: Repetitions of the cycle`,
  });
  await repeats.fill('20');
  await expect(lanes).toHaveAccessibleDescription(cycleMarks);
  await page.getByRole('button', { name: `Reset ${CYCLES.label}` }).click();
  await expect(repeats).toHaveValue('3');
  await expect(lanes).not.toHaveAccessibleDescription(cycleMarks);
});

test("a lane's parameters travel in the link and come back with it", async ({ page }) => {
  await openSample(page, 'A/B cycle');
  await page.getByText('Peer detectors', { exact: true }).click();
  const name = `${CYCLES.label}: Repetitions of the cycle`;
  await page.getByRole('spinbutton', { name }).fill('20');
  await expect(page).toHaveURL(/[#&]zoo=cycles\.minCycles%3A20/);
  await page.reload();
  await chooseSample(page, 'A/B cycle');
  await page.getByText('Peer detectors', { exact: true }).click();
  await expect(page.getByRole('spinbutton', { name })).toHaveValue('20');
  await showLanes(page);
  const lanes = page.getByRole('application', { name: 'Detector lanes' });
  await expect(lanes).toHaveAccessibleDescription(
    new RegExp(`${CYCLES.label.replace(/[()]/g, '\\$&')} \\(advisory\\): no marks`),
  );
});
