// --guard-mode and the "where it applies" line in the CLI's summary.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import type { Report } from '../../../src/detector/report';
import { CALM, MUTATING_LOOP } from './fixtures';
import { runInMemory } from './memoryIo';

/** The two transcripts, alone and in the folder `dir`. */
const FILES = {
  'loop.json': MUTATING_LOOP,
  'calm.json': CALM,
  'dir/loop.json': MUTATING_LOOP,
  'dir/calm.json': CALM,
};
const cli = (argv: string[]) => runInMemory(argv, FILES);

describe('--guard-mode', () => {
  it('takes off, note or refuse, and nothing else', () => {
    for (const m of ['off', 'note', 'refuse']) {
      const r = parseArgs(['--guard-mode', m, 'f.json'], []);
      expect(r.ok && r.value.guardMode).toBe(m);
    }
    const bad = parseArgs(['--guard-mode=warn', 'f.json'], []);
    expect(!bad.ok && bad.error).toBe('--guard-mode must be off, note or refuse, not "warn"');
  });

  it('sets firstRefusal.action; the exit status says the guard fired, whatever the mode', async () => {
    for (const mode of ['off', 'note', 'refuse'] as const) {
      const r = await cli(['--json', '--guard-mode', mode, 'loop.json']);
      expect(r.status).toBe(1);
      expect((JSON.parse(r.stdout) as Report).firstRefusal?.action).toBe(mode);
    }
    expect((await cli(['--guard-mode', 'off', 'calm.json'])).status).toBe(0);
  });

  it('the summary says what gglib does in that mode', async () => {
    expect((await cli(['loop.json'])).stdout).toMatch(
      /gglib: {4}in note mode the proxy forwards the request with a note appended to the last message/,
    );
    expect((await cli(['--guard-mode', 'refuse', 'loop.json'])).stdout).toMatch(
      /in refuse mode the proxy refuses the request with HTTP 400 \(type loop_detected/,
    );
    expect((await cli(['--guard-mode', 'off', 'loop.json'])).stdout).toMatch(
      /in off mode the proxy forwards the request untouched/,
    );
  });
});

describe('where a changed threshold applies, in the summary', () => {
  it('in proxy mode, a changed threshold gets its line; the defaults and agent mode none', async () => {
    const changed = await cli(['--obs', '7', 'loop.json']);
    expect(changed.stdout).toMatch(
      /applies: {2}gglib's proxy cannot be given max_observation_steps as replayed here/,
    );
    expect((await cli(['loop.json'])).stdout).not.toMatch(/applies:/);
    expect((await cli(['--mode', 'agent', '--obs', '7', 'loop.json'])).stdout).not.toMatch(
      /applies:/,
    );
  });

  it('the corpus table carries it under its config line', async () => {
    const r = await cli(['--strikes', '3', 'dir']);
    expect(r.stdout).toMatch(
      /\nconfig: proxy mode, strikes 3, .*loop_guard_mode note\napplies: gglib's proxy cannot be given max_repeated_batch_steps/,
    );
  });
});
