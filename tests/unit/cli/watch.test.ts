// --watch: in-process with a file that grows between polls, and the built command following a
// real file that a test appends to, as an agent would.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type BatchReport } from '../../../src/detector/index';
import { warningKey, watchFile, type WatchIo } from '../../../src/cli/watch';
import { importTranscript } from '../../../src/import/index';
import { run as replay } from '../import/helpers';
import { cliSuite } from './command';

const ROOT = join(__dirname, '..', '..', '..');
const session = readFileSync(
  join(ROOT, 'tests', 'fixtures', 'claude-code', 'loop-write-file.jsonl'),
);
const lines = session
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => `${l}\n`);

/** A file whose content is the next entry of `versions` at each poll, then stops. */
function fakeIo(versions: readonly (string | null)[]) {
  let poll = 0;
  const out: string[] = [];
  const err: string[] = [];
  /** What was printed before stopping, while the file was at rest; and said on stderr. */
  const atRest: string[] = [];
  const saidAtRest: string[] = [];
  const version = () => versions[Math.min(poll, versions.length - 1)] ?? null;
  const bytes = () => new TextEncoder().encode(version() ?? '');
  const io: WatchIo = {
    size: () => (version() === null ? null : bytes().length),
    read: (_p, from, to) => bytes().slice(from, to),
    wait: async () => {
      poll++;
      if (poll !== versions.length) return;
      atRest.push(...out);
      saidAtRest.push(...err);
    },
    stopped: () => poll >= versions.length,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  };
  return { io, out, err, atRest, saidAtRest };
}

const grown = (n: number) => lines.slice(0, n).join('');
/** The agent's next reply starting: what settles the batch before it. */
const nextReply = `${JSON.stringify({
  type: 'assistant',
  uuid: 'u10',
  parentUuid: 'u9',
  message: { id: 'msg_03', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
})}\n`;

