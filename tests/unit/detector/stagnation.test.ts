// The stagnation detector and the text it reads (docs/detector.md §11, §7.6).
import { describe, expect, it } from 'vitest';
import {
  extractText,
  StagnationDetector,
  stagnationError400,
  stagnationNote,
} from '../../../src/detector/index';
import { assistant, call, json, run, tool, user } from './helpers';

describe('StagnationDetector (§11)', () => {
  it('the 6th identical prose trips at 5', () => {
    const s = new StagnationDetector(5);
    for (let i = 1; i <= 5; i++) expect(s.record('same', false)).toBeNull();
    expect(s.record('same', false)).toEqual({ count: 6, maxSteps: 5 });
  });

  it('at 0 the first occurrence trips', () => {
    expect(new StagnationDetector(0).record('x', false)).toEqual({ count: 1, maxSteps: 0 });
  });

  it('ignores empty text and tool-calling turns (no trace, window not advanced)', () => {
    const s = new StagnationDetector(1);
    s.record('a', false);
    expect(s.record('a', true)).toBeNull();
    expect(s.record('', false)).toBeNull();
    expect(s.record('a', false)).toEqual({ count: 2, maxSteps: 1 });
  });

  it('counts only inside a window of max(steps × 4, 1) recorded turns', () => {
    const s = new StagnationDetector(1); // window 4
    s.record('a', false);
    for (const t of ['b', 'c', 'd', 'e']) s.record(t, false);
    expect(s.record('a', false)).toBeNull();
  });

  it('catches A/B oscillation within 12 turns at the default', () => {
    const s = new StagnationDetector(5);
    let trippedAt = 0;
    for (let i = 1; i <= 12 && trippedAt === 0; i++) {
      if (s.record(i % 2 ? 'A' : 'B', false)) trippedAt = i;
    }
    expect(trippedAt).toBe(11);
  });

  it('clear() empties the window', () => {
    const s = new StagnationDetector(1);
    s.record('a', false);
    s.clear();
    expect(s.record('a', false)).toBeNull();
  });
});

describe('stagnation in the replay (referenceVerdict)', () => {
  const prose = (n: number, text = 'I am stuck.'): unknown[] =>
    Array.from({ length: n }, () => assistant(null, text));

  it('six identical prose turns give a stagnation verdict at the 6th', () => {
    const r = run([user(), ...prose(6)]);
    expect(r.referenceVerdict).toEqual({
      kind: 'stagnation',
      messageIndex: 6,
      count: 6,
      maxSteps: 5,
      note: stagnationNote(6, 5),
      error400: stagnationError400(6, 5),
    });
    expect(r.firstRefusal).toBeNull();
  });

  it('tool-calling turns are not recorded, even with narration', () => {
    const m: unknown[] = [];
    for (let i = 0; i < 8; i++)
      m.push(assistant([call('t', { i })], 'I am stuck.'), tool('c1', 'x'));
    expect(run(m).referenceVerdict).toEqual({ kind: 'pass' });
  });

  it('a user message clears the window in proxy mode', () => {
    expect(run([...prose(5), user(), ...prose(5)]).referenceVerdict.kind).toBe('pass');
  });

  it('uses the configured maxStagnationSteps', () => {
    const r = run(prose(3), { maxStagnationSteps: 2 });
    expect(r.referenceVerdict).toMatchObject({ kind: 'stagnation', count: 3, maxSteps: 2 });
    expect(r.config.maxStagnationSteps).toBe(2);
  });

  it('the first verdict wins: stagnation before a later loop', () => {
    const loop = [0, 1, 2].flatMap(() => [assistant([call('w')]), tool('c1', 'ok')]);
    const r = run([...prose(6), ...loop]);
    expect(r.referenceVerdict.kind).toBe('stagnation');
    expect(r.firstRefusal?.batchIndex).toBe(2);
  });
});

describe('extractText (§7.6)', () => {
  it('uses a string as it is', () => expect(extractText('hi')).toBe('hi'));
  it('joins text parts with no separator', () => {
    expect(
      extractText(
        json(
          '[{"type":"text","text":"a"},{"type":"image"},{"type":"text","text":"b"},{"type":"text","text":1}]',
        ),
      ),
    ).toBe('ab');
  });
  it('gives "" for anything else', () => {
    expect(extractText(null)).toBe('');
    expect(extractText(undefined)).toBe('');
    expect(extractText(json('{"text":"x"}'))).toBe('');
  });
});
