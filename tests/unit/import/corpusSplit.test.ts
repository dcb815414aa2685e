import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusParts, splitConversations } from '../../../src/import/corpus';
import { importTranscript } from '../../../src/import/index';
import { body, CALM_MESSAGES, LOOP_MESSAGES } from '../corpusFixtures';

const SAMPLES = join(__dirname, '..', '..', '..', 'public', 'samples');
const bytes = (s: string) => new TextEncoder().encode(s);

describe('splitConversations', () => {
  it('splits a JSONL with a {"messages": [...]} per line', () => {
    const text = [
      JSON.stringify({ messages: LOOP_MESSAGES }),
      '',
      JSON.stringify({ messages: CALM_MESSAGES }),
    ].join('\r\n');
    const split = splitConversations(text);
    expect(split?.map((c) => c.line)).toEqual([1, 3]);
    expect(split?.[0]?.text).toBe(JSON.stringify({ messages: LOOP_MESSAGES }));
  });

  it('splits a JSONL with a bare message array per line', () => {
    const text = `${JSON.stringify(LOOP_MESSAGES)}\n${JSON.stringify(CALM_MESSAGES)}\n`;
    expect(splitConversations(text)?.length).toBe(2);
  });

  it('keeps a broken line after the first, so it becomes its own error', () => {
    const text = `${JSON.stringify({ messages: LOOP_MESSAGES })}\n{"messages": [oops\n`;
    const split = splitConversations(text);
    expect(split?.map((c) => c.line)).toEqual([1, 2]);
    expect(importTranscript(split?.[1]?.text ?? '').ok).toBe(false);
  });

  it('reads lines that are snapshots of one growing history as one transcript', () => {
    // A rollout logged at every step, two environments interleaved: each line holds its
    // environment's history so far.
    const a = LOOP_MESSAGES;
    const b = CALM_MESSAGES;
    const snap = (env: number, m: readonly unknown[], n: number) =>
      JSON.stringify({ env_index: env, step: n, messages: m.slice(0, n) });
    const text = [snap(0, a, 3), snap(1, b, 3), snap(0, a, 5), snap(1, b, 4)].join('\n');
    expect(splitConversations(text)).toBeNull();
    expect(corpusParts(bytes(text), 'rollout.jsonl').map((p) => p.line)).toEqual([null]);
    // Conversations that share their opening and then part are two, each on its line.
    const parted = [
      JSON.stringify({ messages: [...a.slice(0, 2), { role: 'assistant', content: 'one' }] }),
      JSON.stringify({ messages: [...a.slice(0, 2), { role: 'assistant', content: 'two' }, a[3]] }),
    ].join('\n');
    expect(splitConversations(parted)?.length).toBe(2);
  });

  it('leaves one document, one line, and JSONL transcripts alone', () => {
    expect(splitConversations(body(LOOP_MESSAGES))).toBeNull();
    expect(splitConversations(JSON.stringify({ messages: LOOP_MESSAGES }))).toBeNull();
    // One message per line is one conversation, not many.
    const perMessage = LOOP_MESSAGES.map((m) => JSON.stringify(m)).join('\n');
    expect(splitConversations(perMessage)).toBeNull();
    expect(splitConversations('not json\n{"messages":[{}]}')).toBeNull();
    expect(splitConversations('')).toBeNull();
  });

  it('never splits the per-format samples (Claude Code, Codex, Gemini CLI JSONL …)', () => {
    const dir = join(SAMPLES, 'formats');
    const files = readdirSync(dir).filter((f) => /\.(json|jsonl)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      expect(splitConversations(readFileSync(join(dir, f), 'utf8')), f).toBeNull();
    }
  });
});

describe('corpusParts', () => {
  it('names each conversation file:line and hands over its text', () => {
    const text = `${JSON.stringify({ messages: LOOP_MESSAGES })}\n${JSON.stringify({ messages: CALM_MESSAGES })}\n`;
    const parts = corpusParts(bytes(text), 'set.jsonl');
    expect(parts.map((p) => [p.name, p.line])).toEqual([
      ['set.jsonl:1', 1],
      ['set.jsonl:2', 2],
    ]);
    for (const p of parts) expect(importTranscript(p.input).ok).toBe(true);
  });

  it('keeps an ordinary file whole, as the text it was decoded to, not to decode it again', () => {
    const text = body(LOOP_MESSAGES);
    const parts = corpusParts(bytes(text), 'loop.json');
    expect(parts).toEqual([
      { name: 'loop.json', line: null, input: { kind: 'text', text, warnings: [] } },
    ]);
    expect(importTranscript(parts[0]!.input).ok).toBe(true);
  });

  it('keeps a JSON Lines transcript whole: its first line is no conversation', () => {
    const text = [
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }),
      JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: 'hello' } }),
    ].join('\n');
    expect(corpusParts(bytes(text), 's.jsonl').map((p) => p.line)).toEqual([null]);
  });

  it('keeps a binary or empty file whole, so the importer names the problem', () => {
    expect(corpusParts(new Uint8Array([0, 1, 2]), 'x.bin')).toHaveLength(1);
    expect(corpusParts(new Uint8Array(), 'empty.json')).toHaveLength(1);
  });
});
