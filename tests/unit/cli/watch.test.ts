// --watch: in-process with a file that grows between polls, and the built command following a
// real file that a test appends to, as an agent would.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type BatchReport } from '../../../src/detector/index';
import { watchFile, type WatchIo } from '../../../src/cli/watch';
import { buildCli } from './buildCli';

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
function fakeIo(versions: readonly string[]) {
  let poll = 0;
  const out: string[] = [];
  const err: string[] = [];
  const bytes = () => new TextEncoder().encode(versions[Math.min(poll, versions.length - 1)]);
  const io: WatchIo = {
    size: () => bytes().length,
    read: (_p, from, to) => bytes().slice(from, to),
    wait: async () => {
      poll++;
    },
    stopped: () => poll >= versions.length,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  };
  return { io, out, err };
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
    const batches = out.map((l) => JSON.parse(l) as BatchReport);
    expect(batches.map((b) => b.index)).toEqual([0, 1, 2]);
    expect(batches.map((b) => b.refused)).toEqual([false, false, true]);
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
    expect(out.map((l) => (JSON.parse(l) as BatchReport).index)).toEqual([0, 1, 2]);
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

describe('loopscope --watch, built, on a file being written', () => {
  let dir = '';
  let cli = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'loopscope-watch-'));
    cli = await buildCli(dir);
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the refusal while the file grows, and exits 1 when interrupted', async () => {
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, grown(3));
    const child = spawn(process.execPath, [cli, '--watch', file], { stdio: 'pipe' });
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
    for (const l of lines.slice(3)) appendFileSync(file, l);
    // The refused batch shows once the agent's next reply starts after its result.
    appendFileSync(file, nextReply);
    await until(() => /batch 2 .*refused/.test(stdout));
    expect(stdout.trim().split('\n')).toHaveLength(1);
    child.kill('SIGINT');
    expect(await exited).toBe(1);
  }, 30_000);
});
