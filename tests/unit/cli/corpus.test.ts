// Runs a freshly built CLI on several files, the way a CI job would. It builds its own copy
// into a temp dir (not dist/), so it never races another suite's build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/detector/report';
import { cliSuite } from './command';
import { BAD_JSON, CALM, MUTATING_LOOP } from './fixtures';

const ROOT = join(__dirname, '..', '..', '..');
const suite = cliSuite('loopscope-corpus-');
const loopscope = (args: string[]) => suite.run(args);

const conversations = [MUTATING_LOOP, CALM]
  .map((t) => JSON.stringify(JSON.parse(t) as unknown))
  .join('\n');

beforeAll(() => {
  const dir = suite.dir;
  const files: Record<string, string> = {
    'loop.json': MUTATING_LOOP,
    'calm.json': CALM,
    'bad.json': BAD_JSON,
    'set.jsonl': conversations,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  // A folder as agents leave them: sessions in subfolders, and files that are no transcript.
  const fixture = (p: string) => readFileSync(join(ROOT, 'tests', 'fixtures', p));
  mkdirSync(join(dir, 'project', 'old'), { recursive: true });
  writeFileSync(
    join(dir, 'project', 'session.jsonl'),
    fixture('claude-code/subagents-inline.jsonl'),
  );
  writeFileSync(join(dir, 'project', 'old', 'calm.json'), CALM);
  writeFileSync(join(dir, 'project', 'agent-x.meta.json'), '{"agentType":"general-purpose"}');
  writeFileSync(join(dir, 'project', 'notes.json'), '{"hello": "world"}');
  writeFileSync(join(dir, 'project', 'README.md'), '# notes');
  writeFileSync(join(dir, 'cline.json'), fixture('cline/repeated-command.json'));
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'empty', 'notes.json'), '{"hello": "world"}');
});

interface CorpusDoc {
  schemaVersion: number;
  corpus: { file: string; line?: number; conversation?: string; report?: Report; error?: string }[];
  totals: Record<string, number>;
}

