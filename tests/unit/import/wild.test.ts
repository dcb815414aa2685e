import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';

/** Transcripts other tools wrote, kept outside the repository (never copied into it). */
const WILD = join(__dirname, '..', '..', '..', '..', 'shared', 'wild');

interface Expected {
  readonly file: string;
  readonly format: string | null;
  readonly calls: number;
  readonly conversations?: number;
  readonly minMessages?: number;
}

const present = existsSync(join(WILD, 'expected.json'));
const entries: Expected[] = present
  ? (JSON.parse(readFileSync(join(WILD, 'expected.json'), 'utf8')) as Expected[])
  : [];

describe.skipIf(!present)('transcripts other tools wrote (../shared/wild)', () => {
  test('the list is there and names files', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  test.each(entries.map((e) => [e.file, e] as const))('%s', (_, e) => {
    const bytes = new Uint8Array(readFileSync(join(WILD, e.file)));
    const r = importConversations(bytes, { name: basename(e.file) });
    if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`);
    const all = r.value;
    if (e.format !== null) expect(all[0]?.format).toBe(e.format);
    let calls = 0;
    let messages = 0;
    for (const c of all) {
      messages += c.messages.length;
      for (const m of c.messages) if (Array.isArray(m.tool_calls)) calls += m.tool_calls.length;
    }
    expect(calls).toBe(e.calls);
    if (e.conversations !== undefined) expect(all.length).toBeGreaterThanOrEqual(e.conversations);
    if (e.minMessages !== undefined) expect(messages).toBeGreaterThanOrEqual(e.minMessages);
  });
});
