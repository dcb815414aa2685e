// The reference's texts, verbatim (docs/detector.md §8).
import { describe, expect, it } from 'vitest';
import {
  loopError400,
  loopNote,
  stagnationError400,
  stagnationNote,
} from '../../../src/detector/index';

describe('§8 reference texts', () => {
  it('loop note, verbatim', () => {
    expect(loopNote('t:0c85d1734a1666a0')).toBe(
      '[gglib loop guard] This conversation has repeated the tool-call batch `t:0c85d1734a1666a0` with nothing in between, and received the same result each time. Repeating it will not produce a different answer. Change approach, or tell the user what is blocking you.',
    );
  });

  it('truncates the note signature to 240 code points plus …', () => {
    const long = '😀'.repeat(241);
    const note = loopNote(long);
    expect(note).toContain('`' + '😀'.repeat(240) + '\u2026`');
    const exact = 'a'.repeat(240);
    expect(loopNote(exact)).toContain('`' + exact + '`');
    // 240 emoji are 480 UTF-16 units but only 240 code points: not cut.
    expect(loopNote('😀'.repeat(240))).toContain('`' + '😀'.repeat(240) + '`');
  });

  it('loop 400 message, verbatim and not truncated', () => {
    const sig = 'x'.repeat(300);
    expect(loopError400(sig)).toBe(
      `Agentic loop detected: this conversation repeats the same tool-call batch with nothing in between (signature: ${sig}). Aborting before another identical turn. Start a new conversation or change approach; to warn the model instead of refusing, run \`gglib config settings set --loop-guard-mode note\`.`,
    );
  });

  it('stagnation note and 400 message, verbatim', () => {
    expect(stagnationNote(6, 5)).toBe(
      '[gglib loop guard] This conversation has produced the same response 6 times, against a limit of 5. Repeating it will not produce a different answer. Change approach, or tell the user what is blocking you.',
    );
    expect(stagnationError400(6, 5)).toBe(
      'Stagnation detected: the assistant has produced the same response 6 times (limit 5). Aborting before another identical turn. Start a new conversation or change approach; to warn the model instead of refusing, run `gglib config settings set --loop-guard-mode note`.',
    );
  });
});
