import { describe, expect, it } from 'vitest';
import { parseArgs, type CliOptions } from '../../../src/cli/args';
import { parseConfigFile, resolveConfig, type ConfigOverrides } from '../../../src/cli/configFile';
import { DEFAULT_CONFIG, DEFAULT_OBSERVATION_TOOLS } from '../../../src/detector/config';

function overrides(text: string): ConfigOverrides {
  const r = parseConfigFile(text);
  if (!r.ok) throw new Error(`expected success, got: ${r.error.message}`);
  return r.value.config;
}

function failure(text: string) {
  const r = parseConfigFile(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

function flags(argv: string[]): CliOptions {
  const r = parseArgs([...argv, 'f.json'], []);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('parseConfigFile', () => {
  it('reads the config the UI exports', () => {
    expect(
      overrides(
        JSON.stringify({
          mode: 'agent',
          maxRepeatedBatchSteps: 4,
          maxObservationSteps: null,
          observationTools: ['read', ''],
        }),
      ),
    ).toEqual({
      mode: 'agent',
      maxRepeatedBatchSteps: 4,
      maxObservationSteps: null,
      observationTools: ['read', ''],
    });
  });

  it('keeps missing keys out, so the defaults apply', () => {
    expect(overrides('{"maxObservationSteps": 20}')).toEqual({ maxObservationSteps: 20 });
  });

  it('ignores unknown keys', () => {
    expect(overrides('{"mode":"proxy","theme":"dark"}')).toEqual({ mode: 'proxy' });
  });

  it("reads an exported report's config", () => {
    expect(overrides('{"schemaVersion":1,"config":{"maxRepeatedBatchSteps":7}}')).toEqual({
      maxRepeatedBatchSteps: 7,
    });
  });

  it('accepts an integer written as 3.0 but no fraction, negative or string', () => {
    expect(overrides('{"maxRepeatedBatchSteps": 3.0}').maxRepeatedBatchSteps).toBe(3);
    expect(failure('{"maxRepeatedBatchSteps": 2.5}').message).toBe(
      '"maxRepeatedBatchSteps" must be a whole number of 0 or more, not 2.5',
    );
    expect(failure('{"maxRepeatedBatchSteps": -1}').message).toMatch(/not -1$/);
    expect(failure('{"maxObservationSteps": "15"}').message).toBe(
      '"maxObservationSteps" must be a whole number of 0 or more, or null (unset), not "15"',
    );
  });

  it('names the field that is wrong', () => {
    expect(failure('{"mode":"refuse"}').message).toBe(
      '"mode" must be "proxy" or "agent", not "refuse"',
    );
    expect(failure('{"observationTools":"read"}').message).toBe(
      '"observationTools" must be an array of strings, not "read"',
    );
    expect(failure('{"observationTools":["a",3]}').message).toBe(
      '"observationTools"[1] must be a string, not 3',
    );
  });

  it('rejects a config that is not an object', () => {
    expect(failure('[1,2]').message).toBe('a config must be a JSON object');
    expect(failure('null').message).toBe('a config must be a JSON object');
  });

  it('gives line and column for invalid JSON', () => {
    const e = failure('{\n  "mode": "proxy",\n  oops\n}');
    expect(e.line).toBe(3);
    expect(e.column).toBe(3);
    expect(e.message).toMatch(/^invalid JSON: /);
  });
});

describe('resolveConfig', () => {
  it('uses the defaults when nothing is given', () => {
    expect(resolveConfig({}, flags([]))).toEqual({
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
      observationTools: DEFAULT_OBSERVATION_TOOLS,
    });
    expect(resolveConfig({}, flags([]))).toEqual(DEFAULT_CONFIG);
  });

  it('lets the file override the defaults and the flags override the file', () => {
    const file: ConfigOverrides = {
      mode: 'agent',
      maxRepeatedBatchSteps: 5,
      maxObservationSteps: 30,
      observationTools: ['x'],
    };
    expect(resolveConfig(file, flags([]))).toEqual(file);
    expect(
      resolveConfig(file, flags(['--mode', 'proxy', '--strikes', '1', '--patterns', 'a,b'])),
    ).toEqual({
      mode: 'proxy',
      maxRepeatedBatchSteps: 1,
      maxObservationSteps: 30,
      observationTools: ['a', 'b'],
    });
  });

  it('keeps null apart from absent for the observation threshold', () => {
    expect(resolveConfig({ maxObservationSteps: null }, flags([])).maxObservationSteps).toBeNull();
    expect(
      resolveConfig({ maxObservationSteps: null }, flags(['--obs', '4'])).maxObservationSteps,
    ).toBe(4);
    expect(
      resolveConfig({ maxObservationSteps: 9 }, flags(['--obs', 'none'])).maxObservationSteps,
    ).toBeNull();
  });
});
