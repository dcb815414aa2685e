// GitHub Copilot CLI sessions (docs/formats.md): its event log to chat-completions messages.
import { isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import type { CallInput, Span } from '../build';
import { finish } from '../format';
import type { ConversationOutput, FormatImporter } from '../format';
import { logRecords } from '../records';
import type { LogRecord } from '../records';
import { plural } from '../warnings';

interface AssistantItem {
  readonly kind: 'assistant';
  content: string | null;
  readonly calls: CallInput[];
  readonly span: Span;
}

/**
 * One turn before it is written out. Calls and their results are gathered first and written
 * at the end, because executions and completions arrive after, and out of order with, the
 * message that asked for them.
 */
type Item =
  | { readonly kind: 'message'; readonly role: string; readonly content: JsonValue; span: Span }
  | AssistantItem
  | { readonly kind: 'orphan'; readonly id: string; readonly done: Completion };

interface Completion {
  readonly seq: number;
  readonly content: JsonValue;
  readonly span: Span;
}

/** The turns of the main agent or of one subagent. */
class Thread {
  readonly items: Item[] = [];
  /** Calls synthesized from executions gather here while nothing else has happened since. */
  openSynth: AssistantItem | null = null;
  readonly byApiCall = new Map<string, AssistantItem>();
  nudges = 0;
  merged = 0;
  synthesized = 0;

  constructor(readonly key: string | null) {}

  push(item: Item): void {
    this.openSynth = null;
    this.items.push(item);
  }

  /** A call no assistant message requested: it joins the previous such call while it runs. */
  synthesize(call: CallInput, span: Span): void {
    this.synthesized++;
    if (this.openSynth) {
      this.openSynth.calls.push(call);
      return;
    }
    const item: AssistantItem = { kind: 'assistant', content: null, calls: [call], span };
    this.push(item);
    this.openSynth = item;
  }
}

interface SessionCounts {
  compactions: number;
  truncations: number;
  rewinds: number;
  resumes: number;
}

/**
 * GitHub Copilot CLI sessions (`~/.copilot/session-state/<id>/events.jsonl`): a linear log of
 * `{type, data, id, parentId}` events. The calls are the tool executions, not only the
 * model's `toolRequests` (a user-run tool has no request); results pair by `toolCallId`.
 * Subagent events (`agentId`, or `parentToolCallId` in older logs) form conversations of
 * their own, after the main agent's.
 */
export const importCopilotCli: FormatImporter = (doc) => {
  const records = logRecords(doc);
  const links = linkSubagents(records);
  const requested = new Set<string>();
  const known = new Set<string>();
  for (const r of records) {
    const type = str(r.value, 'type');
    const data = obj(r.value, 'data');
    if (type === 'assistant.message') {
      for (const q of arr(data, 'toolRequests') ?? []) {
        const id = str(q, 'toolCallId');
        if (id !== undefined) requested.add(id);
      }
    } else if (type === 'tool.execution_start') {
      const id = str(data, 'toolCallId');
      if (id !== undefined) known.add(id);
    }
  }
  for (const id of requested) known.add(id);

  const main = new Thread(null);
  const threads = new Map<string, Thread>();
  const threadOf = (r: LogRecord): Thread => {
    const key = links.keyOf(r.value);
    if (key === null) return main;
    let t = threads.get(key);
    if (!t) threads.set(key, (t = new Thread(key)));
    return t;
  };
  const completions = new Map<string, Completion[]>();
  const started = new Set<string>();
  const session: SessionCounts = { compactions: 0, truncations: 0, rewinds: 0, resumes: 0 };
  let seq = 0;

  for (const r of records) {
    const type = str(r.value, 'type');
    const data = obj(r.value, 'data');
    if (type === undefined || !data) continue;
    if (type === 'user.message') {
      const t = threadOf(r);
      const content = field(data, 'content') ?? '';
      if (content === '') t.nudges++;
      t.push({ kind: 'message', role: 'user', content, span: r.span });
    } else if (type === 'system.message') {
      const role = str(data, 'role') ?? 'system';
      threadOf(r).push({
        kind: 'message',
        role,
        content: field(data, 'content') ?? '',
        span: r.span,
      });
    } else if (type === 'assistant.message') {
      assistantMessage(threadOf(r), data, r.span);
    } else if (type === 'tool.execution_start') {
      const id = str(data, 'toolCallId');
      if (id !== undefined && (requested.has(id) || started.has(id))) continue;
      if (id !== undefined) started.add(id);
      threadOf(r).synthesize(
        { id, name: str(data, 'toolName') ?? '', args: field(data, 'arguments') ?? null },
        r.span,
      );
    } else if (type === 'tool.execution_complete') {
      const id = str(data, 'toolCallId');
      const t = threadOf(r);
      t.openSynth = null;
      if (id === undefined) continue;
      const done: Completion = { seq: seq++, content: resultText(data), span: r.span };
      const list = completions.get(id);
      if (list) list.push(done);
      else completions.set(id, [done]);
      if (!known.has(id)) t.push({ kind: 'orphan', id, done });
    } else if (type === 'session.compaction_complete') session.compactions++;
    else if (type === 'session.truncation') session.truncations++;
    else if (type === 'session.snapshot_rewind') session.rewinds++;
    else if (type === 'session.resume') session.resumes++;
  }

  const subs = [...threads.values()].filter((t) => t.items.length > 0);
  const out = [main, ...subs].map((t) => {
    const c = write(t, completions);
    if (t === main) sessionWarnings(c, session);
    const label = t.key === null ? 'main agent' : links.label(t.key);
    return { label, ...finish(c) } satisfies ConversationOutput;
  });
  const first = out[0] as ConversationOutput;
  return ok({
    messages: first.messages,
    warnings: first.warnings,
    ...(out.length > 1 ? { conversations: out } : {}),
  });
};

/** One `assistant.message`: its text and requests, merged into the earlier chunk of its API call. */
function assistantMessage(t: Thread, data: JsonValue, span: Span): void {
  const content = str(data, 'content') ?? null;
  const calls: CallInput[] = (arr(data, 'toolRequests') ?? []).map((q) => ({
    id: str(q, 'toolCallId'),
    name: str(q, 'name') ?? '',
    args: field(q, 'arguments') ?? null,
  }));
  const api = str(data, 'apiCallId');
  const earlier = api !== undefined ? t.byApiCall.get(api) : undefined;
  if (earlier) {
    // A reply split at reasoning boundaries is one model call, so one batch.
    if (content !== null && content !== '')
      earlier.content = earlier.content === null ? content : earlier.content + content;
    // One by one: a reply of a few hundred thousand calls would overflow a spread.
    for (const c of calls) earlier.calls.push(c);
    t.merged++;
    t.openSynth = null;
    return;
  }
  const item: AssistantItem = { kind: 'assistant', content, calls, span };
  t.push(item);
  if (api !== undefined) t.byApiCall.set(api, item);
}

/** What the model saw of an execution: the result text, or the error when it failed. */
function resultText(data: JsonValue): JsonValue {
  const content = field(obj(data, 'result'), 'content');
  if (field(data, 'success') === false) {
    const message = str(obj(data, 'error'), 'message');
    if (message !== undefined) return message;
  }
  return content ?? null;
}

/** A thread's turns as chat messages: each batch, then its results in the order they came. */
function write(t: Thread, completions: ReadonlyMap<string, Completion[]>): Conversation {
  const c = new Conversation();
  const used = new Set<Completion>();
  let unanswered = 0;
  let orphans = 0;
  for (const item of t.items) {
    if (item.kind === 'message') {
      c.message(item.role, item.content, item.span);
      continue;
    }
    if (item.kind === 'orphan') {
      used.add(item.done);
      orphans++;
      c.result(item.id, undefined, item.done.content, item.done.span);
      continue;
    }
    c.assistant(item.content, item.calls, item.span);
    const answers: { id: string; name: string; done: Completion }[] = [];
    for (const call of item.calls) {
      const found = call.id !== undefined ? completions.get(call.id) : undefined;
      const done = found?.find((d) => !used.has(d));
      if (!done || call.id === undefined) {
        unanswered++;
        continue;
      }
      used.add(done);
      answers.push({ id: call.id, name: call.name, done });
    }
    answers.sort((a, b) => a.done.seq - b.done.seq);
    for (const a of answers) c.result(a.id, a.name, a.done.content, a.done.span);
  }
  const w = c.warnings;
  if (t.merged > 0)
    w.add(
      `Merged ${plural(t.merged, 'assistant message')} into the model call ${t.merged === 1 ? 'it belongs' : 'they belong'} to (one reply split into chunks sharing apiCallId).`,
    );
  if (t.synthesized > 0)
    w.add(
      `${plural(t.synthesized, 'tool execution')} had no request in an assistant message (run by the user, or the request is missing); each group of them became an assistant turn of its own.`,
    );
  if (unanswered > 0)
    w.add(
      `${plural(unanswered, 'tool call')} never completed (no tool.execution_complete): denied, cancelled, or the log ends first.`,
    );
  if (orphans > 0)
    w.add(
      `${plural(orphans, 'tool completion')} matched no request or execution; ${orphans === 1 ? 'it answers' : 'they answer'} nothing.`,
    );
  if (t.nudges > 0)
    w.add(
      `${plural(t.nudges, 'user message')} had empty content (autopilot continuations Copilot injected, not typed by the user); each still starts a fresh run.`,
    );
  return c;
}

function sessionWarnings(c: Conversation, s: SessionCounts): void {
  const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
  if (s.compactions > 0)
    c.warnings.add(
      `The session was compacted ${times(s.compactions)}; the history before each compaction is shown, but the model saw only its summary.`,
    );
  if (s.truncations > 0)
    c.warnings.add(
      `Copilot truncated the history ${times(s.truncations)}; the model no longer saw the oldest messages shown here.`,
    );
  if (s.rewinds > 0)
    c.warnings.add(
      `The session was rewound ${times(s.rewinds)} (session.snapshot_rewind); the turns it undid are still shown.`,
    );
  if (s.resumes > 0)
    c.warnings.add(
      `The session was resumed ${times(s.resumes)}; the turns after each resume follow in the same conversation.`,
    );
}

/**
 * Which subagent an event belongs to, and what to call it. Newer logs mark subagent events
 * with `agentId`, older ones with `data.parentToolCallId` (the spawning call); an event or a
 * `subagent.started` that carries both ties the two together so one agent stays one thread.
 */
function linkSubagents(records: readonly LogRecord[]) {
  const alias = new Map<string, string>();
  const names = new Map<string, string>();
  for (const r of records) {
    const agent = str(r.value, 'agentId');
    const data = obj(r.value, 'data');
    const parent = str(data, 'parentToolCallId');
    if (agent !== undefined && parent !== undefined) alias.set(parent, agent);
    const type = str(r.value, 'type') ?? '';
    if (!type.startsWith('subagent.') || !isJsonObject(data)) continue;
    const spawner = str(data, 'toolCallId');
    if (agent !== undefined && spawner !== undefined) alias.set(spawner, agent);
    const name = str(data, 'agentDisplayName') ?? str(data, 'agentName');
    if (name !== undefined && type === 'subagent.started') {
      if (agent !== undefined) names.set(agent, name);
      if (spawner !== undefined) names.set(spawner, name);
    }
  }
  return {
    keyOf(v: JsonValue): string | null {
      const agent = str(v, 'agentId');
      if (agent !== undefined) return agent;
      const parent = str(field(v, 'data'), 'parentToolCallId');
      return parent === undefined ? null : (alias.get(parent) ?? parent);
    },
    label(key: string): string {
      const name = names.get(key);
      return name !== undefined ? `subagent ${key} · ${name}` : `subagent ${key}`;
    },
  };
}
