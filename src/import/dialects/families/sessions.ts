// The dialect table's entries for agents' and assistants' saved sessions and transcripts
// (letta … vscode-subagent).
import { chatGptCall } from '../chatgpt';
import { ranActions } from '../miniSweAgent';
import { cursorHookCall } from '../cursorHooks';
import { idOf } from '../entry';
import type { DialectEntry } from '../entry';
import { eachMember, get, getRec, getStr, has, isRec, recLike, type Rec } from '../shape';
import { OPENHANDS_NOT_CALLS, resolverCall, responseArguments } from '../openhands';

/**
 * A Cursor CLI `tool_call` event's call: its one `<kind>ToolCall` member (`{ args, result? }`),
 * or `function: { name, arguments }` for the tools without a kind of their own.
 */
function cursorCliCall(tc: Rec): { name: string; args: unknown; result: unknown } | null {
  const f = getRec(tc, 'function');
  if (f !== undefined) {
    const name = getStr(f, 'name');
    return name === undefined ? null : { name, args: get(f, 'arguments'), result: undefined };
  }
  let out: { name: string; args: unknown; result: unknown } | null = null;
  let several = false;
  eachMember(tc, (k, v) => {
    if (!k.endsWith('ToolCall') || !isRec(v)) return;
    several ||= out !== null;
    out = { name: k, args: get(v, 'args'), result: get(v, 'result') };
  });
  return several ? null : out;
}

/** A Windsurf transcript's steps that are turns, not tool calls (walk.ts reads them as turns). */
export const WINDSURF_TURNS: ReadonlySet<string> = new Set(['user_input', 'planner_response']);
/** A record without some of its members, in the form it came in (a lossless tree's `Map`, or an object). */
function without(o: Rec, drop: ReadonlySet<string>): Rec {
  if (o instanceof Map) return new Map([...o].filter(([k]) => !drop.has(k)));
  return Object.fromEntries(Object.entries(o).filter(([k]) => !drop.has(k)));
}
/** What a Windsurf transcript step returned, beside what it was asked. */
const WINDSURF_RESULTS: ReadonlySet<string> = new Set([
  'output',
  'content',
  'original_content',
  'exit_code',
  'total_results',
  'user_rejected',
  'acknowledgement_type',
  'error',
]);
/** Lists of a message's attachments (files, images, sources), never of an agent's steps. */
const ATTACHMENT_LISTS: ReadonlySet<string> = new Set([
  'files',
  'attachments',
  'images',
  'sources',
  'citations',
]);

/** Windsurf's Cascade hook events that stand for a tool call, and the tool each is. */
const CASCADE_ACTIONS = new Set(['read_code', 'write_code', 'run_command', 'mcp_tool_use']);

