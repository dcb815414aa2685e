// Which format a file is, from a look at its first values; or what was seen instead.
import { isJsonArray, isJsonObject } from '../json/index';
import type { JsonObject, JsonValue } from '../json/index';
import { arr, describeKeys, describeValue, field, hasKeys, obj, str } from './access';
import { isClineHistory } from './formats/cline';
import { hookRecord, isHookPayload } from './formats/claudeHooks';
import { isClineUiMessage } from './formats/clineUi';
import { isRecordedResponse } from './formats/gemini';
import { isAtif } from './formats/atif';
import { isMiniSweAgent } from './formats/swe-agent';
import { isChatGptConversation } from './formats/chatgpt';
import { isStreamEvent } from './formats/sse';
import type { Doc } from './text';
import type { FormatId } from './types';

/** The detected format, or a description of what was seen instead. */
export type Sniffed =
  { readonly format: FormatId } | { readonly format: null; readonly seen: string };

const SAMPLE = 20;

const RESPONSES_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'reasoning',
  'local_shell_call',
  'local_shell_call_output',
  'computer_call',
  'computer_call_output',
  'web_search_call',
  'file_search_call',
  'mcp_call',
  'item_reference',
]);
const LANGCHAIN_TYPES = new Set([
  'human',
  'ai',
  'tool',
  'system',
  'function',
  'chat',
  'AIMessageChunk',
]);
const CLAUDE_TYPES = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'file-history-snapshot',
  'progress',
  'queue-operation',
  'attachment',
  'custom-title',
  'permission-mode',
]);
const CODEX_LINE_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
]);
/** The namespaces of Copilot CLI's dotted event types (`session.start`, `tool.execution_start`, …). */
const COPILOT_EVENT = /^(?:session|user|assistant|tool|system|subagent|hook|permission)\./;
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'document',
]);

/**
 * Decides a document's format from its content (docs/formats.md §2): specific
 * envelopes first, then the dialect of a message list.
 */
export function sniff(doc: Doc): Sniffed {
  if (doc.kind === 'jsonl') return sniffLines(doc.lines.map((l) => l.value));
  const v = doc.parsed.value;
  if (isJsonObject(v)) {
    const f = sniffObject(v);
    if (f) return { format: f };
    // A JSON Lines file with a single record parses as one object.
    const g = sniffLineRecords([v]);
    if (g) return { format: g };
    return { format: null, seen: describeValue(v) };
  }
  if (isJsonArray(v)) {
    const f = sniffArray(v);
    return f ? { format: f } : { format: null, seen: describeValue(v) };
  }
  return { format: null, seen: describeValue(v) };
}

