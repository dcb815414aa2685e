// mitmproxy's saved flows read as the HAR capture they hold.
import { describe, expect, test } from 'vitest';
import { gzipSync, strToU8 } from 'fflate';
import { joinBytes } from '../../../src/import/bytes';
import { importConversations } from '../../../src/import/index';
import { isFolderCandidate } from '../../../src/import/folder';
import { isMitmDump } from '../../../src/import/mitmDump';
import { isNote } from '../../../src/import/notes';
import { readInput } from '../../../src/worker/readInput';
import { outline } from './helpers';

/** A value as a tnetstring, as mitmproxy's `tnetstring.dumps` writes it (test data only). */
function tnet(v: unknown): Uint8Array {
  const wrap = (data: Uint8Array, mark: string): Uint8Array =>
    joinBytes([strToU8(`${data.length}:`), data, strToU8(mark)]);
  if (v === null) return strToU8('0:~');
  if (typeof v === 'boolean') return wrap(strToU8(String(v)), '!');
  if (typeof v === 'number') return wrap(strToU8(String(v)), Number.isInteger(v) ? '#' : '^');
  if (v instanceof Uint8Array) return wrap(v, ',');
  if (typeof v === 'string') return wrap(strToU8(v), ';');
  if (Array.isArray(v)) return wrap(joinBytes(v.map(tnet)), ']');
  const parts: Uint8Array[] = [];
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) parts.push(tnet(k), tnet(x));
  return wrap(joinBytes(parts), '}');
}

const b = (s: string): Uint8Array => strToU8(s);

/** One HTTP flow's state, as mitmproxy's `HTTPFlow.get_state()` keeps it. */
function flow(body: unknown, reply: unknown, gzip = false): Record<string, unknown> {
  const answer = strToU8(JSON.stringify(reply));
  return {
    version: 21,
    type: 'http',
    id: 'f',
    request: {
      host: 'api.openai.com',
      port: 443,
      method: b('POST'),
      scheme: b('https'),
      authority: b(''),
      path: b('/v1/chat/completions'),
      http_version: b('HTTP/1.1'),
      headers: [
        [b('Content-Type'), b('application/json')],
        [b('Authorization'), b('Bearer sk-test')],
      ],
      content: strToU8(JSON.stringify(body)),
      trailers: null,
      timestamp_start: 1756042057.66,
    },
    response: {
      http_version: b('HTTP/1.1'),
      status_code: 200,
      reason: b('OK'),
      headers: [
        [b('Content-Type'), b('application/json')],
        ...(gzip ? [[b('Content-Encoding'), b('gzip')]] : []),
      ],
      content: gzip ? gzipSync(answer) : answer,
      trailers: null,
    },
    websocket: null,
    error: null,
    marked: '',
    is_replay: null,
  };
}

const call = {
  id: 'call_7',
  type: 'function',
  function: { name: 'get_time', arguments: '{"city":"Tokyo"}' },
};
const ask = { role: 'user', content: 'Time in Tokyo?' };

describe('a mitmproxy dump', () => {
  const dump = joinBytes([
    tnet(
      flow(
        { model: 'm', messages: [ask] },
        { choices: [{ message: { role: 'assistant', content: null, tool_calls: [call] } }] },
      ),
    ),
    // A TCP flow has no request: no HTTP exchange.
    tnet({ version: 21, type: 'tcp', id: 't', messages: [] }),
    tnet(
      flow(
        {
          model: 'm',
          messages: [
            ask,
            { role: 'assistant', content: null, tool_calls: [call] },
            { role: 'tool', tool_call_id: 'call_7', content: '09:12' },
          ],
        },
        { choices: [{ message: { role: 'assistant', content: 'It is 09:12.' } }] },
        true,
      ),
    ),
  ]);

  test('is told by its first bytes, and text that only opens with digits is not', () => {
    expect(isMitmDump(dump)).toBe(true);
    expect(isMitmDump(b('12:30 stand-up, then 14:00 review'))).toBe(false);
    expect(isMitmDump(b('{"log":{"entries":[]}}'))).toBe(false);
    expect(isFolderCandidate('captures/claude.mitm')).toBe(true);
  });

  test('reads its HTTP flows, a gzip-compressed answer too, as the HAR capture they are', () => {
    const r = importConversations(dump, { name: 'traffic.mitm' });
    if (!r.ok) throw new Error(r.error.message);
    const [c, ...more] = r.value;
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('har');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_time(call_7) {"city":"Tokyo"}',
      'tool → call_7: "09:12"',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(1);
    const note = 'Read a mitmproxy dump of 2 HTTP exchanges as the HAR capture they are.';
    expect(c?.warnings).toContain(note);
    expect(isNote(note)).toBe(true);
  });

  test('a dropped file is read from its bytes, though its head decodes as text', async () => {
    const long = { role: 'user', content: 'Time in Tokyo? '.repeat(100) };
    const plain = joinBytes([
      tnet(
        flow(
          { model: 'm', messages: [long] },
          { choices: [{ message: { role: 'assistant', content: null, tool_calls: [call] } }] },
        ),
      ),
    ]);
    expect(plain.length).toBeGreaterThan(2048);
    const d = await readInput(
      { kind: 'blob', blob: new Blob([plain.slice().buffer as ArrayBuffer]), name: 'a.mitm' },
      () => {},
    );
    expect(d.ok && d.value.kind === 'text' ? d.value.text.slice(0, 8) : '').toBe('{"log":{');
  });

  test('cut short, nested past any flow, or without HTTP, it gets one clear line', () => {
    const cut = importConversations(dump.subarray(0, dump.length - 40), { name: 'cut.mitm' });
    expect(cut.ok ? '' : cut.error.message).toBe(
      '“cut.mitm” opens as a mitmproxy dump, but its flow 3 is not one mitmproxy wrote (a length or a type mark does not add up).',
    );
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    const nested = importConversations(tnet({ request: deep }));
    expect(nested.ok ? '' : nested.error.message).toMatch(/^The input opens as a mitmproxy dump/);
    const tcp = importConversations(tnet({ version: 21, type: 'tcp', messages: [] }));
    expect(tcp.ok ? '' : tcp.error.message).toBe(
      'The input is a mitmproxy dump without an HTTP exchange, so it holds no API call to read.',
    );
  });
});
