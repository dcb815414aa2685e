import { describe, expect, it } from 'vitest';
import {
  fitView,
  NO_VIEW,
  parseViewHash,
  setViewParams,
  viewWaits,
} from '../../../src/state/viewCodec';
import type { ViewLink } from '../../../src/state/viewCodec';

const hashOf = (view: ViewLink) => {
  const p = new URLSearchParams();
  setViewParams(p, view);
  return p.toString();
};

describe('view codec', () => {
  it('round-trips a sample, batch, tab, zoom and range', () => {
    const view: ViewLink = {
      sample: 'formats/openai-chat.json',
      own: false,
      batch: 12,
      tab: 'sweep',
      zoom: { first: 4, last: 20 },
      range: { first: 6, last: 9 },
    };
    const hash = hashOf(view);
    expect(hash).toBe('sample=formats%2Fopenai-chat.json&batch=12&tab=sweep&zoom=4-20&range=6-9');
    expect(parseViewHash(`#${hash}`)).toEqual({ view, notice: null });
  });

  it('leaves the defaults out, and says only "own" for a transcript of the user\'s', () => {
    expect(hashOf(NO_VIEW)).toBe('');
    expect(hashOf({ ...NO_VIEW, tab: 'batches' })).toBe('');
    expect(hashOf({ ...NO_VIEW, own: true, batch: 3 })).toBe('src=own&batch=3');
    expect(parseViewHash('src=own&batch=3').view).toEqual({ ...NO_VIEW, own: true, batch: 3 });
  });

  it('reads a hash without view keys as no view, silently', () => {
    expect(parseViewHash('#strikes=3&zoo=cycles.minCycles:20')).toEqual({
      view: NO_VIEW,
      notice: null,
    });
  });

  it('drops unknown or malformed parts with a notice, keeping the rest', () => {
    const r = parseViewHash(
      'sample=../../etc/passwd&batch=-1&tab=settings&zoom=9-3&src=theirs&range=5&strikes=3',
    );
    expect(r.view).toEqual(NO_VIEW);
    expect(r.notice).toMatch(/^Ignored parts of the link that are unknown or out of range: /);
    for (const part of [
      'sample=',
      'batch=-1',
      'tab=settings',
      'zoom=9-3',
      'src=theirs',
      'range=5',
    ]) {
      expect(r.notice).toContain(part);
    }
    expect(parseViewHash('sample=https://evil.example/x.json&tab=patterns').view).toEqual({
      ...NO_VIEW,
      tab: 'patterns',
    });
    expect(parseViewHash('batch=123456789').view.batch).toBeNull();
    expect(parseViewHash('zoom=1.5-3').view.zoom).toBeNull();
    expect(parseViewHash('range=7-2').view.range).toBeNull();
    expect(parseViewHash('range=2-2').view.range).toEqual({ first: 2, last: 2 });
  });

  it('a range alone is a view to restore', () => {
    const r = parseViewHash('range=1-3');
    expect(r.view).toEqual({ ...NO_VIEW, range: { first: 1, last: 3 } });
    expect(viewWaits(r.view)).toBe(true);
    expect(viewWaits(NO_VIEW)).toBe(false);
  });

  it('keeps only what a transcript of n batches can show', () => {
    const range = { first: 1, last: 2 };
    expect(fitView({ batch: 3, zoom: { first: 0, last: 3 }, range }, 4)).toEqual({
      batch: 3,
      zoom: { first: 0, last: 3 },
      range,
      notice: null,
    });
    const past = fitView({ batch: 9, zoom: { first: 2, last: 12 }, range: null }, 4);
    expect(past).toMatchObject({ batch: null, zoom: null });
    expect(past.notice).toBe(
      "The link's batch #9 and the zoom #2–12 are past this transcript's 4 batches; ignored.",
    );
    expect(fitView({ batch: 4, zoom: null, range: null }, 4).notice).toMatch(/batch #4 is past/);
    const cut = fitView({ batch: null, zoom: null, range: { first: 2, last: 4 } }, 4);
    expect(cut).toMatchObject({ range: null });
    expect(cut.notice).toMatch(/the range #2–4 is past/);
  });
});
