// There and back: every settings file Loopscope writes (the app's config export, the gglib
// reference settings, a report) is read by `--config` and by the app's Import…, and every
// value in it is applied; unknown keys are named; a file with no known key is an error.
import { describe, expect, it } from 'vitest';
import type { DetectorConfig } from '../../../src/detector/config';
import { formatReferenceSettings } from '../../../src/detector/referenceSettings';
import type { Report } from '../../../src/detector/report';
import { configToJson } from '../../../src/state/configCodec';
import { importConfigText } from '../../../src/state/configImport';
import { MUTATING_LOOP } from './fixtures';
import { runInMemory } from './memoryIo';

/** Runs the CLI with `files` and returns status, stdout and stderr. */
async function cli(argv: string[], files: Record<string, string> = {}) {
  return runInMemory(argv, { 'loop.json': MUTATING_LOOP, ...files });
}

/** Every setting away from its default. */
const CHANGED: DetectorConfig = {
  mode: 'agent',
  maxRepeatedBatchSteps: 4,
  maxObservationSteps: 7,
  observationTools: ['read_file', 'get_build_status'],
  maxStagnationSteps: 9,
  guardMode: 'refuse',
  maxIterations: 30,
  maxParallelTools: 10,
};

/** What a proxy-mode report's config shows of CHANGED: the agent path's limits are not in it. */
const { maxIterations: _it, maxParallelTools: _par, ...CHANGED_PROXY } = CHANGED;

const FLAGS = [
  '--mode',
  'agent',
  '--strikes',
  '4',
  '--obs',
  '7',
  '--patterns',
  'read_file,get_build_status',
  '--guard-mode',
  'refuse',
  '--max-iterations',
  '30',
  '--max-parallel-tools',
  '10',
];

async function replayedConfig(file: string, text: string): Promise<Report['config']> {
  const r = await cli(['--json', '--config', file, 'loop.json'], { [file]: text });
  expect(r.stderr).toBe('');
  return (JSON.parse(r.stdout) as Report).config;
}

describe('the CLI reads back what it writes', () => {
  it('--export-reference-settings, then --config: every value replays', async () => {
    const exported = await cli(['--export-reference-settings', ...FLAGS]);
    expect(exported.status).toBe(0);
    const config = await replayedConfig('gglib-loop-settings.json', exported.stdout);
    // The reference settings carry no replay mode: gglib has none; the rest all arrive.
    expect(config).toEqual({ ...CHANGED_PROXY, mode: 'proxy', maxStagnationSteps: 5 });
  });

  it('the reference settings with a stagnation limit: it replays too', async () => {
    const config = await replayedConfig('g.json', formatReferenceSettings(CHANGED));
    expect(config).toEqual({ ...CHANGED_PROXY, mode: 'proxy' });
  });

  it('the issue’s case: --obs 7 exported is 7 replayed, not 15', async () => {
    const exported = await cli(['--export-reference-settings', '--obs', '7']);
    expect((await replayedConfig('s.json', exported.stdout)).maxObservationSteps).toBe(7);
  });

  it('the app’s config export, then --config: every value replays', async () => {
    const config = await replayedConfig('loopscope-config.json', configToJson(CHANGED));
    expect(config).toEqual(CHANGED);
  });

  it('an exported report, then --config: its config replays', async () => {
    const first = await cli(['--json', ...FLAGS, 'loop.json']);
    const config = await replayedConfig('report.json', first.stdout);
    expect(config).toEqual({ ...CHANGED, maxStagnationSteps: 5 });
  });

  it('names unknown keys in a warning and still applies the known ones', async () => {
    const r = await cli(['--json', '--config', 'c.json', 'loop.json'], {
      'c.json': JSON.stringify({ max_observation_steps: 7, max_obs: 3, colour: 'red' }),
    });
    expect(r.stderr).toBe(
      'loopscope: c.json: ignored 2 keys no setting answers to: "max_obs", "colour"\n',
    );
    expect((JSON.parse(r.stdout) as Report).config.maxObservationSteps).toBe(7);
  });

  it('a file with no known key is an error: exit 2, one line', async () => {
    for (const text of ['{"foo": 1}', '{}', '{"_note": ["x"]}']) {
      const r = await cli(['--config', 'c.json', 'loop.json'], { 'c.json': text });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(r.stderr).toMatch(/^loopscope: c\.json: no setting Loopscope knows in this file/);
    }
  });

  it('reads gglib’s older proxy_loop_detection switch as the mode', async () => {
    const off = await replayedConfig('c.json', '{"proxy_loop_detection": false}');
    expect(off.guardMode).toBe('off');
  });
});

describe('the app’s Import… reads back what the app and the CLI write', () => {
  it('the app’s config export: every value', () => {
    expect(importConfigText(configToJson(CHANGED), 'a.json')).toEqual({
      config: CHANGED,
      notice: null,
    });
  });

  it('the reference settings: every value', async () => {
    const exported = await cli(['--export-reference-settings', ...FLAGS]);
    const r = importConfigText(exported.stdout, 'gglib-loop-settings.json');
    expect(r.notice).toBeNull();
    const { maxStagnationSteps: _unset, ...fromFlags } = CHANGED;
    expect(r.config).toEqual({ ...fromFlags, mode: 'proxy' });
    // The stagnation limit has no flag; the app's own reference export carries it.
    expect(importConfigText(formatReferenceSettings(CHANGED), 'g.json').config).toEqual({
      ...CHANGED,
      mode: 'proxy',
    });
  });

  it('a file with no known key: a notice, and no config to apply', () => {
    const r = importConfigText('{"foo": 1}', 'x.json');
    expect(r.config).toBeNull();
    expect(r.notice).toMatch(/^Could not import x\.json: no setting Loopscope knows/);
    expect(r.notice).toMatch(/The settings are unchanged\.$/);
  });

  it('unknown keys beside known ones: applied, and named', () => {
    const r = importConfigText('{"max_observation_steps": 7, "foo": 1}', 'x.json');
    expect(r.config?.maxObservationSteps).toBe(7);
    expect(r.notice).toBe('Imported x.json, but ignored a key no setting answers to: "foo".');
  });

  it('a value out of the panel’s range leaves the settings alone', () => {
    const r = importConfigText('{"max_observation_steps": 0}', 'x.json');
    expect(r.config).toBeNull();
    expect(r.notice).toMatch(/max_observation_steps must be a whole number from 1 to 100/);
  });
});
