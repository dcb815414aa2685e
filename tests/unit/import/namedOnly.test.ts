// A log that names each tool call but keeps none of its arguments: one clear line, no replay.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';

const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const message = (text: string) => {
  const r = importConversations(text, { name: 'tool_calls.jsonl' });
  return r.ok ? null : r.error.message;
};

describe('a log of tool calls named without their arguments', () => {
  it('is named in one line, whatever format its other lines look like', () => {
    const usage = lines(
      { type: 'llm', ts: 1, model: 'some-model', prompt_tokens: 4526, iteration: 1 },
      { type: 'tool', ts: 2, tool_name: 'read_project', iteration: 1 },
      { type: 'tool', ts: 3, tool_name: 'send_message', iteration: 1 },
      { type: 'stream_event', kind: 'tool_call_finalized', tool_name: 'read_project' },
    );
    expect(message(usage)).toBe(
      '“tool_calls.jsonl” is a log that names tool calls 3 times (`read_project`, `send_message`) without their arguments: the loop detector signs a call by its arguments, so there is nothing to replay.',
    );
  });

  it('is named so where no format knows the file, or the one it was taken for cannot read it', () => {
    const events = lines(
      { type: 'stream_event', kind: 'tool_call_finalized', tool_name: 'glob', time: 't1' },
      { type: 'stream_event', kind: 'tool_call_finalized', tool_name: 'glob', time: 't2' },
    );
    expect(message(events)).toMatch(
      /^“tool_calls\.jsonl” is a log that names tool calls 2 times \(`glob`\)/,
    );
    expect(message(lines({ type: 'tool', tool_name: 'read_project' }))).toMatch(
      /names tool calls once \(`read_project`\)/,
    );
  });

  it("is named so where a hook script's own lines name the tool and nothing says call", () => {
    const hook = lines(
      { timestamp: 't1', tool_name: 'Bash', tool_input_keys: ['command'], response_preview: 'ok' },
      { timestamp: 't2', tool_name: 'Edit', tool_input_keys: ['file_path'], response_preview: '' },
    );
    expect(message(hook)).toMatch(/names tool calls 2 times \(`Bash`, `Edit`\) without/);
    // An answer that names the tool it came from is none.
    expect(
      message(lines({ error: 'token missing', tool: 'ha_template' }, { error: 'x', tool: 'ha' })),
    ).not.toMatch(/names tool calls/);
    // Inside a document, a tool named where nothing says it is a call is no such record.
    expect(message(JSON.stringify({ settings: { tool_name: 'Bash' } }))).not.toMatch(
      /names tool calls/,
    );
  });

  it('is named so where steps list the tools they called by name only', () => {
    const run = JSON.stringify({
      query: 'weather?',
      trajectory: [
        { step: 1, node: 'agent', output: '', tool_calls: ['get_weather', 'get_rate'] },
        { step: 1, node: 'tools', output: 'sunny', tools_used: ['get_weather'] },
        { step: 2, node: 'agent', output: 'It is sunny.', tool_calls: [] },
        { step: 3, note: 'not names', tool_calls: ['looked up the weather first'] },
      ],
    });
    expect(message(run)).toMatch(
      /is a log that names tool calls 3 times \(`get_weather`, `get_rate`\) without their arguments/,
    );
  });

  it('is named so where tool spans were traced without their arguments', () => {
    // OpenTelemetry's console exporter prints each span as indented JSON; GenAI's tool
    // arguments are recorded only where sensitive data is turned on.
    const span = (id: string, attributes: Record<string, unknown>) =>
      JSON.stringify(
        { name: 'execute_tool get_weather', context: { span_id: id }, attributes },
        null,
        4,
      );
    const tool = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'call_1',
    };
    const chat = { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'some-model' };
    const dump = [span('0x1', chat), span('0x2', tool), span('0x3', chat)].join('\n') + '\n';
    expect(message(dump)).toMatch(
      /names tool calls once \(`get_weather`\) without their arguments/,
    );
    const traced = [
      span('0x2', { ...tool, 'gen_ai.tool.call.arguments': '{"city":"Oslo"}' }),
      span('0x4', chat),
    ].join('\n');
    expect(message(traced) ?? '').not.toMatch(/names tool calls/);
  });

  it('is no such log where a record keeps its arguments or its answer', () => {
    const withArgs = lines(
      { type: 'tool', tool_name: 'read_project', input: { id: 'p1' }, output: 'ok' },
      { type: 'tool', tool_name: 'read_project' },
    );
    expect(message(withArgs)).toBeNull();
    const answered = lines({ type: 'tool', tool_name: 'read_project', output: 'ok' });
    expect(message(answered) ?? '').not.toMatch(/names tool calls/);
  });
});
