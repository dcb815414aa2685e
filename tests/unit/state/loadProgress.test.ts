import { describe, expect, it } from 'vitest';
import { describeProgress } from '../../../src/ui/shell/progressText';

const MB = 1_048_576;
const at = (
  phase: 'reading' | 'parsing' | 'replaying',
  done: number | null,
  total: number | null,
) => describeProgress({ name: 'big.json', phase, done, total, size: 100 * MB });

describe('describeProgress', () => {
  it('fills the reading share as bytes arrive, in megabytes', () => {
    // Nothing known of how far a whole-file read got: an indeterminate bar, no "0 of N".
    expect(at('reading', null, null)).toEqual({ value: null, text: 'Reading (step 1 of 3)' });
    expect(at('reading', null, 100 * MB)).toEqual({ value: null, text: 'Reading (step 1 of 3)' });
    expect(at('reading', 50 * MB, 100 * MB)).toEqual({
      value: 15,
      text: 'Reading 50.0 MB of 100.0 MB (step 1 of 3)',
    });
  });

  it('fills the parsing share as the text is read, in per cent (text units are not bytes)', () => {
    expect(at('parsing', null, null)).toEqual({ value: 30, text: 'Parsing (step 2 of 3)' });
    expect(at('parsing', 1, 3)).toEqual({ value: 45, text: 'Parsing 33 % (step 2 of 3)' });
    expect(at('parsing', 3, 3)).toEqual({ value: 75, text: 'Parsing 100 % (step 2 of 3)' });
    // Never past its share, whatever it is told.
    expect(at('parsing', 9, 3).value).toBe(75);
  });

  it('shows replaying as one step', () => {
    expect(at('replaying', null, null)).toEqual({ value: 75, text: 'Replaying (step 3 of 3)' });
  });

  it('says what a large file read in pieces shows meanwhile', () => {
    const p = {
      name: 'big',
      phase: 'reading',
      done: 10 * MB,
      total: 100 * MB,
      size: 100 * MB,
    } as const;
    expect(describeProgress({ ...p, preview: 'growing' }).text).toBe(
      'Reading 10.0 MB of 100.0 MB (step 1 of 3) · batches appear as it is read',
    );
    expect(describeProgress({ ...p, preview: 'whole' }).text).toBe(
      'Reading 10.0 MB of 100.0 MB (step 1 of 3) · a JSON document: batches appear once it is read whole',
    );
    expect(describeProgress({ ...p, phase: 'parsing', preview: 'whole' }).text).toBe(
      'Parsing 10 % (step 2 of 3)',
    );
  });
});