describe('watchFile', () => {
  it('prints each refusal once, as the file grows, and exits 1', async () => {
    const versions = [grown(2), grown(5), grown(8), grown(lines.length)];
    const { io, out, err } = fakeIo(versions);
    expect(await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, false)).toBe(1);
    expect(out).toEqual([expect.stringMatching(/^s\.jsonl: batch 2 \(message \d+\) refused: /)]);
    expect(err[0]).toBe('loopscope: watching s.jsonl (Ctrl-C to stop)\n');
  });

  it('--json: one object per new batch, the whole file in the end', async () => {
    const { io, out } = fakeIo([grown(3), grown(7), grown(lines.length)]);
    await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, true);
    const batches = out.map((l) => JSON.parse(l) as BatchReport).filter((b) => !('warning' in b));
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
    expect(batches.map((b) => b.refused)).toEqual([false, false, true]);
  });

  it('at rest, before it is stopped, shows every batch of the whole file', async () => {
    // The session ends on the refused batch's result: no later reply settles it.
    const all = grown(lines.length);
    const { io, atRest } = fakeIo([grown(3), all, all, all]);
    await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, true);
    const imported = importTranscript(all);
    if (!imported.ok) throw new Error(imported.error.message);
    const expected = JSON.parse(JSON.stringify(replay(imported.value).batches)) as BatchReport[];
    expect(expected.length).toBeGreaterThan(2);
    const shown = atRest.map((l) => JSON.parse(l) as BatchReport).filter((b) => !('warning' in b));
    expect(shown).toEqual(expected);
  });

  it('once the file rests, says what its census finds unread, before it is stopped', async () => {
    // A call in a shape the session's reader does not know, which only the census sees. The
    // format is forced, so the whole import says so too rather than read the file by shape.
    const odd = `${JSON.stringify({
      type: 'system',
      data: { functionCall: { name: 'run_shell', args: { command: 'ls' } } },
    })}\n`;
    const base = grown(lines.length);
    const all = base + odd;
    const forced = { format: 'claude-code' } as const;
    const unread = (said: readonly string[]) => said.filter((e) => /were not read/.test(e));
    // The first read is held to its census (it has no odd call); growth is not, until it rests.
    const brief = fakeIo([base, all, all, all]);
    await watchFile('s.jsonl', brief.io, DEFAULT_CONFIG, forced, false);
    expect(unread(brief.saidAtRest)).toEqual([]);
    const { io, saidAtRest, err } = fakeIo([base, ...Array<string>(6).fill(all)]);
    await watchFile('s.jsonl', io, DEFAULT_CONFIG, forced, false);
    expect(unread(saidAtRest)).toEqual([
      expect.stringMatching(/^loopscope: s\.jsonl: 1 of the \d+ tool calls in the file were not/),
    ]);
    // Said once: stopping does not say it again.
    expect(unread(err)).toHaveLength(1);
  });

  it('says what the import warns of as it happens, and that the file is gone', async () => {
    const bad = `${grown(4)}this is not JSON\n`;
    const { io, out, err } = fakeIo([
      grown(3),
      bad,
      ...Array<string>(5).fill(`${bad}{"type":"user","mess`),
      null,
    ]);
    await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, true);
    const said = err.filter((e) => !e.includes('watching'));
    expect(said.some((e) => /^loopscope: s\.jsonl: Line 5 is not valid JSON/.test(e))).toBe(true);
    expect(said.some((e) => /last line is cut short \(\d+ characters/.test(e))).toBe(true);
    expect(said.some((e) => /file is gone/.test(e))).toBe(true);
    const warnings = out.map((l) => JSON.parse(l) as { warning?: string }).filter((o) => o.warning);
    expect(warnings).toHaveLength(said.length);
  });

  it('a file cut in the middle of a line and of a multi-byte character reads the same', async () => {
    const text = `${grown(lines.length - 1)}{"note":"é"}\n${lines[lines.length - 1] as string}`;
    const enc = new TextEncoder().encode(text);
    const cut = text.indexOf('é');
    const byteCut = new TextEncoder().encode(text.slice(0, cut)).length + 1;
    const dec = new TextDecoder();
    const versions = [dec.decode(enc.slice(0, byteCut - 20)), text];
    const { io, out } = fakeIo(versions);
    expect(await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, true)).toBe(1);
    const batches = out.map((l) => JSON.parse(l) as BatchReport).filter((b) => !('warning' in b));
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
  });

  it('a truncated file starts over and says so', async () => {
    const all = grown(lines.length) + nextReply;
    const { io, out, err } = fakeIo([all, grown(2), all]);
    expect(await watchFile('s.jsonl', io, DEFAULT_CONFIG, {}, false)).toBe(1);
    expect(err.some((e) => /shrank .*starting over/.test(e))).toBe(true);
    // Shown once before the file was cut, and once again after it grew back.
    expect(out).toHaveLength(2);
  });
});

describe('warningKey', () => {
  it('says a warning grown by a count once, and one about another line again', () => {
    const merged = (n: number) => `Merged ${n} assistant line${n === 1 ? '' : 's'} into the reply.`;
    expect(warningKey(merged(1))).toBe(warningKey(merged(12)));
    expect(warningKey('Line 5 is not valid JSON.')).not.toBe(
      warningKey('Line 9 is not valid JSON.'),
    );
  });
});

describe('loopscope --watch, built, on a file being written', () => {
  const suite = cliSuite('loopscope-watch-');

  it('prints the refusal while the file grows, and exits 1 when interrupted', async () => {
    const file = join(suite.dir, 'session.jsonl');
    writeFileSync(file, grown(3));
    const child = spawn(process.execPath, [suite.cli, '--watch', file], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    /** Resolves once `test` holds of what was printed (the suite's timeout is the bound). */
    const until = (test: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (test() ? resolve() : setTimeout(check, 20));
        check();
      });
    await until(() => stderr.includes('watching'));
    // The refused batch shows as soon as its result is written, with nothing after it.
    for (const l of lines.slice(3)) appendFileSync(file, l);
    await until(() => /batch 2 .*refused/.test(stdout));
    expect(stdout.trim().split('\n')).toHaveLength(1);
    child.kill('SIGINT');
    expect(await exited).toBe(1);
  }, 30_000);
});
