// Builders for chat-completions transcripts used across the detector tests. Messages are
// written as plain JS, serialised, and read back through the lossless reader, so the
// replay sees exactly the JsonValue shapes an importer would hand it.
import {
  DEFAULT_CONFIG,
  replay,
  type ChatMessage,
  type DetectorConfig,
  type Report,
  type ReportSource,
} from '../../../src/detector/index';
import { isJsonObject, parseJson, type JsonValue } from '../../../src/json/index';

export const SOURCE: ReportSource = {
  format: 'openai-chat',
  messages: 0,
  warnings: [],
  referenceScan: 'scanned',
};

/** Reads JSON text into a JsonValue, failing the test on a syntax error. */
export function json(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(`bad JSON in test: ${r.error.message}`);
  return r.value.value;
}

/** Turns plain message objects into ChatMessages through the lossless reader. */
export function chat(messages: unknown[]): ChatMessage[] {
  const v = json(JSON.stringify(messages));
  if (!Array.isArray(v)) throw new Error('not an array');
  return v.map((m) => {
    const o = isJsonObject(m) ? m : new Map<string, JsonValue>();
    return {
      role: o.get('role'),
      content: o.get('content'),
      tool_calls: o.get('tool_calls'),
      tool_call_id: o.get('tool_call_id'),
    };
  });
}

/** One OpenAI tool call; object arguments are sent as a JSON string, like real clients. */
export function call(name: string, args: unknown = {}, id = 'c1'): unknown {
  return {
    id,
    type: 'function',
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  };
}

export function assistant(calls: unknown[] | null, content: unknown = null): unknown {
  return calls === null
    ? { role: 'assistant', content }
    : { role: 'assistant', content, tool_calls: calls };
}

export function tool(id: string, content: unknown): unknown {
  return { role: 'tool', tool_call_id: id, content };
}

export function user(content = 'go on'): unknown {
  return { role: 'user', content };
}

/** An assistant batch of one call plus its answer. */
export function turn(name: string, args: unknown, answer: unknown, id = 'c1'): unknown[] {
  return [assistant([call(name, args, id)]), tool(id, answer)];
}

export function run(messages: unknown[], config: Partial<DetectorConfig> = {}): Report {
  const m = chat(messages);
  return replay(m, { ...DEFAULT_CONFIG, ...config }, { ...SOURCE, messages: m.length });
}

/** The 1-based occurrence numbers that were refused. */
export function refusedAt(report: Report): number[] {
  return report.batches.filter((b) => b.refused).map((b) => b.index + 1);
}
