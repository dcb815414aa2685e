// LangChain's message dialect (serialised messages and their class names) to chat-completions
// messages.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import type { CallInput, Conversation, Span } from '../build';
import { displayText, narration } from '../content';

const ROLE_OF: Record<string, string> = {
  human: 'user',
  HumanMessage: 'user',
  ai: 'assistant',
  AIMessage: 'assistant',
  AIMessageChunk: 'assistant',
  tool: 'tool',
  ToolMessage: 'tool',
  function: 'tool',
  FunctionMessage: 'tool',
  system: 'system',
  SystemMessage: 'system',
};

/** The fields of a LangChain message in any of its serialisations (`model_dump`, `{type, data}`, `lc`). */
export function langChainFields(m: JsonValue): { role: string; fields: JsonValue } {
  const kwargs = obj(m, 'kwargs');
  if (field(m, 'lc') !== undefined && kwargs) {
    const id = arr(m, 'id');
    const last = id?.[id.length - 1];
    const cls = typeof last === 'string' ? last : '';
    const role =
      ROLE_OF[cls] ?? ROLE_OF[str(kwargs, 'type') ?? ''] ?? str(kwargs, 'role') ?? 'user';
    return { role, fields: kwargs };
  }
  const data = obj(m, 'data');
  const type = str(m, 'type') ?? '';
  if (data && !field(m, 'content')) {
    return { role: ROLE_OF[type] ?? str(data, 'role') ?? 'user', fields: data };
  }
  return { role: ROLE_OF[type] ?? str(m, 'role') ?? 'user', fields: m };
}

/** The tool calls of an AIMessage: `tool_calls` (args objects), else the raw OpenAI `additional_kwargs.tool_calls`. */
export function langChainCalls(f: JsonValue): CallInput[] {
  const calls: CallInput[] = [];
  const tc = arr(f, 'tool_calls');
  if (tc && tc.length > 0) {
    for (const t of tc)
      calls.push({ id: str(t, 'id'), name: str(t, 'name') ?? '', args: field(t, 'args') ?? null });
  } else {
    // `additional_kwargs.tool_calls` duplicates `tool_calls`; read it only when that is absent.
    for (const t of arr(obj(f, 'additional_kwargs'), 'tool_calls') ?? []) {
      const fn = obj(t, 'function');
      calls.push({
        id: str(t, 'id'),
        name: str(fn, 'name') ?? '',
        args: field(fn, 'arguments') ?? null,
      });
    }
  }
  for (const t of arr(f, 'invalid_tool_calls') ?? []) {
    calls.push({ id: str(t, 'id'), name: str(t, 'name') ?? '', args: field(t, 'args') ?? null });
  }
  return calls;
}

/** One LangChain message onto the conversation. */
export function mapLangChainMessage(m: JsonValue, c: Conversation, span?: Span): void {
  if (!isJsonObject(m)) return;
  const { role, fields } = langChainFields(m);
  const content = field(fields, 'content');
  if (role === 'assistant') {
    c.assistant(narration(content), langChainCalls(fields), span);
  } else if (role === 'tool') {
    c.result(str(fields, 'tool_call_id'), str(fields, 'name'), content, span);
  } else {
    c.message(
      role,
      isJsonArray(content) || typeof content === 'string' ? displayText(content) : '',
      span,
    );
  }
}
