import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainCalls } from '../../../src/detector/index';
import { printJson } from '../../../src/json/index';
import { importTranscript } from '../../../src/import/index';
import type { FormatId } from '../../../src/import/index';
import { load, run } from './helpers';

// The same loop, three identical `write_file` batches answered "ok", written in every
// format. Each must map to the same calls and, replayed, to the same signatures and the
// same refusal at the third batch.
const LOOPS: [FormatId, string][] = [
  ['openai-chat', 'openai-chat/loop-write-file.json'],
  ['openai-responses', 'openai-responses/loop-write-file.json'],
  ['anthropic', 'anthropic/loop-write-file.json'],
  ['gemini', 'gemini/loop-write-file.json'],
  ['claude-code', 'claude-code/loop-write-file.jsonl'],
  ['codex', 'codex/loop-write-file.jsonl'],
  ['gemini-cli', 'gemini-cli/loop-write-file.jsonl'],
  ['otel', 'otel/loop-write-file.json'],
  ['langfuse', 'langfuse/loop-write-file.json'],
  ['langsmith', 'langsmith/loop-write-file.json'],
  ['inspect', 'inspect/loop-write-file.json'],
  ['langchain', 'langchain/loop-write-file.json'],
  ['openhands', 'openhands/loop-write-file.json'],
  ['swe-agent', 'swe-agent/loop-write-file.traj'],
  ['har', 'har/loop-write-file.har'],
  ['copilot-cli', 'copilot-cli/loop-write-file.jsonl'],
];

const baseline = run(load('openai-chat/loop-write-file.json'));

describe('the same loop in every format', () => {
  it('the baseline refuses the 3rd identical batch', () => {
    expect(baseline.batches.map((b) => b.refused)).toEqual([false, false, true]);
    expect(baseline.firstRefusal?.batchIndex).toBe(2);
  });

  it.each(LOOPS)('%s is detected and maps to the same calls', (format, path) => {
    const imp = load(path);
    expect(imp.format).toBe(format);
    const calls = imp.messages.flatMap((m) => domainCalls(m.tool_calls));
    expect(calls.map((c) => c.name)).toEqual(['write_file', 'write_file', 'write_file']);
    expect(calls.map((c) => c.id)).toEqual(['call_1', 'call_2', 'call_3']);
    for (const c of calls)
      expect(printJson(c.arguments)).toBe('{"content":"hello","path":"out.txt"}');
    // Each result sits in the contiguous window right after its call.
    for (const id of ['call_1', 'call_2', 'call_3']) {
      const at = imp.messages.findIndex((m) => domainCalls(m.tool_calls).some((c) => c.id === id));
      expect(imp.messages[at + 1]?.role).toBe('tool');
      expect(imp.messages[at + 1]?.tool_call_id).toBe(id);
    }
  });

  it.each(LOOPS)('%s replays to the same signatures and refusal', (_format, path) => {
    const report = run(load(path));
    expect(report.batches.map((b) => b.signature)).toEqual(
      baseline.batches.map((b) => b.signature),
    );
    expect(report.batches.map((b) => b.refused)).toEqual([false, false, true]);
    expect(report.batches.map((b) => b.count)).toEqual(baseline.batches.map((b) => b.count));
    expect(report.firstRefusal?.batchIndex).toBe(2);
    expect(report.firstRefusal?.signature).toBe(baseline.firstRefusal?.signature);
  });
});

describe('public/samples/formats', () => {
  it.each([
    'openai-chat.json',
    'anthropic.json',
    'claude-code.jsonl',
    'openai-responses.json',
    'codex-rollout.jsonl',
    'gemini.json',
    'gemini-cli.jsonl',
    'otel.json',
    'inspect.json',
  ])('%s refuses the 3rd batch', (file) => {
    const r = importTranscript(
      readFileSync(join(__dirname, '..', '..', '..', 'public', 'samples', 'formats', file)),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const report = run(r.value);
    expect(report.batches.map((b) => b.refused)).toEqual([false, false, true]);
  });
});