export function sniffObject(o: JsonObject): FormatId | null {
  if (isJsonArray(field(obj(o, 'log'), 'entries'))) return 'har';
  const loglines = arr(o, 'loglines');
  if (loglines && loglines.some((l) => hasKeys(l, 'type') && isJsonObject(field(l, 'message'))))
    return 'claude-code';
  if (o.has('resourceSpans') || tempoBatches(o) !== null) return 'otel';
  if (isAtif(o)) return 'atif';
  if (isChatGptConversation(o)) return 'chatgpt';
  if (o.has('version') && o.has('eval') && (o.has('samples') || o.has('results'))) return 'inspect';
  if (o.has('epoch') && o.has('input') && isJsonArray(o.get('messages'))) return 'inspect';
  if (o.has('sessionId') && o.has('projectHash') && o.has('messages')) return 'gemini-cli';
  if (isJsonObject(o.get('session')) && isJsonArray(o.get('items'))) return 'codex';
  if (isJsonArray(o.get('trajectory')) && (o.has('history') || o.has('info'))) return 'swe-agent';
  if (isMiniSweAgent(o)) return 'swe-agent';
  const attempts = arr(o, 'attempts');
  if (attempts && attempts.some((a) => hasKeys(a, 'trajectory') || hasKeys(a, 'history')))
    return 'swe-agent';
  const history = arr(o, 'history');
  if (history) {
    if (history.some((h) => hasKeys(h, 'parts'))) return 'gemini-cli';
    if (history.some(isOpenHandsEvent) || isResolvedHistory(history)) return 'openhands';
    if (history.some(isSweAgentEntry)) return 'swe-agent';
  }
  if (isJsonArray(o.get('contents')) || isJsonArray(o.get('candidates'))) return 'gemini';
  if (str(o, 'object') === 'response' || (o.has('input') && o.has('model') && !o.has('messages'))) {
    return 'openai-responses';
  }
  if (
    str(o, 'type') === 'message' &&
    str(o, 'role') === 'assistant' &&
    isJsonArray(o.get('content'))
  ) {
    return 'anthropic';
  }
  if (isJsonArray(o.get('choices')) || str(o, 'object') === 'chat.completion') return 'openai-chat';
  const observations = arr(o, 'observations');
  if (observations) return 'langfuse';
  const data = arr(o, 'data');
  if (data && data.some(isLangfuseObservation)) return 'langfuse';
  if (o.has('run_type') && (o.has('inputs') || o.has('outputs'))) return 'langsmith';
  if (isRunBatch(o)) return 'langsmith';
  const runs = arr(o, 'runs');
  if (runs && runs.some((r) => hasKeys(r, 'run_type'))) return 'langsmith';
  const messages = arr(o, 'messages');
  if (messages) {
    if (o.has('system') && !messages.some((m) => str(m, 'role') === 'system')) return 'anthropic';
    return messageListDialect(messages);
  }
  if (hasTracingKeys(o) || hasTracingKeys(obj(o, 'attributes'))) return 'otel';
  const spans = arr(o, 'spans');
  if (spans && spans.some((s) => hasTracingKeys(obj(s, 'attributes')))) return 'otel';
  return null;
}

export function sniffArray(a: JsonValue[]): FormatId | null {
  if (a.length === 0) return 'openai-chat';
  const head = a.slice(0, SAMPLE);
  // Log records saved as one array (a Claude Code session copied by a hook into one JSON
  // file) carry envelopes that a message-list rule below would misread.
  if (head.some(isQwenRecord)) return 'qwen-code';
  if (head.some(isClaudeRecord)) return 'claude-code';
  if (isChatGptConversation(a[0])) return 'chatgpt';
  if (head.some(isClineUiMessage)) return 'cline';
  if (head.some((m) => hasKeys(m, 'role', 'parts'))) return 'gemini';
  if (head.every((m) => hasKeys(m, 'candidates'))) return 'gemini';
  if (head.some(isResponsesItem)) return 'openai-responses';
  if (head.some(isLangChainMessage)) return 'langchain';
  if (head.some(isOpenHandsEvent)) return 'openhands';
  if (head.some((r) => hasKeys(r, 'run_type'))) return 'langsmith';
  if (head.some(isLangfuseObservation)) return 'langfuse';
  if (head.some((r) => hasKeys(r, 'resourceSpans') || hasTracingKeys(obj(r, 'attributes'))))
    return 'otel';
  if (head.some((m) => hasKeys(m, 'role'))) {
    const dialect = messageListDialect(a);
    // A Cline or Roo Code history whose calls are all XML in the assistant's text has no block
    // that says Anthropic, and nothing that says OpenAI either.
    const plain = dialect === 'openai-chat' && !a.some(openAiTooling);
    if (plain && isMiniSweAgent(a)) return 'swe-agent';
    return (dialect === 'anthropic' || plain) && isClineHistory(a) ? 'cline' : dialect;
  }
  // One JSON array of JSON Lines records (e.g. a Claude Code file wrapped in brackets).
  return sniffLineRecords(head);
}

