import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, replay, type Report } from '../../../src/detector/index';
import { reportJsonPieces } from '../../../src/report/index';
import { importTranscript } from '../../../src/import/index';

const root = new URL('../../../', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(json|jsonl)$/.test(name) && name !== 'index.json' ? [path] : [];
  });
}

function reportOf(text: string, strikes = 2): Report | null {
  const imported = importTranscript(text);
  if (!imported.ok) return null;
  const v = imported.value;
  return replay(
    v.messages,
    { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: strikes },
    {
      format: v.format,
      messages: v.messages.length,
      warnings: v.warnings,
      referenceScan: v.referenceScan,
    },
  );
}

const printed = (r: Report) => `${JSON.stringify(r, null, 2)}\n`;
const joined = (r: Report, perPiece?: number) => [...reportJsonPieces(r, perPiece)].join('');

describe('reportJsonPieces', () => {
  const files = [
    ...filesUnder(join(root, 'public/samples')),
    ...filesUnder(join(root, 'tests/fixtures')),
  ];

  it('joins to the CLI text of every sample and fixture, whatever the piece size', () => {
    let reports = 0;
    let batches = 0;
    for (const file of files) {
      const report = reportOf(readFileSync(file, 'utf8'), reports % 2 === 0 ? 2 : 4);
      if (report === null) continue;
      reports++;
      batches += report.batches.length;
      for (const perPiece of [1, 2, 1000])
        expect(joined(report, perPiece), file).toBe(printed(report));
    }
    expect(reports).toBeGreaterThan(40);
    expect(batches).toBeGreaterThan(100);
  });

  it('yields the batches a piece at a time', () => {
    const text = readFileSync(join(root, 'public/samples/mutating-loop.json'), 'utf8');
    const report = reportOf(text) as Report;
    const n = report.batches.length;
    expect(n).toBeGreaterThan(2);
    // The members before the batches with the first piece, one piece per batch, the rest last.
    expect([...reportJsonPieces(report, 1)]).toHaveLength(n + 1);
    expect([...reportJsonPieces(report, n)]).toHaveLength(2);
  });

  it('keeps line breaks, quotes and separators inside strings on their line', () => {
    const name = 'odd\n"tool"\u2028\u0000\\';
    const call = { id: 'c', type: 'function', function: { name, arguments: '{"a":"x\\ny"}' } };
    const messages = [1, 2, 3].flatMap((i) => [
      { role: 'assistant', content: null, tool_calls: [{ ...call, id: `c${i}` }] },
      { role: 'tool', tool_call_id: `c${i}`, content: 'same\nanswer' },
    ]);
    const report = reportOf(JSON.stringify({ messages })) as Report;
    expect(report.batches).toHaveLength(3);
    expect(joined(report, 1)).toBe(printed(report));
  });

  it('prints a report without batches, and leaves out members JSON.stringify leaves out', () => {
    const report = reportOf(
      JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    ) as Report;
    expect(report.batches).toHaveLength(0);
    expect(joined(report)).toBe(printed(report));
    const odd = { ...report, extra: undefined, empty: {}, list: [] } as unknown as Report;
    expect(joined(odd)).toBe(printed(odd));
    expect(joined(odd)).not.toContain('extra');
  });
});
