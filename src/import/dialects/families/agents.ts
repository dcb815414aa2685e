// The dialect table's entries for agents' logs, hooks and event streams
// (openclaw … codex-exec).
import { idOf } from '../entry';
import type { DialectEntry } from '../entry';
import { get, getRec, getStr, has, isRec } from '../shape';

/** Cline's UI messages that stand for a tool call, and the tool each names (ExtensionMessage.ts). */
const CLINE_SAYS = new Map([
  ['tool', 'tool'],
  ['command', 'execute_command'],
  ['use_mcp_server', 'use_mcp_tool'],
  ['load_mcp_documentation', 'load_mcp_documentation'],
  ['browser_action_launch', 'browser_action'],
  ['completion_result', 'attempt_completion'],
]);
const CLINE_ASKS = new Map([
  ['tool', 'tool'],
  ['command', 'execute_command'],
  ['use_mcp_server', 'use_mcp_tool'],
  ['browser_action_launch', 'browser_action'],
  ['followup', 'ask_followup_question'],
  ['plan_mode_respond', 'plan_mode_respond'],
]);

/** The tool a Cline `tool` message's JSON text names, or null. */
function clineToolName(text: string): string | null {
  const m = /^\s*\{\s*"tool"\s*:\s*"([^"\\]{1,64})"/.exec(text);
  return m ? (m[1] ?? null) : null;
}

/** Hook events that carry a call: Claude Code's (and Codex's), and Gemini CLI's names for them. */
const HOOK_CALLS = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'BeforeTool',
  'AfterTool',
]);
/** The events a hook sees before the call runs (importers read this set too). */
export const HOOK_BEFORE: ReadonlySet<string> = new Set(['PreToolUse', 'BeforeTool']);
/** The events a hook sees after the call ran, with its answer. */
export const HOOK_AFTER: ReadonlySet<string> = new Set(['PostToolUse', 'AfterTool']);
/** The members a hook logger names the event by, beside Claude Code's own `hook_event_name`. */
export const LOGGED_EVENT_KEYS: readonly string[] = ['event', 'hook_event_type', 'hook_event'];

/** This family's entries, in the order the census tries them (table.ts joins the families). */
/** What Continue gives the model of a tool's output: its context items' `content`, joined. */
function contextText(output: unknown): unknown {
  if (!Array.isArray(output)) return output ?? '';
  const texts: string[] = [];
  for (const item of output) {
    const content = isRec(item) ? get(item, 'content') : undefined;
    if (typeof content !== 'string') return output;
    texts.push(content);
  }
  return texts.join('\n');
}

