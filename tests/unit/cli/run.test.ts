// run() in-process with a fake filesystem and streams: the error lines, the exit statuses and
// the merge of config file and flags, without spawning the built command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFailure, oneLine, readFailure, run, type CliIo } from '../../../src/cli/run';
import { FORMATS } from '../../../src/import/index';
import { BAD_JSON, CALM, MUTATING_LOOP } from './fixtures';
import { memoryIo } from './memoryIo';

describe('run', () => {
  it('returns 1 for a refusal and 0 without one', async () => {
    const { io } = memoryIo({ 'loop.json': MUTATING_LOOP, 'calm.json': CALM });
    expect(await run(['loop.json'], io)).toBe(1);
    expect(await run(['calm.json'], io)).toBe(0);
  });

  it('colours the summary only for a terminal without NO_COLOR', async () => {
    const tty = memoryIo({ 'loop.json': MUTATING_LOOP });
    expect(await run(['loop.json'], { ...tty.io, stdoutIsTTY: true })).toBe(1);
    expect(tty.out.join('')).toContain('\u001b[');
    const noColor = memoryIo({ 'loop.json': MUTATING_LOOP });
    await run(['loop.json'], { ...noColor.io, stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(noColor.out.join('')).not.toContain('\u001b[');
  });

  it('passes a forced --format to the importer', async () => {
    const { io, errs } = memoryIo({ 'loop.json': MUTATING_LOOP });
    expect(await run(['--format', 'openai-chat', 'loop.json'], io)).toBe(1);
    expect(errs).toEqual([]);
  });

  it('prints the version it is given', async () => {
    const { io, out } = memoryIo({});
    expect(await run(['--version'], io)).toBe(0);
    expect(out.join('')).toBe('loopscope 9.9.9\n');
  });

  it('reads stdin for -', async () => {
    const { io, out } = memoryIo({}, MUTATING_LOOP);
    expect(await run(['--json', '-'], io)).toBe(1);
    expect(JSON.parse(out.join('')).firstRefusal.batchIndex).toBe(2);
  });

  it('turns every failure into one stderr line and status 2', async () => {
    const cases: [string[], string][] = [
      [['bad.json'], 'loopscope: bad.json:3:5: '],
      [['missing.json'], 'loopscope: missing.json: no such file'],
      [['--config', 'bad.json', 'loop.json'], 'loopscope: bad.json:3:5: invalid JSON: '],
      [['--nope'], 'loopscope: unknown option --nope (see loopscope --help)'],
    ];
    for (const [argv, start] of cases) {
      const { io, out, errs } = memoryIo({ 'bad.json': BAD_JSON, 'loop.json': MUTATING_LOOP });
      expect(await run(argv, io)).toBe(2);
      expect(out).toEqual([]);
      expect(errs).toHaveLength(1);
      expect(errs[0]?.startsWith(start)).toBe(true);
      expect(errs[0]?.endsWith('\n')).toBe(true);
      expect(errs[0]?.trimEnd()).not.toContain('\n');
    }
  });

  it("names Aider's chat history in its one line, with status 2", async () => {
    const history = readFileSync(
      join(__dirname, '..', '..', 'fixtures', 'aider', 'aider.chat.history.md'),
      'utf8',
    );
    const { io, out, errs } = memoryIo({ '.aider.chat.history.md': history });
    expect(await run(['.aider.chat.history.md'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(errs).toEqual([
      "loopscope: .aider.chat.history.md: The input is Aider's markdown chat history (.aider.chat.history.md): a chat log with no structured tool calls, so there is nothing for the loop detector to replay.\n",
    ]);
  });

  it('reports a bug as an internal error line, not a stack', async () => {
    const { io, errs } = memoryIo({});
    const broken: CliIo = {
      ...io,
      readFile: () => {
        throw new Error('disk on fire\n    at somewhere (x.js:1:1)');
      },
    };
    expect(await run(['--config', 'c.json', 'x.json'], broken)).toBe(2);
    expect(errs).toEqual(['loopscope: c.json: cannot be read\n']);
    const exploding: CliIo = {
      ...io,
      readStdin: () => Promise.resolve(new TextEncoder().encode(MUTATING_LOOP)),
      stdout: () => {
        throw new Error('stdout is\ngone');
      },
    };
    expect(await run(['-'], exploding)).toBe(2);
    expect(errs.at(-1)).toBe('loopscope: internal error: stdout is gone\n');
  });
});

describe('error lines', () => {
  it('oneLine folds newlines and the spaces around them', () => {
    expect(oneLine('a\n  b\r\nc ')).toBe('a b c');
  });

  it('readFailure names the file and says why in words', () => {
    expect(readFailure('f', { code: 'ENOENT' })).toBe('f: no such file');
    expect(readFailure('f', { code: 'EISDIR' })).toBe('f: is a directory, not a file');
    expect(readFailure('f', { code: 'EACCES' })).toBe('f: permission denied');
    expect(readFailure('f', { code: 'EIO' })).toBe('f: cannot be read (EIO)');
    expect(readFailure('f', 'weird')).toBe('f: cannot be read');
  });

  it('importFailure puts a syntax error position first, once', () => {
    expect(
      importFailure('t.json', {
        kind: 'syntax',
        message: 'Invalid JSON at line 3, column 5: expected a JSON value.',
        line: 3,
        column: 5,
        offset: 20,
        lineText: '    oops',
        caret: 4,
      }),
    ).toBe('t.json:3:5: Invalid JSON: expected a JSON value.');
  });

  it('importFailure lists the ids --format takes for an unknown format', () => {
    const line = importFailure('t.json', {
      kind: 'unknown-format',
      message: 'The input is not a transcript format Loopscope knows.',
      supported: FORMATS,
      seen: 'an object',
    });
    expect(line).toMatch(
      /^t\.json: The input is not a transcript format Loopscope knows\. Ids for --format: /,
    );
    for (const f of FORMATS) expect(line).toContain(f.id);
  });
});
