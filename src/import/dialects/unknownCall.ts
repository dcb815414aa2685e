// Objects no dialect of the table reads that look like a tool call: the census's `unknown`
// (docs/formats.md §22), read by the same rules in the reader by shape.
import { JsonNumber } from '../../json/index';
import { eachMember, get, getRec, getStr, has, isRec, type Rec } from './shape';
import { isNumber } from './entry';
import type { FoundCall, Place } from './entry';

/** The members that name an unknown call's tool (`looksLikeCall` needs one of them). */
export const NAME_KEYS: readonly string[] = [
  'name',
  'tool',
  'tool_name',
  'toolName',
  'function',
  'function_name',
  'functionName',
  // CAMEL's `FunctionCallingRecord` (camel-ai/camel camel/agents/chat_agent.py @5fc07ed462).
  'func_name',
  // API-Bank's dialogues (`{ role: "API", api_name, param_dict, result }`, AlibabaResearch/
  // DAMO-ConvAI api-bank/evaluator.py @5c38bb7d1d) and ToolTalk's requests (`parameters`).
  'api_name',
];
export const ARG_KEYS: readonly string[] = [
  'arguments',
  'args',
  'input',
  'tool_input',
  'toolInput',
  'parameters',
  'params',
  'param_dict',
  'tool_arguments',
  // Loggers' own spellings (a middleware's `{ tool_name, input_args, output }`).
  'input_args',
  'inputArgs',
  'tool_args',
  'toolArgs',
  'input_data',
  'tool_parameters',
  'toolParameters',
  // A harness that logs the arguments it parsed beside the text the model wrote.
  'parsed_arguments',
  'raw_arguments',
];
/** A ReAct step's input, beside the `action` that names its tool (KaibanJS: camelCase). */
export const REACT_INPUTS: readonly string[] = ['action_input', 'actionInput'];
/**
 * Actions a ReAct step names that run no tool: LangChain's `Final Answer` ends the run, and
 * KaibanJS's `self_question` asks the agent itself the next question (kaiban-ai/KaibanJS
 * `src/agents/reactChampionAgent.ts` @ef2edabbdd).
 */
export const NOT_ACTIONS = /^(?:final answer|self_question)$/i;

/**
 * An object no entry reads that looks like a call: a tool or function name beside its
 * arguments or input, as an item of a list (steps, events, messages), with a call id or its
 * own answer. Never a tool definition
 * or a schema: an argument object that is a JSON schema, or a `description` beside it, rules it
 * out; so does sitting in a `tools` or `functions` list.
 */