describe('loopscope with several files', () => {
  it('prints one row per transcript and the totals; exits 1 when any is refused', () => {
    const r = loopscope(['loop.json', 'calm.json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^file\s+format\s+batches\s+refusals\s+first refusal\s+error$/);
    expect(lines[1]).toMatch(/^loop\.json\s+openai-chat\s+3\s+1\s+batch 2$/);
    expect(lines[2]).toMatch(/^calm\.json\s+openai-chat\s+\d+\s+0\s+-$/);
    expect(r.stdout).toMatch(/totals: 2 transcripts, \d+ batches, 1 refusal in 1 transcript/);
    expect(r.stdout).toMatch(/config: proxy mode, strikes 2, observation 15/);
  });

  it('exits 0 when nothing is refused under the config', () => {
    expect(loopscope(['--strikes', '5', 'loop.json', 'calm.json']).status).toBe(0);
  });

  it('a bad or missing file is a row with its error, the others still run, exit 2', () => {
    const r = loopscope(['loop.json', 'bad.json', 'missing.json', 'calm.json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^bad\.json\s+-\s+-\s+-\s+-\s+3:5: /m);
    expect(r.stdout).toMatch(/^missing\.json\s+-\s+-\s+-\s+-\s+no such file$/m);
    expect(r.stdout).toMatch(/^calm\.json\s+openai-chat/m);
    expect(r.stdout).toMatch(/totals: 4 transcripts \(2 failed\)/);
    const err = r.stderr.trim().split('\n');
    expect(err).toEqual([
      expect.stringMatching(/^loopscope: bad\.json: 3:5: /),
      'loopscope: missing.json: no such file',
    ]);
  });

  it('--json: schemaVersion, one entry per transcript (report or error), totals', () => {
    const r = loopscope(['--json', 'loop.json', 'bad.json', 'calm.json']);
    expect(r.status).toBe(2);
    const doc = JSON.parse(r.stdout) as CorpusDoc;
    expect(doc.schemaVersion).toBe(1);
    expect(doc.corpus.map((c) => c.file)).toEqual(['loop.json', 'bad.json', 'calm.json']);
    expect(doc.corpus[0]?.report?.firstRefusal?.batchIndex).toBe(2);
    expect(doc.corpus[1]?.error).toMatch(/^3:5: /);
    expect(doc.corpus[1]).not.toHaveProperty('report');
    expect(doc.totals).toMatchObject({
      transcripts: 3,
      failed: 1,
      refusals: 1,
      refusedTranscripts: 1,
    });
  });

  it('a JSONL file with a conversation a line expands into rows, even alone', () => {
    const r = loopscope(['set.jsonl']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^set\.jsonl:1\s+openai-chat\s+3\s+1\s+batch 2$/m);
    expect(r.stdout).toMatch(/^set\.jsonl:2\s+openai-chat/m);
    const doc = JSON.parse(loopscope(['--json', 'set.jsonl']).stdout) as CorpusDoc;
    expect(doc.corpus.map((c) => [c.file, c.line])).toEqual([
      ['set.jsonl', 1],
      ['set.jsonl', 2],
    ]);
  });

  it('a file of several conversations prints one row each, named by conversation', () => {
    const r = loopscope(['--json', 'project/session.jsonl']);
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout) as CorpusDoc;
    expect(
      doc.corpus.map((c) => [c.file, c.conversation, c.report?.firstRefusal?.batchIndex]),
    ).toEqual([
      ['project/session.jsonl', 'main chain', undefined],
      ['project/session.jsonl', 'subagent Find flaky test · Find the flaky test in tests/.', 2],
      ['project/session.jsonl', 'subagent Find slow test · Find the slowest test.', undefined],
    ]);
    const table = loopscope(['project/session.jsonl']).stdout;
    expect(table).toMatch(/^project\/session\.jsonl # subagent Find flaky test .*batch 2$/m);
  });

  it('a folder is every transcript under it; other files are skipped and named', () => {
    const r = loopscope(['--json', 'project']);
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout) as CorpusDoc;
    expect(doc.corpus.map((c) => c.file)).toEqual([
      'project/old/calm.json',
      'project/session.jsonl',
      'project/session.jsonl',
      'project/session.jsonl',
    ]);
    expect(doc.totals).toMatchObject({ transcripts: 4, failed: 0, refusedTranscripts: 1 });
    expect(r.stderr).toBe(
      'loopscope: skipped 1 file that is not a transcript: project/notes.json\n',
    );
  });

  it('a folder with no transcript in it fails the run', () => {
    const r = loopscope(['--json', 'empty']);
    expect(r.status).toBe(2);
    const doc = JSON.parse(r.stdout) as CorpusDoc;
    expect(doc.corpus).toEqual([{ file: 'empty', error: 'the folder holds no transcript file' }]);
    expect(r.stderr).toMatch(/skipped 1 file that is not a transcript: empty\/notes\.json/);
  });

  it('--cline-results tool reads Cline text results as tool messages', () => {
    const sent = loopscope(['--json', 'cline.json']);
    expect(sent.status).toBe(0);
    const asSent = JSON.parse(sent.stdout) as Report;
    expect(asSent.source.warnings.join(' ')).toMatch(/can never refuse this session/);
    const tool = loopscope(['--json', '--cline-results', 'tool', 'cline.json']);
    expect(tool.status).toBe(1);
    expect((JSON.parse(tool.stdout) as Report).firstRefusal?.batchIndex).toBe(2);
    expect(loopscope(['--cline-results', 'maybe', 'cline.json']).status).toBe(2);
  });

  it('one ordinary file keeps the single-transcript summary', () => {
    const r = loopscope(['loop.json']);
    expect(r.stdout).toMatch(/^loop\.json\n {2}format: {3}/);
    expect(r.stdout).not.toMatch(/totals:/);
  });

  it('--export-reference-settings prints the reference keys for the resolved config', () => {
    const r = loopscope(['--export-reference-settings', '--strikes', '4', '--obs', 'none']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ max_repeated_batch_steps: 4, max_observation_steps: null });
    expect(Array.isArray(out['observation_tools'])).toBe(true);
    expect((out['_note'] as string[]).join(' ')).toMatch(/AgentConfig/);
  });

  it('documents the corpus mode and the JSON shape in --help', () => {
    const help = loopscope(['--help']).stdout;
    expect(help).toMatch(/\[file…\]/);
    expect(help).toMatch(/"schemaVersion": 1, "corpus"/);
    expect(help).toMatch(/--export-reference-settings/);
  });
});
