import { describe, expect, it } from 'vitest';
import { parseArgs, parseCount, parsePatterns, type CliOptions } from '../../../src/cli/args';

const FORMATS = ['openai-chat', 'anthropic', 'har'];

function parsed(argv: string[]): CliOptions {
  const r = parseArgs(argv, FORMATS);
  if (!r.ok) throw new Error(`expected success, got: ${r.error}`);
  return r.value;
}

function failure(argv: string[]): string {
  const r = parseArgs(argv, FORMATS);
  if (r.ok) throw new Error('expected a usage error');
  return r.error;
}

describe('parseArgs', () => {
  it('takes one file and leaves everything else to the defaults', () => {
    expect(parsed(['t.json'])).toEqual({
      help: false,
      version: false,
      json: false,
      format: 'auto',
      mode: undefined,
      strikes: undefined,
      obs: undefined,
      patterns: undefined,
      configFile: undefined,
      input: 't.json',
      inputs: ['t.json'],
      exportReferenceSettings: false,
      clineResults: undefined,
      watch: false,
      jobs: undefined,
      jsonLines: false,
      merge: false,
      noTiming: false,
      strict: false,
      notes: false,
    });
  });

  it('--strict and --notes are switches', () => {
    expect(parsed(['--strict', 'a', 'b']).strict).toBe(true);
    expect(parsed(['--notes', 'a']).notes).toBe(true);
  });

  it('--jobs takes a count of 1 or more; --json-lines, --merge and --no-timing are switches', () => {
    expect(parsed(['--jobs', '3', 'a', 'b']).jobs).toBe(3);
    expect(parsed(['--jobs=1', 'a']).jobs).toBe(1);
    for (const bad of ['0', 'two', '-1', '']) {
      const r = parseArgs(['--jobs', bad, 'a'], ['openai-chat']);
      expect(r.ok ? null : r.error).toMatch(/^--jobs must be a whole number of 1 or more/);
    }
    const p = parsed(['--json-lines', '--merge', '--no-timing', '-']);
    expect([p.jsonLines, p.merge, p.noTiming]).toEqual([true, true, true]);
    const w = parseArgs(['--watch', '--json-lines', 's.jsonl'], ['openai-chat']);
    expect(w.ok ? null : w.error).toMatch(/--watch cannot be used with --json-lines/);
  });

  it('--watch follows one file, not standard input or several', () => {
    expect(parsed(['--watch', 's.jsonl']).watch).toBe(true);
    for (const argv of [
      ['--watch', '-'],
      ['--watch', 'a.jsonl', 'b.jsonl'],
    ]) {
      const r = parseArgs(argv, ['openai-chat']);
      expect(r.ok ? null : r.error).toBe('--watch follows one file (not standard input)');
    }
  });

  it('reads - as standard input', () => {
    expect(parsed(['-']).input).toBe('-');
    expect(parsed(['--json', '-']).input).toBe('-');
  });

  it('reads every option, in both --flag value and --flag=value forms', () => {
    const o = parsed([
      '--json',
      '--format',
      'anthropic',
      '--mode=agent',
      '--strikes',
      '4',
      '--obs=9',
      '--patterns',
      'read, snapshot ,',
      '--config',
      'c.json',
      'in.json',
    ]);
    expect(o).toMatchObject({
      json: true,
      format: 'anthropic',
      mode: 'agent',
      strikes: 4,
      obs: 9,
      patterns: ['read', 'snapshot'],
      configFile: 'c.json',
      input: 'in.json',
    });
  });

  it('reads --obs none as unset and --patterns "" as the empty list', () => {
    const o = parsed(['--obs', 'none', '--patterns', '', 'f']);
    expect(o.obs).toBeNull();
    expect(o.patterns).toEqual([]);
  });

  it('accepts 0 strikes (refuses every batch, as the reference does)', () => {
    expect(parsed(['--strikes', '0', 'f']).strikes).toBe(0);
  });

  it('lets later flags override earlier ones', () => {
    expect(parsed(['--mode', 'agent', '--mode', 'proxy', 'f']).mode).toBe('proxy');
  });

  it('treats everything after -- as the file', () => {
    expect(parsed(['--', '--json']).input).toBe('--json');
  });

  it('needs no file for --help or --version', () => {
    expect(parsed(['--help']).help).toBe(true);
    expect(parsed(['-h']).help).toBe(true);
    expect(parsed(['--version']).version).toBe(true);
    expect(parsed(['-v']).version).toBe(true);
  });

  it('rejects unknown options, naming them', () => {
    expect(failure(['--frobnicate', 'f'])).toBe('unknown option --frobnicate');
    expect(failure(['-x', 'f'])).toBe('unknown option -x');
  });

  it('rejects a missing file, and standard input twice', () => {
    expect(failure([])).toMatch(/missing the transcript file/);
    expect(failure(['-', 'a.json', '-'])).toMatch(/standard input \(-\) can be read only once/);
  });

  it('takes several files, in order, for a corpus run', () => {
    const o = parsed(['a.json', '--json', 'b.jsonl', '-']);
    expect(o.inputs).toEqual(['a.json', 'b.jsonl', '-']);
    expect(o.input).toBe('a.json');
  });

  it('--export-reference-settings needs no file', () => {
    const o = parsed(['--export-reference-settings', '--strikes', '4']);
    expect(o.exportReferenceSettings).toBe(true);
    expect(o.strikes).toBe(4);
    expect(o.inputs).toEqual([]);
  });

  it('rejects a flag without its value', () => {
    expect(failure(['f', '--strikes'])).toBe('--strikes needs a value');
  });

  it('rejects a value on a flag that takes none', () => {
    expect(failure(['--json=yes', 'f'])).toBe('--json takes no value');
  });

  it('rejects bad numbers and modes', () => {
    expect(failure(['--strikes', '-1', 'f'])).toMatch(/--strikes must be a whole number/);
    expect(failure(['--strikes', '2.5', 'f'])).toMatch(/--strikes/);
    expect(failure(['--obs', 'never', 'f'])).toMatch(/--obs must be .* or none/);
    expect(failure(['--mode', 'Proxy', 'f'])).toMatch(/--mode must be proxy or agent/);
  });

  it('rejects an unknown format and lists the supported ones', () => {
    expect(failure(['--format', 'yaml', 'f'])).toBe(
      'unknown format "yaml" for --format; supported: auto, openai-chat, anthropic, har',
    );
    expect(parsed(['--format', 'auto', 'f']).format).toBe('auto');
  });
});

describe('parseCount', () => {
  it('accepts plain non-negative integers only', () => {
    expect(parseCount('0')).toBe(0);
    expect(parseCount('15')).toBe(15);
    expect(parseCount('')).toBeNull();
    expect(parseCount('1e3')).toBeNull();
    expect(parseCount(' 3')).toBeNull();
    expect(parseCount('99999999999999999999')).toBeNull();
  });
});

describe('parsePatterns', () => {
  it('splits on commas, trims, and drops empty entries', () => {
    expect(parsePatterns('')).toEqual([]);
    expect(parsePatterns(',')).toEqual([]);
    expect(parsePatterns('read_file')).toEqual(['read_file']);
    expect(parsePatterns(' a ,b,, c')).toEqual(['a', 'b', 'c']);
  });
});