export function looksLikeCall(o: Rec, at: Place, answered = false): FoundCall | null {
  // A whole document is a transcript or a trace, never one call of unknown shape (a trace's
  // own `name` beside its `input` and `output` looks like one).
  if (at.document === true) return null;
  const type = get(o, 'type');
  // A member is looked at where its name, or its own type, says it is a call (an event log's
  // `{ event: { type: "tool.call", … } }`).
  if (
    at.key !== null &&
    !CALL_KEY.test(at.key) &&
    !PREDICTED.test(at.key) &&
    !(typeof type === 'string' && KEYED_TYPE.test(type))
  )
    return null;
  // A call made, listed as `tools` (it may leave out arguments it had none of).
  const made = at.listKey !== null && DEFINITION_LISTS.has(at.listKey);
  if (made && !madeInTools(o)) return null;
  // An evaluator's list of the calls it expected or matched is no run's.
  if (wantedList(at.listKey) || wantedList(at.outerKey)) return null;
  // Under a member named for a call, a `type` is the tool's kind (`{ toolCall: { type: "edit",
  // name, input } }`), not what the object is.
  const keyed = at.key !== null && CALL_KEY.test(at.key);
  // A number is an enum's ordinal (.NET writes enums so by default): it says nothing either.
  const said = type !== undefined && !isNumber(type);
  if (!keyed && said && (typeof type !== 'string' || !CALL_TYPE.test(type))) return null;
  // So does a traced span's or run's own kind (`{ spanType: "agent_run", name, input, output }`,
  // Mastra's AI tracing): only a tool's is a call.
  const kind = SPAN_KINDS.map((k) => get(o, k)).find((v) => typeof v === 'string');
  if (!keyed && typeof kind === 'string' && !CALL_TYPE.test(kind)) return null;
  // A call kept as an exchange (ToolTalk's `{ request: { api_name, parameters }, response }`,
  // microsoft/ToolTalk src/tooltalk/evaluation/evaluate_openai.py @0c021ca335): the request is
  // the call, the response its own answer.
  // A tool logger's record of a call beside its result (`{ call: { id, name, input }, result,
  // timestamp }`, a Discord bot's tool log: sandpills/chapterx `tools/` @234a7c5d09) is such
  // an exchange too.
  for (const [asked, answer] of EXCHANGES) {
    const request = getRec(o, asked);
    if (request === undefined || !has(o, answer) || has(o, 'name')) continue;
    const c = looksLikeCall(request, { ...at, key: null }, true);
    if (c !== null) return c;
  }
  // An event whose type says it is a call may hold the call in its payload (`{ type:
  // "tool/call", seq, time, data: { callId, name, arguments } }`, Areium/dsh-fail-logger
  // tests/fixtures/session.jsonl @ab09e90f35).
  if (typeof type === 'string' && CALL_TYPE.test(type) && !NAME_KEYS.some((k) => has(o, k))) {
    const payload = PAYLOADS.map((k) => getRec(o, k)).find((p) => p !== undefined);
    if (payload !== undefined) {
      // An event that says a tool ran needs no id or answer for the call it carries.
      const ran = answered || (at.key === null && CALL_KIND.test(type));
      const c = looksLikeCall(payload, { ...at, key: null }, ran);
      if (c !== null) return c;
      // Its type says it is a call, not a call's start (a stream's first word of one that
      // ends with its arguments): a named one with an id and no arguments had none.
      const named = firstStr(payload, NAME_KEYS);
      const id = firstStr(payload, ID_KEYS);
      if (
        /call$/i.test(type) &&
        named !== undefined &&
        id !== undefined &&
        !ARG_KEYS.some((k) => has(payload, k))
      )
        return { id, name: named, args: new Map<string, unknown>(), echo: true };
    }
  }
  let name = firstStr(o, NAME_KEYS);
  let args: unknown;
  let found = false;
  // A ReAct step as JSON (`{ thought, action, action_input, observation }`, LangChain's JSON
  // agent blob): `action` names the tool only beside its `action_input` (OpenHands' events
  // say `action` of their own kind, beside `args`). Its `Final Answer` ends the run, no call.
  const action = name === undefined || name === '' ? getStr(o, 'action') : undefined;
  const input = action === undefined ? undefined : REACT_INPUTS.find((k) => has(o, k));
  if (action !== undefined && input !== undefined && !NOT_ACTIONS.test(action.trim())) {
    name = action;
    args = get(o, input);
    found = true;
  }
  // A call that wraps its name and input in a `function` object of another spelling than
  // OpenAI's (`{ id, type: "function", function: { name, params } }`, Ax's chat prompt:
  // ax-llm/ax src/ax/ai/types.ts @2538a46089).
  const fn = name === undefined || name === '' ? getRec(o, 'function') : undefined;
  const fnName = fn === undefined ? undefined : getStr(fn, 'name');
  // OpenAI's own spelling (`arguments`) is its dialect's to read: a stream's piece of a call
  // that names it again without its id is none.
  const fnArgs =
    fnName === undefined ? undefined : ARG_KEYS.find((k) => k !== 'arguments' && has(fn as Rec, k));
  if (!found && fnArgs !== undefined) {
    name = fnName;
    args = get(fn as Rec, fnArgs);
    found = true;
  }
  if (name === undefined || name === '' || name.length > 128) return null;
  for (const k of found ? [] : ARG_KEYS) {
    if (has(o, k)) {
      args = get(o, k);
      found = true;
      break;
    }
  }
  // A tool's run logged as the request it was given and its response (`{ tool_name, request,
  // response }`), or its inputs and outputs (`{ tool, inputs, outputs }`); only where a member
  // names a tool, as an HTTP exchange's or a traced run's `name` does not.
  const given = TOOL_NAMED.some((k) => has(o, k))
    ? GIVEN.find(([i, r]) => isRec(get(o, i)) && has(o, r))
    : undefined;
  if (!found && given !== undefined) {
    args = get(o, given[0]);
    found = true;
  }
  // A step whose `type` says it is a tool's may spell its input and answer with a qualifier
  // (`{ type: "tool", tool_name, input_summary, result_summary }`, as loom-tui's agent logs do).
  const typed = typeof type === 'string' && CALL_TYPE.test(type);
  let answer: string | null = null;
  if (!found && typed) {
    eachMember(o, (k, v) => {
      if (answer === null && QUALIFIED_ANSWER.test(k)) answer = k;
      else if (!found && QUALIFIED_INPUT.test(k) && (typeof v === 'string' || isRec(v))) {
        args = v;
        found = true;
      }
    });
  }
  if (!found && made) {
    args = new Map<string, unknown>();
    found = true;
  }
  // A shell tool's run logged flat (`{ tool, command, exit_code, stdout, stderr }`, as
  // jacoporepossi/dehype-ai src/dehype/vm_shell.py @b5c0e07cf2 writes it): the command is its
  // input; its exit code and what it printed, as the tool hands them back, its answer.
  let shell: Map<string, unknown> | undefined;
  if (!found && answer === null && has(o, 'command') && SHELL_RUN.some((k) => has(o, k))) {
    args = new Map<string, unknown>([['command', get(o, 'command')]]);
    found = true;
    shell = new Map(SHELL_ANSWER.filter((k) => has(o, k)).map((k) => [k, get(o, k)]));
  }
  if (!found || Array.isArray(args) || args === null || args === undefined) return null;
  if (schemaLike(args)) return null;
  if (has(o, 'input_schema') || has(o, 'inputSchema')) return null;
  // A trace or a run holds its own steps (a Langfuse trace's `observations`, beside the
  // `name`, `input` and `output` that make it look like a call): it is their container.
  if (HELD_STEPS.some((k) => nonEmptyList(get(o, k)))) return null;
  // A definition describes its tool; a call says what it does only where its type says it is one.
  if (has(o, 'description') && !(typeof type === 'string' && KEYED_TYPE.test(type))) return null;
  const id = firstStr(o, ID_KEYS) ?? null;
  // Without an id, only a step that holds its own answer (`{ tool, input, output }`), or one
  // whose kind says it is a tool's call (`{ name, kind: "tool", input_data }`, a span of
  // Pisama-AI/pisama-core examples/trace.json @3a6f035f36).
  if (
    id === null &&
    !answered &&
    answer === null &&
    !OWN_ANSWER.some((k) => has(o, k)) &&
    !callList(at.listKey) &&
    !(at.key !== null && (PREDICTED.test(at.key) || CALL_KEY.test(at.key))) &&
    !(at.key === null && !said && STAMPS.some((k) => has(o, k))) &&
    !(
      at.key === null &&
      [type, get(o, 'kind')].some((k) => typeof k === 'string' && CALL_KIND.test(k))
    )
  )
    return null;
  const output = shell ?? (answer === null ? undefined : get(o, answer));
  // Calls logged a line each with their round (`{ round, tool, args }`): one round's calls are
  // one reply.
  const stamp = ROUNDS.map((k) => get(o, k)).find((v) => isNumber(v) || typeof v === 'string');
  const turn = stamp instanceof JsonNumber ? stamp.lexeme : (stamp as number | string | undefined);
  return {
    id,
    name,
    args,
    echo: true,
    ...(output === undefined ? {} : { output }),
    ...(turn === undefined ? {} : { turn: String(turn) }),
  };
}

