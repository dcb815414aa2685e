import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  DEFAULT_OBSERVATION_TOOLS,
  type DetectorConfig,
} from '../../../src/detector/config';
import {
  configToHash,
  configToJson,
  hashHasConfig,
  parseConfigHash,
  parseConfigValue,
  parseStoredConfig,
  splitPatternList,
} from '../../../src/state/configCodec';

const custom: DetectorConfig = {
  mode: 'agent',
  maxRepeatedBatchSteps: 3,
  maxObservationSteps: null,
  observationTools: ['read', 'a,b', 'line\nbreak', '&=#?'],
};

describe('config in the URL hash', () => {
  it('is empty for the defaults', () => {
    expect(configToHash(DEFAULT_CONFIG)).toBe('');
    expect(hashHasConfig('')).toBe(false);
  });

  it('round-trips every field, including awkward patterns', () => {
    const hash = configToHash(custom);
    expect(hashHasConfig(`#${hash}`)).toBe(true);
    expect(parseConfigHash(`#${hash}`)).toEqual({ config: custom, notice: null });
  });

  it('carries only the fields that differ from the defaults', () => {
    const hash = configToHash({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 });
    expect(hash).toBe('strikes=3');
    expect(parseConfigHash(hash).config).toEqual({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 });
  });

  it('falls back field by field with a notice for malformed values', () => {
    const r = parseConfigHash('#strikes=-1&obs=1e3&mode=evil&tools=%5B1%2C2%5D');
    expect(r.config).toEqual(DEFAULT_CONFIG);
    expect(r.notice).toMatch(/URL/);
    expect(r.notice).toMatch(/max_repeated_batch_steps/);
    expect(r.notice).toMatch(/max_observation_steps/);
    expect(r.notice).toMatch(/mode/);
    expect(r.notice).toMatch(/observation tool pattern/);
  });

  it('keeps the good fields when one is bad', () => {
    const r = parseConfigHash('strikes=4&tools=not-json');
    expect(r.config.maxRepeatedBatchSteps).toBe(4);
    expect(r.config.observationTools).toEqual(DEFAULT_OBSERVATION_TOOLS);
    expect(r.notice).toMatch(/tools is not a JSON list/);
  });

  it('rejects out-of-range observation steps (the reference clamps to 1..100)', () => {
    expect(parseConfigHash('obs=0').notice).not.toBeNull();
    expect(parseConfigHash('obs=101').notice).not.toBeNull();
    expect(parseConfigHash('obs=100').config.maxObservationSteps).toBe(100);
    expect(parseConfigHash('obs=none').config.maxObservationSteps).toBeNull();
  });

  it('survives hostile input', () => {
    for (const hash of [
      '#__proto__=1',
      '#constructor[prototype]=x',
      '#tools=%7B%22__proto__%22%3A1%7D',
      '#%E0%A4%A',
      '#' + 'x'.repeat(200_000),
    ]) {
      const r = parseConfigHash(hash);
      expect(r.config.mode === 'proxy' || r.config.mode === 'agent').toBe(true);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(parseConfigHash('#' + 'x'.repeat(200_000)).notice).toMatch(/too long/);
  });
});

describe('config in localStorage and files', () => {
  it('round-trips through JSON', () => {
    expect(parseStoredConfig(configToJson(custom))).toEqual({ config: custom, notice: null });
  });

  it('uses the defaults silently when nothing is stored', () => {
    expect(parseStoredConfig(null)).toEqual({ config: DEFAULT_CONFIG, notice: null });
  });

  it('uses the defaults with a notice for malformed JSON or a non-object', () => {
    for (const text of ['{', 'null', '[1]', '"x"', '42']) {
      const r = parseStoredConfig(text);
      expect(r.config).toEqual(DEFAULT_CONFIG);
      expect(r.notice).not.toBeNull();
    }
  });

  it('rejects wrong types and sizes without touching prototypes', () => {
    const tools = JSON.stringify(Array.from({ length: 600 }, () => 'x'));
    const r = parseStoredConfig(
      `{"mode":"proxy","maxRepeatedBatchSteps":2.5,"maxObservationSteps":"15","observationTools":${tools},"__proto__":{"polluted":true}}`,
    );
    expect(r.config.maxRepeatedBatchSteps).toBe(2);
    expect(r.config.observationTools).toEqual(DEFAULT_OBSERVATION_TOOLS);
    expect(r.notice).toMatch(/at most 500/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('accepts an empty pattern list (the reference: Some([]) disables classification)', () => {
    const r = parseConfigValue({ observationTools: [] }, 'a file');
    expect(r).toEqual({ config: { ...DEFAULT_CONFIG, observationTools: [] }, notice: null });
  });

  it('writes the config shape of docs/report.md §3.2', () => {
    expect(JSON.parse(configToJson(DEFAULT_CONFIG))).toEqual({
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
      observationTools: [...DEFAULT_OBSERVATION_TOOLS],
      guardMode: 'note',
    });
  });
});

describe('splitPatternList', () => {
  it('splits on commas and newlines, trims and drops empties', () => {
    expect(splitPatternList(' read_file, list_dir\n\r\nsnapshot ,,\n')).toEqual([
      'read_file',
      'list_dir',
      'snapshot',
    ]);
    expect(splitPatternList('  ')).toEqual([]);
  });
});
