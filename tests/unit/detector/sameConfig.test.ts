import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  DEFAULT_MAX_STAGNATION_STEPS,
  sameConfig,
} from '../../../src/detector/config';

describe('sameConfig', () => {
  it('is equal for equal settings, an absent stagnation limit being the default', () => {
    expect(sameConfig(DEFAULT_CONFIG, { ...DEFAULT_CONFIG })).toBe(true);
    expect(
      sameConfig(DEFAULT_CONFIG, {
        ...DEFAULT_CONFIG,
        maxStagnationSteps: DEFAULT_MAX_STAGNATION_STEPS,
      }),
    ).toBe(true);
    expect(
      sameConfig(DEFAULT_CONFIG, {
        ...DEFAULT_CONFIG,
        observationTools: [...DEFAULT_CONFIG.observationTools],
      }),
    ).toBe(true);
  });

  it('tells every setting apart, the order of the patterns included', () => {
    const tools = DEFAULT_CONFIG.observationTools;
    for (const other of [
      { ...DEFAULT_CONFIG, mode: 'agent' as const },
      { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 },
      { ...DEFAULT_CONFIG, maxObservationSteps: null },
      { ...DEFAULT_CONFIG, maxStagnationSteps: DEFAULT_MAX_STAGNATION_STEPS + 1 },
      { ...DEFAULT_CONFIG, observationTools: tools.slice(1) },
      { ...DEFAULT_CONFIG, observationTools: [...tools.slice(1), tools[0] as string] },
    ]) {
      expect(sameConfig(DEFAULT_CONFIG, other)).toBe(false);
      expect(sameConfig(other, DEFAULT_CONFIG)).toBe(false);
    }
  });
});
