import { describe, expect, it } from 'vitest';
import { describeRefusal, explainBatch } from '../../../src/detector/index';
import { run, turn } from './helpers';

describe('explainBatch / describeRefusal', () => {
  it('explains a strike refusal and names the non-observation call', () => {
    const r = run([0, 1, 2].flatMap(() => turn('write_file', { p: 1 }, 'same')));
    expect(explainBatch(r.batches[2]!, r.config)).toBe(
      'Refused: count 3 exceeds the strike threshold 2; `write_file` matches no observation pattern',
    );
    expect(describeRefusal(r.batches[2]!)).toBe(
      'refused: 3rd identical `write_file` batch with the same answer; strike threshold 2',
    );
  });

  it('explains passed and rescued batches', () => {
    const r = run([0, 1, 2].flatMap((i) => turn('write_file', { p: 1 }, String(i))));
    expect(explainBatch(r.batches[0]!, r.config)).toMatch(
      /^Passed: count 1 is within the strike threshold 2/,
    );
    expect(explainBatch(r.batches[2]!, r.config)).toMatch(
      /^Rescued: total 3 exceeds the strike threshold 2, but the answers changed/,
    );
  });

  it('explains a ceiling refusal', () => {
    const r = run(Array.from({ length: 16 }, (_, i) => turn('write_file', {}, String(i))).flat());
    const b = r.batches[15]!;
    expect(explainBatch(b, r.config)).toMatch(/^Refused: total 16 exceeds the ceiling 15/);
    expect(describeRefusal(b)).toBe(
      'refused: 16th identical `write_file` batch in a row, answers changing; ceiling 15',
    );
  });

  it('uses the observation threshold wording for read-only batches', () => {
    const r = run(Array.from({ length: 16 }, () => turn('read_file', {}, 'same')).flat());
    expect(describeRefusal(r.batches[15]!)).toBe(
      'refused: 16th identical `read_file` batch with the same answer; observation threshold 15',
    );
  });
});
