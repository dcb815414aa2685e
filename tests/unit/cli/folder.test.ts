// What a folder holds: the CLI's counts and exit status for a folder of mixed files, with and
// without --strict, and the app's corpus (its folder filter and worker) counting the same
// files the same way.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { pickedFile } from '../../../src/import/folder';
import { createCorpusHandler } from '../../../src/worker/corpus/handle';
import type { CorpusEntry, CorpusResponse } from '../../../src/worker/corpus/protocol';
import { cliSuite } from './command';
import { CALM, MUTATING_LOOP } from './fixtures';

const suite = cliSuite('loopscope-folder-');
const loopscope = (args: string[]) => suite.run(args);

/** A Claude Code session cut inside its first line, its second garbled: a transcript unread. */
const BROKEN_JSONL =
  '{"type":"user","message":{"role":"user","content":"look"\n{"type":"assistant", oops}\n';

beforeAll(() => {
  const dir = suite.dir;
  const files: Record<string, string> = {
    'mixed/loop.json': MUTATING_LOOP,
    'mixed/README.md': '# notes',
    'mixed/notes.json': '{"hello": "world"}',
    'mixed/sub/broken.jsonl': BROKEN_JSONL,
    'mixed/sub/empty.json': '',
    'mixed/sub/agent-x.meta.json': '{"agentType":"general-purpose"}',
    'mixed/.cache/loop.json': MUTATING_LOOP,
    'mixed/.hidden.json': MUTATING_LOOP,
    'clean/calm.json': CALM,
    'clean/README.md': '# notes',
    'clean/notes.json': '{"hello": "world"}',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
});

interface Totals {
  transcripts: number;
  failed: number;
  skipped: number;
  skippedFiles: string[];
}

interface Doc {
  corpus: { file: string; error?: string }[];
  totals: Totals;
}

const json = (args: string[]) => {
  const r = loopscope(['--json', ...args]);
  return { status: r.status, doc: JSON.parse(r.stdout) as Doc, stderr: r.stderr };
};

describe('a folder with files that are no transcript', () => {
  it('counts transcripts, failures and skipped files; a broken transcript fails the run', () => {
    const { status, doc, stderr } = json(['mixed']);
    expect(doc.corpus.map((c) => [c.file, c.error === undefined])).toEqual([
      ['mixed/loop.json', true],
      ['mixed/sub/broken.jsonl', false],
    ]);
    expect(doc.totals).toMatchObject({
      transcripts: 2,
      failed: 1,
      skipped: 2,
      skippedFiles: ['mixed/notes.json', 'mixed/sub/empty.json'],
    });
    expect(status).toBe(2);
    expect(stderr).toMatch(/^loopscope: mixed\/sub\/broken\.jsonl: \d+:\d+: Invalid JSON/m);
    expect(stderr).toMatch(
      /skipped 2 files that are not a transcript: mixed\/notes\.json, mixed\/sub\/empty\.json/,
    );
    expect(json(['--strict', 'mixed']).status).toBe(2);
  });

  it('without --strict, files that are no transcript change no exit status; with it, 2', () => {
    const table = loopscope(['clean']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^totals: 1 transcript, 1 skipped, /m);
    expect(table.stdout).toMatch(/^skipped \(not a transcript\): clean\/notes\.json$/m);
    expect(table.stderr).toBe('');
    expect(loopscope(['--strict', 'clean']).status).toBe(2);
    const { status, doc } = json(['clean']);
    expect(status).toBe(0);
    expect(doc.totals).toMatchObject({ transcripts: 1, failed: 0, skipped: 1 });
    // A refusal still says 1, skipped files or not.
    expect(loopscope(['clean', 'mixed/loop.json']).status).toBe(1);
    expect(loopscope(['--strict', 'clean', 'mixed/loop.json']).status).toBe(2);
  });

  it('a file named on the command line is never skipped: no conversation in it fails', () => {
    const { status, doc } = json(['mixed/notes.json', 'clean/calm.json']);
    expect(status).toBe(2);
    expect(doc.totals).toMatchObject({ transcripts: 2, failed: 1, skipped: 0, skippedFiles: [] });
    expect(doc.corpus[0]?.error).toMatch(/not a transcript format/);
  });

  it('--json-lines carries the skipped files in its totals, and --merge adds them up', () => {
    const a = loopscope(['--json-lines', 'clean']);
    const b = loopscope(['--json-lines', 'mixed']);
    const last = (out: string) =>
      (JSON.parse(out.trim().split('\n').at(-1) ?? '') as { totals: Totals }).totals;
    expect(last(a.stdout)).toMatchObject({ skipped: 1, skippedFiles: ['clean/notes.json'] });
    writeFileSync(join(suite.dir, 'a.lines'), a.stdout);
    writeFileSync(join(suite.dir, 'b.lines'), b.stdout);
    const merged = json(['--merge', 'a.lines', 'b.lines']);
    expect(merged.doc.totals).toMatchObject({
      transcripts: 3,
      failed: 1,
      skipped: 3,
      skippedFiles: ['clean/notes.json', 'mixed/notes.json', 'mixed/sub/empty.json'],
    });
    expect(loopscope(['--merge', 'a.lines']).status).toBe(0);
    expect(loopscope(['--merge', '--strict', 'a.lines']).status).toBe(2);
    // A totals line whose list and count disagree is not a run's output.
    writeFileSync(join(suite.dir, 'c.lines'), a.stdout.replace('"skipped":1', '"skipped":2'));
    expect(loopscope(['--merge', 'c.lines']).stderr).toMatch(/skipped files do not add up/);
  });
});

/** Every file under `root`, hidden ones too, as a browser's folder picker names them. */
function picked(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(suite.dir, root, rel), { withFileTypes: true })) {
    const p = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...picked(root, p));
    else out.push(`${root}/${p}`);
  }
  return out.sort();
}

