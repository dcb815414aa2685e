// Search by what gglib said: a signature, the hash alone, or a pasted note or 400 text.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  error400Body,
  loopError400,
  loopError400Legacy,
  loopNote,
  matchesSignature,
  signatureQuery,
} from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import type { SearchResponse } from '../../../src/worker/search/protocol';
import { MATCH_SIGNATURE } from '../../../src/worker/search/search';

const SIG = 'get_build_status:5e0a1b2c3d4e5f60';

describe('signatureQuery', () => {
  it('takes a signature, several joined, or the hash alone', () => {
    expect(signatureQuery(` ${SIG} `)).toEqual({
      kind: 'signature',
      signature: SIG,
      prefix: false,
    });
    const two = `${SIG}|read_file:0123456789abcdef`;
    expect(signatureQuery(two)).toEqual({ kind: 'signature', signature: two, prefix: false });
    expect(signatureQuery('5E0A1B2C3D4E5F60')).toEqual({ kind: 'hash', hash: '5e0a1b2c3d4e5f60' });
  });

  it('takes the signature out of a note, a 400 message (new and old) and a 400 body', () => {
    for (const text of [
      loopNote(SIG),
      loopError400(SIG),
      loopError400Legacy(SIG),
      error400Body(loopError400(SIG), 'loop_detected'),
    ]) {
      expect(signatureQuery(text)).toEqual({ kind: 'signature', signature: SIG, prefix: false });
    }
  });

  it('matches the start of a signature the note cut to 240 code points', () => {
    const long = Array.from({ length: 20 }, (_, i) => `tool_${i}:5e0a1b2c3d4e5f6${i % 10}`).join(
      '|',
    );
    const q = signatureQuery(loopNote(long));
    expect(q).toMatchObject({ kind: 'signature', prefix: true });
    expect(matchesSignature(long, q!)).toBe(true);
    expect(matchesSignature(`x${long}`, q!)).toBe(false);
  });

  it('is not a signature query for ordinary text', () => {
    for (const text of ['build', 'get_build_status', '5e0a1b2c', 'a:b', '']) {
      expect(signatureQuery(text)).toBeNull();
    }
  });

  it('a hash matches a whole call hash only', () => {
    const q = signatureQuery('5e0a1b2c3d4e5f60')!;
    expect(matchesSignature(SIG, q)).toBe(true);
    expect(matchesSignature(`a:0000000000000000|${SIG}`, q)).toBe(true);
    expect(matchesSignature('get_build_status:5e0a1b2c3d4e5f601', q)).toBe(false);
  });
});

/** Three identical failing polls after one read: batch 3 is the first refusal. */
function transcript(): string {
  const messages: unknown[] = [{ role: 'user', content: 'build it' }];
  const calls = [
    ['read_file', '{"path":"a"}'],
    ['get_build_status', '{}'],
    ['get_build_status', '{}'],
    ['get_build_status', '{}'],
  ];
  calls.forEach(([name, args], i) => {
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${i}`, type: 'function', function: { name, arguments: args } }],
    });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'pending' });
  });
  return JSON.stringify({ messages });
}

describe('the worker’s search by signature', () => {
  it('marks every batch of the signature and goes to its first refusal', async () => {
    const h = createReplayHandler();
    const loaded = await h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 1,
      input: { kind: 'text', text: transcript(), name: 't.json' },
      config: DEFAULT_CONFIG,
    });
    if (loaded.type !== 'loaded') throw new Error(loaded.type);
    const first = loaded.report.head.firstRefusal;
    expect(first?.batchIndex).toBe(3);
    let id = 10;
    const search = async (query: string) =>
      (await h.handle({
        type: 'search',
        requestId: id++,
        dataVersion: 1,
        query,
      })) as SearchResponse;

    const hash = first!.signature.split(':')[1]!;
    for (const q of [first!.signature, hash, first!.note, first!.error400]) {
      const r = await search(q);
      expect(Array.from(r.batches)).toEqual([1, 2, 3]);
      expect(Array.from(r.where)).toEqual([MATCH_SIGNATURE, MATCH_SIGNATURE, MATCH_SIGNATURE]);
      expect(r.goTo).toBe(3);
    }
    // A hash no batch has is searched as text: nothing, and nowhere to go.
    const none = await search('0000000000000000');
    expect(none.batches.length).toBe(0);
    expect(none.goTo).toBeUndefined();
    // Plain text still searches names.
    expect(Array.from((await search('build')).batches)).toEqual([1, 2, 3]);
    expect((await search('build')).goTo).toBeUndefined();
  });
});
