// Cline's ui_messages.json, the task as its panel shows it, read for its tool results.
import { isJsonObject, JsonNumber, parseJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { str } from '../access';
import { Conversation, type CallInput, type Span } from '../build';
import { finish, type FormatOutput } from '../format';
import type { TextSpan } from '../spans';

/**
 * Cline's `ui_messages.json`, the task as its panel shows it: `ClineMessage`s (cline/cline,
 * src/shared/ExtensionMessage.ts, commit 0014234a2d2dad2d75d87ff1fbb10f24906aa8fd), each an
 * `ask` (waiting on the user) or a `say`. A tool call is one message: `tool` (its text a
 * `ClineSayTool` JSON), `command`, `use_mcp_server`, `load_mcp_documentation`,
 * `browser_action_launch`, `followup`, `plan_mode_respond`, `new_task`, and the
 * `completion_result` said (the ask of that name is only the button after it). Asked when it
 * needs approval, said when auto-approved: never both. `api_req_started` opens each model reply;
 * a command's answer is its `command_output`, an MCP call's its `mcp_server_response`; other
 * answers are not kept in this file (they are in api_conversation_history.json).
 */
export function isClineUiMessage(v: JsonValue): boolean {
  if (!isJsonObject(v) || !(v.get('ts') instanceof JsonNumber)) return false;
  const t = str(v, 'type');
  return (t === 'say' && v.has('say')) || (t === 'ask' && v.has('ask'));
}

/** The kinds of message that are a tool call, whichever of ask or say carries them. */
const CALLS = new Set([
  'tool',
  'command',
  'use_mcp_server',
  'load_mcp_documentation',
  'browser_action_launch',
  'followup',
  'plan_mode_respond',
  'act_mode_respond',
  'new_task',
  'condense',
  'summarize_task',
  'report_bug',
  'use_subagents',
]);
/** The tools behind kinds whose text does not name one (Cline's own tool names). */
const TOOL_OF: Readonly<Record<string, string>> = {
  command: 'execute_command',
  followup: 'ask_followup_question',
  completion_result: 'attempt_completion',
  browser_action_launch: 'browser_action',
};
const OUTPUTS = new Set(['command_output', 'mcp_server_response', 'browser_action_result']);

export function clineUiOutput(list: readonly JsonValue[], spans: TextSpan[] | null): FormatOutput {
  const c = new Conversation();
  const useSpans = spans !== null && spans.length === list.length;
  let text: string | null = null;
  let calls: { call: CallInput; out: string | null; span: Span }[] = [];
  let spanOf: Span;
  let partial = 0;
  const flush = () => {
    if (text === null && calls.length === 0) return;
    c.assistant(
      text,
      calls.map((x) => x.call),
      spanOf,
    );
    for (const x of calls) if (x.out !== null) c.result(x.call.id, x.call.name, x.out, x.span);
    text = null;
    calls = [];
    spanOf = undefined;
  };
  list.forEach((m, i) => {
    const span = useSpans ? spans[i] : undefined;
    const kind = str(m, 'say') ?? str(m, 'ask') ?? '';
    const said = str(m, 'type') === 'say';
    const body = str(m, 'text') ?? '';
    if (said && kind === 'api_req_started') {
      flush();
      return;
    }
    if ((said && (kind === 'task' || kind === 'user_feedback')) || kind === 'user_feedback_diff') {
      flush();
      c.message('user', body, span);
      return;
    }
    if (said && kind === 'text') {
      text = text === null ? body : `${text}\n${body}`;
      spanOf ??= span;
      return;
    }
    const last = calls[calls.length - 1];
    if (OUTPUTS.has(kind)) {
      if (last !== undefined) last.out = last.out === null ? body : `${last.out}\n${body}`;
      return;
    }
    const isCall = CALLS.has(kind) || (said && kind === 'completion_result');
    if (!isCall) return;
    if (str(m, 'partial') !== undefined || (isJsonObject(m) && m.get('partial') === true)) {
      partial++;
      return;
    }
    calls.push({ call: callOf(kind, body, calls.length, i), out: null, span });
    spanOf ??= span;
  });
  flush();
  const extra = [
    'Read from Cline’s ui_messages.json: only commands and MCP calls keep their answers here (api_conversation_history.json holds them all).',
  ];
  if (partial > 0)
    extra.push(`Skipped ${partial} tool call${partial === 1 ? '' : 's'} still being streamed.`);
  return finish(c, extra);
}

/** A call from its message: a JSON text names the tool and holds its arguments. */
function callOf(kind: string, body: string, n: number, index: number): CallInput {
  const id = `ui-${index}-${n}`;
  const parsed = body.trimStart().startsWith('{') ? parseJson(body) : null;
  const args = parsed !== null && parsed.ok ? parsed.value.value : null;
  if (kind === 'tool' && args !== null) return { id, name: str(args, 'tool') ?? 'tool', args };
  if (kind === 'use_mcp_server' && args !== null)
    return { id, name: str(args, 'toolName') ?? str(args, 'type') ?? kind, args };
  const name = TOOL_OF[kind] ?? kind;
  if (args !== null) return { id, name, args };
  const key = kind === 'command' ? 'command' : kind === 'completion_result' ? 'result' : 'text';
  return { id, name, args: new Map<string, JsonValue>([[key, body]]) };
}