export function sniffLines(values: JsonValue[]): Sniffed {
  const head = values.slice(0, SAMPLE);
  const f = sniffLineRecords(head);
  if (f) return { format: f };
  const first = head[0];
  if (first === undefined) return { format: null, seen: 'JSON Lines without a single valid line' };
  return {
    format: null,
    seen: `JSON Lines whose first record is ${isJsonObject(first) ? `a JSON object with ${describeKeys(first)}` : describeValue(first)}`,
  };
}

/** Rules for a sequence of log records (JSON Lines, or one JSON object standing for one line). */
function sniffLineRecords(head: JsonValue[]): FormatId | null {
  const first = head[0];
  if (head.some(isCopilotEvent)) return 'copilot-cli';
  if (head.some((l) => CODEX_LINE_TYPES.has(str(l, 'type') ?? '') && hasKeys(l, 'payload')))
    return 'codex';
  if (hasKeys(first, 'id', 'instructions') && !hasKeys(first, 'type')) return 'codex';
  if (head.some((l) => hasKeys(l, 'record_type'))) return 'codex';
  if (head.some((l) => str(l, 'type') === 'thread.started')) return 'codex';
  if (head.some(isQwenRecord)) return 'qwen-code';
  if (head.some(isClaudeRecord)) return 'claude-code';
  if (head.some(isRecordedResponse)) return 'gemini';
  if (head.some(isStreamEvent)) return 'sse';
  if (hasKeys(first, 'sessionId', 'projectHash')) return 'gemini-cli';
  if (head.some((l) => hasKeys(l, '$rewindTo') || hasKeys(l, '$set'))) return 'gemini-cli';
  if (head.some((l) => hasKeys(l, 'resourceSpans'))) return 'otel';
  if (head.some(isOpenHandsEvent)) return 'openhands';
  if (head.every((l) => isResolvedHistory(arr(l, 'history')))) return 'openhands';
  if (head.some(isLangfuseObservation)) return 'langfuse';
  if (head.some((r) => hasKeys(r, 'run_type') || isRunBatch(r))) return 'langsmith';
  if (head.some((l) => isJsonArray(field(l, 'messages')))) {
    const msgs: JsonValue[] = [];
    for (const l of head) for (const m of arr(l, 'messages') ?? []) msgs.push(m);
    if (head.some((l) => hasKeys(l, 'system'))) return 'anthropic';
    return messageListDialect(msgs);
  }
  if (head.some(isResponsesItem)) return 'openai-responses';
  if (head.some(isLangChainMessage)) return 'langchain';
  if (head.length > 0 && head.every((l) => hasKeys(l, 'role'))) return messageListDialect(head);
  return null;
}

/** Whether a message has OpenAI chat's calls or results. */
function openAiTooling(m: JsonValue): boolean {
  if (!isJsonObject(m)) return false;
  const role = str(m, 'role');
  return (
    role === 'tool' ||
    role === 'function' ||
    m.has('tool_calls') ||
    m.has('function_call') ||
    m.has('tool_call_id')
  );
}

/** The dialect of a list of `{role, …}` messages (docs/formats.md §2 step 4). */
export function messageListDialect(msgs: readonly JsonValue[]): FormatId {
  const fold = new DialectFold();
  for (const m of msgs) if (fold.add(m)) break;
  return fold.result;
}

/**
 * `messageListDialect` one message at a time, for a reader that sees each message once: `add`
 * says when the answer is settled (Anthropic or Gemini blocks), `result` is the answer so far.
 */
export class DialectFold {
  private openai = false;
  private langchain = false;
  private settled: FormatId | null = null;

  /** Takes in one message; true once the dialect is settled whatever follows. */
  add(m: JsonValue): boolean {
    if (this.settled !== null) return true;
    if (!isJsonObject(m)) return false;
    const content = m.get('content');
    if (isJsonArray(content)) {
      for (const b of content) {
        const t = str(b, 'type');
        if ((t !== undefined && ANTHROPIC_BLOCKS.has(t)) || (t === 'image' && hasKeys(b, 'source')))
          this.settled = 'anthropic';
      }
      if (this.settled !== null) return true;
    }
    if (m.has('parts') && !m.has('content')) {
      this.settled = 'gemini';
      return true;
    }
    if (m.has('tool_calls') || m.has('function_call') || m.has('tool_call_id')) this.openai = true;
    const role = str(m, 'role');
    if (role === 'tool' || role === 'function') this.openai = true;
    if (!m.has('role') && (m.has('lc') || LANGCHAIN_TYPES.has(str(m, 'type') ?? '')))
      this.langchain = true;
    return false;
  }

