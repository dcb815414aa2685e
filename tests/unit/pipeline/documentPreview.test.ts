import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Report } from '../../../src/detector/index';
import { ChatPrefix } from '../../../src/import/chatPrefix';
import { importTranscript } from '../../../src/import/index';
import { DocumentPreviewer } from '../../../src/pipeline/documentPreview';
import { FIXTURES, run, SAMPLES } from '../import/helpers';

/** The request bodies and messages arrays among the samples and fixtures. */
const documents = [
  ...['ab-cycle', 'build-poll-ceiling', 'mutating-loop', 'observation-loop', 'quiet-poll'].map(
    (n) => join(SAMPLES, `${n}.json`),
  ),
  join(FIXTURES, 'openai-chat', 'loop-write-file.json'),
  join(FIXTURES, 'anthropic', 'loop-write-file.json'),
].map((f) => readFileSync(f, 'utf8'));

function whole(text: string): Report {
  const r = importTranscript(text);
  if (!r.ok) throw new Error(r.error.message);
  return run(r.value);
}

describe('a JSON document previewed while it is read', () => {
  it('shows only batches the whole document has, each as it has it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...documents.keys()),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (k, cuts) => {
          const text = documents[k] as string;
          const final = whole(text);
          const previewer = new DocumentPreviewer(DEFAULT_CONFIG, {});
          let shown = 0;
          for (const c of cuts.sort((a, b) => a - b)) {
            const p = previewer.preview(text.slice(0, Math.floor(c * text.length)));
            if (p === null) continue;
            expect(p.report.batches.length).toBeGreaterThanOrEqual(shown);
            shown = p.report.batches.length;
            expect(p.report.batches).toEqual(final.batches.slice(0, shown));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('shows the batches before the text ends, and not one whose answers may still come', () => {
    const text = documents[0] as string;
    const final = whole(text);
    const previewer = new DocumentPreviewer(DEFAULT_CONFIG, {});
    const p = previewer.preview(text.slice(0, Math.floor(text.length * 0.6)));
    expect(p).not.toBe(null);
    const n = p?.report.batches.length ?? 0;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(final.batches.length);
    // Nothing new read, nothing new shown.
    expect(previewer.preview(text.slice(0, Math.floor(text.length * 0.6)))).toBe(null);
  });

  it('holds back a batch whose answers may still come', () => {
    const call = (id: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: 'ls', arguments: '{}' } }],
    });
    const answer = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'x' });
    const messages = [{ role: 'user', content: 'go' }, call('a'), answer('a'), call('b')];
    const body = JSON.stringify({ model: 'm', messages });
    // Cut before the body closes: the second call's answer could be the next message.
    const open = body.slice(0, body.length - 2);
    const p = new DocumentPreviewer(DEFAULT_CONFIG, {}).preview(open);
    expect(p?.report.batches).toHaveLength(1);
    expect(p?.report.source.messages).toBe(3);
    // Its answer read, the batch still waits: a second answer may follow.
    const more = JSON.stringify({ model: 'm', messages: [...messages, answer('b')] });
    const q = new DocumentPreviewer(DEFAULT_CONFIG, {}).preview(more.slice(0, more.length - 2));
    expect(q?.report.batches).toHaveLength(1);
    // A user turn after it settles it.
    const done = JSON.stringify({
      model: 'm',
      messages: [...messages, answer('b'), { role: 'user', content: 'ok' }],
    });
    const r = new DocumentPreviewer(DEFAULT_CONFIG, {}).preview(done.slice(0, done.length - 2));
    expect(r?.report.batches).toHaveLength(2);
  });

  it('closes a body cut after its last complete message', () => {
    const body =
      '{"model":"m","messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"ro';
    const cut = new ChatPrefix().closed(body);
    expect(cut?.messages).toBe(2);
    expect(JSON.parse(cut?.text ?? '')).toEqual({
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
      ],
    });
    expect(new ChatPrefix().closed('[{"role":"user","content":"a"}, {"rol')?.text).toBe(
      '[{"role":"user","content":"a"}]',
    );
  });

  it('says nothing of what is not a request body, or not read far enough', () => {
    const prefix = new ChatPrefix();
    expect(prefix.closed('{"model":"m","mess')).toBe(null);
    expect(prefix.closed('{"model":"m","messages":[{"role":"user","content":"a"}')?.messages).toBe(
      1,
    );
    expect(new ChatPrefix().closed('{"contents":[{"role":"user"}]}')).toBe(null);
    expect(new ChatPrefix().closed('"just a string"')).toBe(null);
  });
});
