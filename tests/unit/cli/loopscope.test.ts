// Runs the BUILT command (dist/cli/loopscope.mjs) as a child process, the way a user or a CI
// job would, on small files in a temp dir.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/detector/report';
import { runCli, type CliResult } from './command';
import { BAD_JSON, CALM, MUTATING_LOOP, SYSTEM_BETWEEN, THREE_READS } from './fixtures';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'loopscope.mjs');
let dir = '';

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  dir = mkdtempSync(join(tmpdir(), 'loopscope-cli-'));
  const files: Record<string, string> = {
    'loop.json': MUTATING_LOOP,
    'calm.json': CALM,
    'system.json': SYSTEM_BETWEEN,
    'reads.json': THREE_READS,
    'bad.json': BAD_JSON,
    'unknown.json': '{"hello": "world", "items": [1, 2, 3]}',
    'lenient.json': JSON.stringify({ maxRepeatedBatchSteps: 5, theme: 'dark' }),
    'agent.json': JSON.stringify({
      mode: 'agent',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
      observationTools: ['snapshot'],
    }),
    'badconfig.json': '{\n  "mode": "proxy",\n  "maxRepeatedBatchSteps": "two"\n}',
    'brokenconfig.json': '{"mode": }',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The built command, with the colour switches of the environment cleared. */
function loopscope(args: string[], input?: string): CliResult {
  return runCli(CLI, dir, args, input, { NO_COLOR: undefined, FORCE_COLOR: undefined });
}

function json(args: string[]): { status: number | null; report: Report } {
  const r = loopscope(['--json', ...args]);
  expect(r.stderr).toBe('');
  return { status: r.status, report: JSON.parse(r.stdout) as Report };
}

/** A usage or input error: status 2, nothing on stdout, exactly one line on stderr, no stack. */
function expectOneLineError(r: CliResult): string {
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter((l) => l.length > 0);
  expect(lines).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(lines[0]).toMatch(/^loopscope: /);
  return lines[0] ?? '';
}

describe('loopscope --json', () => {
  it('prints the report: source, config, batches, first refusal, ledger, timing', () => {
    const { status, report } = json(['loop.json']);
    expect(status).toBe(1);
    expect(report.schemaVersion).toBe(1);
    expect(report.source).toEqual({
      format: 'openai-chat',
      messages: 7,
      warnings: [],
      notes: [],
      referenceScan: 'scanned',
      census: { toolCalls: 3, byDialect: { 'openai-chat': 3 }, unread: [] },
    });
    expect(report.config).toMatchObject({
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
    });
    expect(report.config.observationTools).toHaveLength(26);
    expect(report.batches.map((b) => [b.index, b.messageIndex, b.count, b.refused])).toEqual([
      [0, 1, 1, false],
      [1, 3, 2, false],
      [2, 5, 3, true],
    ]);
    expect(report.batches[2]).toMatchObject({
      reason: 'strikes',
      threshold: 2,
      outcome: 'answer-repeated',
    });
    expect(report.firstRefusal).toMatchObject({
      batchIndex: 2,
      messageIndex: 5,
      reason: 'strikes',
    });
    expect(report.firstRefusal?.note).toContain('[gglib loop guard]');
    expect(report.ledger).toEqual({
      identicalResultRepeats: 2,
      repeatsNotEvaluated: 0,
      repeatsRescued: 0,
    });
    expect(typeof report.timing.importMs).toBe('number');
    expect(typeof report.timing.replayMs).toBe('number');
  });

  it('exits 0 when nothing is refused', () => {
    const { status, report } = json(['calm.json']);
    expect(status).toBe(0);
    expect(report.firstRefusal).toBeNull();
    expect(report.batches).toHaveLength(3);
  });
});

describe('loopscope summary', () => {
  it('names the file, the format, the first refusal in a sentence, and the counts', () => {
    const r = loopscope(['loop.json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('loop.json');
    expect(r.stdout).toMatch(/format: +.*openai-chat/);
    expect(r.stdout).toMatch(/messages: 7/);
    expect(r.stdout).toMatch(/batches: +3/);
    expect(r.stdout).toContain(
      'refused: 3rd identical `write_file` batch with the same answer; strike threshold 2',
    );
    expect(r.stdout).toContain('at batch 2 (message 5)');
    expect(r.stdout).toContain('counts: 3 batches, 1 refusal, 0 rescued');
    expect(r.stdout).toContain('ledger: 2 identical-result repeats');
  });

  it('has no colour when stdout is not a terminal', () => {
    expect(loopscope(['loop.json']).stdout).not.toContain('\u001b[');
  });

  it('says when nothing is refused', () => {
    const r = loopscope(['calm.json']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('no refusal');
  });

  it('reads standard input for -', () => {
    const r = loopscope(['-'], MUTATING_LOOP);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('<stdin>');
    expect(r.stdout).toContain('at batch 2 (message 5)');
  });

  it('prints help and version', () => {
    const help = loopscope(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: loopscope \[options\] <file \| folder \| ->/);
    for (const flag of [
      '--json',
      '--format',
      '--mode',
      '--strikes',
      '--obs',
      '--patterns',
      '--config',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const version = loopscope(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^loopscope \d+\.\d+\.\d+\n$/);
  });
});

describe('loopscope options', () => {
  it('--mode agent: a system message does not break a run, as it does in proxy mode', () => {
    const proxy = json(['system.json']);
    expect(proxy.status).toBe(0);
    expect(proxy.report.batches[2]).toMatchObject({
      count: 1,
      breakBefore: 'system',
      refused: false,
    });
    const agent = json(['--mode', 'agent', 'system.json']);
    expect(agent.status).toBe(1);
    expect(agent.report.config.mode).toBe('agent');
    expect(agent.report.batches[2]).toMatchObject({ count: 3, refused: true });
  });

  it('--strikes moves the strike threshold', () => {
    expect(json(['--strikes', '3', 'loop.json']).status).toBe(0);
    const one = json(['--strikes', '1', 'loop.json']);
    expect(one.status).toBe(1);
    expect(one.report.firstRefusal?.batchIndex).toBe(1);
    expect(one.report.config.maxRepeatedBatchSteps).toBe(1);
  });

  it('--obs none removes the observation tier', () => {
    expect(json(['reads.json']).status).toBe(0);
    const none = json(['--obs', 'none', 'reads.json']);
    expect(none.status).toBe(1);
    expect(none.report.config.maxObservationSteps).toBeNull();
    expect(none.report.batches[2]).toMatchObject({
      observation: true,
      threshold: 2,
      refused: true,
    });
  });

  it('--patterns replaces the observation patterns ("" = none)', () => {
    const empty = json(['--patterns', '', 'reads.json']);
    expect(empty.status).toBe(1);
    expect(empty.report.config.observationTools).toEqual([]);
    expect(empty.report.batches[2]).toMatchObject({ observation: false, refused: true });
    const mine = json(['--patterns', 'read_file', 'reads.json']);
    expect(mine.status).toBe(0);
    expect(mine.report.config.observationTools).toEqual(['read_file']);
  });

  it('--config applies a UI-exported config, and flags override it', () => {
    const lenient = loopscope(['--json', '--config', 'lenient.json', 'loop.json']);
    expect(lenient.status).toBe(0);
    expect(lenient.stderr).toBe(
      'loopscope: lenient.json: ignored a key no setting answers to: "theme"\n',
    );
    expect((JSON.parse(lenient.stdout) as Report).config.maxRepeatedBatchSteps).toBe(5);
    expect(loopscope(['--config', 'lenient.json', '--strikes', '2', 'loop.json']).status).toBe(1);
    const agent = json(['--config', 'agent.json', 'system.json']);
    expect(agent.status).toBe(1);
    expect(agent.report.config).toMatchObject({ mode: 'agent', observationTools: ['snapshot'] });
    expect(json(['--config', 'agent.json', '--mode', 'proxy', 'system.json']).status).toBe(0);
  });
});

describe('loopscope errors: one line on stderr, status 2, no stack', () => {
  it('invalid JSON names the file and line:column', () => {
    const line = expectOneLineError(loopscope(['bad.json']));
    expect(line).toMatch(/^loopscope: bad\.json:3:5: /);
  });

  it('invalid JSON on stdin names <stdin>', () => {
    const line = expectOneLineError(loopscope(['-'], BAD_JSON));
    expect(line).toMatch(/^loopscope: <stdin>:3:5: /);
  });

  it('a missing file', () => {
    expect(expectOneLineError(loopscope(['nope.json']))).toBe('loopscope: nope.json: no such file');
  });

  it('an unknown flag', () => {
    expect(expectOneLineError(loopscope(['--bogus', 'loop.json']))).toContain(
      'unknown option --bogus',
    );
  });

  it('no file at all', () => {
    expect(expectOneLineError(loopscope([]))).toContain('missing the transcript file');
  });

  it('an unknown --format', () => {
    const line = expectOneLineError(loopscope(['--format', 'yaml', 'loop.json']));
    expect(line).toContain('unknown format "yaml"');
    expect(line).toContain('openai-chat');
  });

  it('a transcript in no known format', () => {
    const line = expectOneLineError(loopscope(['unknown.json']));
    expect(line).toMatch(/^loopscope: unknown\.json: /);
    expect(line).toContain('openai-chat');
  });

  it('a config file with a wrong field, or broken JSON', () => {
    expect(expectOneLineError(loopscope(['--config', 'badconfig.json', 'loop.json']))).toBe(
      'loopscope: badconfig.json: "maxRepeatedBatchSteps" must be a whole number of 0 or more, not "two"',
    );
    expect(expectOneLineError(loopscope(['--config', 'brokenconfig.json', 'loop.json']))).toMatch(
      /^loopscope: brokenconfig\.json:1:10: invalid JSON: /,
    );
    expect(expectOneLineError(loopscope(['--config', 'missing.json', 'loop.json']))).toBe(
      'loopscope: missing.json: no such file',
    );
  });
});
