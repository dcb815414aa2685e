// Claude Code hook payloads logged one per record, read as a conversation.
import { printJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, str } from '../access';
import { Conversation } from '../build';
import type { ConversationOutput, FormatOutput } from '../format';
import type { LogRecord } from '../records';
import { plural } from '../warnings';

/**
 * Claude Code hook payloads logged one per record: what Claude Code sends a hook on stdin
 * (`session_id`, `hook_event_name`, and for the tool events `tool_name`, `tool_input`,
 * `tool_use_id`, and after the call `tool_response`). Hook collections append them to a log
 * (disler/claude-code-hooks-mastery, .claude/hooks/post_tool_use.py and _log_common.py,
 * commit 0452bee9eadabb02d5e1ded551b14fcb3a6c0932, write `logs/post_tool_use.json`, a JSON
 * array). Each call becomes a batch of its own (a hook does not see which calls one reply
 * made together), answered by its PostToolUse payload; the PreToolUse payload of the same call
 * (same `tool_use_id`, else the same tool and input) is the same call. Every session is a
 * conversation.
 */
export function isHookPayload(v: JsonValue): boolean {
  return str(v, 'hook_event_name') !== undefined && field(v, 'session_id') !== undefined;
}

export function hookOutput(records: readonly LogRecord[]): FormatOutput {
  const sessions = new Map<string, LogRecord[]>();
  for (const r of records) {
    if (!isHookPayload(r.value)) continue;
    const s = str(r.value, 'session_id') ?? '';
    const list = sessions.get(s);
    if (list) list.push(r);
    else sessions.set(s, [r]);
  }
  const conversations: ConversationOutput[] = [];
  for (const [session, list] of sessions) {
    conversations.push(sessionConversation(session, list));
  }
  const first = conversations[0] ?? { label: 'conversation', messages: [], warnings: [] };
  if (conversations.length <= 1) return { messages: first.messages, warnings: first.warnings };
  return { messages: first.messages, warnings: first.warnings, conversations };
}

interface HookCall {
  readonly id: string;
  readonly name: string;
  readonly args: JsonValue;
  readonly span: LogRecord['span'];
  response: JsonValue | undefined;
  responseSpan: LogRecord['span'];
}

function sessionConversation(session: string, list: readonly LogRecord[]): ConversationOutput {
  // In log order: prompts, and calls in the order they started, each with its answer.
  const steps: (HookCall | { prompt: string; span: LogRecord['span'] })[] = [];
  // The PreToolUse payloads still waiting for their PostToolUse, by the key that ties them.
  const open = new Map<string, HookCall[]>();
  const keyOf = (v: JsonValue) =>
    str(v, 'tool_use_id') ??
    `${str(v, 'tool_name') ?? ''}\u0000${printJson(field(v, 'tool_input') ?? null)}`;
  for (const r of list) {
    const v = r.value;
    const event = str(v, 'hook_event_name');
    if (event === 'UserPromptSubmit') {
      const prompt = str(v, 'prompt');
      if (prompt !== undefined) steps.push({ prompt, span: r.span });
      continue;
    }
    if (event !== 'PreToolUse' && event !== 'PostToolUse') continue;
    const key = keyOf(v);
    const waiting = event === 'PostToolUse' ? open.get(key) : undefined;
    const started = waiting?.shift();
    if (started !== undefined) {
      started.response = field(v, 'tool_response') ?? null;
      started.responseSpan = r.span;
      continue;
    }
    const call: HookCall = {
      id: str(v, 'tool_use_id') ?? `hook-${steps.length}`,
      name: str(v, 'tool_name') ?? '',
      args: field(v, 'tool_input') ?? null,
      span: r.span,
      response: event === 'PostToolUse' ? (field(v, 'tool_response') ?? null) : undefined,
      responseSpan: r.span,
    };
    steps.push(call);
    if (event === 'PreToolUse') {
      const q = open.get(key);
      if (q) q.push(call);
      else open.set(key, [call]);
    }
  }
  const c = new Conversation();
  let unanswered = 0;
  for (const s of steps) {
    if ('prompt' in s) {
      c.message('user', s.prompt, s.span);
      continue;
    }
    c.assistant(null, [{ id: s.id, name: s.name, args: s.args }], s.span);
    if (s.response !== undefined) c.result(s.id, s.name, s.response, s.responseSpan);
    else unanswered++;
  }
  const warnings = [
    'Read from Claude Code hook payloads: each tool call is a batch of its own (a hook does not see which calls one reply made together).',
  ];
  if (unanswered > 0)
    warnings.push(
      `${plural(unanswered, 'tool call')} logged before running (PreToolUse) had no PostToolUse payload, so the answers are unknown.`,
    );
  return {
    label: session === '' ? 'hook log' : `session ${session.slice(0, 8)}`,
    messages: c.messages,
    warnings: c.warnings.toArrayWith(warnings),
  };
}
