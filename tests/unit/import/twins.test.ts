import { describe, expect, test } from 'vitest';
import { twinCopies, type ListCalls } from '../../../src/import/twins';

/** A list of calls, each `name args`, with ids or without. */
function list(calls: readonly [string, string][], ids = false): ListCalls {
  return { ids, names: calls.map(([n]) => n), args: (at) => (calls[at] as [string, string])[1] };
}

const never = (): boolean => false;

describe('a run rendered twice in one record', () => {
  const full = list([
    ['bash', '{"command":"ls","work_dir":"/db"}'],
    ['sql', '{"limit":5,"q":"SELECT 1"}'],
  ]);

  test('the list with fewer arguments, as text, is the copy, in either order', () => {
    const text = list([
      ['bash', '{"command":"ls"}'],
      ['sql', '{"limit":"5","q":" SELECT 1 "}'],
    ]);
    expect([...twinCopies([full, text], never)]).toEqual([1]);
    expect([...twinCopies([text, full], never)]).toEqual([0]);
  });

  test('lists of two runs, or with ids on the copy side, are left alone', () => {
    const text = list([
      ['bash', '{"command":"ls"}'],
      ['sql', '{"q":"SELECT 1"}'],
    ]);
    expect(twinCopies([full, text], () => true).size).toBe(0);
    expect(twinCopies([full, { ...text, ids: true }], never).size).toBe(0);
    expect(twinCopies([{ ...text, ids: true }, full], never).size).toBe(0);
  });

  test('other calls, other values, or the same calls exactly are no copy', () => {
    const other = list([
      ['bash', '{"command":"pwd"}'],
      ['sql', '{"q":"SELECT 1"}'],
    ]);
    const renamed = list([
      ['bash', '{"command":"ls"}'],
      ['query', '{"q":"SELECT 1"}'],
    ]);
    const shorter = list([['bash', '{"command":"ls"}']]);
    // Calls kept by name alone are another kind of copy, not this one.
    const named = list([
      ['bash', '{}'],
      ['sql', '{"q":"SELECT 1"}'],
    ]);
    // One call with fewer arguments, the other with more: neither holds the other.
    const crossed = list([
      ['bash', '{"command":"ls"}'],
      ['sql', '{"limit":5,"q":"SELECT 1","schema":"x"}'],
    ]);
    for (const l of [other, renamed, shorter, named, crossed, full])
      expect(twinCopies([full, l], never).size).toBe(0);
  });

  test('one call alike in two lists is no copy', () => {
    const one = list([['bash', '{"command":"ls","work_dir":"/db"}']]);
    expect(twinCopies([one, list([['bash', '{"command":"ls"}']])], never).size).toBe(0);
  });

  test('only neighbours of the same calls are compared', () => {
    const text = list([
      ['bash', '{"command":"ls"}'],
      ['sql', '{"q":"SELECT 1"}'],
    ]);
    const between = list([
      ['bash', '{"command":"ls","work_dir":"/elsewhere"}'],
      ['sql', '{"q":"SELECT 2"}'],
    ]);
    expect([...twinCopies([full, between, text], never)]).toEqual([]);
    expect([...twinCopies([full, text, between], never)]).toEqual([1]);
  });
});
