import { writeFileSync } from 'node:fs';
import { expect, openApp, root, showLanes, test, waitFor } from './fixtures';

/** A chat-completions body of about `mb` MB: many batches with long, distinct answers. */
function bigTranscript(mb: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < mb * 1_048_576; i++) {
    const call = `{"role":"assistant","content":null,"tool_calls":[{"id":"c${i}","type":"function","function":{"name":"read_file","arguments":"{\\"path\\":\\"src/f${i % 50}.ts\\"}"}}]}`;
    const answer = `{"role":"tool","tool_call_id":"c${i}","content":"${'x'.repeat(2000)}${i}"}`;
    parts.push(call, answer);
    size += call.length + answer.length + 2;
  }
  return `{"model":"m","messages":[${parts.join(',')}]}`;
}

test('a large file shows a labelled progress bar, and cancelling keeps the previous analysis', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('big-session.json');
  writeFileSync(file, bigTranscript(60));
  await openApp(page);
  const summary = page.getByLabel('Summary');
  const before = await summary.textContent();
  await page.getByLabel('Open file…').setInputFiles(file);
  const bar = page.getByRole('progressbar', { name: 'Loading big-session.json' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /(Reading|Parsing|Replaying).*step \d of 3/);
  // The 60 MB text is not put in the Transcript box: a read-only note says why.
  await expect(
    page.getByText(/big-session\.json \(\d+\.\d MB\) is analysed without being shown/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue('');
  // A request body is previewed from its first messages: Cancel then offers what to keep.
  await page.getByRole('button', { name: 'Keep previous transcript' }).click();
  await expect(bar).toHaveCount(0);
  await waitFor(page, 'ready');
  await expect(summary).toHaveText(before ?? '');
});

test('a large file loads to the end through the phases and replaces the analysis', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('medium-session.json');
  writeFileSync(file, bigTranscript(3));
  await openApp(page);
  await page.getByLabel('Open file…').setInputFiles(file);
  await waitFor(page, 'ready');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const summary = page.getByLabel('Summary');
  await expect(summary).toContainText('OpenAI');
  await expect(root(page)).toHaveAttribute('data-analysis-state', 'ready');
  const batches = await summary
    .locator('div')
    .filter({ has: page.getByText('Batches', { exact: true }) })
    .getByRole('definition')
    .textContent();
  expect(Number((batches ?? '').replace(/,/g, ''))).toBeGreaterThan(1000);
});

test('a new transcript keeps the lane rows while its lanes are computed: the timeline never resizes', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('lanes-session.json');
  writeFileSync(file, bigTranscript(8));
  await openApp(page);
  await showLanes(page);
  const lanes = page.getByRole('application', { name: 'Detector lanes' });
  await expect(lanes).toHaveAccessibleDescription(/\(advisory\)/);
  // Every change of a timeline canvas's backing size or visibility: a resize clears and
  // reallocates the canvas, and moves the page under the reader's eyes.
  await page.evaluate(() => {
    const w = window as unknown as { canvasChanges: string[] };
    w.canvasChanges = [];
    const mo = new MutationObserver((records) => {
      for (const r of records) {
        w.canvasChanges.push(`${(r.target as Element).className} ${r.attributeName}`);
      }
    });
    for (const c of document.querySelectorAll('canvas')) {
      mo.observe(c, { attributes: true, attributeFilter: ['width', 'height', 'hidden'] });
    }
  });
  const before = await lanes.boundingBox();
  await page.getByLabel('Open file…').setInputFiles(file);
  await waitFor(page, 'ready');
  // The new transcript's lanes come after its report: meanwhile the rows say so.
  await expect(lanes).toHaveAccessibleDescription(/being computed|\(advisory\)/);
  await expect(lanes).toHaveAccessibleDescription(/\(advisory\)/, { timeout: 60_000 });
  // The legend above may grow a line (the page moves); the lanes keep their size.
  const after = await lanes.boundingBox();
  expect([after?.width, after?.height]).toEqual([before?.width, before?.height]);
  const changes = await page.evaluate(
    () => (window as unknown as { canvasChanges: string[] }).canvasChanges,
  );
  expect(changes).toEqual([]);
});
