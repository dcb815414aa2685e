// Where a changed threshold applies in proxy mode (docs/detector.md §10).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/config';
import {
  proxyAppliesLine,
  proxyChangedFields,
  proxyFieldNote,
} from '../../../src/detector/proxyApplies';
import { referenceSettingsNotes } from '../../../src/detector/referenceSettings';

describe('proxy mode: a changed threshold is one the proxy cannot be given', () => {
  it('says nothing at the defaults, or on the agent path', () => {
    expect(proxyChangedFields(DEFAULT_CONFIG)).toEqual([]);
    expect(proxyAppliesLine(DEFAULT_CONFIG)).toBeNull();
    const agent = { ...DEFAULT_CONFIG, mode: 'agent' as const, maxObservationSteps: 7 };
    expect(proxyFieldNote(agent, 'maxObservationSteps')).toBeNull();
    expect(proxyAppliesLine(agent)).toBeNull();
    // The guard mode and the stagnation limit are the proxy's own knobs.
    expect(
      proxyAppliesLine({ ...DEFAULT_CONFIG, guardMode: 'refuse', maxStagnationSteps: 9 }),
    ).toBeNull();
  });

  it('names each changed field, what the proxy runs and what the replay shows', () => {
    const c = { ...DEFAULT_CONFIG, maxObservationSteps: 7 };
    expect(proxyChangedFields(c)).toEqual(['maxObservationSteps']);
    expect(proxyFieldNote(c, 'maxObservationSteps')).toBe(
      "gglib's proxy cannot be given max_observation_steps 7: it always runs 15. Replaying 7 shows what gglib's agent path would do with it (from_user_params takes 1–100), not the proxy.",
    );
    expect(proxyFieldNote(c, 'maxRepeatedBatchSteps')).toBeNull();
    expect(proxyFieldNote({ ...c, maxRepeatedBatchSteps: 3 }, 'maxRepeatedBatchSteps')).toMatch(
      /cannot be given max_repeated_batch_steps 3: it always runs 2, and no gglib path takes another value/,
    );
    expect(proxyFieldNote({ ...c, observationTools: [] }, 'observationTools')).toMatch(
      /always runs the 26 default patterns/,
    );
    expect(proxyFieldNote({ ...c, maxObservationSteps: null }, 'maxObservationSteps')).toMatch(
      /cannot be given an unset max_observation_steps/,
    );
  });

  it('one line for the whole config, the same in the reference export', () => {
    const c = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3, observationTools: ['x'] };
    const line = proxyAppliesLine(c);
    expect(line).toMatch(
      /^gglib's proxy cannot be given max_repeated_batch_steps and observation_tools as replayed here: it always runs the defaults \(strikes 2, observation 15, the 26 patterns\)/,
    );
    expect(referenceSettingsNotes(c)).toContain(`Loopscope replayed these in proxy mode. ${line}`);
    expect(referenceSettingsNotes({ ...c, mode: 'agent' }).join(' ')).not.toMatch(
      /as replayed here/,
    );
  });
});
