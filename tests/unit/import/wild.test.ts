import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { filesUnder } from './helpers';
import { readWild, type WildExpected } from './wildRead';

/**
 * Transcripts other tools wrote, kept outside the repository (never copied into it): every
 * file under each folder, at any depth, is one case, held to its entry in `expected.json`.
 * CI has the folders, so there a missing folder fails instead of skipping.
 */
const ROOT = join(__dirname, '..', '..', '..', '..', 'shared');
const FOLDERS = ['wild', 'wild2'];
/**
 * Files whose family no importer reads yet, each with why. Such a file must not be silently
 * wrong: the census has to count calls the import did not read, and say so in a warning.
 */
const NOT_YET_READ: ReadonlyMap<string, string> = new Map<string, string>([]);

const CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

function casesOf(folder: string) {
  const dir = join(ROOT, folder);
  const present = existsSync(join(dir, 'expected.json'));
  if (!present) return { present, cases: [] as [string, WildExpected | undefined, string][] };
  const entries = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as WildExpected[];
  const byFile = new Map(entries.map((e) => [e.file, e]));
  const files = filesUnder(dir)
    .map((p) => relative(dir, p).split('\\').join('/'))
    .filter((f) => f !== 'expected.json' && f !== 'sources.tsv' && !f.endsWith('README.md'))
    .sort();
  return {
    present,
    cases: files.map(
      (f) => [f, byFile.get(f), join(dir, f)] as [string, WildExpected | undefined, string],
    ),
    entries,
    files,
  };
}

for (const folder of FOLDERS) {
  const { present, cases, entries, files } = casesOf(folder);

  test.runIf(CI && !present)(`../shared/${folder} is there (CI)`, () => {
    expect.fail(`../shared/${folder}/expected.json is missing`);
  });

  describe.skipIf(!present)(`transcripts other tools wrote (../shared/${folder})`, () => {
    test('every file has an entry and every entry a file', () => {
      expect(cases.length).toBeGreaterThan(0);
      expect(cases.filter(([, e]) => e === undefined).map(([f]) => f)).toEqual([]);
      const have = new Set(files);
      expect((entries ?? []).filter((e) => !have.has(e.file)).map((e) => e.file)).toEqual([]);
    });

    test.each(cases)('%s', (file, e, path) => {
      if (e === undefined) return;
      const got = readWild(new Uint8Array(readFileSync(path)), file);
      if (NOT_YET_READ.has(`${folder}/${file}`)) {
        expect(got.calls).not.toBe(e.calls);
        expect(got.warnings.join('\n')).toMatch(/tool calls in the file were not read/);
        return;
      }
      if (got.error !== undefined) {
        const clear =
          e.orClearError !== undefined && new RegExp(e.orClearError, 'i').test(got.error);
        expect(clear, got.error).toBe(true);
        expect(got.error.split('\n')).toHaveLength(1);
        return;
      }
      if (e.format !== null) expect(got.format).toBe(e.format);
      expect(got.calls).toBe(e.calls);
      if (e.conversations !== undefined) {
        expect(got.conversations).toBeGreaterThanOrEqual(e.conversations);
      }
      if (e.minMessages !== undefined) expect(got.messages).toBeGreaterThanOrEqual(e.minMessages);
    });
  });
}