  get result(): FormatId {
    if (this.settled !== null) return this.settled;
    return !this.openai && this.langchain ? 'langchain' : 'openai-chat';
  }
}

/** Whether a value is an OpenAI Responses item (or an item-shaped input message). */
export function isResponsesItem(v: JsonValue): boolean {
  if (!isJsonObject(v)) return false;
  const t = str(v, 'type');
  if (t === 'message') return v.has('role') && !v.has('uuid');
  if (t !== undefined && RESPONSES_ITEM_TYPES.has(t)) return true;
  return v.has('call_id');
}

/** A Copilot CLI event: a dotted type, an object `data`, and the id chain. */
function isCopilotEvent(v: JsonValue): boolean {
  return (
    isJsonObject(v) &&
    COPILOT_EVENT.test(str(v, 'type') ?? '') &&
    isJsonObject(v.get('data')) &&
    (v.has('id') || v.has('parentId'))
  );
}

function isLangChainMessage(v: JsonValue): boolean {
  if (!isJsonObject(v)) return false;
  if (field(v, 'lc') !== undefined && isJsonArray(v.get('id'))) return true;
  const t = str(v, 'type');
  if (t === undefined || v.has('role')) return false;
  if (LANGCHAIN_TYPES.has(t)) return true;
  return isJsonObject(v.get('data')) && LANGCHAIN_TYPES.has(t);
}

function isOpenHandsEvent(v: JsonValue): boolean {
  if (!isJsonObject(v)) return false;
  if ((v.has('action') || v.has('observation')) && v.has('source')) return true;
  const k = str(v, 'kind');
  return k !== undefined && k.endsWith('Event');
}

/**
 * A history the OpenHands issue resolver wrote with `dataclasses.asdict` (All-Hands-AI/OpenHands
 * `openhands/resolver/issue_resolver.py` @156d0686c4): events without `source` or `args`, its
 * actions known by the fields OpenHands gives every action (`security_risk`, or the older
 * `confirmation_state` and `is_confirmed`), beside its observations.
 */
function isResolvedHistory(history: readonly JsonValue[] | undefined): boolean {
  if (history === undefined) return false;
  const head = history.slice(0, SAMPLE);
  return (
    head.some(
      (e) =>
        str(e, 'action') !== undefined &&
        (hasKeys(e, 'security_risk') ||
          hasKeys(e, 'confirmation_state') ||
          hasKeys(e, 'is_confirmed')),
    ) && head.some((e) => str(e, 'observation') !== undefined && hasKeys(e, 'content'))
  );
}

/**
 * A SWE-agent `history` entry: a chat message tagged with the SWE-agent agent's name
 * (`agent: "main"`), or a tool observation's `tool_call_ids` list (Gemini CLI and
 * OpenHands keep a `history` too, without them).
 */
function isSweAgentEntry(v: JsonValue): boolean {
  return (
    (hasKeys(v, 'role', 'agent') && typeof v.get('agent') === 'string') ||
    hasKeys(v, 'role', 'tool_call_ids')
  );
}

/**
 * A LangSmith batch-ingest payload (`POST /runs/batch`): an object holding nothing but
 * `post` / `patch` arrays of objects with an `id`, one at least a run (`run_type`,
 * `dotted_order` or `trace_id`). With `requireRun` false, a batch of bare patches (an `id`
 * and new outputs) counts too, for a file already known to hold runs.
 */
