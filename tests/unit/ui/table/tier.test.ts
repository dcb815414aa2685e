import { describe, expect, it } from 'vitest';
import { makeTierClassifier, tierLabel, tierRank } from '../../../../src/ui/table/tier';
import { batch, CONFIG } from './fixtures';

describe('tier', () => {
  const tierOf = makeTierClassifier(CONFIG.observationTools);

  it('uses the detector’s observation flag, and splits the rest by whether any call matched', () => {
    expect(tierOf(batch(0, { names: ['read_file'], observation: true }))).toBe('observation');
    expect(tierOf(batch(1, { names: ['read_file', 'write_file'] }))).toBe('mixed');
    expect(tierOf(batch(2, { names: ['write_file', 'run_tests'] }))).toBe('mutating');
  });

  it('matches patterns case-insensitively as substrings (browser_Navigate contains navigate)', () => {
    expect(tierOf(batch(0, { names: ['browser_Navigate', 'shell'] }))).toBe('mixed');
  });

  it('an empty pattern list makes every non-observation batch mutating', () => {
    const none = makeTierClassifier([]);
    expect(none(batch(0, { names: ['read_file', 'write_file'] }))).toBe('mutating');
  });

  it('labels and ranks the costly flag', () => {
    expect(tierLabel('observation', true)).toBe('observation, costly');
    expect(tierLabel('mutating', false)).toBe('mutating');
    expect(tierRank('observation', false)).toBe(0);
    expect(tierRank('observation', true)).toBe(1);
    expect(tierRank('mixed', false)).toBe(2);
    expect(tierRank('mutating', true)).toBe(5);
  });
});
