import { describe, expect, it } from 'vitest';
import { fitView, NO_VIEW, parseViewHash, setViewParams } from '../../../src/state/viewCodec';
import type { ViewLink } from '../../../src/state/viewCodec';

const hashOf = (view: ViewLink) => {
  const p = new URLSearchParams();
  setViewParams(p, view);
  return p.toString();
};

describe('view codec', () => {
  it('round-trips a sample, batch, tab and zoom', () => {
    const view: ViewLink = {
      sample: 'formats/openai-chat.json',
      own: false,
      batch: 12,
      tab: 'sweep',
      zoom: { first: 4, last: 20 },
    };
    const hash = hashOf(view);
    expect(hash).toBe('sample=formats%2Fopenai-chat.json&batch=12&tab=sweep&zoom=4-20');
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
      'sample=../../etc/passwd&batch=-1&tab=settings&zoom=9-3&src=theirs&strikes=3',
    );
    expect(r.view).toEqual(NO_VIEW);
    expect(r.notice).toMatch(/^Ignored parts of the link that are unknown or out of range: /);
    for (const part of ['sample=', 'batch=-1', 'tab=settings', 'zoom=9-3', 'src=theirs']) {
      expect(r.notice).toContain(part);
    }
    expect(parseViewHash('sample=https://evil.example/x.json&tab=patterns').view).toEqual({
      ...NO_VIEW,
      tab: 'patterns',
    });
    expect(parseViewHash('batch=123456789').view.batch).toBeNull();
    expect(parseViewHash('zoom=1.5-3').view.zoom).toBeNull();
  });

  it('keeps only what a transcript of n batches can show', () => {
    expect(fitView({ batch: 3, zoom: { first: 0, last: 3 } }, 4)).toEqual({
      batch: 3,
      zoom: { first: 0, last: 3 },
      notice: null,
    });
    const past = fitView({ batch: 9, zoom: { first: 2, last: 12 } }, 4);
    expect(past).toMatchObject({ batch: null, zoom: null });
    expect(past.notice).toBe(
      "The link's batch #9 and the zoom #2–12 are past this transcript's 4 batches; ignored.",
    );
    expect(fitView({ batch: 4, zoom: null }, 4).notice).toMatch(/batch #4 is past/);
  });
});
