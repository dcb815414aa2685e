import type { Page } from '@playwright/test';
import { expect, openApp, test, waitFor } from './fixtures';

const call = (id: string, name = 'run_build') => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name, arguments: '{"cmd":"make"}' } }],
});
const answer = (id: string) => ({
  role: 'tool',
  tool_call_id: id,
  content: 'error: missing header',
});

/** Three identical mutating batches with the same answer: refused at batch 2 by default. */
const looping = JSON.stringify(
  {
    messages: [
      { role: 'user', content: 'build it' },
      call('a'),
      answer('a'),
      call('b'),
      answer('b'),
      call('c'),
      answer('c'),
    ],
  },
  null,
  2,
);

async function batchCount(page: Page) {
  return page
    .getByRole('grid', { name: 'Batches' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') })
    .count();
}

test('paste: analyses the text in the Transcript box', async ({ page }) => {
  await openApp(page);
  const box = page.getByRole('textbox', { name: 'Transcript' });
  await box.fill(looping);
  await waitFor(page, 'ready');
  await expect.poll(() => batchCount(page)).toBe(3);
  await expect(
    page
      .getByRole('grid', { name: 'Batches' })
      .getByRole('row')
      .filter({ hasText: /refused \(/ }),
  ).toHaveCount(1);
  await expect(page.getByRole('complementary').getByText('pasted text')).toBeVisible();
});

test('open file: the file input loads a transcript', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Open file…').setInputFiles({
    name: 'looping-session.json',
    mimeType: 'application/json',
    buffer: Buffer.from(looping),
  });
  await expect(page.getByRole('complementary').getByText('looping-session.json')).toBeVisible();
  await waitFor(page, 'ready');
  await expect.poll(() => batchCount(page)).toBe(3);
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(looping);
});

test('drop: a file dropped anywhere on the page is analysed', async ({ page }) => {
  await openApp(page);
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return dt;
  }, looping);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByText('Drop the transcript file to analyse it')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByText('Drop the transcript file to analyse it')).toBeHidden();
  await expect(page.getByRole('complementary').getByText('dropped.json')).toBeVisible();
  await waitFor(page, 'ready');
  await expect.poll(() => batchCount(page)).toBe(3);
});

test('bad input: line and column with a caret, the text kept, the previous analysis kept', async ({
  page,
}) => {
  await openApp(page);
  const before = await batchCount(page);
  expect(before).toBeGreaterThan(0);
  const bad = '{\n  "messages": [\n    {"role": "user" "content": "x"}\n  ]\n}';
  const box = page.getByRole('textbox', { name: 'Transcript' });
  await box.fill(bad);
  await waitFor(page, 'error');
  const error = page.getByRole('region', { name: 'Input error' });
  await expect(error).toContainText('line 3, column 21');
  const excerpt = error.getByLabel('Offending line');
  await expect(excerpt).toHaveText(`    {"role": "user" "content": "x"}\n${' '.repeat(20)}^`);
  await expect(box).toHaveValue(bad);
  await expect(error).toContainText('Showing the previous analysis');
  expect(await batchCount(page)).toBe(before);

  // A config change still re-runs the previous transcript and the error stays until fixed.
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('3');
  await waitFor(page, 'error');
  await box.fill(looping);
  await waitFor(page, 'ready');
  await expect(page.getByRole('region', { name: 'Input error' })).toHaveCount(0);
});

test('unknown format: lists the supported formats', async ({ page }) => {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Transcript' }).fill('{"hello": "world"}');
  await waitFor(page, 'error');
  const error = page.getByRole('region', { name: 'Input error' });
  await expect(error).toContainText('Supported formats:');
  await expect(error).toContainText('Anthropic');
});

test('transcript text is shown as text, never as markup', async ({ page }) => {
  await openApp(page);
  const evil = JSON.stringify({
    messages: [
      { role: 'user', content: '<img src=x onerror="window.__pwned=1">' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'x',
            type: 'function',
            function: { name: '<script>window.__pwned=2</script>', arguments: '{}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'x', content: '<b onmouseover=alert(1)>hi</b>' },
    ],
  });
  await page.getByRole('textbox', { name: 'Transcript' }).fill(evil);
  await waitFor(page, 'ready');
  await expect(page.getByRole('grid', { name: 'Batches' })).toContainText(
    '<script>window.__pwned=2</script>',
  );
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});
