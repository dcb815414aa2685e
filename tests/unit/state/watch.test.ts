import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/detector/index';
import { FileWatcher, WATCH_REST_MS, type WatchEvents } from '../../../src/state/watcher';
import { watchNews } from '../../../src/state/watchNews';

type B = {
  index: number;
  refused: boolean;
  reason: string | null;
  count: number;
  threshold: number;
};
const batch = (index: number, count: number, refused = false): B => ({
  index,
  refused,
  reason: refused ? 'strikes' : null,
  count,
  threshold: 2,
});
const report = (bs: B[]) =>
  ({ batches: bs.map((b) => ({ ...b, calls: [{ name: 'write_file' }] })) }) as unknown as Report;

describe('watchNews', () => {
  it('says a new refusal, else a run at its threshold, else nothing', () => {
    const a = report([batch(0, 1)]);
    const b = report([batch(0, 1), batch(1, 2)]);
    const c = report([batch(0, 1), batch(1, 2), batch(2, 3, true)]);
    expect(watchNews(a, b)).toBe(
      'Batch #1 (write_file) is at its threshold (2 of 2): the next identical batch would be refused.',
    );
    expect(watchNews(b, c)).toBe(
      'New refusal: batch #2 (write_file) went past its strike threshold.',
    );
    expect(watchNews(null, a)).toBeNull();
    // Nothing new: nothing said again.
    expect(watchNews(b, b)).toBeNull();
  });
});

describe('FileWatcher', () => {
  function setup() {
    let parts = ['ab'];
    let modified = 1;
    const seen: string[] = [];
    let take = true;
    const events: WatchEvents = {
      start: (f, why) => seen.push(`start ${f.size} ${why}`),
      grow: (bytes) => {
        if (take) seen.push(`grow ${bytes.size}`);
        return take;
      },
      fail: (m) => seen.push(`fail ${m}`),
      rest: () => {
        if (take) seen.push('rest');
        return take;
      },
    };
    // One look a rest long: each look without a change is a rest.
    const w = new FileWatcher(
      { getFile: () => Promise.resolve(new File(parts, 'f', { lastModified: modified })) },
      events,
      WATCH_REST_MS,
    );
    const set = (p: string[]) => {
      parts = p;
      modified++;
    };
    return { w, seen, set, refuse: (v: boolean) => (take = !v) };
  }

  it('hands on only the bytes gained, retries what was not taken, restarts a rewritten file', async () => {
    const { w, seen, set, refuse } = setup();
    await w.start();
    set(['ab', 'cd']);
    refuse(true);
    await w.look();
    refuse(false);
    set(['ab', 'cd', 'e']);
    await w.look();
    await w.look(); // no change: at rest
    await w.look(); // still at rest: said once
    set(['a']);
    await w.look();
    refuse(true);
    await w.look(); // at rest, not taken: offered again
    refuse(false);
    await w.look();
    set(['zz']);
    await w.look();
    w.stop();
    expect(seen).toEqual([
      'start 2 null',
      'grow 3',
      'rest',
      'start 1 the file shrank',
      'rest',
      'start 2 its first bytes changed',
    ]);
  });
});
