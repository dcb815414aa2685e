import { describe, expect, it } from 'vitest';
import { matchAfter } from '../../../src/state/slices/search';
import { isMatch, matchCountText } from '../../../src/ui/search/matches';
import { searchMarkXs } from '../../../src/ui/timeline/searchMarks';
import { makeScale } from '../../../src/ui/timeline/scale';
import { SideChannel } from '../../../src/worker/zoo/client';
import type { SearchResponse } from '../../../src/worker/search/protocol';

const m = Uint32Array.from([2, 5, 9]);

describe('stepping through matches', () => {
  it('goes to the next match after the selection, wrapping', () => {
    expect(matchAfter(m, null, 1)).toBe(2);
    expect(matchAfter(m, 0, 1)).toBe(2);
    expect(matchAfter(m, 2, 1)).toBe(5);
    expect(matchAfter(m, 6, 1)).toBe(9);
    expect(matchAfter(m, 9, 1)).toBe(2);
  });
  it('goes to the match before it, wrapping', () => {
    expect(matchAfter(m, null, -1)).toBe(9);
    expect(matchAfter(m, 5, -1)).toBe(2);
    expect(matchAfter(m, 6, -1)).toBe(5);
    expect(matchAfter(m, 2, -1)).toBe(9);
    expect(matchAfter(m, 0, -1)).toBe(9);
    expect(matchAfter(new Uint32Array(0), 3, 1)).toBeNull();
  });
  it('says where the selection stands among the matches', () => {
    expect(matchCountText('', m, 2)).toBe('');
    expect(matchCountText('x', null, 2)).toBe('Searching…');
    expect(matchCountText('x', new Uint32Array(0), 2)).toBe('No matches');
    expect(matchCountText('x', m, 5)).toBe('2 of 3');
    expect(matchCountText('x', m, 4)).toBe('3 matches');
    expect(matchCountText('x', Uint32Array.from([1]), null)).toBe('1 match');
    expect([isMatch(m, 5), isMatch(m, 6), isMatch(m, 10)]).toEqual([true, false, false]);
  });
});

describe('search marks on the timeline', () => {
  const plot = { x: 40, y: 30, w: 100, h: 100 };
  it('puts one mark per matching batch in view, at its centre', () => {
    const scale = makeScale({ start: 0, span: 10 }, 40, 100);
    expect(searchMarkXs(m, { scale, plot })).toEqual([65, 95, 135]);
    const zoomed = makeScale({ start: 4, span: 4 }, 40, 100);
    expect(searchMarkXs(m, { scale: zoomed, plot })).toEqual([77.5]);
  });
  it('draws at most one mark per pixel column when zoomed out', () => {
    const all = Uint32Array.from({ length: 100_000 }, (_, i) => i);
    const scale = makeScale({ start: 0, span: 100_000 }, 40, 100);
    const xs = searchMarkXs(all, { scale, plot });
    expect(xs.length).toBeLessThanOrEqual(101);
    expect(new Set(xs.map(Math.round)).size).toBe(xs.length);
  });
});

describe('search replies on the side channel', () => {
  const reply = (requestId: number, dataVersion = 1): SearchResponse => ({
    type: 'search',
    requestId,
    dataVersion,
    query: 'q',
    batches: new Uint32Array(0),
    where: new Uint8Array(0),
    complete: true,
  });
  it('delivers only the newest search about the transcript held', () => {
    const side = new SideChannel();
    const got: number[] = [];
    side.listener = {
      onZoo: () => undefined,
      onSweep: () => undefined,
      onSearch: (r) => got.push(r.requestId),
      onSideError: () => undefined,
    };
    side.request({ type: 'search', requestId: 1, dataVersion: 1, query: 'q' });
    side.request({ type: 'search', requestId: 2, dataVersion: 1, query: 'qq' });
    expect(side.receive(reply(1), 1)).toBe(true);
    expect(side.receive(reply(2, 0), 1)).toBe(true);
    expect(side.receive(reply(2), 1)).toBe(true);
    expect(got).toEqual([2]);
  });
});
