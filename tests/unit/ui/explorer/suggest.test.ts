import { describe, expect, it } from 'vitest';
import { DEFAULT_OBSERVATION_TOOLS } from '../../../../src/detector/config';
import {
  camelCaseMiss,
  patternRefusal,
  suggestionSentence,
  suggestPattern,
} from '../../../../src/ui/explorer/suggest';
import { explorePatterns } from '../../../../src/ui/explorer/explore';
import { batch, report } from '../table/fixtures';

const defaults = DEFAULT_OBSERVATION_TOOLS;

describe('the shortest pattern that makes a tool read-only', () => {
  it('takes the shortest whole word that catches no other mutating name', () => {
    const names = ['readFile', 'write_file', 'thread_create'];
    // "read" would catch thread_create, "file" write_file: the whole camelCase name is left.
    expect(suggestPattern('readFile', names, []).pattern).toBe('readfile');
    expect(suggestPattern('readFile', ['readFile', 'write_file'], []).pattern).toBe('read');
  });

  it('keeps the separators of a run of words, and says what else it catches', () => {
    const names = ['deploy_status', 'deploy_app', 'get_status', 'status'];
    const s = suggestPattern('deploy_status', names, ['get_status']);
    // "deploy" would turn deploy_app read-only and "status" the mutating `status`.
    expect(s.pattern).toBe('deploy_status');
    expect(s).toEqual({ pattern: 'deploy_status', alsoNew: [], alsoAlready: [] });
    const t = suggestPattern('poll_job', ['poll_job', 'poll_jobs_fast', 'run'], ['fast']);
    expect(t).toEqual({ pattern: 'poll', alsoNew: [], alsoAlready: ['poll_jobs_fast'] });
    expect(suggestionSentence('poll_job', t)).toBe(
      'Added “poll”: “poll_job” is read-only now. It also matches, already read-only: poll_jobs_fast.',
    );
  });

  it('falls back to the whole name when it is inside another mutating name', () => {
    const s = suggestPattern('exec', ['exec', 'exec_shell'], []);
    expect(s).toEqual({ pattern: 'exec', alsoNew: ['exec_shell'], alsoAlready: [] });
    expect(suggestionSentence('exec', s)).toContain('It also makes read-only: exec_shell.');
  });
});

describe('refusing a pattern', () => {
  it('refuses a duplicate in any case, and an empty one', () => {
    expect(patternRefusal('read_file', defaults)).toMatch(/^“read_file” is already pattern \d+;/);
    expect(patternRefusal('READ_FILE', ['x', 'read_file'])).toBe(
      '“READ_FILE” is already pattern 2 as “read_file”; not added twice.',
    );
    expect(patternRefusal('  ', defaults)).toMatch(/empty pattern/);
    expect(patternRefusal('brand_new', defaults)).toBeNull();
  });
});

describe('camelCase names', () => {
  it('flags names that only their snake_case spelling would make read-only', () => {
    expect(camelCaseMiss('readFile', defaults)).toEqual({
      snake: 'read_file',
      catches: 'read_file',
    });
    expect(camelCaseMiss('ListDirectory', defaults)).toEqual({
      snake: 'list_directory',
      catches: 'list_dir',
    });
    expect(camelCaseMiss('read_file', defaults)).toBeNull();
    expect(camelCaseMiss('writeFile', defaults)).toBeNull();
    expect(camelCaseMiss('readFile', [])).toBeNull();
  });

  it('carries the pattern that would catch them in the explorer', () => {
    const r = report([
      batch(0, { names: ['readFile'] }),
      batch(1, { names: ['ListDirectory'] }),
      batch(2, { names: ['write_file'] }),
    ]);
    const x = explorePatterns(r, { observationTools: defaults });
    const trap = (n: string) =>
      x.tools.find((t) => t.name === n)?.traps.find((t) => t.kind === 'camel-case-miss');
    expect(trap('readFile')?.message).toContain('“read” would catch it');
    expect(trap('ListDirectory')?.message).toContain('“list_dir” misses it');
    expect(trap('write_file')).toBeUndefined();
  });
});
