// Where gglib takes each setting, and the what-if note beside a value it would not run.
import { describe, expect, it } from 'vitest';
import {
  iterationsSource,
  observationSource,
  parallelToolsSource,
  strikesSource,
} from '../../../../src/ui/config/settingSources';
import {
  configToHash,
  configToJson,
  parseConfigHash,
  parseConfigText,
} from '../../../../src/state/configCodec';
import { DEFAULT_CONFIG } from '../../../../src/detector/config';

describe('setting sources', () => {
  it('the strikes: nowhere, fixed at 2; any other value is a what-if', () => {
    expect(strikesSource(2)).toMatch(/nowhere: fixed at 2 on both paths\.$/);
    expect(strikesSource(3)).toMatch(/3 is a what-if/);
  });

  it('max_observation_steps: agent path, 1–100, never unset', () => {
    expect(observationSource(15)).toMatch(/^Agent path: from_user_params, 1–100, never unset/);
    expect(observationSource(15)).not.toMatch(/what-if/);
    expect(observationSource(0)).toMatch(/clamp it to 1/);
    expect(observationSource(101)).toMatch(/clamp it to 100/);
    expect(observationSource(null)).toMatch(/Unset is a what-if/);
  });

  it('the agent limits: 1–50, default 25', () => {
    expect(iterationsSource(25)).toMatch(/1–50 \(default 25\)/);
    expect(iterationsSource(50)).not.toMatch(/what-if/);
    expect(iterationsSource(51)).toMatch(/clamp it to 50/);
    expect(parallelToolsSource(0)).toMatch(/clamp it to 1/);
  });
});

describe('the agent limits in the stored config and the link', () => {
  const agent = {
    ...DEFAULT_CONFIG,
    mode: 'agent' as const,
    maxIterations: 7,
    maxParallelTools: 60,
  };

  it('round-trip, and are left out when not set', () => {
    expect(parseConfigText(configToJson(agent), 'x').config).toEqual(agent);
    expect(parseConfigHash(configToHash(agent)).config).toEqual(agent);
    expect(configToJson(DEFAULT_CONFIG)).not.toMatch(/maxIterations/);
    expect(configToHash(DEFAULT_CONFIG)).toBe('');
  });
});
