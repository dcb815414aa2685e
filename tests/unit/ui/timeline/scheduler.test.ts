import { describe, expect, it } from 'vitest';
import { createRafScheduler } from '../../../../src/ui/timeline/scheduler';

function fakeFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    raf: (cb: () => void) => {
      queue.set(next, cb);
      return next++;
    },
    caf: (id: number) => void queue.delete(id),
    flush: () => {
      const cbs = [...queue.values()];
      queue.clear();
      for (const cb of cbs) cb();
    },
    pending: () => queue.size,
  };
}

describe('createRafScheduler', () => {
  it('coalesces any number of requests within a frame into one run', () => {
    const f = fakeFrames();
    let runs = 0;
    const s = createRafScheduler(() => runs++, f.raf, f.caf);
    s.schedule();
    s.schedule();
    s.schedule();
    expect(f.pending()).toBe(1);
    f.flush();
    expect(runs).toBe(1);
    f.flush();
    expect(runs).toBe(1);
    s.schedule();
    f.flush();
    expect(runs).toBe(2);
  });

  it('runs nothing after dispose', () => {
    const f = fakeFrames();
    let runs = 0;
    const s = createRafScheduler(() => runs++, f.raf, f.caf);
    s.schedule();
    s.dispose();
    f.flush();
    s.schedule();
    f.flush();
    expect(runs).toBe(0);
    expect(f.pending()).toBe(0);
  });
});
