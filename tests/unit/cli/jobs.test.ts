// A corpus run on several threads, streamed, and merged from pieces: each must print what one
// thread over all the files prints, byte for byte. Runs a freshly built command, as CI would.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSuite, runCli } from './command';
import { BAD_JSON, CALM, MUTATING_LOOP } from './fixtures';

const ROOT = join(__dirname, '..', '..', '..');
const suite = cliSuite('loopscope-jobs-');
const loopscope = (args: string[], input?: string) => suite.run(args, input);

beforeAll(() => {
  const dir = suite.dir;
  const fixture = (p: string) => readFileSync(join(ROOT, 'tests', 'fixtures', p));
  // Enough files, of unequal sizes, that threads finish out of order.
  mkdirSync(join(dir, 'runs', 'b'), { recursive: true });
  for (let i = 0; i < 24; i++) {
    const text = i % 3 === 0 ? MUTATING_LOOP : CALM;
    writeFileSync(join(dir, 'runs', `${String(i).padStart(2, '0')}.json`), text);
  }
  writeFileSync(
    join(dir, 'runs', 'b', 'session.jsonl'),
    fixture('claude-code/subagents-inline.jsonl'),
  );
  writeFileSync(join(dir, 'runs', 'b', 'bad.json'), BAD_JSON);
  writeFileSync(join(dir, 'runs', 'b', 'notes.json'), '{"hello": "world"}');
});

interface Doc {
  corpus: { file: string; report?: { timing: unknown } }[];
  totals: { transcripts: number };
}

describe('loopscope --jobs', () => {
  it('prints, on two threads, the same bytes as on one, in the same order', () => {
    const one = loopscope(['--json', '--no-timing', '--jobs', '1', 'runs']);
    const two = loopscope(['--json', '--no-timing', '--jobs', '2', 'runs']);
    expect(one.status).toBe(2);
    expect(two.status).toBe(2);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    const doc = JSON.parse(one.stdout) as Doc;
    // The streamed document is laid out as JSON.stringify lays the whole one out.
    expect(one.stdout).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(doc.corpus.map((c) => c.file).slice(0, 3)).toEqual([
      'runs/00.json',
      'runs/01.json',
      'runs/02.json',
    ]);
    expect(doc.totals.transcripts).toBe(24 + 3 + 1);
    expect(one.stderr).toMatch(/skipped 1 file that is not a transcript: runs\/b\/notes\.json/);
    const table1 = loopscope(['--jobs', '1', 'runs']).stdout;
    expect(loopscope(['--jobs', '3', 'runs']).stdout).toBe(table1);
  });

  it('runs its threads from the command itself when no thread bundle sits beside it', () => {
    const alone = join(suite.dir, 'alone');
    mkdirSync(alone, { recursive: true });
    copyFileSync(suite.cli, join(alone, 'loopscope.mjs'));
    const args = ['--json', '--no-timing', '--jobs', '2', 'runs'];
    const two = runCli(join(alone, 'loopscope.mjs'), suite.dir, args);
    expect(two.stdout).toBe(loopscope(['--json', '--no-timing', '--jobs', '1', 'runs']).stdout);
    expect(two.stderr).toBe(loopscope(args).stderr);
  });

  it('--no-timing prints every measured time as 0', () => {
    const doc = JSON.parse(loopscope(['--json', '--no-timing', 'runs/00.json']).stdout) as {
      timing: unknown;
    };
    expect(doc.timing).toEqual({ importMs: 0, replayMs: 0 });
  });
});

describe('loopscope --json-lines and --merge', () => {
  it('streams one object a conversation, then the totals; merging gives the one-run document', () => {
    const whole = loopscope(['--json', '--no-timing', 'runs']);
    const lines = loopscope(['--json-lines', '--no-timing', '--jobs', '2', 'runs']);
    expect(lines.status).toBe(whole.status);
    const objects = lines.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    const doc = JSON.parse(whole.stdout) as Doc;
    expect(objects.slice(0, -1)).toEqual(doc.corpus);
    expect(objects.at(-1)).toEqual({ totals: doc.totals });

    // The files split in two runs, as jobs on two machines would, then merged.
    const files = doc.corpus.map((c) => c.file).filter((f, i, all) => all.indexOf(f) === i);
    const half = Math.floor(files.length / 2);
    const a = loopscope(['--json-lines', '--no-timing', ...files.slice(0, half)]);
    const b = loopscope(['--json-lines', '--no-timing', ...files.slice(half)]);
    writeFileSync(join(suite.dir, 'a.jsonl'), a.stdout);
    const merged = loopscope(['--merge', '--json', 'a.jsonl', '-'], b.stdout);
    const named = loopscope(['--json', '--no-timing', ...files]);
    expect(merged.stdout).toBe(named.stdout);
    expect(merged.status).toBe(named.status);
    expect(loopscope(['--merge', 'a.jsonl', '-'], b.stdout).stdout).toBe(
      loopscope(['--no-timing', ...files]).stdout,
    );
  });

  it('refuses a run cut short, mixed lines or text that is not its output', () => {
    const out = loopscope(['--json-lines', 'runs/00.json', 'runs/01.json']).stdout;
    const cut = out.split('\n').slice(0, 1).join('\n');
    writeFileSync(join(suite.dir, 'cut.jsonl'), cut);
    const r = loopscope(['--merge', 'cut.jsonl']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'loopscope: cut.jsonl: ends with 1 conversations and no totals line: a run did not finish\n',
    );
    const [first = '', , totals = ''] = out.split('\n');
    writeFileSync(join(suite.dir, 'mixed.jsonl'), `${first}\n${totals}\n`);
    expect(loopscope(['--merge', 'mixed.jsonl']).stderr).toMatch(
      /^loopscope: mixed\.jsonl:2: a totals line counting 2 conversations follows 1/,
    );
    writeFileSync(join(suite.dir, 'other.jsonl'), '{"a": 1}\n');
    expect(loopscope(['--merge', 'other.jsonl']).stderr).toBe(
      'loopscope: other.jsonl:1: not a line of loopscope --json-lines\n',
    );
  });
});
