import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_CONFIG, domainCalls, replay } from '../../../src/detector/index';
import { printJson } from '../../../src/json/index';
import type { ChatMessage, Report } from '../../../src/detector/index';
import { importConversations, importTranscript } from '../../../src/import/index';
import type { FormatId, Imported } from '../../../src/import/index';
import type { ImportOptions } from '../../../src/import/types';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures');
export const SAMPLES = join(__dirname, '..', '..', '..', 'public', 'samples');

/** Every transcript file under `dir` (not its README or index). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return filesUnder(p);
    return f === 'README.md' || f === 'index.json' ? [] : [p];
  });
}

/** The bytes of a fixture file. */
export function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, path)));
}

/** A small plain OpenAI chat transcript's messages: a user turn, one call, its answer. */
export function plainChat(answer: string) {
  return [
    { role: 'user', content: 'hi' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'a', type: 'function', function: { name: 'ls', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'a', content: answer },
  ];
}

/** Imports a fixture and fails the test on an error. */
export function load(path: string, format?: FormatId): Imported {
  const r = importTranscript(fixture(path), { name: path, format });
  if (!r.ok) throw new Error(`${path}: ${r.error.kind}: ${r.error.message}`);
  return r.value;
}

/** Every conversation of an input, as a markdown export is read; fails the test on an error. */
export function importAll(
  input: string | Uint8Array,
  opts: ImportOptions = {},
): readonly Imported[] {
  const r = importConversations(input, opts);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Imports text and returns the error (fails when it imports). */
export function loadError(input: string | Uint8Array) {
  const r = importTranscript(input);
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

/** A compact view of the list: one line per message, `role` plus calls `name(id) args` or `→ id`. */
export function outline(messages: readonly ChatMessage[]): string[] {
  return messages.map((m) => {
    const role = typeof m.role === 'string' ? m.role : JSON.stringify(m.role ?? null);
    if (role === 'tool') {
      const content = m.content === undefined ? 'undefined' : printJson(m.content);
      return `tool → ${String(m.tool_call_id)}: ${content}`;
    }
    const calls = domainCalls(m.tool_calls);
    if (calls.length === 0) return role;
    return `${role}: ${calls.map((c) => `${c.name}(${c.id}) ${printJson(c.arguments)}`).join(' | ')}`;
  });
}

/** Replays with the defaults. */
export function run(imp: Imported): Report {
  return replay(imp.messages, DEFAULT_CONFIG, {
    format: imp.format,
    messages: imp.messages.length,
    warnings: imp.warnings,
    referenceScan: imp.referenceScan,
  });
}

/** A notebook of the given cells' outputs. */
export function notebook(...outputs: unknown[][]): string {
  return JSON.stringify({
    cells: outputs.map((o, i) => ({
      cell_type: 'code',
      execution_count: i,
      outputs: o,
      source: [],
    })),
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  });
}