export function isRunBatch(v: JsonValue, requireRun = true): boolean {
  if (!isJsonObject(v) || v.size === 0) return false;
  let runs = 0;
  let size = 0;
  for (const [k, list] of v) {
    if ((k !== 'post' && k !== 'patch') || !isJsonArray(list)) return false;
    for (const r of list) {
      if (!hasKeys(r, 'id')) return false;
      if (r.has('run_type') || r.has('dotted_order') || r.has('trace_id')) runs++;
      size++;
    }
  }
  return requireRun ? runs > 0 : size > 0;
}

function isLangfuseObservation(v: JsonValue): boolean {
  const t = str(v, 'type');
  return t === 'GENERATION' && (hasKeys(v, 'traceId') || hasKeys(v, 'input'));
}

function hasTracingKeys(o: JsonObject | undefined): boolean {
  if (!o) return false;
  for (const k of o.keys()) {
    if (
      k.startsWith('gen_ai.') ||
      k === 'ai.prompt.messages' ||
      k === 'ai.response.toolCalls' ||
      k.startsWith('llm.input_messages') ||
      k.startsWith('llm.output_messages') ||
      k.startsWith('llm.prompts.') ||
      k.startsWith('llm.completions.')
    ) {
      return true;
    }
  }
  return false;
}

/** The system lines `claude -p --output-format stream-json` opens with (`init`, hook output). */
const CLAUDE_STREAM_SYSTEM = /^(?:init|hook_)/;

/**
 * A Claude Code session line: a known line type with the session's envelope (uuid, parent,
 * session); a `stream-json` system line; or a bare turn (`type` user or assistant, a
 * `message` holding Anthropic `content` and no other role), as viewers' minimal fixtures and
 * hook copies write them.
 */
function isClaudeRecord(l: JsonValue): boolean {
  if (!isJsonObject(l)) return false;
  const type = str(l, 'type') ?? '';
  // A Claude Code hook's payload, as hook collections log them (formats/claudeHooks.ts).
  const hook = hookRecord(l);
  if (hook !== null && isHookPayload(l)) {
    const p = hook.payload;
    if (
      isJsonObject(p) &&
      (p.has('tool_name') || p.has('transcript_path') || l.has('transcript_path'))
    )
      return true;
  }
  if (
    type === 'system' &&
    CLAUDE_STREAM_SYSTEM.test(str(l, 'subtype') ?? '') &&
    l.has('session_id')
  )
    return true;
  if (!CLAUDE_TYPES.has(type)) return false;
  if (l.has('uuid') || l.has('sessionId') || l.has('parentUuid') || l.has('leafUuid')) return true;
  if (type !== 'user' && type !== 'assistant') return false;
  const m = obj(l, 'message');
  if (m === undefined || !m.has('content') || m.has('parts')) return false;
  const role = str(m, 'role');
  return role === undefined || role === type;
}

/**
 * A Qwen Code session line (packages/core/src/services/chatRecordingService.ts): the Claude
 * Code envelope (uuid, parentUuid, sessionId, type) around a Gemini `Content` (`role`, `parts`).
 */
function isQwenRecord(l: JsonValue): boolean {
  if (!isJsonObject(l) || !l.has('uuid') || !l.has('sessionId')) return false;
  return isJsonArray(field(obj(l, 'message'), 'parts'));
}

/**
 * A trace as Grafana Tempo's API gave it before its `resourceSpans` (grafana/tempo
 * pkg/tempopb/tempo.proto @903f058919, `Trace`): `batches`, each an OTLP `ResourceSpans` whose
 * spans stand under `scopeSpans` or, older still, `instrumentationLibrarySpans`. Null otherwise.
 */
export function tempoBatches(v: JsonValue | undefined): readonly JsonValue[] | null {
  const batches = arr(v, 'batches');
  const first = batches?.[0];
  if (
    first === undefined ||
    !(hasKeys(first, 'scopeSpans') || hasKeys(first, 'instrumentationLibrarySpans'))
  )
    return null;
  return batches ?? null;
}
