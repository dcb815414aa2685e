// When the reference would fail open (docs/detector.md §7.1).
import { describe, expect, it } from 'vitest';
import { referenceScan } from '../../../src/detector/index';
import { parseJson } from '../../../src/json/index';

function scan(text: string): ReturnType<typeof referenceScan> {
  const r = parseJson(text);
  if (!r.ok) throw new Error('test body must parse leniently');
  return referenceScan(r.value);
}

const failsOpen = (text: string): boolean => scan(text) !== 'scanned';

describe('referenceScan (§7.1 fail-open)', () => {
  it('scans a well-formed request body', () => {
    expect(scan('{"model":"m","messages":[{"role":"user","content":"hi"}]}')).toBe('scanned');
  });

  it('scans a bare messages array as if wrapped', () => {
    expect(scan('[{"role":"user","content":"hi"}]')).toBe('scanned');
  });

  it('treats a missing messages field as an empty list', () => {
    expect(scan('{"model":"m"}')).toBe('scanned');
  });

  it('ignores unknown fields and duplicate keys inside values', () => {
    expect(scan('{"x":{"a":1,"a":2},"messages":[{"role":"user","content":{"k":1,"k":2}}]}')).toBe(
      'scanned',
    );
  });

  it('fails open when messages is not an array (including null)', () => {
    expect(failsOpen('{"messages":null}')).toBe(true);
    expect(failsOpen('{"messages":{}}')).toBe(true);
  });

  it('fails open on a message that is not an object', () => {
    expect(failsOpen('{"messages":["hi"]}')).toBe(true);
    expect(failsOpen('{"messages":[1]}')).toBe(true);
  });

  it('fails open on an array message (positional serde oddity, rejected by Loopscope)', () => {
    expect(failsOpen('{"messages":[["user","hi"]]}')).toBe(true);
  });

  it('fails open on a duplicate field in the envelope or a message', () => {
    expect(failsOpen('{"messages":[],"messages":[]}')).toBe(true);
    expect(failsOpen('{"messages":[{"role":"user","role":"user"}]}')).toBe(true);
  });

  it('fails open on a lone surrogate escape anywhere', () => {
    expect(failsOpen('{"messages":[],"x":"\\udc00"}')).toBe(true);
  });

  it('fails open past serde recursion limit, counting the implicit wrapper of a bare array', () => {
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    expect(failsOpen(`{"messages":[],"x":${deep(126)}}`)).toBe(false);
    expect(failsOpen(`{"messages":[],"x":${deep(127)}}`)).toBe(true);
    expect(failsOpen(`[{"x":${deep(124)}}]`)).toBe(false);
    expect(failsOpen(`[{"x":${deep(125)}}]`)).toBe(true);
  });

  it('fails open on a body that is not an object', () => {
    expect(failsOpen('"text"')).toBe(true);
    expect(failsOpen('null')).toBe(true);
  });

  it('fails open on a number outside f64 range', () => {
    expect(failsOpen('{"messages":[],"t":1e999}')).toBe(true);
  });

  it('accepts hand-built diagnostics without the optional fields', () => {
    const value = new Map([['messages', []]]);
    const base = { maxDepth: 2, loneSurrogate: false, duplicateKey: false };
    expect(referenceScan({ value, diagnostics: base })).toBe('scanned');
    expect(referenceScan({ value, diagnostics: { ...base, duplicateKey: true } })).not.toBe(
      'scanned',
    );
  });

  it('says why', () => {
    expect(scan('{"messages":null}')).toEqual({
      failOpen: '`messages` is not an array, so the reference cannot read it',
    });
  });
});
