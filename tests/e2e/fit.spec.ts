import type { Locator, Page } from '@playwright/test';
import { chooseSample, expect, openApp, openSample, showLanes, test, waitFor } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * How many pixels of `el`'s text do not show: for a select, the chosen option's text against
 * the box less its padding and arrow; for anything else, scrollWidth against clientWidth.
 */
async function cutBy(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    if (node instanceof HTMLSelectElement) {
      const style = getComputedStyle(node);
      const ctx = document.createElement('canvas').getContext('2d');
      if (ctx === null) return 0;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = node.selectedOptions[0]?.text ?? '';
      const room =
        node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      return Math.max(0, Math.ceil(ctx.measureText(text).width - room));
    }
    // A file input is hidden; the label styled as a button is what shows.
    const shown = node instanceof HTMLInputElement ? (node.labels?.[0] ?? node) : node;
    return Math.max(0, shown.scrollWidth - shown.clientWidth);
  });
}

async function expectWhole(page: Page, controls: Record<string, Locator>) {
  const cut: Record<string, number> = {};
  for (const [name, el] of Object.entries(controls)) {
    await expect(el, name).toBeVisible();
    cut[name] = await cutBy(el);
  }
  expect(cut).toEqual(Object.fromEntries(Object.keys(controls).map((k) => [k, 0])));
}

test('1280: no header control, sample title or format is cut', async ({ page }) => {
  const header = page.getByRole('banner');
  const controls = {
    samples: header.getByRole('combobox', { name: 'Samples' }),
    openFile: header.getByRole('button', { name: 'Open file…' }),
    openFolder: header.getByRole('button', { name: 'Open folder…' }),
    exportReport: header.getByRole('button', { name: 'Export report' }),
    exportConfig: header.getByRole('button', { name: 'Export config' }),
    summary: header.getByLabel('Summary'),
    firstRefusal: header.getByRole('button', { name: /select the first refusal/ }),
    format: page.getByRole('combobox', { name: 'Format', exact: true }),
  };
  await openApp(page);
  await expectWhole(page, controls);
  // The longest sample title, and a refusal for another reason.
  await chooseSample(page, 'Build poll stopped by the ceiling');
  await expectWhole(page, controls);
  // Nothing spills past the header either.
  const spill = await header.evaluate((h) => h.scrollWidth - h.clientWidth);
  expect(spill).toBe(0);
});

test('1280: the batch table fits without scrolling sideways, all its columns apart', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const grid = page.getByRole('grid', { name: 'Batches' });
  const sideways = await grid.locator('..').evaluate((s) => s.scrollWidth - s.clientWidth);
  expect(sideways).toBe(0);
  // Every header cell lies beside the one before it: none hides under another.
  const boxes = await grid.getByRole('columnheader').evaluateAll((hs) =>
    hs.map((h) => {
      const r = h.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right) };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(7);
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]?.left).toBeGreaterThanOrEqual(boxes[i - 1]?.right ?? 0);
  }
  const names = await grid.getByRole('columnheader').allInnerTexts();
  expect(names.map((n) => n.trim())).toEqual(
    expect.arrayContaining(['#', 'Tools', 'Signature', 'Count', 'Verdict']),
  );
});

