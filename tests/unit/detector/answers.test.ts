import { describe, expect, it } from 'vitest';
import {
  keptPairs,
  OtherAnswer,
  readAnswer,
  samePairs,
  sortPairs,
  TextAnswer,
  type AnswerPair,
} from '../../../src/detector/answers';
import { parseJson } from '../../../src/json/index';

/** A long answer, and literals that all decode to it. */
const LONG = 'line "one"\n'.repeat(30) + 'path/to/é';
const SAME = [
  JSON.stringify(LONG),
  JSON.stringify(LONG).replaceAll('/', '\\/'),
  JSON.stringify(LONG).replaceAll('e', '\\u0065'),
  JSON.stringify(LONG).replace('é', '\\u00e9'),
];

const pair = (key: number, answer: TextAnswer | string | OtherAnswer): AnswerPair => ({
  key,
  answer,
});
const text = (literal: string): TextAnswer =>
  readAnswer(JSON.parse(literal) as string, literal) as TextAnswer;

describe('answers kept as their literals', () => {
  it('reads a string with its literal as a TextAnswer, and anything else as before', () => {
    const a = readAnswer(LONG, SAME[0] as string);
    expect(a).toBeInstanceOf(TextAnswer);
    expect((a as TextAnswer).text()).toBe(LONG);
    expect(readAnswer(LONG)).toBe(LONG);
    expect(readAnswer(new Map(), '"ignored"')).toEqual(new OtherAnswer('{}'));
  });

  it('keeps only the literal, and decodes it again to the string the lenient parser read', () => {
    // A lone surrogate escape (the lenient parser notes it), escapes of every kind.
    for (const literal of ['"x\\ud800y"', '"\\u0041\\n\\/\\"\\\\ \\ud83d\\ude00"']) {
      const read = parseJson(literal);
      expect(read.ok).toBe(true);
      const value = read.ok ? read.value.value : null;
      expect(new TextAnswer(literal, null).text()).toBe(value);
    }
    for (const literal of SAME) {
      const kept = text(literal).kept();
      expect(kept.literal).toBe(literal);
      expect(kept.text()).toBe(LONG);
      expect(kept.kept()).toBe(kept);
    }
  });

  it('compares kept answers with new ones as the decoded strings compare', () => {
    for (const before of SAME) {
      for (const now of SAME) {
        expect(samePairs(keptPairs([pair(0, text(before))])!, [pair(0, text(now))])).toBe(true);
        // The general import's plain strings meet kept literals (a transcript read both ways).
        expect(samePairs(keptPairs([pair(0, text(before))])!, [pair(0, LONG)])).toBe(true);
        expect(samePairs([pair(0, LONG)], keptPairs([pair(0, text(now))])!)).toBe(true);
      }
      const other = JSON.stringify(`${LONG}!`);
      expect(samePairs(keptPairs([pair(0, text(before))])!, [pair(0, text(other))])).toBe(false);
      expect(samePairs(keptPairs([pair(0, text(before))])!, [pair(1, text(before))])).toBe(false);
    }
  });

  it('never takes a string for a non-string answer that prints the same', () => {
    const printed = new OtherAnswer('null');
    expect(samePairs([pair(0, text('"null"'))], [pair(0, printed)])).toBe(false);
    expect(samePairs([pair(0, printed)], keptPairs([pair(0, text('"null"'))])!)).toBe(false);
    expect(samePairs([pair(0, printed)], [pair(0, new OtherAnswer('null'))])).toBe(true);
  });

  it('sorts pairs of one key by their decoded strings, whatever their literals', () => {
    const b = text(JSON.stringify('b'));
    const a = text('"\\u0061"');
    const sorted = sortPairs([pair(3, b), pair(3, new OtherAnswer('1')), pair(3, a)]);
    expect(sorted.map((p) => p.answer)).toEqual([a, b, new OtherAnswer('1')]);
  });

  it('keeps the literal-only form of each answer read with its literal', () => {
    const kept = keptPairs([pair(0, text(SAME[1] as string)), pair(1, 'x')])!;
    const first = kept[0]!.answer as TextAnswer;
    expect(first.kept()).toBe(first);
    expect(first.literal).toBe(SAME[1]);
    expect(kept[1]).toEqual(pair(1, 'x'));
  });

  it('leaves pairs without literals as they are', () => {
    const pairs = [pair(0, 'x'), pair(1, new OtherAnswer('2'))];
    expect(keptPairs(pairs)).toBe(pairs);
    expect(keptPairs(null)).toBe(null);
  });
});
