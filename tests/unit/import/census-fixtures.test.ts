import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';

/** No false alarm on the project's own transcripts: each fixture and sample is read whole. */
/** Fixtures whose census counts more calls than are read: a known false alarm, kept visible. */
const OVERCOUNTED: ReadonlySet<string> = new Set<string>([]);

const ROOT = join(__dirname, '..', '..', '..');

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (!/\.(md|ts)$/.test(n)) out.push(p);
  }
  return out;
}

const all = [...files(join(ROOT, 'tests', 'fixtures')), ...files(join(ROOT, 'public', 'samples'))];

describe('the census agrees with every fixture and sample', () => {
  test('there are files', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  test.each(all.map((p) => [p.slice(ROOT.length + 1), p] as const))('%s', (_, p) => {
    const r = importConversations(new Uint8Array(readFileSync(p)), { name: basename(p) });
    if (!r.ok) return;
    let read = 0;
    for (const c of r.value)
      for (const m of c.messages) if (Array.isArray(m.tool_calls)) read += m.tool_calls.length;
    if (OVERCOUNTED.has(basename(p))) {
      // A known false alarm, kept visible: the test fails once the census counts right.
      expect(r.value[0]?.census?.toolCalls).toBeGreaterThan(read);
    } else expect(r.value[0]?.census?.toolCalls).toBe(read);
  });
});
