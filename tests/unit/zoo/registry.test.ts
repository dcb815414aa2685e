import { describe, expect, it } from 'vitest';
import {
  compareZoo,
  defaultZooParams,
  runZoo,
  ZOO_DETECTORS,
  ZOO_LANES,
  type ZooMark,
  type ZooResult,
  type ZooStep,
} from '../../../src/zoo/index';
import { LANE_WORDS } from '../../../src/zoo/laneWords';
import { ordinarySession, Script } from './script';

const mark = (batchIndex: number, level: ZooMark['level']): ZooMark => ({
  batchIndex,
  messageIndex: batchIndex * 2,
  level,
  message: 'x',
});

describe('ZOO_DETECTORS', () => {
  it('lists every peer and advisory lane once, with sane parameter specs', () => {
    expect(ZOO_DETECTORS.map((d) => d.id)).toEqual([
      'gemini-cli',
      'openhands',
      'cline',
      'roo-code',
      'goose',
      'openclaw',
      'qwen-code',
      'session-tally',
      'cycles',
      'quiet-polls',
      'clock-answers',
      'near-duplicates',
      'paging-sweeps',
    ]);
    expect(ZOO_DETECTORS.filter((d) => d.kind === 'advisory')).toHaveLength(5);
    for (const d of ZOO_DETECTORS) {
      expect(d.label.length, d.id).toBeGreaterThan(0);
      const words = LANE_WORDS[d.id];
      expect(words?.description.length ?? 0, d.id).toBeGreaterThan(20);
      // Every other agent's lane says what of its rule a transcript cannot show.
      if (d.kind === 'peer' && d.id !== 'session-tally')
        expect(words?.cannotSee?.length ?? 0, d.id).toBeGreaterThan(20);
      for (const p of d.params) {
        expect(words?.params[p.id]?.length ?? 0, `${d.id}.${p.id}`).toBeGreaterThan(0);
        expect(p.min, `${d.id}.${p.id}`).toBeLessThanOrEqual(p.default);
        expect(p.default, `${d.id}.${p.id}`).toBeLessThanOrEqual(p.max);
      }
      expect(Object.keys(defaultZooParams(d))).toEqual(d.params.map((p) => p.id));
    }
  });

  it('runs the lanes the page lists, in its order, with the same words and parameters', () => {
    expect(ZOO_DETECTORS).toHaveLength(ZOO_LANES.length);
    ZOO_DETECTORS.forEach((d, i) => {
      const { run, ...lane } = d;
      expect(typeof run).toBe('function');
      expect(lane).toEqual(ZOO_LANES[i]);
    });
  });

  it('advisory lanes only advise and peers never advise', () => {
    const s = new Script()
      .times(22, (x) => x.call('get_status', {}, 'same'))
      .times(12, (x, i) => x.call(i % 2 ? 'run' : 'edit', {}, 'same'))
      .times(6, (x, i) => x.call('read_file', { path: 'a', offset: i * 10 }, `p${i}`));
    const marked = { peer: 0, advisory: 0 };
    for (const r of runZoo(s.steps())) {
      const kind = ZOO_DETECTORS.find((d) => d.id === r.id)?.kind;
      for (const m of r.marks) expect(m.level === 'advice', r.id).toBe(kind === 'advisory');
      if (kind !== undefined) marked[kind] += r.marks.length;
    }
    // The script is built to draw marks from both kinds, so the loop above checks something.
    expect(marked.peer).toBeGreaterThan(0);
    expect(marked.advisory).toBeGreaterThan(0);
  });
});