/** The app's corpus over a picked folder: its filter, then its worker's handler in Node. */
async function appCorpus(root: string) {
  const replies: CorpusResponse[] = [];
  const handler = createCorpusHandler((r) => replies.push(r), {
    yieldNow: () => new Promise<void>((r) => setImmediate(r)),
  });
  const files = picked(root)
    .filter((p) => pickedFile(p).candidate)
    .map((name, i) => ({
      fileId: i + 1,
      name,
      blob: new Blob([readFileSync(join(suite.dir, name))]),
      inFolder: pickedFile(name).inFolder,
    }));
  handler.receive({ type: 'add', requestId: 1, config: DEFAULT_CONFIG, files });
  await handler.idle();
  const rows = replies.flatMap((r): readonly CorpusEntry[] => (r.type === 'rows' ? r.rows : []));
  const skipped = replies.flatMap((r) => (r.type === 'skipped' ? [r.name] : []));
  return { rows, skipped };
}

describe('the app and the CLI read a folder alike', () => {
  for (const root of ['mixed', 'clean']) {
    it(`${root}: the same files, the same transcripts, failures and skipped files`, async () => {
      const app = await appCorpus(root);
      const { doc } = json([root]);
      expect(app.rows.map((r) => r.name).sort()).toEqual(doc.corpus.map((c) => c.file).sort());
      expect(app.skipped.sort()).toEqual([...doc.totals.skippedFiles].sort());
      expect({
        transcripts: app.rows.length,
        failed: app.rows.filter((r) => r.error !== null).length,
        skipped: app.skipped.length,
      }).toEqual({
        transcripts: doc.totals.transcripts,
        failed: doc.totals.failed,
        skipped: doc.totals.skipped,
      });
    });
  }

  it('a file the user chose, with no folder, is never skipped by the app either', () => {
    expect(pickedFile('')).toEqual({ inFolder: false, candidate: true });
    expect(pickedFile('notes.md')).toEqual({ inFolder: false, candidate: true });
    expect(pickedFile('p/.git/x.json').candidate).toBe(false);
    expect(pickedFile('.p/x.json').candidate).toBe(true);
  });
});
