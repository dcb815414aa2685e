import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dropFile, expect, openApp, test, waitFor } from './fixtures';

/** The longest format name the app gives, from a small OpenTelemetry export. */
const OTEL = readFileSync(new URL('../fixtures/otel/loop-write-file.json', import.meta.url));
const OTEL_LABEL = 'OpenTelemetry GenAI / OpenInference';

/** An OpenAI chat body of `n` identical batches: counts in the thousands, nearly all refused. */
function manyBatches(n: number): Buffer {
  const messages: unknown[] = [{ role: 'user', content: 'Poll the build' }];
  for (let i = 0; i < n; i++) {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: `c${i}`, type: 'function', function: { name: 'get_status', arguments: '{}' } },
      ],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'pending' });
  }
  return Buffer.from(JSON.stringify({ model: 'gpt-4o', messages }));
}

/**
 * What the header shows, measured: every value on one line and whole, nothing past the
 * summary's box or the header's, every shown item on the same line.
 */
async function headerLayout(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const summary = header.querySelector('dl');
    const box = summary?.getBoundingClientRect();
    const shown = [...(summary?.children ?? [])].filter(
      (el) => !el.hasAttribute('data-folded') && el.getBoundingClientRect().width > 1,
    );
    const values = shown.map((el) => {
      const dd = el.querySelector('dd') as HTMLElement;
      const r = el.getBoundingClientRect();
      return {
        text: dd.textContent ?? '',
        lines: dd.getClientRects().length,
        cut: dd.scrollWidth - dd.clientWidth,
        past: Math.max(0, Math.round(r.right - (box?.right ?? 0))),
        mid: Math.round(r.top + r.height / 2),
      };
    });
    return {
      values,
      summaryCut: (summary?.scrollWidth ?? 0) - (summary?.clientWidth ?? 0),
      headerCut: header.scrollWidth - header.clientWidth,
      height: Math.round(header.getBoundingClientRect().height),
      folded: summary?.getAttribute('title') ?? '',
    };
  });
}

async function expectOneWholeLine(page: Page) {
  const l = await headerLayout(page);
  expect(l.values.length).toBeGreaterThanOrEqual(2);
  for (const v of l.values) {
    expect(v, v.text).toMatchObject({ lines: 1, cut: 0, past: 0 });
    expect(Math.abs(v.mid - (l.values[0]?.mid ?? 0)), v.text).toBeLessThanOrEqual(2);
  }
  expect(l.summaryCut).toBe(0);
  expect(l.headerCut).toBe(0);
  // One row of controls: the header is as tall as its tallest control and its padding.
  expect(l.height).toBeLessThanOrEqual(44);
  return l;
}

for (const width of [1280, 1440, 1920]) {
  test(`${width}: the header stays one line, each value whole or folded into its tooltip`, async ({
    page,
  }) => {
    // Two loads, one of thousands of batches dropped through the page: more than the default.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await dropFile(page, 'otel-export.json', OTEL);
    await waitFor(page, 'ready');
    const summary = page.getByRole('banner').getByLabel('Summary');
    // Shown or folded, the format is there for assistive technology, whole.
    await expect(summary.getByRole('definition').filter({ hasText: OTEL_LABEL })).toHaveText(
      OTEL_LABEL,
    );
    const l = await expectOneWholeLine(page);
    const shown = l.values.some((v) => v.text === OTEL_LABEL);
    // What does not show is named in the tooltip beside the summary.
    if (!shown) expect(l.folded).toContain(`Format: ${OTEL_LABEL}`);
    if (width >= 1920) expect(shown).toBe(true);

    await dropFile(page, 'many-batches.json', manyBatches(2000));
    await waitFor(page, 'ready');
    await expect(summary.getByRole('definition').first()).toHaveText('OpenAI Chat Completions');
    const many = await expectOneWholeLine(page);
    // Thousands separators on every count.
    const texts = many.values.map((v) => v.text);
    expect(texts).toContain('2,000');
    expect(texts.filter((t) => /^\d,\d{3}$/.test(t)).length).toBeGreaterThanOrEqual(2);
    // Messages: 2,000 calls, their answers and the user's turn, shown or folded.
    await expect(summary.getByRole('definition').filter({ hasText: '4,001' })).toHaveCount(1);
  });
}
