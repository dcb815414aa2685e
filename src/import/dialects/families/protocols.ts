// The dialect table's entries for agent protocols and SDK events, browser-use, more
// frameworks, Zed and Cohere v1 (atof … dspy).
import { printJson, type JsonValue } from '../../../json/index';
import { idOf } from '../entry';
import type { DialectEntry, FoundCall } from '../entry';
import { eachMember, get, getRec, getStr, has, isRec, type Rec } from '../shape';

/** An ATOF tool scope's call id: its category profile's, else its tracing metadata's. */
export function atofCallId(o: Rec): string | null {
  for (const k of ['category_profile', 'metadata']) {
    const r = getRec(o, k);
    const id = r ? idOf(r, 'tool_call_id') : null;
    if (id !== null) return id;
  }
  return null;
}

/**
 * An Elastic Agent Builder round's tool call step: the tool's id, its params, and the results
 * it returned kept beside them (`ToolCallWithResult`, elastic/kibana agent-builder-common).
 */
export function elasticToolCall(o: Rec): FoundCall | null {
  const name = getStr(o, 'tool_id');
  const results = get(o, 'results');
  if (getStr(o, 'type') !== 'tool_call' || name === undefined || !Array.isArray(results))
    return null;
  // A tool that threw is answered by one result of type `error` (its `data.message`).
  const failed = results.some((r) => isRec(r) && getStr(r, 'type') === 'error');
  // The results whole, as JSON: typed parts would be shown by their types alone, and two
  // different query results would read as one answer repeated.
  const output = o instanceof Map ? printJson(results as JsonValue) : JSON.stringify(results);
  return { id: idOf(o, 'tool_call_id'), name, args: get(o, 'params'), output, failed };
}

/** This family's entries, in the order the census tries them (table.ts joins the families). */
/** An action's `ActionResult`: its `error` (a failure), else its `extracted_content`. */
function actionAnswer(r: unknown): { output: unknown; failed: boolean } {
  const error = isRec(r) ? get(r, 'error') : undefined;
  const failed = typeof error === 'string' && error !== '';
  return {
    output: isRec(r) ? (failed ? error : (get(r, 'extracted_content') ?? '')) : undefined,
    failed,
  };
}

/**
 * What printing an `AgentHistoryList` shows (its `__str__`, and so its `repr`): every step's
 * actions in one list, each `{ <action name>: params, interacted_element }`, and every
 * step's results in another, in the same order. The steps are gone, so each action is read
 * as a reply of its own, answered by its result.
 */
function printedHistory(o: Rec): FoundCall[] | null {
  const outputs = get(o, 'all_model_outputs');
  const results = get(o, 'all_results');
  if (!Array.isArray(outputs) || !Array.isArray(results)) return null;
  const calls: FoundCall[] = [];
  for (const a of outputs) {
    if (!isRec(a)) return null;
    const members: [string, unknown][] = [];
    eachMember(a, (k, v) => {
      if (k !== 'interacted_element') members.push([k, v]);
    });
    const [only] = members;
    if (members.length !== 1 || only === undefined) return null;
    const i = calls.length;
    calls.push({
      id: null,
      name: only[0],
      args: only[1],
      ...actionAnswer(results[i]),
      sub: `all_model_outputs[${i}]`,
    });
  }
  return calls.length > 0 ? calls : null;
}

