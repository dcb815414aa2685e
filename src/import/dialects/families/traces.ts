// The dialect table's entries for calls written in a reply's text, and for the spans and
// evaluation records of traces (hermes … monocle-tool).
import { parseJson } from '../../../json/index';
import { pythonLiteralToJson, readLenient } from '../../pyLiteral';
import { idOf, textCall } from '../entry';
import { terminusArguments } from '../terminus';
import { treeCalls } from '../toolbenchTree';
import type { DialectEntry, FoundCall } from '../entry';
import {
  eachMember,
  embeddedJson,
  get,
  getRec,
  getStr,
  has,
  isRec,
  recLike,
  type Rec,
} from '../shape';

/**
 * The arguments and the keyword arguments (where LangChain passes the call's `tool_call_id`) of
 * a LangChain callback's tool start as OpenLLMetry records it for the span's input: one JSON
 * object `{ input_str, tags, metadata, inputs, kwargs }` (traceloop/openllmetry
 * packages/opentelemetry-instrumentation-langchain/opentelemetry/instrumentation/langchain/
 * callback_handler.py `on_tool_start` @0129a0a5c0). The arguments are `inputs` where it holds
 * some, else the text `input_str`. Null for any other value.
 */
function callbackToolStart(v: unknown): { args: unknown; id: string | null } | null {
  if (typeof v === 'string' && !v.includes('"input_str"')) return null;
  const o = typeof v === 'string' ? embeddedJson(v) : v;
  if (!isRec(o) || typeof get(o, 'input_str') !== 'string') return null;
  if (!has(o, 'metadata') && !has(o, 'tags') && !has(o, 'kwargs')) return null;
  const inputs = getRec(o, 'inputs');
  const kwargs = getRec(o, 'kwargs');
  const args = inputs !== undefined && !emptyRec(inputs) ? inputs : get(o, 'input_str');
  return { args, id: kwargs === undefined ? null : idOf(kwargs, 'tool_call_id') };
}

/**
 * A tool's output as the span keeps it: where its input was a LangChain callback's, OpenLLMetry
 * records the end as `{ output, kwargs }` (`on_tool_end`, same file), whose `output` it is.
 */
function callbackToolEnd(v: unknown, callback: boolean): unknown {
  if (!callback || typeof v !== 'string' || !v.startsWith('{"output"')) return v;
  const o = embeddedJson(v);
  return isRec(o) && has(o, 'output') ? get(o, 'output') : v;
}

/** Whether an object has no member. */
function emptyRec(o: Rec): boolean {
  let empty = true;
  eachMember(o, () => {
    empty = false;
  });
  return empty;
}

/**
 * Where a dotted call keeps its arguments, in the order looked for: RAAF's tool spans keep
 * them as `function.input` beside `tool.name`.
 */
const DOTTED_ARGS = ['tool.args', 'tool.arguments', 'tool.input', 'function.input'];

/** This family's entries, in the order the census tries them (table.ts joins the families). */
/** The object a JSON text spells (in the lossless tree the importers read), or null. */
function parsedObject(text: string): unknown {
  const r = parseJson(text);
  return r.ok && isRec(r.value.value) ? r.value.value : null;
}

