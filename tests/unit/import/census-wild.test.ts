import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';

/**
 * The census held to the transcripts other tools wrote (never copied into the repository):
 * every file of both folders, found through their expected.json lists, which name files at
 * any depth. No false alarm: where the import reads every call, the census counts as many.
 * Nothing silently wrong: where it does not, the census differs from what was read.
 */
/**
 * Files whose calls the import reads whole but whose census still counts more: a known false
 * alarm, kept visible here until the census's identity rules take each for what it is.
 */
const OVERCOUNTED: ReadonlySet<string> = new Set<string>([]);

const ROOT = join(__dirname, '..', '..', '..', '..', 'shared');
const FOLDERS = ['wild', 'wild2'];

interface Expected {
  readonly file: string;
  readonly calls: number;
}

const cases: [string, string, Expected][] = [];
for (const f of FOLDERS) {
  const list = join(ROOT, f, 'expected.json');
  if (!existsSync(list)) continue;
  for (const e of JSON.parse(readFileSync(list, 'utf8')) as Expected[])
    cases.push([`${f}/${e.file}`, f, e]);
}
const missing = cases.length === 0;

describe('the census over ../shared/wild and ../shared/wild2', () => {
  test('the folders are there when CI runs', () => {
    if (missing && process.env.CI) throw new Error('../shared/wild* are missing under CI');
    expect(missing || cases.length > 0).toBe(true);
  });

  test.skipIf(missing).each(cases)('%s', (_, folder, e) => {
    const bytes = new Uint8Array(readFileSync(join(ROOT, folder, e.file)));
    const r = importConversations(bytes, { name: basename(e.file) });
    if (!r.ok) return; // an error is never silent
    let read = 0;
    for (const c of r.value)
      for (const m of c.messages) if (Array.isArray(m.tool_calls)) read += m.tool_calls.length;
    const census = r.value[0]?.census;
    expect(census).toBeDefined();
    const counted = census?.toolCalls ?? -1;
    if (read === e.calls && OVERCOUNTED.has(`${folder}/${e.file}`)) {
      // A known false alarm, kept visible: the test fails once the census counts right.
      expect(counted, 'fixed: drop it from OVERCOUNTED').toBeGreaterThan(read);
    } else if (read === e.calls) {
      expect(counted, 'a false alarm').toBe(read);
      expect(r.value[0]?.warnings.some((w) => w.includes('census') || w.includes('not read'))).toBe(
        false,
      );
    } else {
      expect(counted, 'a silent misread').not.toBe(read);
      expect(r.value[0]?.warnings.some((w) => w.includes('tool calls'))).toBe(true);
    }
  });
});
