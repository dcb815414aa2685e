// AWS event streams (Bedrock's streamed responses) read as the server-sent events they carry.
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { strFromU8, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { eventStreamAsSse } from '../../../src/import/awsEventStream';
import { joinBytes } from '../../../src/import/bytes';
import { importConversations } from '../../../src/import/index';
import { readSse } from '../../../src/import/sse';
import { outline } from './helpers';

const codec = new EventStreamCodec(strFromU8, strToU8);

function message(type: string, body: unknown): Uint8Array {
  return codec.encode({
    headers: { ':event-type': { type: 'string', value: type } },
    body: strToU8(JSON.stringify(body)),
  });
}

/** InvokeModel's stream of one Anthropic reply that makes one call, its events in `chunk`s. */
function invokeStream(id: string, name: string, json: string): Uint8Array {
  const events = [
    { type: 'message_start', message: { id: 'm', role: 'assistant', content: [] } },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id, name, input: {} },
    },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: json },
    },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_stop' },
  ];
  return joinBytes(events.map((e) => message('chunk', { bytes: btoa(JSON.stringify(e)) })));
}

describe('AWS event streams', () => {
  it("writes a chunk's base64 payload as the model's own event, others under their type", () => {
    const inner = { type: 'message_start', message: { id: 'm', role: 'assistant' } };
    const bytes = joinBytes([
      message('chunk', { bytes: btoa(JSON.stringify(inner)) }),
      message('contentBlockStart', { contentBlockIndex: 1, start: { toolUse: { name: 'ls' } } }),
    ]);
    const sse = eventStreamAsSse(bytes) ?? '';
    expect(readSse(sse).events).toHaveLength(2);
    const data = sse.split('\n').filter((l) => l.startsWith('data: '));
    expect(data.map((l) => JSON.parse(l.slice(6)) as unknown)).toEqual([
      inner,
      { contentBlockStart: { contentBlockIndex: 1, start: { toolUse: { name: 'ls' } } } },
    ]);
    expect(sse.split('\n').filter((l) => l.startsWith('event: '))).toEqual([
      'event: chunk',
      'event: contentBlockStart',
    ]);
  });

  it("writes ConverseStream's events as the one Converse reply they stream", () => {
    const bytes = joinBytes([
      message('messageStart', { role: 'assistant' }),
      message('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Looking' } }),
      message('contentBlockDelta', { contentBlockIndex: 0, delta: { text: ' it up.' } }),
      message('contentBlockStop', { contentBlockIndex: 0 }),
      message('contentBlockStart', {
        contentBlockIndex: 1,
        start: { toolUse: { toolUseId: 'tu_1', name: 'weather' } },
      }),
      message('contentBlockDelta', {
        contentBlockIndex: 1,
        delta: { toolUse: { input: '{"city":' } },
      }),
      message('contentBlockDelta', {
        contentBlockIndex: 1,
        delta: { toolUse: { input: '"Oslo"}' } },
      }),
      message('contentBlockStop', { contentBlockIndex: 1 }),
      message('messageStop', { stopReason: 'tool_use' }),
      message('metadata', { usage: { inputTokens: 10, outputTokens: 5 } }),
    ]);
    expect(JSON.parse(eventStreamAsSse(bytes) ?? 'null')).toEqual({
      output: {
        message: {
          role: 'assistant',
          content: [
            { text: 'Looking it up.' },
            { toolUse: { toolUseId: 'tu_1', name: 'weather', input: { city: 'Oslo' } } },
          ],
        },
      },
      stopReason: 'tool_use',
    });
  });

  it('reads a file that is such a stream, as Bedrock sent it', () => {
    const r = importConversations(invokeStream('tu_9', 'view', '{"path":"a.lua"}'), {
      name: 'stream.bin',
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(outline(r.value[0]?.messages ?? [])).toEqual(['assistant: view(tu_9) {"path":"a.lua"}']);
    expect(r.value[0]?.warnings).toContain('Read the input as an AWS event stream.');
  });

  it('is not taken for other bytes: a broken CRC, a cut message, text', () => {
    const whole = message('chunk', { bytes: btoa('{}') });
    const broken = whole.slice();
    broken[broken.length - 1] = (broken[broken.length - 1] as number) ^ 0xff;
    expect(eventStreamAsSse(broken)).toBeNull();
    expect(eventStreamAsSse(whole.subarray(0, whole.length - 3))).toBeNull();
    expect(
      eventStreamAsSse(strToU8('{"choices": [{"message": {"role": "assistant"}}]}')),
    ).toBeNull();
  });

  it('is read from a HAR capture that keeps the response as base64', () => {
    const stream = invokeStream('toolu_h1', 'ls', '{}');
    const har = {
      log: {
        entries: [
          {
            request: {
              url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/m/invoke-with-response-stream',
              postData: {
                text: JSON.stringify({
                  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
                }),
              },
            },
            response: {
              content: {
                mimeType: 'application/vnd.amazon.eventstream',
                encoding: 'base64',
                text: btoa(String.fromCharCode(...stream)),
              },
            },
          },
        ],
      },
    };
    const r = importConversations(JSON.stringify(har));
    if (!r.ok) throw new Error(r.error.message);
    expect(outline(r.value[0]?.messages ?? [])).toEqual(['user', 'assistant: ls(toolu_h1) {}']);
  });
});