export const TRACE_DIALECTS: readonly DialectEntry[] = [
  {
    id: 'hermes',
    label: 'Hermes `<tool_call>` tag',
    call: 'a tag in an assistant message\'s `content` text: `<tool_call>{"name": …, "arguments": {…}}</tool_call>` (a model served without a tool parser; Hermes and Qwen chat templates)',
    result: 'the next `tool` message (its text often wrapped in `<tool_response>` tags)',
    fields: { id: '(none)', name: 'name', args: 'arguments' },
    source:
      'vllm-project/vllm vllm/entrypoints/openai/tool_parsers/hermes_tool_parser.py @00854322d2',
    counted: true,
    when: { types: ['hermes_tool_call'] },
    read: (o) => textCall(o, 'hermes_tool_call'),
  },
  {
    id: 'tool-use-marker',
    label: '`[tool_use:…]` marker',
    call: 'a marker in a message\'s text where a tool flattened an Anthropic `tool_use` block: `[tool_use:Read {"file_path": …}]`, `[tool_use:Read] {…}` (the input after it, on the line or the next), `[tool_use:<id>:Read] {…}`, `[tool_use: bash (<id>)]`; a marker without its input is counted and never read',
    result: 'none read (the matching `[tool_result…]` markers keep only a summary, if anything)',
    fields: {
      id: 'the id before the name, or in parentheses after it',
      name: 'the name',
      args: 'the JSON object inside or after the brackets',
    },
    source:
      'anthropics/anthropic-sdk-python src/anthropic/types/tool_use_block.py @2f967ae54b (the block whose fields the marker spells; no writer owns the marker)',
    counted: true,
    when: { types: ['tool_use_marker'] },
    read: (o) => {
      const name = getStr(o, 'name');
      if (getStr(o, 'type') !== 'tool_use_marker' || !name) return null;
      const id = idOf(o, 'id');
      const args = get(o, 'arguments');
      return args === undefined ? { id, name, args, idOnly: true } : { id, name, args };
    },
  },
  {
    id: 'terminus',
    label: 'Terminus command',
    call: "an item of the `commands` of the JSON object Terminus answers with (`{ analysis, plan, commands: [{ keystrokes, duration }] }`; Terminus 1: `{ state_analysis, explanation, commands: [{ keystrokes, is_blocking, timeout_sec }] }`), as a document or as an assistant message's text",
    result: 'the next user message (the terminal screen after the keystrokes)',
    fields: {
      id: '(none)',
      name: '`bash_command` (as Harbor records it)',
      args: '`{ keystrokes, duration }`',
    },
    source:
      'laude-institute/harbor src/harbor/agents/terminus_2/terminus_2.py (fork JackGuan99/harbor @f927895e6f); NVIDIA-NeMo/Gym resources_servers/terminal_pivot/README.md',
    counted: true,
    when: { types: ['terminus_command'], lists: ['commands'] },
    read: (o, at) => {
      if (getStr(o, 'type') === 'terminus_command') return textCall(o, 'terminus_command');
      const args = at.listKey === 'commands' ? terminusArguments(o) : null;
      return args === null ? null : { id: null, name: 'bash_command', args: recLike(o, args) };
    },
  },
  {
    id: 'react-text',
    label: 'ReAct `Action:` line',
    call: 'an assistant message\'s words that give a `Thought:` and then an `Action:` line, `Action: Click [10]`, `Action: Search[x]` (the ReAct paper\'s prompts, WebVoyager), or LangChain\'s `Action: tool` over `Action Input: …`, or τ-bench\'s `Action:` over `{"name": …, "arguments": {…}}` (its `respond` is no call), or a reply that is a JSON step `{"action", "action_input"}` (LangChain\'s JSON agents) or `{"thought", "action", "actionInput"}` (KaibanJS)',
    result: 'the next user message (the observation the harness sends back, or the error it met)',
    fields: {
      id: '(none)',
      name: 'the word that opens the action (LangChain: the action line)',
      args: "the rest of the action as a JSON string (a bracket's text alone); an `Action Input` as JSON, a Python dict, or text",
    },
    source:
      'MinorJerry/WebVoyager run.py, utils.py @0915445395; langchain-ai/langchain libs/langchain/langchain/agents/output_parsers/react_single_input.py @c787bee0f2, json.py @5439c6c294; sierra-research/tau-bench tau_bench/agents/chat_react_agent.py @043b544371; kaiban-ai/KaibanJS src/utils/llm.types.ts @ef2edabbdd',
    counted: true,
    when: { types: ['react_action'] },
    read: (o) => textCall(o, 'react_action'),
  },
  {
    id: 'openhands-function',
    label: 'OpenHands `<function=…>` tag',
    call: "an assistant message's words that write a call as `<function=name>` over one `<parameter=key>value</parameter>` a parameter, closed by `</function>` (OpenHands' prompt for models without native function calling; SWE-Gym's trajectories)",
    result:
      'the next user message (`EXECUTION RESULT of [name]:` and what the tool gave, as the harness sends it back)',
    fields: {
      id: '(none)',
      name: "the tag's function name",
      args: "each parameter's text, stripped, as a string",
    },
    source: 'All-Hands-AI/OpenHands openhands/llm/fn_call_converter.py @fb12270e83',
    counted: true,
    when: { types: ['openhands_function'] },
    read: (o) => textCall(o, 'openhands_function'),
  },
  {
    id: 'codeact',
    label: 'CodeAct `<execute>` block',
    call: "an assistant message's words that hold code between `<execute>` and `</execute>` (CodeAct agents, MINT's harness): every block of one reply joined, a line apart, one run; a reply with a `<solution>` runs nothing",
    result: 'the next user message (`Observation:` and what the code printed)',
    fields: { id: '(none)', name: '`execute`', args: '`{ code }`, the blocks joined' },
    source: 'xingyaoww/mint-bench mint/envs/general_env.py @3f7f12c10b (parse_action)',
    counted: true,
    when: { types: ['codeact_execute'] },
    read: (o) => textCall(o, 'codeact_execute'),
  },
  {
    id: 'pythonic',
    label: 'pythonic call list',
    call: 'an assistant message\'s whole text, a Python list of calls with keyword arguments: `[get_weather(city="Oslo"), get_time()]` (Llama 3.2 and 4, ToolACE)',
    result: 'the next `tool` message',
    fields: { id: '(none)', name: 'the callee', args: 'the keyword arguments' },
    source:
      'vllm-project/vllm vllm/entrypoints/openai/tool_parsers/pythonic_tool_parser.py @630fe7e7a7',
    counted: true,
    when: { types: ['pythonic_tool_call'] },
    read: (o) => textCall(o, 'pythonic_tool_call'),
  },
  {
    id: 'toolbench-tree',
    label: 'ToolBench answer-tree `Action` node',
    call: 'a node `{ node_type: "Action", description: <tool>, children: [{ node_type: "Action Input", description: <arguments as JSON text>, observation, children }] }` of a DFSDT or CoT answer tree (ToolBench, StableToolBench): each pair a call the search ran, on whichever branch, read from the top node in the order the search ran them',
    result: "the `Action Input` node's `observation`",
    fields: { id: '(none)', name: 'description', args: "the `Action Input` node's description" },
    source:
      'OpenBMB/ToolBench toolbench/inference/Tree/Tree.py @d56fdd89fa (tree_node.to_json_recursive)',
    counted: true,
    when: { has: ['node_type'] },
    read: (o) => treeCalls(o),
  },
  {
    id: 'autocoderover',
    label: 'AutoCodeRover `Result of …` section',
    call: 'a user message that opens with `Result of search_class("RST"):`: the harness reports each API call it ran from the model\'s words under such a header, its arguments positional Python literals (read as a JSON list)',
    result: 'the text under its header, to the next header',
    fields: { id: '(none)', name: 'the callee', args: 'the positional arguments' },
    source: 'nus-apr/auto-code-rover app/inference.py @487d283d07',
    counted: true,
    when: { types: ['api_result_calls'] },
    read: (o) => {
      const listed = getStr(o, 'type') === 'api_result_calls' ? get(o, 'calls') : undefined;
      if (!Array.isArray(listed)) return null;
      const calls: FoundCall[] = [];
      for (const c of listed as unknown[]) {
        const name = isRec(c) ? getStr(c, 'name') : undefined;
        if (!isRec(c) || !name) return null;
        // One reply named them all, and the harness ran them in its order.
        calls.push({
          id: null,
          name,
          args: get(c, 'arguments'),
          output: get(c, 'output'),
          together: true,
        });
      }
      return calls.length > 0 ? calls : null;
    },
  },
  {
    id: 'cline-xml',
    label: 'Cline XML tool tag',
    call: "the first tool tag in an assistant's text, one element a parameter: `<read_file>\\n<path>src/a.ts</path>\\n</read_file>` (Cline, Roo Code and Kilo Code before native tool calls; only their own tools' names)",
    result: "the next user message's text block `[read_file for 'src/a.ts'] Result:`",
    fields: { id: '(none)', name: 'the tag', args: 'its parameters, each a string' },
    source:
      'cline/cline src/core/assistant-message/index.ts @1cb3206b87 (parse-assistant-message.ts); RooCodeInc/Roo-Code packages/types/src/tool.ts @0126cb0b15',
    counted: true,
    when: { types: ['cline_xml_call'] },
    read: (o) => {
      const name = getStr(o, 'name');
      if (getStr(o, 'type') !== 'cline_xml_call' || !name) return null;
      return { id: null, name, args: get(o, 'params') };
    },
  },
  {
    id: 'otel-tool-span',
    label: 'OTel GenAI `execute_tool` span',
    call: 'a tool execution span\'s attributes `{ "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.call.arguments" }` (or OpenInference\'s `input.value`, or the older `gen_ai.tool.args` that any-agent writes); an echo of the model\'s call; with an id and no arguments, counted but never read',
    result:
      "`gen_ai.tool.call.result` (or `output.value`, or any-agent's `gen_ai.output`) beside them",
    fields: {
      id: 'gen_ai.tool.call.id',
      name: 'gen_ai.tool.name',
      args: 'gen_ai.tool.call.arguments, else gen_ai.tool.args, else input.value',
    },
    source:
      'open-telemetry/semantic-conventions docs/gen-ai/gen-ai-spans.md @a064dcca28; mozilla-ai/any-agent src/any_agent/tracing/attributes.py @39edb69b4e',
    counted: true,
    when: { has: ['gen_ai.tool.name'] },
    read: (o) => {
      const name = getStr(o, 'gen_ai.tool.name');
      const given =
        get(o, 'gen_ai.tool.call.arguments') ?? get(o, 'gen_ai.tool.args') ?? get(o, 'input.value');
      if (!name) return null;
      // Without its arguments (they are opt-in) the span names a call only by its id.
      if (given === undefined) {
        const id = idOf(o, 'gen_ai.tool.call.id');
        return id === null ? null : { id, name, args: undefined, echo: true, idOnly: true };
      }
      const start = callbackToolStart(given);
      // The model's messages hold the same call where they were recorded: this only echoes it.
      return {
        id: idOf(o, 'gen_ai.tool.call.id') ?? start?.id ?? null,
        name,
        args: start === null ? given : start.args,
        echo: true,
        output: callbackToolEnd(
          get(o, 'gen_ai.tool.call.result') ?? get(o, 'output.value') ?? get(o, 'gen_ai.output'),
          start !== null,
        ),
      };
    },
  },
  {
    id: 'tool-dotted',
    label: 'dotted `tool.name` / `tool.args`',
    call: "an object `{ \"tool.name\", \"tool.args\" }` (or `tool.arguments`, `tool.input`, RAAF's `function.input`; an id as `tool.call_id`): an item of a model span's output list (any-agent's `gen_ai.output` of a `call_llm` span), or a span's or a span event's own attributes (an echo)",
    result:
      "the tool span's output beside it (`gen_ai.output`, `output.value`, `tool.result`, `function.output`)",
    fields: {
      id: 'tool.call_id (tool.call.id)',
      name: 'tool.name',
      args: 'tool.args (tool.arguments, tool.input, function.input)',
    },
    source:
      'mozilla-ai/any-agent src/any_agent/tracing/instrumentation/llama_index.py @d2acb65cb3 (`_set_llm_output`); thomasahle/trace-taxi my-app/trace-viewer-svelte/convert-trace.js @42995b90b8 (a span event per call, `tool.arguments`, `tool.call_id`); raaf-ai/raaf core/lib/raaf/runner.rb @9d4d9f359b (`execute_tool_with_tracing`: `function.input`, `function.output`)',
    counted: true,
    when: { has: ['tool.name'] },
    read: (o, at) => {
      const name = getStr(o, 'tool.name');
      const argsKey = DOTTED_ARGS.find((k) => has(o, k));
      if (!name || argsKey === undefined) return null;
      const id = idOf(o, 'tool.call_id', 'tool.call.id');
      // In a list the model's reply names its calls; anywhere else the object is a span's
      // attributes, which echo the call the tool ran.
      if (at.listKey !== null) return { id, name, args: get(o, argsKey) };
      return {
        id,
        name,
        args: get(o, argsKey),
        echo: true,
        output:
          get(o, 'gen_ai.output') ??
          get(o, 'output.value') ??
          get(o, 'tool.result') ??
          get(o, 'function.output'),
      };
    },
  },
  {
    id: 'deepeval',
    label: 'DeepEval `toolsCalled`',
    call: "an item of a span's or a trace's `toolsCalled` (or a test case's `tools_called`): `{ name, inputParameters, output }`; an echo of the model's calls, which its LLM spans hold where they were recorded",
    result: 'its own `output`',
    fields: { id: '(none)', name: 'name', args: 'inputParameters (input_parameters)' },
    source:
      'confident-ai/deepeval deepeval/test_case/llm_test_case.py @099d2a8715 (`ToolCall`), deepeval/tracing/api.py @63b117d7a6',
    counted: true,
    // A test case's `expected_tools` are what should have been called, not calls.
    when: { lists: ['toolsCalled', 'tools_called'] },
    read: (o, at) => {
      if (at.listKey !== 'toolsCalled' && at.listKey !== 'tools_called') return null;
      const name = getStr(o, 'name');
      const args = get(o, 'inputParameters') ?? get(o, 'input_parameters');
      if (!name || args === undefined || args === null) return null;
      return { id: null, name, args, echo: true, output: get(o, 'output') };
    },
  },
  {
    id: 'mastra',
    label: 'Mastra `tool_call` span',
    call: 'a span `{ type: "tool_call" | "mcp_tool_call", name: "tool: \'<tool>\'", entityType: "tool", entityId: <tool>, input, output }` (its AI tracing; the record its storage keeps, and its Studio exports, says `spanType` and `error`); an echo of the model step\'s `toolCalls`',
    result: 'its own `output`; `errorInfo` (`error`) a failure',
    fields: {
      id: '(none: the span names no call id)',
      name: 'entityId, else attributes.toolId',
      args: 'input',
    },
    source:
      'mastra-ai/mastra observability/mastra/src/__snapshots__/agent-tool-call-trace.json @0860a2f69c (span types: packages/core `SpanType`); packages/core/src/storage/domains/observability/record-builders.ts @e56bd75c5e (`buildCreateSpanRecord`: the stored record)',
    counted: true,
    when: { types: ['tool_call', 'mcp_tool_call'], has: ['spanType'] },
    read: (o) => {
      const type = getStr(o, 'type') ?? getStr(o, 'spanType');
      if ((type !== 'tool_call' && type !== 'mcp_tool_call') || !has(o, 'input')) return null;
      const attrs = getRec(o, 'attributes');
      const name = getStr(o, 'entityId') || (attrs ? getStr(attrs, 'toolId') : undefined);
      if (!name) return null;
      const error = get(o, 'errorInfo') ?? (has(o, 'spanType') ? get(o, 'error') : undefined);
      return {
        id: null,
        name,
        args: get(o, 'input'),
        echo: true,
        output: get(o, 'output') ?? (isRec(error) ? get(error, 'message') : undefined),
        failed: isRec(error),
      };
    },
  },
  {
    id: 'monocle-tool',
    label: 'Monocle `agentic.tool.invocation` span',
    call: 'a span `{ attributes: { "span.type": "agentic.tool.invocation" | "agentic.mcp.invocation", "entity.1.name" }, events: [{ name: "data.input", attributes: { input } }] }`; an echo of the model\'s call',
    result: "its `data.output` event's `response` (an MCP span's: `output`)",
    fields: {
      id: '(none: the span names no call id)',
      name: 'attributes["entity.1.name"]',
      args: "the `data.input` event's `input` (a Python dict read as JSON; an MCP span's list of one JSON text, that text's object)",
    },
    source:
      'monocle2ai/monocle apptrace/src/monocle_apptrace/instrumentation/metamodel/adk/entities/tool.py @ad7ea1e5e4',
    counted: true,
    when: { has: ['events'] },
    read: (o) => {
      const attrs = getRec(o, 'attributes');
      const kind = attrs ? getStr(attrs, 'span.type') : undefined;
      if (kind !== 'agentic.tool.invocation' && kind !== 'agentic.mcp.invocation') return null;
      const name = getStr(attrs as Rec, 'entity.1.name');
      const events = get(o, 'events');
      if (!name || !Array.isArray(events)) return null;
      const of = (event: string, member: string): unknown => {
        const e = events.find((x) => isRec(x) && getStr(x, 'name') === event) as Rec | undefined;
        const a = e === undefined ? undefined : getRec(e, 'attributes');
        return a === undefined ? undefined : get(a, member);
      };
      const given = of('data.input', 'input');
      if (given === undefined) return null;
      // An MCP invocation's input is a list of one JSON text, `[json.dumps(arguments)]`
      // (monocle2ai/monocle apptrace/src/monocle_apptrace/instrumentation/metamodel/mcp/
      // _helper.py @2ca64d7233, `get_params_arguments`): those arguments.
      const input =
        Array.isArray(given) && given.length === 1 && typeof given[0] === 'string'
          ? (parsedObject(given[0]) ?? given)
          : given;
      // Some frameworks' inputs are printed as a Python dict (`{'city': 'Oslo'}`): the same
      // arguments as the model's call they echo.
      const args =
        typeof input === 'string' && readLenient(input).how === 'repaired'
          ? (pythonLiteralToJson(input.trim()) ?? input)
          : input;
      const output = of('data.output', 'response') ?? of('data.output', 'output');
      return { id: null, name, args, echo: true, output };
    },
  },
];
