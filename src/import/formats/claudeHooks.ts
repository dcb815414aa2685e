// Claude Code hook payloads logged one per record, read as a conversation.
import { isJsonObject, printJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, str } from '../access';
import { Conversation } from '../build';
import type { ConversationOutput, FormatOutput } from '../format';
import type { LogRecord } from '../records';
import { plural } from '../warnings';
import { HOOK_AFTER, HOOK_BEFORE, LOGGED_EVENT_KEYS } from '../dialects/table';

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
  const r = hookRecord(v);
  return r !== null && (field(v, 'session_id') ?? field(r.payload, 'session_id')) !== undefined;
}

/**
 * A logged hook payload: the event it names, and the payload itself. Loggers keep Claude
 * Code's `hook_event_name`, or write the event under a name of their own beside the payload's
 * members (`event`: oneryalcin/fasthooks `specs/data/sample_hook_logs.jsonl` @9262fb2cdb) or
 * around the payload (`{ hook_event_type, payload }`: danielmiessler's PAI observability
 * hooks, as VeloF2025/PAI `.claude/skills/agent-observability` @cc1f066459 keeps them); under
 * those names only Claude Code's own event names count.
 */
export function hookRecord(v: JsonValue): { event: string; payload: JsonValue } | null {
  const own = str(v, 'hook_event_name');
  if (own !== undefined) return { event: own, payload: v };
  for (const k of LOGGED_EVENT_KEYS) {
    const event = str(v, k);
    if (event === undefined || !HOOK_EVENTS.has(event)) continue;
    const inner = field(v, 'payload');
    const wrapped = str(v, 'tool_name') === undefined && isJsonObject(inner);
    return { event, payload: wrapped ? inner : v };
  }
  return null;
}

/** The members a logged hook payload names its event by (its line is read whole). */
export const HOOK_EVENT_KEYS: ReadonlySet<string> = new Set([
  'hook_event_name',
  ...LOGGED_EVENT_KEYS,
]);
/** Claude Code's hook events (code.claude.com/docs/en/hooks). */
const HOOK_EVENTS = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'UserPromptSubmit',
  'Notification',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionStart',
  'SessionEnd',
  // Gemini CLI's hooks (geminicli.com/docs/hooks/reference).
  'BeforeTool',
  'AfterTool',
]);

export function hookOutput(records: readonly LogRecord[]): FormatOutput {
  // By session, and within one by the subagent a payload says it came from: Claude Code names
  // a subagent's hooks with its `agent_id` and `agent_type` (as a Braintrust capture keeps
  // them: braintrustdata/braintrust-coding-agent-plugins
  // `bt-daemon/tests/fixtures/claude/subagent-compact/events.ndjson` @50b4286d18), and its
  // calls, run beside the main agent's, are a history of their own.
  const histories = new Map<string, { session: string; agent: string; list: LogRecord[] }>();
  for (const r of records) {
    if (!isHookPayload(r.value)) continue;
    const payload = hookRecord(r.value)?.payload;
    const said = (k: string): string => str(r.value, k) ?? str(payload, k) ?? '';
    const session = said('session_id');
    const id = said('agent_id');
    const type = said('agent_type');
    const key = `${session}\u0000${id}`;
    const h = histories.get(key);
    if (h) h.list.push(r);
    else
      histories.set(key, {
        session,
        agent: id === '' ? '' : `${type} ${id.slice(0, 8)}`.trim(),
        list: [r],
      });
  }
  const conversations: ConversationOutput[] = [];
  for (const { session, agent, list } of histories.values()) {
    const c = sessionConversation(session, list);
    if (agent === '') conversations.push(c);
    // A subagent that made no call (its start or stop alone) is no history.
    else if (c.messages.length > 0)
      conversations.push({ ...c, label: `${c.label}, subagent ${agent}` });
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
    const { event, payload: v } = hookRecord(r.value) as { event: string; payload: JsonValue };
    if (event === 'UserPromptSubmit') {
      const prompt = str(v, 'prompt') ?? str(v, 'user_message');
      if (prompt !== undefined) steps.push({ prompt, span: r.span });
      continue;
    }
    // Gemini CLI names the two BeforeTool and AfterTool.
    if (!HOOK_BEFORE.has(event) && !HOOK_AFTER.has(event)) continue;
    const after = HOOK_AFTER.has(event);
    const key = keyOf(v);
    // A logger that keeps only the answer of a PostToolUse answers the oldest open call of
    // that tool.
    const bare = field(v, 'tool_input') === undefined && str(v, 'tool_use_id') === undefined;
    const waiting = !after
      ? undefined
      : bare
        ? [...open.entries()].find(
            ([k, q]) => q.length > 0 && k.startsWith(`${str(v, 'tool_name') ?? ''}\u0000`),
          )?.[1]
        : open.get(key);
    const started = waiting?.shift();
    if (started !== undefined) {
      started.response = field(v, 'tool_response') ?? field(v, 'result') ?? null;
      started.responseSpan = r.span;
      continue;
    }
    const call: HookCall = {
      id: str(v, 'tool_use_id') ?? `hook-${steps.length}`,
      name: str(v, 'tool_name') ?? '',
      args: field(v, 'tool_input') ?? null,
      span: r.span,
      response: after ? (field(v, 'tool_response') ?? field(v, 'result') ?? null) : undefined,
      responseSpan: r.span,
    };
    steps.push(call);
    if (!after) {
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
