// The agent loop's step per batch survives packing: the table, the timeline and the JSON read
// batches from the packed columns (docs/report.md §2).
import { describe, expect, it } from 'vitest';
import { BatchCursor, batchAt } from '../../../src/report/lazyReport';
import { columnsOf } from '../../../src/report/reportColumns';
import { assistant, run, turn, user } from '../detector/helpers';

const write = (): unknown[] => turn('write_file', { p: 1 }, 'ok');
const body = [
  user(),
  ...write(),
  ...write(),
  ...write(),
  ...write(),
  ...turn('edit', '{bad', 'x'),
  user(),
  ...write(),
  assistant(null, 'done'),
  ...write(),
];

describe('agent steps in the packed report', () => {
  it('read back as the report holds them, in both readers', () => {
    const r = run(body, { mode: 'agent' });
    expect(r.batches.map((b) => b.agent?.step)).toEqual([
      'checked',
      'checked',
      'checked',
      'outside',
      'outside',
      'checked',
      'outside',
    ]);
    const c = columnsOf(r);
    const cursor = new BatchCursor(c);
    r.batches.forEach((b, i) => {
      expect(batchAt(c, i)).toEqual(b);
      expect(cursor.at(i).agent).toEqual(b.agent);
    });
  });

  it('a proxy report has none', () => {
    const c = columnsOf(run(body));
    expect(c.verdicts.agent).toBeUndefined();
    expect('agent' in batchAt(c, 0)).toBe(false);
  });
});
