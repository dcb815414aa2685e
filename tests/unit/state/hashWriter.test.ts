import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHashWriter } from '../../../src/state/hashWriter';

describe('createHashWriter', () => {
  let clock = 0;
  let written: string[] = [];
  const make = () =>
    createHashWriter(
      (h) => written.push(h),
      250,
      () => clock,
    );
  /** Moves the clock and the timers together. */
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1000;
    written = [];
  });
  afterEach(() => vi.useRealTimers());

  it('writes a single change in the next task', () => {
    const w = make();
    w.write('a');
    expect(written).toEqual([]);
    advance(0);
    expect(written).toEqual(['a']);
  });

  it('writes a burst of changes at most once per gap, ending on the last state', () => {
    const w = make();
    for (let i = 0; i < 20; i++) {
      w.write(`zoom=${i}`);
      advance(16); // a change a frame, for 320 ms
    }
    advance(250);
    // The first at once, then once per 250 ms, then the last.
    expect(written).toEqual(['zoom=0', 'zoom=16', 'zoom=19']);
  });

  it('writes a change after a quiet spell at once again', () => {
    const w = make();
    w.write('a');
    advance(0);
    advance(400);
    w.write('b');
    advance(0);
    expect(written).toEqual(['a', 'b']);
  });

  it('drops what waits when cancelled, and writes the next change', () => {
    const w = make();
    w.write('a');
    advance(0);
    w.write('b');
    w.cancel();
    advance(500);
    expect(written).toEqual(['a']);
    w.write('c');
    advance(0);
    expect(written).toEqual(['a', 'c']);
  });
});