test('1280: a cut cell shows its whole text on keyboard focus, and names it in its title', async ({
  page,
}) => {
  await openSample(page, 'Mutating loop');
  const grid = page.getByRole('grid', { name: 'Batches' });
  const row = grid.getByRole('row', { selected: true });
  await expect(row).toHaveCount(1);
  const cell = row.getByRole('gridcell').nth(3);
  // Layout settles after the row renders: wait for it rather than read it once.
  await expect(cell).toHaveAttribute('title', /^write_file/);
  const full = (await cell.getAttribute('title')) ?? '';
  await expect(cell).toContainText(full);
  const text = cell.locator('.bt-full');
  await expect
    .poll(() => text.evaluate((t) => t.scrollWidth - t.clientWidth), {
      message: 'the signature is cut while not focused',
    })
    .toBeGreaterThan(0);
  // → from the grid enters the selected row's tools, then its signature.
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cell).toBeFocused();
  await expect
    .poll(() =>
      text.evaluate((t) => ({
        cut: t.scrollWidth - t.clientWidth,
        visible: t.getBoundingClientRect().width >= t.scrollWidth - 1,
      })),
    )
    .toEqual({ cut: 0, visible: true });
  // The arrows still move the selection from a focused cell, and the grid takes focus back.
  await expect(cell).toBeFocused();
  await page.keyboard.press('ArrowUp');
  // The selection's re-render first: the row selected and the grid's active row follow it.
  const selected = grid.getByRole('row', { selected: true });
  await expect(selected).toContainText(/^\s*2/);
  await expect(grid).toHaveAttribute(
    'aria-activedescendant',
    (await selected.getAttribute('id')) ?? '',
  );
  await expect(grid).toBeFocused();
});

test('a transcript with no batches resets the range, filters, sort, scroll and selection', async ({
  page,
}) => {
  await openSample(page, 'Observation loop');
  const panel = page.getByRole('region', { name: 'Timeline panel' });
  const range = panel.getByText(/^#\d+–\d+ of \d+/);
  // The range is painted with the timeline, a frame after the header: wait for this sample's.
  const batches = Number(
    await page
      .getByRole('banner')
      .getByRole('term')
      .filter({ hasText: /^Batches$/ })
      .locator('+ dd')
      .textContent(),
  );
  const fitted = `#0–${batches - 1} of ${batches}`;
  await expect(range).toHaveText(fitted);
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await expect(range).not.toHaveText(fitted);
  const grid = page.getByRole('grid', { name: 'Batches' });
  await page.getByRole('checkbox', { name: 'Refused only' }).check();
  await page.getByRole('searchbox', { name: 'Tool name' }).fill('write');
  await grid.getByRole('button', { name: 'Count' }).click();
  await expect(grid.getByRole('columnheader', { name: 'Count' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  await page
    .getByRole('textbox', { name: 'Transcript' })
    .fill('{"messages": [{"role": "user", "content": "hello"}]}');
  await waitFor(page, 'ready');
  await expect(page.getByText('This transcript has no tool-call batches.').first()).toBeVisible();
  await expect(panel.getByText(/ of \d+/)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Refused only' })).not.toBeChecked();
  await expect(page.getByRole('searchbox', { name: 'Tool name' })).toHaveValue('');
  await expect(grid.getByRole('row', { selected: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText('Select a batch');

  // The next transcript starts fitted and unsorted.
  await chooseSample(page, 'Observation loop');
  await expect(range).toHaveText(fitted);
  await expect(grid.getByRole('columnheader', { name: 'Count' })).toHaveAttribute(
    'aria-sort',
    'none',
  );
  // The table shows the new transcript's landing batch, not the old scroll offset.
  await expect(grid.getByRole('row', { selected: true })).toBeInViewport();
});

test('1280: the detector lanes have room for their names', async ({ page }) => {
  // Every text the lanes canvas paints; a name without room is painted cut, ending in "…".
  await page.addInitScript(() => {
    const painted = new Set<string>();
    (window as unknown as { lanesPainted: Set<string> }).lanesPainted = painted;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
      if (this.canvas.classList.contains('ls-tl-lanes')) painted.add(text);
      if (maxWidth === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, maxWidth);
    };
  });
  await openSample(page, 'Mutating loop');
  await showLanes(page);
  await expect(page.getByRole('application', { name: 'Detector lanes' })).toBeVisible();
  // The names as the lane picker lists them (its labels' own text, without the kind badge).
  const names = await page.locator('.zoo-lane-list label').evaluateAll((labels) =>
    labels.map((l) =>
      Array.from(l.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim(),
    ),
  );
  expect(names.length).toBeGreaterThan(10);
  await expect
    .poll(() =>
      page.evaluate(() => [...(window as unknown as { lanesPainted: Set<string> }).lanesPainted]),
    )
    .toEqual(expect.arrayContaining(names));
});