describe('runZoo', () => {
  it('reports first stop and warning counts per lane', () => {
    const s = new Script()
      .user()
      .times(6, (x) => x.call('write_file', { path: 'a', content: 'x' }));
    const byId = new Map(runZoo(s.steps()).map((r) => [r.id, r]));
    expect(byId.get('cline')).toMatchObject({ firstStop: 4, warnings: 1 });
    expect(byId.get('roo-code')).toMatchObject({ firstStop: 3, warnings: 0 });
    expect(byId.get('gemini-cli')).toMatchObject({ firstStop: 5, warnings: 1 });
    expect(byId.get('session-tally')).toMatchObject({ firstStop: 2, warnings: 0 });
    expect(byId.get('goose')).toMatchObject({ firstStop: null, warnings: 0 });
  });

  it('applies parameter overrides, clamped to their ranges', () => {
    const s = new Script().times(6, (x) => x.call('write_file', { path: 'a' }));
    const [goose] = runZoo(
      s.steps(),
      { goose: { maxRepetitions: 2 } },
      ZOO_DETECTORS.filter((d) => d.id === 'goose'),
    );
    expect(goose?.firstStop).toBe(2);
    // Roo's limit is at most 50: 1000 is clamped, so nothing in 6 calls is blocked.
    const [roo] = runZoo(
      s.steps(),
      { 'roo-code': { limit: 1000 } },
      ZOO_DETECTORS.filter((d) => d.id === 'roo-code'),
    );
    expect(roo?.firstStop).toBeNull();
  });

  it('marks nothing anywhere on an ordinary varied session', () => {
    for (const r of runZoo(ordinarySession().steps())) expect(r.marks, r.id).toEqual([]);
  });

  it('is pure: the input is left alone, and the same input gives the same marks', () => {
    const script = () =>
      new Script().times(12, (x, i) => x.call(i % 2 ? 'a' : 'b', {}, 'same')).steps();
    // What a lane can read of the steps (a call builds its parsed and printed forms lazily,
    // and keeps them: a cache, not a change).
    const view = (steps: readonly ZooStep[]) =>
      steps.map((s) =>
        s.kind !== 'batch'
          ? s
          : {
              ...s,
              calls: s.calls.map(({ id, name, args, argsCanonical, argsJson, key }) => ({
                id,
                name,
                args,
                argsCanonical,
                argsJson,
                key,
              })),
            },
      );
    const steps = script();
    const first = runZoo(steps);
    expect(view(steps)).toEqual(view(script()));
    expect(first.some((r) => r.marks.length > 0)).toBe(true);
    expect(runZoo(steps)).toEqual(first);
    expect(runZoo(script())).toEqual(first);
  });
});

describe('compareZoo', () => {
  it('counts stops and warnings and finds the batches only one lane flags', () => {
    const results: ZooResult[] = [
      {
        id: 'a',
        marks: [mark(1, 'stop'), mark(3, 'warn'), mark(4, 'stop')],
        firstStop: 1,
        warnings: 1,
      },
      {
        id: 'b',
        marks: [mark(3, 'advice'), mark(5, 'advice'), mark(9, 'advice')],
        firstStop: null,
        warnings: 3,
      },
      { id: 'c', marks: [mark(7, 'stop'), mark(9, 'warn')], firstStop: 7, warnings: 1 },
      { id: 'd', marks: [], firstStop: null, warnings: 0 },
    ];
    const rows = compareZoo(results, new Set([4, 7]));
    expect(rows).toEqual([
      { id: 'a', firstStop: 1, warnings: 1, stops: 2, flagged: 3, onlyHere: [1] },
      { id: 'b', firstStop: null, warnings: 3, stops: 0, flagged: 3, onlyHere: [5] },
      { id: 'c', firstStop: 7, warnings: 1, stops: 1, flagged: 2, onlyHere: [] },
      { id: 'd', firstStop: null, warnings: 0, stops: 0, flagged: 0, onlyHere: [] },
    ]);
  });

  it('on a real transcript: an A/B cycle is flagged by OpenHands and the cycle lane, not by Cline', () => {
    const s = new Script().times(8, (x, i) =>
      x.call(i % 2 ? 'run' : 'edit', { f: 'a' }, i % 2 ? 'FAIL' : 'edited'),
    );
    const rows = new Map(compareZoo(runZoo(s.steps()), new Set()).map((r) => [r.id, r]));
    // OpenHands' ABABAB rule stops at the 6th batch; the cycle lane advises from the same batch.
    expect(rows.get('openhands')).toMatchObject({ firstStop: 5, stops: 3 });
    expect(rows.get('cycles')).toMatchObject({ warnings: 3, flagged: 3 });
    expect(rows.get('cline')).toMatchObject({ flagged: 0, onlyHere: [] });
  });
});