export const AGENT_DIALECTS: readonly DialectEntry[] = [
  {
    id: 'continue-tool-usage',
    label: 'Continue `toolUsage` event',
    call: 'a line `{ eventName: "toolUsage", toolCallId, functionName, toolCallArgs, accepted, succeeded, output }` of Continue\'s dev data (`~/.continue/dev_data/0.2.0/toolUsage.jsonl`), a call it ran; `functionParams` is the tool\'s schema, no call',
    result:
      "the same line's `output` (context items); `succeeded: false`, a failure; a call the user declined (`accepted: false`) has no answer",
    fields: { id: 'toolCallId', name: 'functionName', args: 'toolCallArgs (JSON text)' },
    source:
      'continuedev/continue packages/config-yaml/src/schemas/data/toolUsage/index.ts @d2d046b9fa (`toolUsageEventAllSchema`)',
    counted: true,
    when: { has: ['toolCallArgs'] },
    read: (o) => {
      const name = getStr(o, 'functionName');
      if (!name || typeof get(o, 'toolCallArgs') !== 'string') return null;
      const ran = get(o, 'accepted') !== false;
      return {
        id: idOf(o, 'toolCallId'),
        name,
        args: get(o, 'toolCallArgs'),
        ...(ran
          ? { output: contextText(get(o, 'output')), failed: get(o, 'succeeded') === false }
          : {}),
      };
    },
  },
  {
    id: 'openclaw',
    label: 'OpenClaw `toolCall`',
    call: 'a content block `{ type: "toolCall", id, name, arguments }`',
    result: 'a message `{ role: "toolResult", toolCallId, toolName, content }`',
    fields: { id: 'id', name: 'name', args: 'arguments (an object)' },
    source:
      'badlogic/pi-mono packages/ai/src/types.ts @3344adda99 (the message types OpenClaw runs on)',
    counted: true,
    when: { types: ['toolCall'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'toolCall') return null;
      const name = getStr(o, 'name');
      return name === undefined ? null : { id: idOf(o, 'id'), name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'atif',
    label: 'ATIF `tool_calls`',
    call: "a step's `tool_calls: [{ tool_call_id, function_name, arguments }]`",
    result: "the step's `observation.results: [{ source_call_id, content }]`",
    fields: { id: 'tool_call_id', name: 'function_name', args: 'arguments' },
    source:
      'laude-institute/harbor docs/rfcs/0001-trajectory-format.md (ATIF v1.4; mirrored in OpenAgentsInc/openagents docs/atif/0001-trajectory-format.md)',
    counted: true,
    when: { lists: ['tool_calls'] },
    read: (o, at) => {
      const name = getStr(o, 'function_name');
      if (name === undefined || at.listKey !== 'tool_calls') return null;
      return { id: idOf(o, 'tool_call_id'), name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'opencode',
    label: 'opencode `tool` part',
    call: 'a part `{ type: "tool", callID, tool, state: { status, input, output } }`',
    result: "the same part's `state.output` (status `completed` or `error`)",
    fields: { id: 'callID', name: 'tool', args: 'state.input' },
    source: 'sst/opencode packages/opencode/src/session/message-v2.ts (ToolPart)',
    counted: true,
    when: { types: ['tool'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'tool') return null;
      const name = getStr(o, 'tool');
      const state = getRec(o, 'state');
      if (name === undefined || state === undefined) return null;
      // The event stream sends a part pending (no input yet: not yet a call), running, then
      // completed (`message.part.updated`): a running part is the word of a call whose
      // finished part follows, counted only where none does.
      const status = getStr(state, 'status');
      if (status === 'pending') return null;
      const done = status === undefined || status === 'completed' || status === 'error';
      // A message's parts are one reply, however the stream interleaves their updates.
      const turn = getStr(o, 'messageID');
      return {
        id: idOf(o, 'callID', 'id'),
        name,
        args: get(state, 'input'),
        ...(done ? {} : { echo: true }),
        ...(turn === undefined ? {} : { turn }),
      };
    },
  },
  {
    id: 'gemini-cli-stream',
    label: 'Gemini CLI stream-json `tool_use`',
    call: 'an event `{ type: "tool_use", tool_name, tool_id, parameters }`',
    result: '`{ type: "tool_result", tool_id, status, output }`',
    fields: { id: 'tool_id', name: 'tool_name', args: 'parameters' },
    source: 'google-gemini/gemini-cli packages/core/src/output/types.ts @fd5821788e',
    counted: true,
    when: { types: ['tool_use'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'tool_use') return null;
      const name = getStr(o, 'tool_name');
      return name === undefined
        ? null
        : { id: idOf(o, 'tool_id'), name, args: get(o, 'parameters') };
    },
  },
  {
    id: 'claude-hooks',
    label: 'Claude Code hook payload',
    call: '`{ hook_event_name: "PreToolUse", tool_name, tool_input, tool_use_id? }` (Gemini CLI: `"BeforeTool"`; a logger may name the event `event` or `hook_event_type`, or wrap the payload)',
    result:
      '`{ hook_event_name: "PostToolUse", tool_name, tool_input, tool_response }` (an echo of the call)',
    fields: { id: 'tool_use_id', name: 'tool_name', args: 'tool_input' },
    source:
      'anthropics/claude-code plugins/plugin-dev/skills/hook-development/SKILL.md (hook input)',
    counted: true,
    // A logger may name the event otherwise, or keep it around the payload (`{ hook_event_type,
    // payload }`): a payload with `tool_input` and its `session_id` and no event is the call,
    // or, holding the tool's answer, its echo.
    when: { has: ['hook_event_name', 'tool_input'] },
    read: (o) => {
      let ev = getStr(o, 'hook_event_name');
      for (const k of LOGGED_EVENT_KEYS) {
        if (ev !== undefined) break;
        const e = getStr(o, k);
        if (e !== undefined && HOOK_CALLS.has(e)) ev = e;
      }
      const name = getStr(o, 'tool_name');
      if (name === undefined || (ev !== undefined && !HOOK_CALLS.has(ev))) return null;
      // Without an event, only a payload as Claude Code sends it (its session named).
      if (ev === undefined && !(has(o, 'tool_input') && has(o, 'session_id'))) return null;
      const answered = has(o, 'tool_response') || has(o, 'result');
      return {
        id: idOf(o, 'tool_use_id'),
        name,
        args: get(o, 'tool_input'),
        echo: ev === undefined ? answered : !HOOK_BEFORE.has(ev),
      };
    },
  },
  {
    id: 'langchain-events',
    label: 'LangChain `on_tool_start` event',
    call: '`{ event: "on_tool_start", name, run_id, data: { input } }` (a stream of `astream_events`, or callbacks logged so)',
    result: '`{ event: "on_tool_end", run_id, data: { output } }` (by `run_id`)',
    fields: { id: 'run_id', name: 'name', args: 'data.input' },
    source:
      'langchain-ai/langchain libs/core/langchain_core/runnables/schema.py @06259d780f (`StandardStreamEvent`, `EventData`)',
    counted: true,
    when: { has: ['event'] },
    read: (o) => {
      if (get(o, 'event') !== 'on_tool_start') return null;
      const name = getStr(o, 'name');
      const data = getRec(o, 'data');
      if (name === undefined || data === undefined) return null;
      // The tool's run, not the model's call: the chat model's own `tool_calls`, where the
      // stream holds them too, are the call, and this its echo.
      return { id: idOf(o, 'run_id'), name, args: get(data, 'input'), echo: true };
    },
  },
  {
    id: 'mcp',
    label: 'MCP `tools/call`',
    call: 'a JSON-RPC request `{ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments } }`',
    result: 'the response `{ id, result: { content, isError } }`',
    fields: { id: 'id (the request id)', name: 'params.name', args: 'params.arguments' },
    source: 'modelcontextprotocol/modelcontextprotocol schema/2025-06-18/schema.ts @4acdb6327a',
    counted: true,
    when: { has: ['method'] },
    read: (o) => {
      if (getStr(o, 'method') !== 'tools/call') return null;
      const p = getRec(o, 'params');
      const name = p ? getStr(p, 'name') : undefined;
      if (p === undefined || name === undefined) return null;
      // The client runs a call an agent's model made: where the log keeps that call too, this
      // only echoes it.
      return { id: null, name, args: get(p, 'arguments'), echo: true };
    },
  },
  {
    id: 'cline',
    label: 'Cline UI `tool` message',
    call: 'a UI message `{ ts, type: "ask" | "say", ask | say: "tool" | "command" | "use_mcp_server" | …, text }`; a tool\'s `text` is JSON naming it (`{"tool": "readFile", …}`)',
    result: "the next `command_output`, or the next `api_req_started` request's text",
    fields: { id: 'ts', name: 'text.tool | the ask/say kind', args: 'text' },
    source: 'cline/cline src/shared/ExtensionMessage.ts @42e9d36580 (ClineAsk, ClineSay)',
    counted: true,
    when: { types: ['say', 'ask'] },
    read: (o) => {
      const type = getStr(o, 'type');
      if ((type !== 'say' && type !== 'ask') || !has(o, 'ts') || get(o, 'partial') === true)
        return null;
      const kind = getStr(o, type);
      const name =
        kind === undefined ? undefined : (type === 'say' ? CLINE_SAYS : CLINE_ASKS).get(kind);
      if (name === undefined) return null;
      const text = get(o, 'text');
      const tool = kind === 'tool' && typeof text === 'string' ? clineToolName(text) : null;
      return { id: idOf(o, 'ts'), name: tool ?? name, args: text };
    },
  },
  {
    id: 'inspect',
    label: 'Inspect `tool_calls`',
    call: '`tool_calls: [{ id, function: "name", arguments: {…} }]` (the name a string), and `{ event: "tool", id, function, arguments }` events',
    result: '`{ role: "tool", tool_call_id, function, content }`',
    fields: { id: 'id', name: 'function (a string)', args: 'arguments' },
    source:
      'UKGovernmentBEIS/inspect_ai src/inspect_ai/log/_recorders/eval.py @499e6152e7 (ToolCall in src/inspect_ai/tool/_tool_call.py)',
    counted: true,
    when: { lists: ['tool_calls'], has: ['event'] },
    read: (o, at) => {
      const name = getStr(o, 'function');
      if (name === undefined || !has(o, 'arguments')) return null;
      if (at.listKey === 'tool_calls')
        return { id: idOf(o, 'id'), name, args: get(o, 'arguments') };
      if (getStr(o, 'event') !== 'tool') return null;
      // A tool event records the run of a call a model event's output holds: an echo, with
      // the tool's result.
      return {
        id: idOf(o, 'id'),
        name,
        args: get(o, 'arguments'),
        echo: true,
        output: get(o, 'result'),
        failed: isRec(get(o, 'error')),
      };
    },
  },
  {
    id: 'copilot-cli',
    label: 'Copilot CLI `toolRequests`',
    call: "an `assistant.message` event's `data.toolRequests: [{ toolCallId, name, arguments }]`",
    result: '`tool.execution_complete` with `data.toolCallId` and `result`',
    fields: { id: 'toolCallId', name: 'name', args: 'arguments' },
    source: 'github/copilot-sdk nodejs/src/generated/session-events.ts @cc0438d66e',
    counted: true,
    when: { lists: ['toolRequests'], keys: ['data'] },
    read: (o, at) => {
      if (at.key === 'data' && has(o, 'arguments')) {
        // `tool.execution_start`: the call a user ran, or an echo of a requested one (its
        // `toolCallId` left out by some writers, which pair the events by order).
        const name = getStr(o, 'toolName');
        if (name === undefined) return null;
        return { id: idOf(o, 'toolCallId'), name, args: get(o, 'arguments'), echo: true };
      }
      if (at.listKey !== 'toolRequests') return null;
      const name = getStr(o, 'name');
      return name === undefined
        ? null
        : { id: idOf(o, 'toolCallId'), name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'codex-exec',
    label: 'Codex `exec --json` item',
    call: 'an item `{ id, type: "command_execution" | "mcp_tool_call" | "file_change", … }` in `item.started` / `item.completed` events',
    result: "the completed item's `aggregated_output` / `result`",
    fields: { id: 'id', name: 'type (server.tool for MCP)', args: 'command | arguments | changes' },
    source: 'openai/codex codex-rs/exec/src/exec_events.rs',
    counted: true,
    when: { types: ['command_execution', 'mcp_tool_call', 'file_change'] },
    read: (o) => {
      const t = getStr(o, 'type');
      // `item.started` shows the item in progress, `item.completed` the same item done: the
      // started copy is an echo, counted only where the item never completed.
      const echo = getStr(o, 'status') === 'in_progress';
      if (t === 'command_execution' && has(o, 'command'))
        return { id: idOf(o, 'id'), name: t, args: get(o, 'command'), echo };
      if (t === 'mcp_tool_call' && has(o, 'server') && has(o, 'tool')) {
        const name = `${getStr(o, 'server') ?? 'mcp'}.${getStr(o, 'tool') ?? ''}`;
        return { id: idOf(o, 'id'), name, args: get(o, 'arguments'), echo };
      }
      if (t === 'file_change' && has(o, 'changes'))
        return { id: idOf(o, 'id'), name: t, args: get(o, 'changes'), echo };
      return null;
    },
  },
];
