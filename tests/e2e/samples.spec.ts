import { readFileSync } from 'node:fs';
import { expect, expectRefused, openApp, test, waitFor } from './fixtures';

interface Expected {
  file: string;
  proxy: string[];
  agent: string[];
}

/** Reads the "Expected refusals" table of public/samples/README.md: "batch 3 (message 8): strikes". */
function expectedRefusals(): Expected[] {
  const readme = readFileSync(new URL('../../public/samples/README.md', import.meta.url), 'utf8');
  const rows: Expected[] = [];
  for (const line of readme.split('\n')) {
    const m = /^\| `([^`]+\.json)` \| \d+ \| ([^|]+) \| ([^|]+) \|$/.exec(line.trim());
    if (m === null) continue;
    const cell = (c: string) =>
      c.trim() === 'none'
        ? []
        : c.split(/;\s*/).map((part) => {
            const r = /batch (\d+) \(message \d+\): (\w+)/.exec(part);
            if (r === null) throw new Error(`unreadable README cell: ${c}`);
            return `${r[1]}:${r[2]}`;
          });
    rows.push({ file: m[1]!, proxy: cell(m[2]!), agent: cell(m[3]!) });
  }
  return rows;
}

const samples = expectedRefusals();
const index = JSON.parse(
  readFileSync(new URL('../../public/samples/index.json', import.meta.url), 'utf8'),
) as { file: string; title: string }[];

test('the README lists every sample in index.json', () => {
  expect(samples.map((s) => s.file).sort()).toEqual(index.map((s) => s.file).sort());
  expect(samples.length).toBeGreaterThanOrEqual(8);
});

test('opens on the first sample, one that refuses, with its first refusal selected', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByLabel('Samples')).toHaveValue(index[0]!.file);
  await expect(page.getByRole('grid', { name: 'Batches' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(/"messages"/);
  const first = samples.find((s) => s.file === index[0]!.file)!.proxy[0]!;
  const batch = first.split(':')[0]!;
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(
    `Batch #${batch}`,
  );
  await expectRefused(page, samples.find((s) => s.file === index[0]!.file)!.proxy);
});

for (const sample of samples) {
  test(`sample ${sample.file}: refusals in proxy and agent mode`, async ({ page }) => {
    await openApp(page);
    const title = index.find((s) => s.file === sample.file)!.title;
    await page.getByLabel('Samples').selectOption({ label: title });
    await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(/"messages"/);
    await waitFor(page, 'ready');
    await expect(page.getByRole('complementary').getByText(title, { exact: true })).toBeVisible();
    await expectRefused(page, sample.proxy);
    if (sample.proxy.length > 0) {
      await expect(page.getByText('First refusal', { exact: false }).first()).toBeVisible();
    }

    await page.getByRole('radio', { name: 'agent' }).check();
    await waitFor(page, 'ready');
    await expect(page.getByRole('radio', { name: 'agent' })).toBeChecked();
    await expectRefused(page, sample.agent);
  });
}
