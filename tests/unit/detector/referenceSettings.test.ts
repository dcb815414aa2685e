import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  formatReferenceSettings,
  referenceSettings,
  type DetectorConfig,
} from '../../../src/detector/index';

function parsed(config: DetectorConfig): Record<string, unknown> {
  return JSON.parse(formatReferenceSettings(config)) as Record<string, unknown>;
}

const notes = (config: DetectorConfig) => (parsed(config)['_note'] as string[]).join('\n');

describe('formatReferenceSettings', () => {
  it('writes the reference keys and values, with the defaults as they are', () => {
    const out = parsed(DEFAULT_CONFIG);
    expect(Object.keys(out)).toEqual([
      '_note',
      'max_repeated_batch_steps',
      'max_observation_steps',
      'observation_tools',
      'loop_guard_mode',
    ]);
    expect(out['loop_guard_mode']).toBe('note');
    expect(out['max_repeated_batch_steps']).toBe(2);
    expect(out['max_observation_steps']).toBe(15);
    expect(out['observation_tools']).toEqual([...DEFAULT_CONFIG.observationTools]);
    expect(formatReferenceSettings(DEFAULT_CONFIG).endsWith('}\n')).toBe(true);
  });

  it('writes an unset max_observation_steps as null, and an empty pattern list as []', () => {
    const out = parsed({ ...DEFAULT_CONFIG, maxObservationSteps: null, observationTools: [] });
    expect(out['max_observation_steps']).toBeNull();
    expect(out['observation_tools']).toEqual([]);
  });

  it('says where the settings apply: AgentConfig, from_user_params, the clamp, not the proxy', () => {
    const text = notes(DEFAULT_CONFIG);
    expect(text).toMatch(/AgentConfig/);
    expect(text).toMatch(/from_user_params/);
    expect(text).toMatch(/\[1, 100\]/);
    expect(text).toMatch(/proxy does not read these/);
    expect(text).toMatch(/loop_guard_mode/);
    // Defaults: no caveat about proxy mode.
    expect(text).not.toMatch(/replayed these in proxy mode/);
  });

  it('warns when the proxy was replayed with settings only the agent path can take', () => {
    expect(notes({ ...DEFAULT_CONFIG, maxObservationSteps: 30 })).toMatch(
      /replayed these in proxy mode/,
    );
    expect(notes({ ...DEFAULT_CONFIG, mode: 'agent', maxObservationSteps: 30 })).not.toMatch(
      /replayed these in proxy mode/,
    );
  });

  it('says the strikes are fixed at 2 on both paths, never overridable', () => {
    const text = notes(DEFAULT_CONFIG);
    expect(text).toMatch(/max_repeated_batch_steps \(the strikes\) is set nowhere/);
    expect(text).not.toMatch(/from_user_params can override|overrides the defaults/);
    expect(notes({ ...DEFAULT_CONFIG, mode: 'agent', maxRepeatedBatchSteps: 4 })).toMatch(
      /max_repeated_batch_steps 4 is a what-if: gglib runs with 2 on both paths/,
    );
  });

  it("writes the agent path's own limits in agent mode, and warns outside their range", () => {
    const agent = { ...DEFAULT_CONFIG, mode: 'agent' as const };
    expect(referenceSettings(agent)).toMatchObject({ max_iterations: 25, max_parallel_tools: 25 });
    expect(referenceSettings(DEFAULT_CONFIG)).not.toHaveProperty('max_iterations');
    expect(notes({ ...agent, maxIterations: 80 })).toMatch(
      /max_iterations 80 is outside \[1, 50\].*run with 50/,
    );
    expect(notes({ ...agent, maxObservationSteps: null })).toMatch(/cannot run without it/);
  });

  it('warns when from_user_params would clamp max_observation_steps', () => {
    expect(notes({ ...DEFAULT_CONFIG, maxObservationSteps: 0 })).toMatch(
      /max_observation_steps 0 is outside \[1, 100\].*run with 1/,
    );
    expect(notes({ ...DEFAULT_CONFIG, maxObservationSteps: 250 })).toMatch(/run with 100/);
    expect(notes({ ...DEFAULT_CONFIG, maxObservationSteps: 100 })).not.toMatch(/Careful/);
  });

  it('adds max_stagnation_steps only when the config sets it', () => {
    expect(referenceSettings(DEFAULT_CONFIG)).not.toHaveProperty('max_stagnation_steps');
    expect(referenceSettings({ ...DEFAULT_CONFIG, maxStagnationSteps: 8 })).toMatchObject({
      max_stagnation_steps: 8,
    });
  });
});