/** The first of these members that holds a string other than ''. */
function firstStr(o: Rec, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = getStr(o, k);
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

/**
 * Whether arguments are a JSON schema, as a definition's `parameters` are (OpenInference's
 * `tool.parameters` keeps it as JSON text): a definition, not a call.
 */
function schemaLike(args: unknown): boolean {
  let a = args;
  if (typeof a === 'string' && a.startsWith('{') && a.includes('"properties"')) {
    try {
      a = JSON.parse(a);
    } catch {
      return false;
    }
    return typeof a === 'object' && a !== null && 'properties' in a;
  }
  return isRec(a) && (has(a, 'properties') || getStr(a, 'type') === 'object');
}

/**
 * A list whose name says it holds the calls made (`call_log`, `calls`, `tool_invocations`): its
 * items need no id nor answer of their own. Never a list of calls expected or wanted (a test's
 * `expected_calls`, a benchmark's `ground_truth`).
 */
function callList(key: string | null): boolean {
  return key !== null && (CALL_LIST.test(key) || PREDICTED.test(key)) && !wantedList(key);
}
/**
 * What an evaluator's record says the model did (`prediction`, `predicted_calls`: a function-
 * calling benchmark's result beside the `ground_truth` it is scored against): calls made.
 */
const PREDICTED = /^(?:predictions?|predicted(?:_?calls?)?|predictedCalls?)$/;
const CALL_LIST = /(?:^|_|[a-z])(?:calls?|Calls?|call_?log|CallLog|invocations?|Invocations?)$/;

/**
 * A member that holds what an evaluator wanted (`expected_invocation`, `expectedOutput`,
 * `ground_truth`, `gold_calls`): the census and the reader by shape walk past it, whatever
 * dialect its calls are spelled in.
 */
export function isWantedMember(k: string): boolean {
  const c = k.charCodeAt(0) | 0x20;
  return (c === 0x65 || c === 0x67 || c === 0x72) && WANTED_MEMBER.test(k);
}
const WANTED_MEMBER = /^(?:expected|gold|ground_?truth|reference)(?:_|[A-Z]|s?$)/i;

/** A list (or its holder) of calls an evaluator wanted or matched (`expected_calls`, `matched_items`). */
function wantedList(key: string | null): boolean {
  return key !== null && WANTED_LIST.test(key);
}
const WANTED_LIST =
  /expect|gold|ground|truth|reference|target|label|answer|wanted|possible|match|grad(?:e|ing)|judg/i;

const QUALIFIED_INPUT = /^(?:input|args|arguments|params|parameters)(?:_|[A-Z])/;
const QUALIFIED_ANSWER = /^(?:output|result|response)(?:_|[A-Z])/;

const OWN_ANSWER = [
  'output',
  'result',
  'observation',
  'response',
  'tool_output',
  'toolOutput',
  'tool_result',
  'toolResult',
];

/**
 * What stamps a record as logged when it happened (a time, a round or step number): an item of
 * a list or a line of a log so stamped is a call made, as no tool's definition is, though it
 * keeps no id nor answer (`{ round, tool, args }`, a telemetry list written out a line each).
 * Only where no `type` says what the record is: a typed event without its id is a fragment
 * of a format that spells ids.
 */
const STAMPS = [
  'timestamp',
  'time',
  'ts',
  'created_at',
  'createdAt',
  'started_at',
  'startedAt',
  'timestamp_start',
  'round',
  'step',
  'turn',
  'iteration',
];

/** Members that name a tool, never anything else (`name` may name a request, a span, a file). */
export const TOOL_NAMED: readonly string[] = ['tool', 'tool_name', 'toolName'];
/** What a tool was given, beside what it gave back, in a log of its runs. */
const GIVEN: readonly (readonly [string, string])[] = [
  ['request', 'response'],
  ['inputs', 'outputs'],
];

/** What a shell command's run leaves beside it, and what of that is handed back as its answer. */
const SHELL_RUN = ['stdout', 'exit_code', 'exitCode', 'returncode'];
const SHELL_ANSWER = [
  'exit_code',
  'exitCode',
  'returncode',
  'timed_out',
  'stdout',
  'stderr',
  'execution_error',
];
/** The stamps that number a model's turns (a time does not: two calls of one turn differ). */
const ROUNDS = ['round', 'step', 'turn', 'iteration'];

/** Lists by which an object holds steps of its own, so that it is a trace or a run, not a call. */
const HELD_STEPS = ['observations', 'spans', 'child_runs', 'childRuns', 'messages', 'steps'];

function nonEmptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

const DEFINITION_LISTS = new Set(['tools', 'functions', 'tool_definitions', 'toolDefinitions']);
const CALL_TYPE = /tool|call|function|action/i;
/**
 * A record's `type` or `kind` that says it is a tool's run, or the start of one (a plugin's
 * `tool.start` event for its `before_tool_call` hook, a server's `tool.called`), whatever it
 * holds. Not a dialect's own spelling (`tool_use`, `tool_call`): those without their id are a
 * fragment of a format that spells ids.
 */
const CALL_KIND = /^tool(?:[._:-](?:start|started|begin|called|invoked))?$/i;
/** The members an event keeps what it is about in. */
const PAYLOADS = ['data', 'payload', 'properties', 'detail'];
/** Members by which a traced span or run says its kind (Mastra's `spanType`, LangSmith's `run_type`). */
const SPAN_KINDS = ['spanType', 'span_type', 'run_type', 'runType'];
/**
 * A member whose name says it is a call (`tool_call`, `ToolUse`, `functionCall`): a part that
 * wraps its call in a member named for it, as Rust enums serialized by serde and Haystack's
 * parts do. Such a member is looked at as a list's item would be.
 */
const CALL_KEY = /^(tool|tool_?call|tool_?use|function_?call|tool_?invocation)$/i;
/** The members of a call kept as an exchange: the call asked, and its answer beside it. */
const EXCHANGES: readonly (readonly [string, string])[] = [
  ['request', 'response'],
  ['call', 'result'],
];
/** A `type` that says its object is a call, wherever it stands. */
const KEYED_TYPE = /call|tool_?use|invocation/i;
const ID_KEYS = [
  'call_id',
  'callId',
  'tool_call_id',
  'toolCallId',
  'tool_use_id',
  'toolUseId',
  'tool_id',
  'id',
];

/**
 * An item of a `tools` list that is a call made, not a definition: its id beside `arguments` or
 * its `result` (words no definition uses; theirs is `parameters` or a schema), as an evaluator's record of
 * a run's invocations (trpc-group/trpc-agent-go `evaluation/evalresult`, Monocle's inference
 * output) keeps them.
 */
function madeInTools(o: Rec): boolean {
  if (!has(o, 'arguments') && !has(o, 'tool_arguments') && !has(o, 'result')) return false;
  return ID_KEYS.some((k) => {
    const v = get(o, k);
    return typeof v === 'string' && v !== '';
  });
}
