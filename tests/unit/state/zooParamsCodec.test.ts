import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/config';
import { ZOO_DETECTORS } from '../../../src/zoo/index';
import {
  appHash,
  parseZooParamsHash,
  parseZooParamsHashValue,
  zooParamsToHashValue,
} from '../../../src/state/zooParamsCodec';

const specs = ZOO_DETECTORS.flatMap((d) => d.params.map((p) => ({ d: d.id, p })));
const cycles = ZOO_DETECTORS.find((d) => d.id === 'cycles');
const first = cycles?.params[0];
if (cycles === undefined || first === undefined) throw new Error('no cycles parameter');

describe('the lanes parameters in the URL', () => {
  it('round-trips any valid overrides, writing only values that differ from the defaults', () => {
    const override = fc
      .constantFrom(...specs)
      .chain(({ d, p }) => fc.integer({ min: p.min, max: p.max }).map((v) => ({ d, p: p.id, v })));
    fc.assert(
      fc.property(fc.array(override, { maxLength: 12 }), (list) => {
        const params: Record<string, Record<string, number>> = {};
        for (const { d, p, v } of list) (params[d] ??= {})[p] = v;
        const hash = appHash(DEFAULT_CONFIG, params);
        const back = parseZooParamsHash(`#${hash}`);
        expect(back.notice).toBeNull();
        // Defaults are left out, so compare with the defaults dropped.
        const expected: Record<string, Record<string, number>> = {};
        for (const [d, ps] of Object.entries(params)) {
          for (const [p, v] of Object.entries(ps)) {
            const spec = specs.find((s) => s.d === d && s.p.id === p)?.p;
            if (v !== spec?.default) (expected[d] ??= {})[p] = v;
          }
        }
        expect(back.params).toEqual(expected);
      }),
    );
  });

  it('writes nothing for the defaults, and sits beside the config keys', () => {
    expect(zooParamsToHashValue({})).toBe('');
    expect(zooParamsToHashValue({ cycles: { [first.id]: first.default } })).toBe('');
    const hash = appHash(
      { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 },
      {
        cycles: { [first.id]: first.max },
      },
    );
    const p = new URLSearchParams(hash);
    expect(p.get('strikes')).toBe('3');
    expect(p.get('zoo')).toBe(`cycles.${first.id}:${first.max}`);
  });

  it('drops unknown detectors and parameters and values out of range, and says so', () => {
    const value = [
      `cycles.${first.id}:${first.max}`,
      `cycles.${first.id}:${first.max + 1}`,
      'nobody.x:3',
      `cycles.nothing:3`,
      'junk',
      `cycles.${first.id}:-1`,
    ].join(',');
    const r = parseZooParamsHashValue(value);
    expect(r.params).toEqual({ cycles: { [first.id]: first.max } });
    expect(r.notice).toMatch(/unknown or out of range: .*nobody\.x:3.*junk/);
    expect(parseZooParamsHashValue('x'.repeat(5000)).params).toEqual({});
    expect(parseZooParamsHashValue('x'.repeat(5000)).notice).toMatch(/too long/);
    expect(parseZooParamsHashValue(null)).toEqual({ params: {}, notice: null });
  });
});