/** This family's entries, in the order the census tries them (table.ts joins the families). */
export const SESSION_DIALECTS: readonly DialectEntry[] = [
  {
    id: 'letta',
    label: 'Letta `tool_call_message`',
    call: 'a message `{ message_type: "tool_call_message", tool_call: { name, arguments, tool_call_id }, tool_calls: [the same] }`',
    result:
      '`{ message_type: "tool_return_message", tool_call_id, tool_return, status }` (and `tool_returns: [the same]`)',
    fields: { id: 'tool_call_id', name: 'name', args: 'arguments (a JSON string)' },
    source: 'letta-ai/letta letta/schemas/letta_message.py @56ba9c2555',
    counted: true,
    when: { keys: ['tool_call'], lists: ['tool_calls'] },
    read: (o, at) => {
      if (at.key !== 'tool_call' && at.listKey !== 'tool_calls') return null;
      const name = getStr(o, 'name');
      const id = idOf(o, 'tool_call_id');
      if (name === undefined || id === null || !has(o, 'arguments')) return null;
      return { id, name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'pydantic-ai',
    label: 'Pydantic AI `tool-call` part',
    call: 'a response part `{ part_kind: "tool-call", tool_name, args, tool_call_id }` (args a JSON string or an object)',
    result: 'a request part `{ part_kind: "tool-return", tool_name, content, tool_call_id }`',
    fields: { id: 'tool_call_id', name: 'tool_name', args: 'args' },
    source: 'pydantic/pydantic-ai pydantic_ai_slim/pydantic_ai/messages.py @4fda38988f',
    counted: true,
    when: { has: ['part_kind'] },
    read: (o) => {
      if (getStr(o, 'part_kind') !== 'tool-call') return null;
      const name = getStr(o, 'tool_name');
      return name === undefined
        ? null
        : { id: idOf(o, 'tool_call_id'), name, args: get(o, 'args') };
    },
  },
  {
    id: 'goose',
    label: 'goose `toolRequest`',
    call: 'a content item `{ type: "toolRequest", id, toolCall: { status: "success", value: { name, arguments } } }`',
    result:
      '`{ type: "toolResponse", id, toolResult: { status: "success", value: { content, isError } } }` (older: `value` the content list; `{ status: "error", error }`)',
    fields: { id: 'id', name: 'toolCall.value.name', args: 'toolCall.value.arguments' },
    source:
      'block/goose crates/goose/src/conversation/message.rs @0513296606, tool_result_serde.rs (the status wrapper)',
    counted: true,
    when: { types: ['toolRequest'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'toolRequest') return null;
      const call = getRec(o, 'toolCall');
      // A request the model spelled wrong is `{ status: "error", error }`: no tool ran.
      const value = call ? getRec(call, 'value') : undefined;
      const name = value ? getStr(value, 'name') : undefined;
      if (value === undefined || name === undefined) return null;
      return { id: idOf(o, 'id'), name, args: get(value, 'arguments') };
    },
  },
  {
    id: 'openhands',
    label: 'OpenHands `ActionEvent`',
    call: 'a V1 event `{ kind: "ActionEvent", tool_name, tool_call_id, tool_call: { id, name, arguments } }`',
    result: '`{ kind: "ObservationEvent", tool_call_id, observation }`',
    fields: { id: 'tool_call.id', name: 'tool_call.name', args: 'tool_call.arguments' },
    source:
      'OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/event/llm_convertible/action.py',
    counted: true,
    when: { keys: ['tool_call'] },
    read: (o, at) => {
      if (at.key !== 'tool_call' || !has(o, 'arguments')) return null;
      const name = getStr(o, 'name');
      return name === undefined ? null : { id: idOf(o, 'id'), name, args: get(o, 'arguments') };
    },
  },
  {
    id: 'openhands-v0',
    label: 'OpenHands V0 action',
    call: 'an event `{ source: "agent", action: "run", args: {…}, tool_call_metadata?: { function_name, tool_call_id } }`, or the issue resolver\'s `dataclasses.asdict` of it: `{ action: "run", command, thought, security_risk, … }`, no `source`, `args` or id',
    result: 'an event `{ observation, cause: <action id>, content }`',
    fields: { id: 'tool_call_metadata.tool_call_id', name: 'function_name | action', args: 'args' },
    source:
      'All-Hands-AI/OpenHands openhands/events/serialization/event.py; openhands/resolver/issue_resolver.py @156d0686c4',
    counted: true,
    when: { has: ['action'] },
    read: (o, at) => {
      const action = getStr(o, 'action');
      if (action === undefined || OPENHANDS_NOT_CALLS.has(action)) return null;
      if (!has(o, 'args')) return resolverCall(o, at, action);
      if (getStr(o, 'source') !== 'agent') return null;
      const meta = getRec(o, 'tool_call_metadata');
      const id = meta ? idOf(meta, 'tool_call_id') : null;
      const name = (meta ? getStr(meta, 'function_name') : undefined) ?? action;
      // The arguments as the model wrote them, so the copies of its response in later events
      // are the same call; the event's own `args` add the agent's fields.
      const asked = meta && id !== null ? responseArguments(meta, id) : undefined;
      return { id, name, args: asked ?? get(o, 'args') };
    },
  },
  {
    id: 'swe-agent',
    label: 'SWE-agent `action`',
    call: 'an assistant history entry `{ role: "assistant", action: "<command>" }` without `tool_calls`',
    result: 'the next `{ message_type: "observation" }` entry',
    fields: { id: null, name: "the command's first word", args: 'action' },
    source: 'SWE-agent/SWE-agent sweagent/agent/agents.py @3ea751c087',
    counted: true,
    when: { lists: ['history'] },
    read: (o, at) => {
      if (at.listKey !== 'history' || getStr(o, 'role') !== 'assistant') return null;
      const action = getStr(o, 'action');
      if (action === undefined || action.trim() === '') return null;
      const tc = get(o, 'tool_calls');
      if (Array.isArray(tc) && tc.length > 0) return null;
      return { id: null, name: action.trim().split(/\s/, 1)[0] ?? '', args: action };
    },
  },
  {
    id: 'swe-agent-step',
    label: 'SWE-agent trajectory step',
    call: 'a `trajectory` step `{ action, observation, thought }` (read only where the file has no history)',
    result: "the step's own `observation`",
    fields: { id: null, name: "the command's first word", args: 'action' },
    source: 'SWE-agent/SWE-agent sweagent/agent/agents.py @3ea751c087',
    counted: true,
    when: { lists: ['trajectory'] },
    read: (o, at) => {
      if (at.listKey !== 'trajectory' || !has(o, 'observation')) return null;
      const action = getStr(o, 'action');
      if (action === undefined || action.trim() === '') return null;
      const name = action.trim().split(/\s/, 1)[0] ?? '';
      return { id: null, name, args: action, echo: 'fallback' };
    },
  },
  {
    id: 'mini-swe-agent',
    label: 'mini-swe-agent text action',
    call: 'a reply `{ role: "assistant", content, extra }` in `messages` without `tool_calls`: its `extra.actions` (`[{ command }]`), else the one ```` ```bash ```` (v1) or ```` ```mswea_bash_command ```` block of its text; in a list without `extra`, the one ```` ```bash ```` block of a reply that a user message opening `<returncode>` follows',
    result: 'the next user message (what the command printed), but a format error',
    fields: { id: null, name: '`bash` (the tool v2 declares)', args: '`{ command }`' },
    source:
      'SWE-agent/mini-swe-agent src/minisweagent/agents/default.py @79d03f0b20 (v1), models/utils/actions_text.py @a83fcae82d (v2), src/microswea/run/github_issue.py @c23c5432 (bare messages)',
    counted: true,
    when: { lists: ['messages'], types: ['mswea_reported'] },
    read: (o, at) => {
      // A reply of a trajectory kept as its bare messages, seen through the report that follows
      // it (census.ts).
      if (getStr(o, 'type') === 'mswea_reported') {
        const command = getStr(o, 'command');
        return command === undefined
          ? null
          : { id: null, name: 'bash', args: recLike(o, { command }) };
      }
      if (at.listKey !== 'messages' || getStr(o, 'role') !== 'assistant') return null;
      // The `extra` mini-swe-agent keeps beside each reply (the model's response, its actions).
      const extra = get(o, 'extra');
      if (!isRec(extra) || (!has(extra, 'actions') && !has(extra, 'response'))) return null;
      const tc = get(o, 'tool_calls');
      if (Array.isArray(tc) && tc.length > 0) return null;
      const content = getStr(o, 'content') ?? '';
      const calls = ranActions(content, extra).map((command) => ({
        id: null,
        name: 'bash',
        args: recLike(o, { command }),
      }));
      return calls.length > 0 ? calls : null;
    },
  },
  {
    id: 'cursor',
    label: 'Cursor bubble `toolFormerData`',
    call: 'an assistant bubble `{ type: 2, bubbleId, toolFormerData: { toolCallId, name, rawArgs, params, status, result } }`',
    result: "the same `toolFormerData`'s `result` (a JSON string)",
    fields: { id: 'toolCallId', name: 'name', args: 'rawArgs (a JSON string), else params' },
    // Cursor is closed source; its layout is read from viewers of its state.vscdb.
    source:
      'Lingnik/cursor-exporter export-cursor.py @4cdb845db3 (toolFormerData); michaeldhood/chatrxiv docs/cursor/storage-reference.md @d28513a810 (bubbles)',
    counted: true,
    when: { keys: ['toolFormerData'] },
    read: (o, at) => {
      if (at.key !== 'toolFormerData') return null;
      const name = getStr(o, 'name');
      if (name === undefined || name === '') return null;
      const raw = get(o, 'rawArgs');
      return { id: idOf(o, 'toolCallId'), name, args: raw ?? get(o, 'params') };
    },
  },
  {
    id: 'cursor-cli',
    label: 'Cursor CLI stream-json `tool_call`',
    call: 'an event `{ type: "tool_call", subtype: "started" | "completed", call_id, tool_call: { <kind>ToolCall: { args, result? } } }` (or `tool_call: { function: { name, arguments } }`)',
    result:
      'the `completed` event, its `<kind>ToolCall.result` (`{ success: {…} }` or `{ error: {…} }`); the `started` event is an echo of it',
    fields: { id: 'call_id', name: 'the <kind>ToolCall member, or function.name', args: 'args' },
    source:
      'cursor.com/docs/cli/reference/output-format (the Cursor CLI is closed source), as recorded in the neosian crate 3.0.3 src/harness/native/cursor/tests.rs (docs.rs)',
    counted: true,
    when: { types: ['tool_call'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'tool_call') return null;
      const tc = getRec(o, 'tool_call');
      const sub = getStr(o, 'subtype');
      const call = tc ? cursorCliCall(tc) : null;
      if (call === null || (sub !== 'started' && sub !== 'completed')) return null;
      const id = idOf(o, 'call_id');
      // The completed event spells the call again with its result: it is the call, and the
      // started one counts only where the run ended before the tool did.
      if (sub === 'started') return { id, name: call.name, args: call.args, echo: true };
      return { id, name: call.name, args: call.args, output: call.result };
    },
  },
  {
    id: 'windsurf-hooks',
    label: 'Windsurf Cascade hook payload',
    call: '`{ agent_action_name: "pre_run_command" | "pre_read_code" | "pre_write_code" | "pre_mcp_tool_use", trajectory_id, execution_id, tool_info }`',
    result:
      'the `post_…` payload of the same action (an echo of the call; `tool_info.mcp_result` for MCP tools)',
    fields: {
      id: null,
      name: 'the action (`run_command`, …) or tool_info.mcp_tool_name',
      args: 'tool_info, or tool_info.mcp_tool_arguments',
    },
    source:
      'docs.windsurf.com/windsurf/cascade/hooks, mirrored in patrickcarmichael/claude-docs docs/ai-coding-tools/codeium/formatted/cascade-hooks-beta.md @a9add268a1',
    counted: true,
    when: { has: ['agent_action_name'] },
    read: (o) => {
      const ev = getStr(o, 'agent_action_name');
      const info = getRec(o, 'tool_info');
      if (ev === undefined || info === undefined) return null;
      const post = ev.startsWith('post_');
      if (!post && !ev.startsWith('pre_')) return null;
      const action = ev.slice(post ? 5 : 4);
      if (!CASCADE_ACTIONS.has(action)) return null;
      if (action === 'mcp_tool_use') {
        const name = getStr(info, 'mcp_tool_name');
        if (name === undefined) return null;
        return { id: null, name, args: get(info, 'mcp_tool_arguments'), echo: post };
      }
      return { id: null, name: action, args: info, echo: post };
    },
  },
  {
    id: 'cursor-hooks',
    label: 'Cursor hook payload',
    call: '`{ hook_event_name: "beforeShellExecution", command, cwd }`, `"beforeMCPExecution"` with `tool_name` and `tool_input`, `"beforeReadFile"` with `file_path`, or `"afterFileEdit"` with `file_path` and `edits` (an edit has no hook before it), each with `conversation_id` and `generation_id`',
    result:
      "the `after…` payload of the same command or tool (`afterShellExecution`'s `output`, `afterMCPExecution`'s `result_json`): an echo of the call",
    fields: {
      id: '(none: a payload names no call id)',
      name: '`shell`, `read_file` or `edit_file`, else tool_name',
      args: '{ command }, { file_path }, { file_path, edits }, else tool_input',
    },
    source:
      'cursor.com/docs/agent/hooks (the events and their fields), as the held-out shinken-sketch/cursor-demo .cursor/hooks/logs/audit.log @9056205e84 records them',
    counted: true,
    when: { has: ['hook_event_name'] },
    read: cursorHookCall,
  },
  {
    id: 'windsurf-transcript',
    label: 'Windsurf Cascade transcript step',
    call: 'a line `{ type: "<step>", status, "<step>": { … } }` of the JSONL Cascade writes for its transcript hook, any step but `user_input` and `planner_response` (`view_file`, `run_command`, `code_action`, `find`, `grep_search`, `list_directory`, …)',
    result: 'the same step\'s own `output` (a view\'s `content`); `status: "error"` a failure',
    fields: { id: '(none)', name: 'type', args: 'the step object without what it returned' },
    source:
      'git-ai-project/git-ai src/commands/checkpoint_agent/transcript_readers.rs @117c0e0783 (read_windsurf_jsonl), the file the post_cascade_response_with_transcript hook writes (docs.windsurf.com/windsurf/cascade/hooks)',
    counted: true,
    when: { has: ['status'] },
    read: (o, at) => {
      const type = getStr(o, 'type');
      if (type === undefined || WINDSURF_TURNS.has(type)) return null;
      // A chat's attachments say the same (Open WebUI's `files: [{ type: "file", file: {…},
      // status }]`): a list of them holds no steps.
      if (at.listKey !== null && ATTACHMENT_LISTS.has(at.listKey)) return null;
      const step = getRec(o, type);
      if (step === undefined) return null;
      const status = getStr(o, 'status');
      return {
        id: null,
        name: type,
        args: without(step, WINDSURF_RESULTS),
        output: get(step, 'output') ?? get(step, 'content') ?? get(step, 'error') ?? '',
        failed: status === 'error',
      };
    },
  },
  {
    id: 'chatgpt',
    label: 'ChatGPT / harmony `recipient`',
    call: 'an assistant message addressed to a tool: `{ id, author: { role: "assistant" }, recipient: "python", content: { content_type: "code", text } }` (harmony: `{ role: "assistant", recipient: "functions.<name>", content }`)',
    result:
      'the next message, from the tool: `{ author: { role: "tool", name: "python" }, content: { content_type: "execution_output", text } }`',
    fields: { id: "id (the message's)", name: 'recipient', args: 'content (its text, as written)' },
    source:
      'ChatGPT data export (closed source), as mitkury/chatgpt-export-parser docs/chatgpt-data-export-format.md @08e6ae5958 describes it; harmony: openai/harmony docs/format.md @20cd04c17f',
    counted: true,
    when: { has: ['recipient'] },
    read: (o) => chatGptCall(o),
  },
  {
    id: 'open-webui',
    label: 'Open WebUI `<details type="tool_calls">` tag',
    call: 'a tag in an assistant message\'s `content` text: `<details type="tool_calls" done="true" id name arguments>` (attributes HTML-escaped, `arguments` a JSON string of the JSON text)',
    result:
      'the same tag: its `result` attribute, or the text after its `<summary>` (a JSON string)',
    fields: { id: 'id', name: 'name', args: 'arguments' },
    source: 'open-webui/open-webui backend/open_webui/utils/middleware.py @cd9dae0f3a',
    counted: true,
    when: { types: ['tool_calls'] },
    read: (o) => {
      const name = getStr(o, 'name');
      const done = getStr(o, 'done');
      if (getStr(o, 'type') !== 'tool_calls' || done === undefined || !name) return null;
      return {
        id: idOf(o, 'id'),
        name,
        args: get(o, 'arguments'),
        output: done === 'true' ? get(o, 'result') : undefined,
      };
    },
  },
  {
    id: 'adk-eval',
    label: 'Google ADK eval case `tool_uses`',
    call: "an invocation's `intermediate_data.tool_uses: [{ id, name, args }]` (google.genai `FunctionCall`s, in an `.evalset.json` / `.test.json`)",
    result: "the same invocation's `intermediate_data.tool_responses: [{ id, name, response }]`",
    fields: { id: 'id (often null)', name: 'name', args: 'args' },
    source: 'google/adk-python src/google/adk/evaluation/eval_case.py @13b8219eb5',
    counted: true,
    when: { lists: ['tool_uses'] },
    read: (o, at) => {
      const name = getStr(o, 'name');
      if (at.listKey !== 'tool_uses' || at.outerKey !== 'intermediate_data' || !name) return null;
      return { id: idOf(o, 'id'), name, args: get(o, 'args') };
    },
  },
  {
    id: 'amazon-q',
    label: 'Amazon Q Developer CLI `tool_uses`',
    call: 'an assistant `{ ToolUse: { message_id, content, tool_uses: [{ id, name, orig_name, args, orig_args }] } }`',
    result:
      'the next user message `{ content: { ToolUseResults: { tool_use_results: [{ tool_use_id, content, status }] } } }`',
    fields: { id: 'id', name: 'name', args: 'args' },
    source: 'aws/amazon-q-developer-cli crates/chat-cli/src/cli/chat/message.rs @01e5e3dcea',
    counted: true,
    when: { lists: ['tool_uses'] },
    read: (o, at) => {
      const name = getStr(o, 'name');
      if (at.listKey !== 'tool_uses' || !name || !has(o, 'args')) return null;
      return { id: idOf(o, 'id'), name, args: get(o, 'args') };
    },
  },
  {
    id: 'kiro',
    label: 'Kiro CLI `toolUse` block',
    call: 'a block `{ kind: "toolUse", data: { toolUseId, name, input } }` in an `AssistantMessage` line\'s `data.content` (its session log: lines `{ version, kind, data }`, each enum variant beside its `data`)',
    result:
      'a block `{ kind: "toolResult", data: { toolUseId, content: [{ kind: "text" | "json", data }], status } }` in the next `ToolResults` line; `status: "error"` a failure',
    fields: { id: 'toolUseId', name: 'name', args: 'input' },
    source:
      'Kiro CLI (closed source) as Dicklesworthstone/coding_agent_session_search src/connectors/kiro.rs @28b31916c6 reads ~/.kiro/sessions/cli/<uuid>.jsonl',
    counted: true,
    // The variant's fields stand under `data`, beside the `kind` that names it.
    when: { keys: ['data'] },
    read: (o, at) => {
      const name = getStr(o, 'name');
      if (at.key !== 'data' || !name || !has(o, 'toolUseId') || !has(o, 'input')) return null;
      return { id: idOf(o, 'toolUseId'), name, args: get(o, 'input') };
    },
  },
  {
    id: 'vscode-subagent',
    label: 'VS Code subagent `toolInvocationSerialized`',
    call: 'a response part `{ kind: "toolInvocationSerialized", toolCallId, toolId, subAgentInvocationId, invocationMessage }` in a chat session\'s `requests[*].response`: a call a subagent made, whose arguments the session does not keep (the main agent\'s own parts repeat its `toolCallRounds` under other ids and are not counted)',
    result: 'its `pastTenseMessage` and `resultDetails` on the same part',
    fields: { id: 'toolCallId', name: 'toolId', args: '(none kept)' },
    source:
      'microsoft/vscode src/vs/workbench/contrib/chat/common/chatService/chatService.ts @00817b7f8e (IChatToolInvocationSerialized)',
    counted: true,
    when: { has: ['subAgentInvocationId'] },
    read: (o) => {
      const name = getStr(o, 'toolId');
      if (getStr(o, 'kind') !== 'toolInvocationSerialized' || !name) return null;
      if (!has(o, 'subAgentInvocationId')) return null;
      // Only the id is kept: counted, so a reading that misses the subagent says so; never read.
      const id = idOf(o, 'toolCallId');
      return id === null ? null : { id, name, args: undefined, echo: true, idOnly: true };
    },
  },
  {
    id: 'vscode-invocation',
    label: 'VS Code `toolInvocationSerialized` of a request without its rounds',
    call: 'a response part `{ kind: "toolInvocationSerialized", toolCallId, toolId }` of a chat request that keeps no `result.metadata.toolCallRounds` (cut short, or exported while it ran): the main agent\'s call, its arguments not kept; counted, never read',
    result: 'its `pastTenseMessage` and `resultDetails`',
    fields: { id: 'toolCallId', name: 'toolId', args: '(none kept)' },
    source:
      'microsoft/vscode src/vs/workbench/contrib/chat/common/chatService/chatService.ts @00817b7f8e (IChatToolInvocationSerialized)',
    counted: true,
    when: { types: ['vscode_invocation'] },
    read: (o) => {
      const name = getStr(o, 'toolId');
      const id = idOf(o, 'toolCallId');
      if (getStr(o, 'type') !== 'vscode_invocation' || !name || id === null) return null;
      return { id, name, args: undefined, echo: true, idOnly: true };
    },
  },
];