export const PROTOCOL_DIALECTS: readonly DialectEntry[] = [
  {
    id: 'atof',
    label: 'ATOF tool scope',
    call: 'a scope event `{ kind: "scope", scope_category: "start", category: "tool", name, data, category_profile: { tool_call_id } }` of an Agent Trajectory Observability Format stream; an echo of the call the model\'s `llm` scope holds where the stream keeps it',
    result: "the scope's `end` event with the same `uuid`: `data` (`data.result`)",
    fields: {
      id: 'category_profile.tool_call_id (metadata.tool_call_id)',
      name: 'name',
      args: 'data',
    },
    source:
      'NVIDIA/NeMo-Agent-Toolkit packages/nvidia_nat_atif/src/nat/atof/events.py (`ScopeEvent`, spec v0.1) and packages/nvidia_nat_atif/examples/atof_to_atif/output/exmp04_atof.jsonl @201f3dcc9d',
    counted: true,
    when: { has: ['scope_category'] },
    read: (o) => {
      if (getStr(o, 'kind') !== 'scope' || getStr(o, 'category') !== 'tool') return null;
      if (getStr(o, 'scope_category') !== 'start') return null;
      const name = getStr(o, 'name');
      if (!name || !has(o, 'data')) return null;
      return { id: atofCallId(o), name, args: get(o, 'data'), echo: true };
    },
  },
  {
    id: 'acp',
    label: 'ACP `tool_call` update',
    call: 'a session update `{ sessionUpdate: "tool_call", toolCallId, title, kind, status, rawInput }` of the Agent Client Protocol (some agents write `type` for `sessionUpdate`, and the tool\'s own name as `toolName`)',
    result:
      'a later `tool_call_update` of the same `toolCallId` whose `status` is `completed` or `failed`, its `rawOutput` (else `content`)',
    fields: {
      id: 'toolCallId',
      name: 'toolName, else title (else kind, without rawInput)',
      args: 'rawInput, else title and locations',
    },
    source:
      'zed-industries/agent-client-protocol schema/schema.json @35fcd9d824 (`ToolCall`, `SessionUpdate`)',
    counted: true,
    when: { has: ['rawInput', 'toolCallId'] },
    read: (o) => {
      if ((getStr(o, 'sessionUpdate') ?? getStr(o, 'type')) !== 'tool_call') return null;
      if (!has(o, 'toolCallId')) return null;
      const title = getStr(o, 'title');
      if (has(o, 'rawInput')) {
        const name = getStr(o, 'toolName') || title;
        return name ? { id: idOf(o, 'toolCallId'), name, args: get(o, 'rawInput') } : null;
      }
      // `rawInput` is optional, and some agents (Gemini CLI) send none: the call is what it
      // shows, its kind (`read`, `edit`, `execute`) and its title and the paths it touches.
      const name = getStr(o, 'toolName') || getStr(o, 'kind') || title;
      if (!name || title === undefined) return null;
      const args = new Map<string, unknown>([['title', title]]);
      if (has(o, 'locations')) args.set('locations', get(o, 'locations'));
      return { id: idOf(o, 'toolCallId'), name, args, shown: 'its title and locations' };
    },
  },
  {
    id: 'cline-events',
    label: 'Cline SDK `content_start` tool event',
    call: 'an agent event `{ type: "content_start", contentType: "tool", toolCallId, toolName, input }` (the CLI\'s JSON output wraps each as `{ type: "agent_event", event }`)',
    result: 'the `content_end` event of the same `toolCallId`: its `output`, or its `error`',
    fields: { id: 'toolCallId', name: 'toolName', args: 'input' },
    source: 'cline/cline sdk/packages/agents/src/types.ts @9d2f8f6590 (`AgentContentStartEvent`)',
    counted: true,
    when: { has: ['contentType'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'content_start' || getStr(o, 'contentType') !== 'tool') return null;
      const name = getStr(o, 'toolName');
      return name ? { id: idOf(o, 'toolCallId'), name, args: get(o, 'input') } : null;
    },
  },
  {
    id: 'browser-use',
    label: 'browser-use `model_output.action`',
    call: "a history step `{ model_output: { action: [{ <action name>: { params } }, …] }, result, state }` of a saved `AgentHistoryList` (the earliest versions write one action object, not a list); a printed `AgentHistoryList` (`all_results=[…], all_model_outputs=[{ <action name>: { params }, interacted_element }, …]`), its steps' actions in one list",
    result:
      "the step's `result` list, one `ActionResult` an action in order: its `error`, else its `extracted_content` (printed: `all_results`, in the same order)",
    fields: { id: null, name: "the action object's one key", args: 'its value' },
    source:
      'browser-use/browser-use browser_use/agent/views.py @019af07c47 (`AgentHistory.model_dump`, `ActionResult`, `AgentHistoryList.__str__`)',
    counted: true,
    when: { has: ['model_output', 'all_model_outputs'] },
    read: (o) => {
      if (has(o, 'all_model_outputs')) return printedHistory(o);
      const out = getRec(o, 'model_output');
      // The earliest versions keep one result object, as they keep one action.
      const result = get(o, 'result');
      const results: unknown[] = Array.isArray(result) ? result : isRec(result) ? [result] : [];
      if (out === undefined || (results.length === 0 && !Array.isArray(result))) return null;
      const action = get(out, 'action');
      const actions: unknown[] = Array.isArray(action) ? action : isRec(action) ? [action] : [];
      const calls: FoundCall[] = [];
      for (const a of actions) {
        // Each action is dumped as `{ name: params }`, the unset actions left out.
        if (!isRec(a)) return null;
        const members: [string, unknown][] = [];
        eachMember(a, (k, v) => members.push([k, v]));
        const [only] = members;
        if (members.length !== 1 || only === undefined) return null;
        const [name, args] = only;
        calls.push({
          id: null,
          name,
          args,
          ...actionAnswer(results[calls.length]),
          together: true,
        });
      }
      return calls.length > 0 ? calls : null;
    },
  },
  {
    id: 'midscene',
    label: 'Midscene `Action Space` task',
    call: "a task `{ type: 'Action Space', subType: <action>, param, status, taskId }` in an execution's `tasks` of a report's dump (`GroupedActionDump`: `executions[].tasks[]`), each device action the planner chose (`Tap`, `Input`, `Scroll`, …)",
    result:
      "the task's own `output` where its action returns one (a shell command's); a failed or cancelled task's `errorMessage` (it did not run); most device actions return nothing, so their answers are unknown",
    fields: { id: 'taskId', name: 'subType', args: 'param' },
    source:
      'web-infra-dev/midscene packages/core/src/types.ts @004068491d (`ExecutionTaskActionApply`, `GroupedActionDump`)',
    counted: true,
    when: { types: ['Action Space'] },
    read: (o) => {
      const name = getStr(o, 'subType');
      // `Finished` and `Error` mark the planner's end and its failure: nothing the device did.
      if (getStr(o, 'type') !== 'Action Space' || !name || name === 'Finished' || name === 'Error')
        return null;
      const status = getStr(o, 'status');
      const failed = status === 'failed' || status === 'cancelled';
      const error = getStr(o, 'errorMessage');
      const id = idOf(o, 'taskId');
      // A task names no plan it came from: each is a reply of its own (the planner's step).
      return {
        id,
        name,
        args: get(o, 'param'),
        ...(id === null ? {} : { turn: id }),
        ...(failed
          ? { output: error ?? status, failed: true }
          : has(o, 'output') && get(o, 'output') !== null
            ? { output: get(o, 'output') }
            : {}),
      };
    },
  },
  {
    id: 'elevenlabs',
    label: 'ElevenLabs agent `tool_calls`',
    call: "an item `{ type, request_id, tool_name, params_as_json, tool_has_been_called }` of a transcript entry's `tool_calls` (a conversation's `transcript`, as its API and post-call webhook give it)",
    result:
      "an item `{ request_id, tool_name, result_value, is_error }` of a later entry's `tool_results`",
    fields: { id: 'request_id', name: 'tool_name', args: 'params_as_json (JSON text)' },
    source:
      'elevenlabs/elevenlabs-python src/elevenlabs/types/conversation_history_transcript_tool_call_common_model.py @1aabfa7580 (`ConversationHistoryTranscriptToolCallCommonModel`; the result: conversation_history_transcript_other_tools_result_common_model.py @028de9058f)',
    counted: true,
    when: { has: ['params_as_json'] },
    read: (o) => {
      const name = getStr(o, 'tool_name');
      if (!name || !has(o, 'request_id')) return null;
      return { id: idOf(o, 'request_id'), name, args: get(o, 'params_as_json') };
    },
  },
  {
    id: 'elastic-agent-builder',
    label: 'Elastic Agent Builder `tool_call` step',
    call: 'a round step `{ type: "tool_call", tool_call_id, tool_id, params, progression?, results: [{ type, data }] }` in `steps` (a converse response, or a conversation\'s `rounds[]`)',
    result: 'the step\'s own `results` (a `{ type: "error" }` result: the tool failed)',
    fields: { id: 'tool_call_id', name: 'tool_id', args: 'params' },
    source:
      'elastic/kibana x-pack/platform/packages/shared/agent-builder/agent-builder-common/chat/conversation.ts @e9faf5bf95 (`ToolCallStep`)',
    counted: true,
    when: { types: ['tool_call'] },
    read: (o) => elasticToolCall(o),
  },
  {
    id: 'semantic-kernel',
    label: 'Semantic Kernel `FunctionCallContent`',
    call: 'a message item `{ content_type: "function_call", id, name, function_name, plugin_name, arguments }` (Python: `ChatHistory.serialize()`, or the item printed as `FunctionCallContent(…)`); .NET\'s `ChatHistory` as System.Text.Json writes it: `{ "$type": "FunctionCallContent", Id, PluginName, FunctionName, Arguments }`',
    result:
      'a tool message item `{ content_type: "function_result", id, name, result }`; .NET: `{ "$type": "FunctionResultContent", CallId, PluginName, FunctionName, Result }`',
    fields: {
      id: 'id | Id',
      name: 'name (plugin-function), else function_name; PluginName-FunctionName',
      args: 'arguments | Arguments',
    },
    source:
      'microsoft/semantic-kernel python/semantic_kernel/contents/function_call_content.py @329a35edea; dotnet/src/SemanticKernel.Abstractions/Contents/KernelContent.cs @3499c7a92c (the `$type` names)',
    counted: true,
    when: { has: ['content_type', '$type'] },
    read: (o) => {
      if (getStr(o, '$type') === 'FunctionCallContent') {
        const fn = getStr(o, 'FunctionName');
        if (!fn) return null;
        // Python names a call by its fully qualified name, the plugin's before the function's,
        // as the connectors send it; .NET keeps the two apart.
        const plugin = getStr(o, 'PluginName');
        const name = plugin ? `${plugin}-${fn}` : fn;
        return { id: idOf(o, 'Id'), name, args: get(o, 'Arguments') };
      }
      if (getStr(o, 'content_type') !== 'function_call') return null;
      const name = getStr(o, 'name') || getStr(o, 'function_name');
      // A Responses agent's call keeps the item's id beside the call's (`call_id`), which its
      // result names too.
      return name ? { id: idOf(o, 'call_id', 'id'), name, args: get(o, 'arguments') } : null;
    },
  },
  {
    id: 'openinference',
    label: 'OpenInference `tool_call`',
    call: 'a message\'s `tool_calls: [{ tool_call: { id, function: { name, arguments } } }]` (spans as Phoenix returns them), or `message.tool_calls: [{ "tool_call.id", "tool_call.function.name", "tool_call.function.arguments" }]` (its span dataframes)',
    result: '`{ message: { role: "tool", tool_call_id, content } }`, or the same with dotted keys',
    fields: {
      id: 'tool_call.id',
      name: 'tool_call.function.name',
      args: 'tool_call.function.arguments',
    },
    source:
      'Arize-ai/phoenix packages/phoenix-evals/src/phoenix/evals/formatting.py @22b229a401 (the shapes it reads)',
    counted: true,
    when: { keys: ['tool_call'], lists: ['message.tool_calls'] },
    read: (o, at) => {
      if (at.listKey === 'message.tool_calls') {
        const name = getStr(o, 'tool_call.function.name');
        return name
          ? { id: idOf(o, 'tool_call.id'), name, args: get(o, 'tool_call.function.arguments') }
          : null;
      }
      const f = at.key === 'tool_call' ? getRec(o, 'function') : undefined;
      const name = f ? getStr(f, 'name') : undefined;
      return f && name ? { id: idOf(o, 'id'), name, args: get(f, 'arguments') } : null;
    },
  },
  {
    id: 'haystack',
    label: 'Haystack `tool_call`',
    call: 'a `ChatMessage.to_dict()` part `{ tool_call: { tool_name, arguments, id, extra } }` (`{ _role, _content }` before 2.12), or a printed `ChatMessage(_role=…, _content=[ToolCall(tool_name=…, arguments=…, id=…)])`, its `_content` items the calls',
    result:
      "a tool message's part `{ tool_call_result: { result, origin: { tool_name, arguments, id }, error } }`",
    fields: {
      id: 'id (null for some providers)',
      name: 'tool_name',
      args: 'arguments (an object)',
    },
    source: 'deepset-ai/haystack haystack/dataclasses/chat_message.py @c7cb46c0f2',
    counted: true,
    when: { keys: ['tool_call'], lists: ['_content'] },
    read: (o) => {
      const name = getStr(o, 'tool_name');
      return name && has(o, 'arguments')
        ? { id: idOf(o, 'id'), name, args: get(o, 'arguments') }
        : null;
    },
  },
  {
    id: 'zed',
    label: 'Zed `ToolUse`',
    call: 'an agent message\'s content item `{ ToolUse: { id, name, raw_input, input, is_input_complete } }` (`input` as `{ type: "json", value }` in newer threads)',
    result:
      "the same message's `tool_results: { <id>: { tool_use_id, tool_name, is_error, content: [{ Text }], output } }`",
    fields: { id: 'id', name: 'name', args: 'input (its value), else raw_input' },
    source: 'zed-industries/zed crates/agent/src/db.rs @0642ec7e49',
    counted: true,
    when: { keys: ['ToolUse'] },
    read: (o) => {
      const name = getStr(o, 'name');
      if (!name || !(has(o, 'input') || has(o, 'raw_input'))) return null;
      const input = get(o, 'input');
      // Newer threads tag the input as JSON or text; older ones wrote the value itself.
      const tagged = isRec(input) && has(input, 'value') && typeof get(input, 'type') === 'string';
      const args = tagged ? get(input, 'value') : (input ?? get(o, 'raw_input'));
      return { id: idOf(o, 'id'), name, args };
    },
  },
  {
    id: 'openai-agents',
    label: 'OpenAI Agents SDK function span',
    call: 'a trace span `{ object: "trace.span", span_data: { type: "function", name, input, output, mcp_data }, error }` (the exporter\'s `{ data: [...] }`)',
    result: "its own `output` (a string); the span's `error` a failure",
    fields: {
      id: '(none: the span names no call id)',
      name: 'span_data.name',
      args: 'span_data.input (a JSON string)',
    },
    source:
      'openai/openai-agents-python src/agents/tracing/span_data.py, spans.py @7f7a44f8dc; openai/openai-agents-js packages/agents-core/src/tracing/spans.ts @6d0c61a5f6',
    counted: true,
    when: { has: ['span_data'] },
    read: (o) => {
      const data = getRec(o, 'span_data');
      const name = data ? getStr(data, 'name') : undefined;
      if (!data || getStr(data, 'type') !== 'function' || !name) return null;
      // A failed tool leaves no output; the span's error says what the model was told.
      const error = getRec(o, 'error');
      const output =
        get(data, 'output') ??
        (error
          ? (get(getRec(error, 'data') ?? error, 'error') ?? get(error, 'message'))
          : undefined);
      // The generation spans of a chat model hold the same calls with their ids: this echoes
      // them, and counts alone only where a Responses model left no messages in the trace.
      return {
        id: null,
        name,
        args: get(data, 'input'),
        echo: true,
        output,
        failed: error !== undefined,
      };
    },
  },
  {
    id: 'openai-agents-approval',
    label: 'OpenAI Agents SDK `tool_approval_item`',
    call: 'a run item `{ type: "tool_approval_item", raw_item | rawItem: { type: "function_call", call_id, name, arguments } }` in a saved `RunState` (its `generated_items`, `session_items`, interruptions): an echo of the call its `tool_call_item` holds',
    result: "the call's own `tool_call_output_item`",
    fields: { id: 'raw_item.call_id', name: 'raw_item.name', args: 'raw_item.arguments' },
    source:
      'openai/openai-agents-python src/agents/items.py @47851ef2b9 (ToolApprovalItem); openai/openai-agents-js packages/agents-core/src/items.ts @2b57c4ebec (RunToolApprovalItem)',
    counted: true,
    when: { types: ['tool_approval_item'] },
    read: (o) => {
      if (getStr(o, 'type') !== 'tool_approval_item') return null;
      const raw = getRec(o, 'raw_item') ?? getRec(o, 'rawItem');
      const name = raw ? (getStr(raw, 'name') ?? getStr(o, 'tool_name')) : undefined;
      if (raw === undefined || name === undefined) return null;
      // The item asks approval for a call the run already holds: its insides are not walked.
      return {
        id: idOf(raw, 'call_id', 'callId', 'id'),
        name,
        args: get(raw, 'arguments'),
        echo: true,
      };
    },
  },
  {
    id: 'cohere',
    label: 'Cohere v1 `tool_calls`',
    call: "a `CHATBOT` message's `tool_calls: [{ name, parameters }]` (no id)",
    result: "a `TOOL` message's `tool_results: [{ call: { name, parameters }, outputs: [...] }]`",
    fields: { id: '(none)', name: 'name', args: 'parameters' },
    source: 'cohere-ai/cohere-python src/cohere/types/tool_call.py, tool_result.py @bc495daab7',
    counted: true,
    when: { lists: ['tool_calls'] },
    read: (o, at) => {
      const name = getStr(o, 'name');
      const args = get(o, 'parameters');
      if (at.listKey !== 'tool_calls' || !name || !isRec(args) || has(o, 'function')) return null;
      return { id: idOf(o, 'id'), name, args };
    },
  },
  {
    id: 'dspy',
    label: 'DSPy ReAct `trajectory`',
    call: "numbered members of one object: `thought_N`, `tool_name_N`, `tool_args_N`, `observation_N` (`dspy.ReAct`'s `trajectory`, `Prediction.toDict()`)",
    result: 'its `observation_N`',
    fields: { id: '(none)', name: 'tool_name_N', args: 'tool_args_N' },
    source: 'stanfordnlp/dspy dspy/predict/react.py @4ed377ee91',
    counted: true,
    when: { has: ['tool_name_0'] },
    read: (o) => {
      let out: FoundCall[] | null = null;
      for (let i = 0; ; i++) {
        const name = getStr(o, `tool_name_${i}`);
        if (name === undefined) break;
        const output = get(o, `observation_${i}`);
        (out ??= []).push({
          id: null,
          name,
          args: get(o, `tool_args_${i}`),
          output,
          // What ReAct writes in place of the answer of a tool that raised.
          failed: typeof output === 'string' && output.startsWith(`Execution error in ${name}`),
          sub: `tool_name_${i}`,
        });
      }
      return out;
    },
  },
];
