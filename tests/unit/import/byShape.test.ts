import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';
import type { Imported } from '../../../src/import/index';
import { printJson, type JsonValue } from '../../../src/json/index';
import { filesUnder, outline } from './helpers';

/**
 * The reader by shape (docs/formats.md §25): files no importer knows, read from the lists that
 * hold their calls; and files an importer reads whole, never read by shape.
 */
const ROOT = join(__dirname, '..', '..', '..');
const GENERIC = join(ROOT, 'tests', 'fixtures', 'generic');

function load(path: string, format?: 'generic'): readonly Imported[] {
  const r = importConversations(new Uint8Array(readFileSync(path)), {
    name: basename(path),
    ...(format ? { format } : {}),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function callsOf(list: readonly Imported[]): number {
  let n = 0;
  for (const c of list)
    for (const m of c.messages) if (Array.isArray(m.tool_calls)) n += m.tool_calls.length;
  return n;
}

/** Every call has exactly one answer, and every answer a call, in its own conversation. */
function expectAnswered(c: Imported): void {
  const ids: string[] = [];
  const answers: string[] = [];
  for (const m of c.messages) {
    if (Array.isArray(m.tool_calls))
      for (const t of m.tool_calls) ids.push(String((t as Map<string, unknown>).get('id')));
    if (m.role === 'tool') answers.push(String(m.tool_call_id));
  }
  expect(answers.sort()).toEqual(ids.sort());
}

/** The same agent run traced two ways (Phoenix, MLflow): two searches that find nothing. */
const ROTATE_KEY_SEARCHES = [
  'system',
  'user',
  'assistant: search_docs(call_1) {"query":"rotate api key"}',
  'tool → call_1: "No results."',
  'assistant: search_docs(call_2) {"query":"rotate api key"}',
  'tool → call_2: "No results."',
];

interface Case {
  readonly file: string;
  readonly calls: number;
  readonly dialects: readonly string[];
  readonly outlines: readonly (readonly string[])[];
  /** The file logs no answers (a hook log of calls only). */
  readonly unanswered?: true;
  /** How many answers say their tool failed (none when absent). */
  readonly errors?: number;
  /** The conversations' labels, where the file names them. */
  readonly labels?: readonly string[];
  /** A warning the file must carry (what the reading could not keep). */
  readonly warning?: RegExp;
}

/** The answers that say their tool failed. */
function errorsOf(list: readonly Imported[]): number {
  let n = 0;
  for (const c of list) for (const m of c.messages) if (m.role === 'tool' && m.error === true) n++;
  return n;
}

/** The AI SDK UI stream fixture's story, saved a chunk a line or as server-sent events. */
const AI_SDK_UI_STREAM: readonly string[] = [
  'assistant: runTests(call_w1) {"path":"tests/dates.test.ts"}',
  'tool → call_w1: "1 failed: expected \'2026-01-05\'"',
  'assistant: runTests(call_w2) {"path":"tests/dates.test.ts"}',
  'tool → call_w2: "1 failed: expected \'2026-01-05\'"',
  'assistant: readFile(call_w3) {"path":"src/dates.ts"}',
  'tool → call_w3: "export const fmt = (d: Date) => d.toLocaleDateString(\'en-GB\');"',
];

const CASES: readonly Case[] = [
  {
    // Calls kept as an assistant message's whole text, as JSON (an Orchestrate evaluation's
    // recorded messages: `{"type": "tool_call", "name", "args", "id"}`), each answered by a
    // message whose text is `{"type": "tool_response", "content", "tool_call_id"}`.
    file: 'json-reply-calls.json',
    calls: 3,
    dialects: ['langchain'],
    outlines: [
      [
        'user',
        'assistant: get_user_id(chatcmpl-tool-1) {"email":"sam@example.com"}',
        `tool → chatcmpl-tool-1: "UserId(id='u-7')"`,
        'assistant: update_preferred_name(chatcmpl-tool-2) {"first_name":"Sam","user_id":"u-7"}',
        'tool → chatcmpl-tool-2: "Result(success=False)"',
        'assistant: update_preferred_name(chatcmpl-tool-3) {"first_name":"Sam","user_id":"u-7"}',
        'tool → chatcmpl-tool-3: "Result(success=False)"',
        'assistant',
      ],
    ],
  },
  {
    // A rollout that keeps its run twice (Spider-Agent-TC's `conversation` and
    // `final_messages`): the calls as objects with the harness's `work_dir`, and again as
    // OpenHands tags in the text the model was sent, without it. Each run read once, from
    // the fuller list; two rollouts, two conversations.
    file: 'rollout-two-renderings.json',
    calls: 5,
    dialects: ['unknown'],
    warning: /2 lists that rendered another's run again/,
    outlines: [
      [
        'system',
        'user',
        'assistant: execute_bash(syn-2-0) {"command":"ls SHOP","work_dir":"/data/databases/SHOP"}',
        'tool → syn-2-0: "EXECUTION RESULT of [execute_bash]:\\nDDL.csv\\nORDERS.json"',
        'assistant: execute_bash(syn-4-0) {"command":"cat SHOP/DDL.csv","work_dir":"/data/databases/SHOP"}',
        'tool → syn-4-0: "EXECUTION RESULT of [execute_bash]:\\nCREATE TABLE ORDERS (id INT)"',
        'assistant: execute_sql(syn-6-0) {"sql":"SELECT COUNT(*) FROM ORDERS"}',
        'tool → syn-6-0: "EXECUTION RESULT of [execute_sql]:\\n42"',
      ],
      [
        'system',
        'user',
        'assistant: execute_bash(syn-2-0) {"command":"ls SHOP","work_dir":"/data/databases/SHOP"}',
        'tool → syn-2-0: "EXECUTION RESULT of [execute_bash]:\\nDDL.csv\\nORDERS.json"',
        'assistant: execute_bash(syn-4-0) {"command":"ls SHOP","work_dir":"/data/databases/SHOP"}',
        'tool → syn-4-0: "EXECUTION RESULT of [execute_bash]:\\nDDL.csv\\nORDERS.json"',
      ],
    ],
  },
  {
    // Continue's dev data (`toolUsage.jsonl`): a line a call, answered by its own `output`'s
    // context items; one that did not succeed a failure; one the user declined unanswered.
    file: 'continue-tool-usage.jsonl',
    calls: 5,
    errors: 1,
    unanswered: true,
    dialects: ['continue-tool-usage'],
    outlines: [
      [
        'assistant: read_file(tc-1) {"filepath":"src/app.ts"}',
        'tool → tc-1: "export const x = 1;"',
        'assistant: run_terminal_command(tc-2) {"command":"npm test"}',
        'tool → tc-2: "1 failed"',
        'assistant: run_terminal_command(tc-3) {"command":"npm test"}',
        'tool → tc-3: "1 failed"',
        'assistant: edit_existing_file(tc-4) {"changes":"x = 2","filepath":"src/app.ts"}',
        'tool → tc-4: ""',
        'assistant: run_terminal_command(tc-5) {"command":"rm -rf dist"}',
      ],
    ],
  },
  {
    // An ElevenLabs agent's conversation (its API's, or a post-call webhook's payload): each
    // transcript entry's `tool_calls`, answered by a later entry's `tool_results` by
    // `request_id`; a system tool (`end_call`) is a call too.
    file: 'elevenlabs-conversation.json',
    calls: 4,
    errors: 1,
    dialects: ['elevenlabs'],
    outlines: [
      [
        'assistant',
        'user',
        'assistant: find_slots(req_1) {"day":"friday"}',
        'tool → req_1: "{\\"slots\\": []}"',
        'assistant: find_slots(req_2) {"day":"friday"}',
        'tool → req_2: "{\\"error\\": \\"calendar timeout\\"}"',
        'assistant',
        'user',
        'assistant: book_slot(req_3) {"day":"monday","time":"09:00"}',
        'tool → req_3: "{\\"booked\\": true}"',
        'assistant: end_call(req_4) {"reason":"done"}',
        'tool → req_4: ""',
      ],
    ],
  },
  {
    // A Midscene report's dump: each execution's `Action Space` tasks, each its own reply
    // (a planning step stands between them); a cancelled task answers with why, `Finished`
    // is the planner's end, no action. A device action returns nothing: only a shell
    // command's output answers.
    file: 'midscene-report-dump.json',
    calls: 5,
    errors: 1,
    unanswered: true,
    dialects: ['midscene'],
    outlines: [
      [
        'assistant: Tap(a1) {"locate":{"prompt":"Save button"}}',
        'tool → a1: "cancelled: the element was not located"',
        'assistant: Scroll(a2) {"direction":"down","distance":300}',
        'assistant: Tap(a3) {"locate":{"center":[10,20],"prompt":"Save button"}}',
      ],
      [
        'assistant: Tap(a9) {"locate":{"prompt":"Settings"}}',
        'assistant: RunAdbShell(a10) {"command":"getprop ro.build.version.release"}',
        'tool → a10: "14\\n"',
      ],
    ],
  },
  {
    // A list of steps `{ tool, input, output }`, no ids: each step answers itself.
    file: 'steps.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: search(syn-0-0) {"query":"loadConfig"}',
        'tool → syn-0-0: "src/config.ts:12"',
        'assistant: read_file(syn-2-0) {"path":"src/config.ts"}',
        'tool → syn-2-0: "export function loadConfig() {}"',
        'assistant: search(syn-4-0) {"query":"loadConfig"}',
        'tool → syn-4-0: "src/config.ts:12"',
      ],
    ],
  },
  {
    // Calls wrapped in a member named for them (`{ ToolCall: … }`, as serde writes a Rust enum)
    // by a writer no entry knows: unknown calls, their answers by id.
    file: 'keyed-calls.json',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: job_log(k1) {"job":"nightly","lines":50}',
        'tool → k1: "error: disk full on /var/tmp"',
        'assistant: job_log(k2) {"job":"nightly","lines":50}',
        'tool → k2: "error: disk full on /var/tmp"',
      ],
    ],
  },
  {
    // A DSPy ReAct prediction (`Prediction.toDict()`): one object numbering its steps
    // (`tool_name_N`, `tool_args_N`, `observation_N`), no list and no ids; `finish` is a call.
    file: 'dspy-react-prediction.json',
    calls: 4,
    // DSPy's own words for a tool that raised.
    errors: 2,
    dialects: ['dspy'],
    outlines: [
      [
        'assistant: lookup_order(syn-0-0) {"order_id":"A-1042"}',
        'tool → syn-0-0: "Execution error in lookup_order: \\nTraceback (most recent call last):\\nTimeoutError: orders-db did not answer in 5 s"',
        'assistant: lookup_order(syn-2-0) {"order_id":"A-1042"}',
        'tool → syn-2-0: "Execution error in lookup_order: \\nTraceback (most recent call last):\\nTimeoutError: orders-db did not answer in 5 s"',
        'assistant: track_parcel(syn-4-0) {"tracking":"1Z999AA10123456784"}',
        'tool → syn-4-0: "{\\"eta\\":\\"2026-10-06\\",\\"status\\":\\"in transit\\"}"',
        'assistant: finish(syn-6-0) {}',
        'tool → syn-6-0: "Completed."',
      ],
    ],
  },
  {
    // A web agent's chat (WebVoyager's `interact_messages.json`): each reply's `Thought:` and
    // `Action: Click [12]`, answered by the next user message, the harness's observation or the
    // error it met; the last action, the answer, ends the run unanswered.
    file: 'webvoyager-interact-messages.json',
    calls: 5,
    dialects: ['react-text'],
    unanswered: true,
    outlines: [
      [
        'system',
        'user',
        'assistant: Type(syn-2-0) "[0]; smart folio"',
        'tool → syn-2-0: "Observation: A screenshot and some texts. (Omitted in context.)"',
        'assistant: Click(syn-4-0) "12"',
        'tool → syn-4-0: "The action you have chosen cannot be exected. Please double-check if you have selected the wrong Numerical Label or Action or Action format. Then provide the revised Thought and Action."',
        'assistant: Click(syn-6-0) "12"',
        'tool → syn-6-0: "The action you have chosen cannot be exected. Please double-check if you have selected the wrong Numerical Label or Action or Action format. Then provide the revised Thought and Action."',
        'assistant: Scroll(syn-8-0) "[WINDOW]; down"',
        'tool → syn-8-0: "Observation: please analyze the attached screenshot and give the Thought and Action. I\'ve provided the tag name of each element and the text it contains (if text exists).\\n[0]: <input> \\"\\";\\t[1]: <button> \\"Search\\";"',
        'assistant: ANSWER(syn-10-0) "The Grove store has it in stock."',
      ],
    ],
  },
  {
    // LangChain's ReAct agent in a chat, a message a line: `Action:` over `Action Input:`.
    file: 'langchain-react-chat.jsonl',
    calls: 3,
    dialects: ['react-text'],
    outlines: [
      [
        'user',
        'assistant: search(syn-1-0) "population of Lyon"',
        'tool → syn-1-0: "Observation: Lyon had about 522,000 inhabitants in 2024."',
        'assistant: search(syn-3-0) "population of Lyon"',
        'tool → syn-3-0: "Observation: Lyon had about 522,000 inhabitants in 2024."',
        'assistant: calculator(syn-5-0) {"expression":"522000**2"}',
        'tool → syn-5-0: "Observation: 272484000000"',
        'assistant',
      ],
    ],
  },
  {
    // LlamaIndex's agent workflow events, saved as they streamed: the reply's selection, the
    // `ToolCall` event and its `ToolCallResult` are one call.
    file: 'llamaindex-workflow-events.jsonl',
    calls: 2,
    dialects: ['llamaindex'],
    outlines: [
      [
        'assistant: get_weather(call_1) {"city":"Oslo"}',
        'tool → call_1: "rain"',
        'assistant: get_weather(call_2) {"city":"Oslo"}',
        'tool → call_2: "rain"',
      ],
    ],
  },
  {
    // The same events as LlamaIndex's workflow logs them at INFO, printed by Python after the
    // logger's words (printedLog.ts); the reply's line is cut short, the failed call says so.
    file: 'llamaindex-workflow-tick.log',
    calls: 3,
    dialects: ['llamaindex'],
    errors: 1,
    outlines: [
      [
        'assistant: get_weather(call-1) {"city":"Oslo"}',
        'tool → call-1: "rain, 9 °C"',
        'assistant: get_weather(call-2) {"city":"Oslo"}',
        'tool → call-2: "rain, 9 °C"',
        'assistant: get_weather(call-3) {"city":"Bergen"}',
        'tool → call-3: "unknown city"',
      ],
    ],
  },
  {
    // A session a sanitizer flattened to `{ type: "message", role, text }` lines, each call a
    // `[tool_use:Name {input}]` marker in the assistant's text, its results removed.
    file: 'tool-use-markers.jsonl',
    calls: 6,
    dialects: ['tool-use-marker'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant',
        'assistant: Bash(syn-2-0) {"command":"ls $PROJECT_ROOT/app/src","description":"List app src"}',
        'assistant: Bash(syn-3-0) {"command":"ls $PROJECT_ROOT/app/src/routes","description":"List routes"}',
        'assistant: Read(syn-4-0) {"file_path":"$PROJECT_ROOT/app/src/routes/index.tsx"}',
        'assistant: Read(syn-5-0) {"file_path":"$PROJECT_ROOT/app/src/routes/index.tsx"}',
        'assistant: Write(syn-6-0) {"content":"export default function Landing1() { return <main>{\'{\'}</main>; }","file_path":"$PROJECT_ROOT/app/src/routes/landing1.tsx"}',
        'assistant',
        'user',
        'assistant: Edit(syn-9-0) {"file_path":"$PROJECT_ROOT/app/src/routes/landing1.tsx","new_string":"w-96","old_string":"w-64"}',
      ],
    ],
  },
  {
    // A chat of a model served without a tool parser: each call a `<tool_call>` tag in the
    // assistant's text (the system prompt's template of one is not a call), each answer the
    // next tool message.
    file: 'hermes-tool-calls.json',
    calls: 3,
    dialects: ['hermes'],
    outlines: [
      [
        'system',
        'user',
        'assistant: search_flights(syn-2-0) {"date":"2026-12-18","from":"OSL","to":"LIS"}',
        'tool → syn-2-0: "<tool_response>\\n{\\"flights\\": []}\\n</tool_response>"',
        'assistant: search_flights(syn-4-0) {"date":"2026-12-18","from":"OSL","to":"LIS"}',
        'tool → syn-4-0: "<tool_response>\\n{\\"flights\\": []}\\n</tool_response>"',
        'assistant: search_flights(syn-6-0) {"date":"2026-12-19","from":"OSL","to":"LIS"}',
        'tool → syn-6-0: "<tool_response>\\n{\\"flights\\": [{\\"no\\": \\"TP1173\\", \\"dep\\": \\"06:40\\"}]}\\n</tool_response>"',
        'assistant',
      ],
    ],
  },
  {
    // JSON Lines of events, a call a line (`{ type: "tool_call", toolCallId, toolName,
    // parameters }`, as `droid exec` stream-json writes) in a shape no entry knows: unknown calls
    // at the top level of the lines, each answer's `value` found by its call id.
    file: 'jsonl-call-events.jsonl',
    calls: 2,
    dialects: ['unknown'],
    labels: ['s-41'],
    outlines: [
      [
        'user',
        'assistant: Shell(t1) {"command":"kubectl logs worker-0 --tail 20"}',
        'tool → t1: "{\\"exitCode\\":0,\\"stdout\\":\\"OOMKilled\\"}"',
        'assistant: Shell(t2) {"command":"kubectl logs worker-0 --tail 20"}',
        'tool → t2: "{\\"exitCode\\":0,\\"stdout\\":\\"OOMKilled\\"}"',
        'assistant',
      ],
    ],
  },
  {
    // A Cursor agent transcript (`~/.cursor/projects/*/agent-transcripts/*.jsonl`): each line a
    // record naming its role beside the API message it wraps, one model turn a line, no ids
    // and no results. Each line's words open its own batch.
    file: 'cursor-agent-transcript.jsonl',
    calls: 4,
    unanswered: true,
    dialects: ['anthropic'],
    outlines: [
      [
        'user',
        'assistant: Read(syn-1-0) {"limit":80,"path":"/home/dev/app/build.log"}',
        'assistant: Grep(syn-2-0) {"path":"/home/dev/app/src","pattern":"process.env.API_URL"} | Read(syn-2-1) {"path":"/home/dev/app/.env.production"}',
        'assistant: Grep(syn-3-0) {"path":"/home/dev/app/src","pattern":"process.env.API_URL"}',
        'assistant',
      ],
    ],
  },
  {
    // An OTLP trace whose model messages were not recorded (they are opt-in): only the
    // `execute_tool` spans name the calls, in OTLP's attribute lists, each with its result.
    file: 'otlp-tool-spans.json',
    calls: 3,
    dialects: ['otel-tool-span'],
    outlines: [
      [
        'assistant: lookup_invoice(call_Q1) {"invoice":"INV-2207"}',
        'tool → call_Q1: "{\\"error\\":\\"not found\\"}"',
        'assistant: lookup_invoice(call_Q2) {"invoice":"INV-2207"}',
        'tool → call_Q2: "{\\"error\\":\\"not found\\"}"',
        'assistant: search_invoices(call_Q3) {"customer":"ACME"}',
        'tool → call_Q3: "[\\"INV-2270\\"]"',
      ],
    ],
  },
  {
    // An any-agent trace: each `call_llm` span's `gen_ai.output` lists the step's calls as
    // `{ "tool.name", "tool.args" }` (a JSON string, or an object); the `execute_tool` spans
    // echo them (`gen_ai.tool.args`) with the answer (`gen_ai.output`).
    file: 'any-agent-trace.json',
    calls: 2,
    dialects: ['tool-dotted'],
    outlines: [
      [
        'assistant: deploy_status(syn-0-0) {"env":"prod"}',
        'tool → syn-0-0: "pending"',
        'assistant: deploy_status(syn-2-0) {"env":"prod"}',
        'tool → syn-2-0: "pending"',
      ],
    ],
  },
  {
    // pi's `--mode json` events repeat each message as it streams and again at its turn's and
    // run's end: only the messages `message_end` finishes are read, and a tool run whose call
    // no message holds (a stream cut short) from its own events.
    file: 'pi-json-events.jsonl',
    calls: 3,
    dialects: ['openclaw'],
    outlines: [
      [
        'user',
        'assistant: bash(toolu_1) {"command":"npm test"}',
        'tool → toolu_1: "1 failing"',
        'assistant: bash(toolu_2) {"command":"npm test"}',
        'tool → toolu_2: "1 failing"',
        'assistant',
        'user',
        'assistant: read(toolu_3) {"path":"test/a.test.ts"}',
        'tool → toolu_3: "expect(parse(\'\')).toEqual([])"',
      ],
    ],
  },
  {
    // Jaeger's UI downloads a trace's spans with their attributes as `tags`, each
    // `{ key, type, value }` with the value bare: read as the attributes they spell.
    file: 'jaeger-ui-tool-spans.json',
    calls: 2,
    dialects: ['otel-tool-span'],
    outlines: [
      [
        'assistant: lookup_order(call_a1) {"order":"A-17"}',
        'tool → call_a1: "{\\"status\\":\\"not found\\"}"',
        'assistant: lookup_order(call_a2) {"order":"A-17"}',
        'tool → call_a2: "{\\"status\\":\\"not found\\"}"',
      ],
    ],
  },
  {
    // any-agent writes an `execute_tool` span's `gen_ai.tool.args` encoded twice (the
    // arguments' JSON text as a JSON string, mozilla-ai/agent-factory's saved traces show it):
    // they are the arguments the `call_llm` span listed, so that span echoes the same call.
    file: 'any-agent-trace-encoded-args.json',
    calls: 2,
    dialects: ['tool-dotted'],
    outlines: [
      [
        'assistant: slack_search(syn-0-0) {"limit":20,"query":"outage"}',
        'tool → syn-0-0: "{\\"type\\": \\"text\\", \\"text\\": \\"no results\\"}"',
        'assistant: slack_search(syn-2-0) {"limit":20,"query":"outage"}',
        'tool → syn-2-0: "{\\"type\\": \\"text\\", \\"text\\": \\"no results\\"}"',
      ],
    ],
  },
  {
    // A claude.ai design chat export (modelcaddy/panchat tests/fixtures/claude_design_chat.json
    // @3d4f516b93 keeps one): an assistant's `contentBlocks` hold `{ type: "tool_call",
    // toolCall: { id, type, name, input, output } }`, where `type` is the tool's kind (`edit`),
    // and the answer stands inside the call.
    file: 'claude-design-chat.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: list_files(toolu_d1) {"path":""}',
        'tool → toolu_d1: "Canvas.dc.html"',
        'assistant: read_file(toolu_d2) {"path":"Canvas.dc.html"}',
        'tool → toolu_d2: "<section class=\\"hero\\">…</section>"',
        'assistant: edit_file(toolu_d3) {"find":"hero","path":"Canvas.dc.html","replace":"hero hero--tight"}',
        'tool → toolu_d3: "1 change"',
      ],
    ],
  },
  {
    // Runs that hold their own steps: a run's `name` beside its `input` and `output` looks like
    // a call, but an object that holds a list of steps (a Langfuse trace's `observations`, as
    // xllm's saved ADK trace details show) is their container, not one of them.
    file: 'runs-with-steps.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: get_weather(syn-0-0) {"city":"Oslo"}',
        'tool → syn-0-0: "rain"',
        'assistant: get_weather(syn-2-0) {"city":"Oslo"}',
        'tool → syn-2-0: "rain"',
      ],
      ['assistant: get_weather(syn-0-0) {"city":"Bergen"}', 'tool → syn-0-0: "showers"'],
    ],
  },
  {
    // A DeepEval trace whose model spans hold no structured calls: each tool span records its
    // call twice, as itself (`{ name, type: "tool", input, output }`) and in the `toolsCalled`
    // it keeps; the agent span's `toolsCalled` lists the run's calls again.
    file: 'deepeval-trace.json',
    calls: 2,
    dialects: ['deepeval'],
    outlines: [
      [
        'assistant: run_tests(syn-0-0) {"suite":"unit"}',
        'tool → syn-0-0: "1 failed"',
        'assistant: run_tests(syn-2-0) {"suite":"unit"}',
        'tool → syn-2-0: "1 failed"',
      ],
    ],
  },
  {
    // An Azure SDK test recording (`Entries[]` of HTTP exchanges) of the Responses API streamed:
    // each response body kept as the list of its event-stream lines; the call seen first without
    // arguments, then done, then in the finished response, is one call; the next request's input
    // carries the first call's answer, and its response goes on from there.
    file: 'azure-recording-stream.json',
    calls: 2,
    dialects: ['responses'],
    outlines: [
      [
        'user',
        'assistant: get_build_log(call_n1) {"job":"nightly"}',
        'tool → call_n1: "error: runner lost"',
        'assistant: get_build_log(call_n2) {"job":"nightly"}',
      ],
    ],
    unanswered: true,
  },
  {
    // CAMEL's GAIA results: pretty-printed records one after another, not one a line; each
    // task's `tool_calls` are `FunctionCallingRecord`s (`func_name`, `args`, `result`), each
    // task a conversation of its own (`task_id`).
    file: 'camel-gaia-results.jsonl',
    calls: 3,
    dialects: ['unknown'],
    labels: ['t-001', 't-002'],
    outlines: [
      ['assistant: web_search(syn-0-0) {"query":"answer to everything"}', 'tool → syn-0-0: "42"'],
      [
        'assistant: execute_code(syn-0-0) {"code":"fetch(\'capital\')"}',
        'tool → syn-0-0: "NameError: fetch"',
        'assistant: execute_code(syn-2-0) {"code":"fetch(\'capital\')"}',
        'tool → syn-2-0: "NameError: fetch"',
      ],
    ],
  },
  {
    // A Letta agent file (`.af`): each agent's `messages` in OpenAI chat form, where an
    // assistant message keeps its own call's id as `tool_call_id` too; it is no tool result.
    file: 'letta-agent-file.af',
    calls: 2,
    dialects: ['openai-chat'],
    outlines: [
      [
        'system',
        'user',
        'assistant: web_search(call_a1) {"query":"deploy stuck"}',
        'tool → call_a1: "{\\"status\\": \\"OK\\", \\"message\\": \\"no results\\"}"',
        'user',
        'assistant: web_search(call_a2) {"query":"deploy stuck"}',
        'tool → call_a2: "{\\"status\\": \\"OK\\", \\"message\\": \\"no results\\"}"',
      ],
    ],
  },
  {
    // A newer Letta agent file: calls held for the user's consent stand in a message of role
    // `approval` (which keeps its first call's id as `tool_call_id` too), the consent repeats
    // the returns, and one tool message answers every call as a list of `tool_returns`
    // (letta-ai/letta letta/schemas/message.py @7ca2314037 `ToolReturn`).
    file: 'letta-approval-agent.af',
    calls: 2,
    dialects: ['openai-chat'],
    errors: 1,
    outlines: [
      [
        'system',
        'user',
        'assistant: Bash(toolu_la1) {"command":"ls -la src"} | Glob(toolu_la2) {"pattern":"src/**/*.py"}',
        'tool → toolu_la1: "{\\n  \\"status\\": \\"OK\\",\\n  \\"message\\": \\"total 8\\"\\n}"',
        'tool → toolu_la2: "{\\n  \\"status\\": \\"Failed\\",\\n  \\"message\\": \\"permission denied\\"\\n}"',
        'assistant',
      ],
    ],
  },
  {
    // A smolagents benchmark's output: each line a question, its `intermediate_steps` the
    // agent's memory as chat messages, a step's calls only in a `tool-call` message's text
    // ("Calling tools:" and their Python repr), each answered by the `tool-response` after it.
    file: 'smolagents-benchmark.jsonl',
    calls: 3,
    dialects: ['openai-chat'],
    outlines: [
      [
        'system',
        'user',
        'assistant: python_interpreter(call_m1) {"code":"print(7*6)"}',
        'tool → call_m1: "Observation:\\nStdout:\\n42\\nOutput: None"',
        'assistant: python_interpreter(call_m2) {"code":"print(7*6)"}',
        'tool → call_m2: "Observation:\\nStdout:\\n42\\nOutput: None"',
        'assistant: final_answer(call_m3) {"answer":"42"}',
        'tool → call_m3: "Observation:\\n42"',
      ],
    ],
  },
  {
    // A Langfuse export of Vercel AI SDK telemetry: the outer `ai.generateText` span lists the
    // last step's calls again, as its `doGenerate` child does; the TOOL observations answer.
    file: 'langfuse-vercel-spans.json',
    calls: 2,
    dialects: ['vercel-ai'],
    outlines: [
      [
        'assistant: getWeather(call_w1) {"city":"Oslo"}',
        'tool → call_w1: "{\\"city\\":\\"Oslo\\",\\"tempC\\":4}"',
        'assistant: getWeather(call_w2) {"city":"Oslo"}',
        'tool → call_w2: "{\\"city\\":\\"Oslo\\",\\"tempC\\":4}"',
      ],
    ],
  },
  {
    // RAAF's file processor writes each span when it starts and again when it ends: a tool's
    // span is one call (its arguments at the start, or only at the end as `function.input`),
    // and each trace a run of its own.
    file: 'raaf-span-events.jsonl',
    calls: 3,
    dialects: ['tool-dotted'],
    outlines: [
      [
        'assistant: disk_usage(syn-0-0) {"host":"web-3","path":"/var"}',
        'tool → syn-0-0: "97% used"',
      ],
      [
        'assistant: disk_usage(syn-0-0) {"host":"web-3","path":"/var"}',
        'tool → syn-0-0: "97% used"',
        'assistant: disk_usage(syn-2-0) {"host":"web-3","path":"/var/log"}',
        'tool → syn-2-0: "41% used"',
      ],
    ],
  },
  {
    // A tracer's runs saved one after another, each with its id and its own spans: the same
    // question twice is two runs, and a tool span's `tool_parameters` and `tool_result` are its
    // call and its answer.
    file: 'tracer-runs.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      ['assistant: web_search(syn-0-0) {"query":"current CO2 ppm"}', 'tool → syn-0-0: "421 ppm"'],
      [
        'assistant: web_search(syn-0-0) {"query":"current CO2 ppm"}',
        'tool → syn-0-0: "421 ppm"',
        'assistant: calculator(syn-2-0) {"expression":"421-280"}',
        'tool → syn-2-0: "141"',
      ],
    ],
  },
  {
    // LangChain messages a tracer kept as `str()` prints a pydantic model (`content='' …
    // tool_calls=[{'name': …, 'args': {…}, 'id': …}]`) in its spans' attributes, the same
    // reply kept again by each span it passed through: each call once, by its id.
    file: 'langchain-str-messages.json',
    calls: 2,
    dialects: ['langchain'],
    // The tool spans keep only what the tool returned, no call id to pair it by.
    unanswered: true,
    outlines: [
      [
        'assistant: disk_usage(call_5WvavI20UaixuhZHEG1XWqa3) {"host":"web-3","path":"/var"}',
        'assistant: disk_usage(call_Qm3xT8bN1cV6rY2uK9pL4sD7) {"host":"web-3","path":"/var/log"}',
      ],
    ],
  },
  {
    // Cursor's hook payloads as an audit hook logs them (a time, then the payload): a shell
    // command before it runs (the payload after it its echo, with the output), an edit after
    // it is made, an MCP tool and a read; each conversation by its `conversation_id`.
    file: 'cursor-hooks-audit.log',
    calls: 5,
    dialects: ['cursor-hooks'],
    unanswered: true,
    outlines: [
      [
        'assistant: shell(syn-0-0) {"command":"npm test"}',
        'tool → syn-0-0: "1 failing"',
        'assistant: shell(syn-2-0) {"command":"npm test"}',
        'assistant: edit_file(syn-3-0) {"edits":[{"new_string":"new Date(`${text}T00:00:00Z`)","old_string":"new Date(text)"}],"file_path":"/home/dev/app/src/dates.ts"}',
      ],
      [
        'assistant: search_issues(syn-0-0) {"query":"date parser utc"}',
        'tool → syn-0-0: "{\\"total\\": 0}"',
        'assistant: read_file(syn-2-0) {"file_path":"/home/dev/app/README.md"}',
      ],
    ],
  },
  {
    // OpenHands' messages for a model without native function calling: each reply writes its
    // call as `<function=…>` over `<parameter=…>` tags (the last one cut off by the stop word),
    // answered by the next user message (`EXECUTION RESULT of […]`); the example in the task's
    // message is no call.
    file: 'openhands-function-tags.json',
    calls: 3,
    dialects: ['openhands-function'],
    outlines: [
      [
        'system',
        'user',
        'assistant: execute_bash(syn-2-0) {"command":"ls /workspace/app"}',
        'tool → syn-2-0: "EXECUTION RESULT of [execute_bash]:\\nparser.py  tests\\n[Python Interpreter: /usr/bin/python]\\nroot@openhands:/workspace/app # \\n[Command finished with exit code 0]"',
        'assistant: str_replace_editor(syn-4-0) {"command":"view","path":"/workspace/app/parser.py"}',
        "tool → syn-4-0: \"EXECUTION RESULT of [str_replace_editor]:\\nHere's the result of running `cat -n` on /workspace/app/parser.py:\\n     1\\tdef parse(s):\\n     2\\t    return s.split('/')\"",
        'assistant: execute_bash(syn-6-0) {"command":"cd /workspace/app && python -m pytest -q"}',
        'tool → syn-6-0: "EXECUTION RESULT of [execute_bash]:\\n1 failed in 0.02s\\n[Command finished with exit code 1]"',
      ],
    ],
  },
  {
    // τ-bench's ReAct agent's results: each reply's action as JSON after `Action:` (with or
    // without a thought), answered by the next user message (`API output: …`); its `respond`
    // action is the reply to the user, no call. The system prompt's example is none either.
    file: 'tau-bench-react-results.json',
    calls: 4,
    dialects: ['react-text'],
    outlines: [
      [
        'system',
        'user',
        'assistant: get_reservation_details(syn-2-0) {"reservation_id":"JG7FMM"}',
        'tool → syn-2-0: "API output: {\\"reservation_id\\": \\"JG7FMM\\", \\"cabin\\": \\"business\\"}"',
        'assistant: get_reservation_details(syn-4-0) {"reservation_id":"JG7FMM"}',
        'tool → syn-4-0: "API output: {\\"reservation_id\\": \\"JG7FMM\\", \\"cabin\\": \\"business\\"}"',
        'assistant',
        'user',
        'assistant: cancel_reservation(syn-8-0) {"reservation_id":"JG7FMM"}',
        'tool → syn-8-0: "API output: {\\"status\\": \\"cancelled\\"}"',
      ],
      [
        'system',
        'user',
        'assistant: get_reservation_details(syn-2-0) {"reservation_id":"LQ940Q"}',
        'tool → syn-2-0: "API output: {\\"reservation_id\\": \\"LQ940Q\\", \\"total_baggages\\": 1}"',
        'assistant',
        'user',
      ],
    ],
  },
  {
    // Pydantic AI's messages kept as `str()` prints them (a JSON list of dataclasses'
    // constructor calls, `ModelResponse(parts=[ToolCallPart(…)])`): read as the objects they
    // print, the arguments a JSON string or a dict, the answers by id.
    file: 'pydantic-ai-printed-messages.json',
    calls: 2,
    dialects: ['pydantic-ai'],
    outlines: [
      [
        'system',
        'user',
        'assistant: disk_usage(call_Zx81LpQe4RkV2mNc) {"host":"web-3","path":"/var"}',
        'tool → call_Zx81LpQe4RkV2mNc: "{\\"used_percent\\":97}"',
        'assistant: disk_usage(call_Hq5vTn2Ws9YbK3dR) {"host":"web-4","path":"/var"}',
        'tool → call_Hq5vTn2Ws9YbK3dR: "{\\"used_percent\\":41}"',
      ],
    ],
  },
  {
    // Mastra's stored span records (`spanType`, `error`), as its Studio lists a trace: the model
    // steps' `toolCalls` are the calls, the `tool_call` spans their answers (one failed); a
    // message-history processor's copies were cut short by the serializer's depth limit
    // (`[MaxDepth]` names, ids and arguments) and are neither calls nor more of them.
    file: 'mastra-stored-spans.json',
    calls: 2,
    dialects: ['tool-calls-camel'],
    errors: 1,
    outlines: [
      [
        'assistant: diskUsage(tooluse_Q8vLm2Xz7Kp4Rt) {"host":"web-3","path":"/var"}',
        'tool → tooluse_Q8vLm2Xz7Kp4Rt: "{\\"usedPercent\\":97}"',
        'assistant: diskUsage(tooluse_W3nJc8Hy5Df1Bs) {"host":"web-3","path":"/var/log"}',
        'tool → tooluse_W3nJc8Hy5Df1Bs: "permission denied"',
      ],
    ],
  },
  {
    // A Mastra trace (its span tree, `children`): each model step's `toolCalls` are the calls;
    // the `tool_call` span under it echoes the call and carries its answer, which the call takes.
    file: 'mastra-trace.json',
    calls: 2,
    dialects: ['tool-calls-camel'],
    outlines: [
      [
        'assistant: diskUsage(call_m1) {"host":"web-3","path":"/var"}',
        'tool → call_m1: "{\\"usedPercent\\":97}"',
        'assistant: diskUsage(call_m2) {"host":"web-3","path":"/var"}',
        'tool → call_m2: "{\\"usedPercent\\":97}"',
      ],
    ],
  },
  {
    // A Google ADK eval set: each invocation's `intermediate_data` lists its calls
    // (`tool_uses`) and their answers by id (`tool_responses`), read as one reply's calls.
    file: 'adk-evalset.json',
    calls: 2,
    dialects: ['adk-eval'],
    outlines: [
      [
        'user',
        'assistant: lookup_order(adk-7f1c) {"order_id":"A-1042"} | lookup_order(adk-81d2) {"order_id":"A-1042"}',
        'tool → adk-7f1c: "{\\"error\\":\\"not found\\"}"',
        'tool → adk-81d2: "{\\"error\\":\\"not found\\"}"',
      ],
    ],
  },
  {
    // Haystack's messages printed in a notebook (`print(result["messages"])`): each
    // `ChatMessage(_role=<ChatRole.…>, _content=[…])`, its `ToolCall`s the calls (no ids) and
    // its `ToolCallResult`s, which repeat their call as `origin`, the answers by name and order.
    file: 'haystack-printed-messages.ipynb',
    calls: 2,
    errors: 1,
    dialects: ['haystack'],
    outlines: [
      [
        'user',
        'assistant: disk_usage(syn-1-0) {"host":"build-02"}',
        'tool → syn-1-0: "91% used"',
        'assistant: disk_usage(syn-3-0) {"host":"build-02"}',
        'tool → syn-3-0: "Error: host \'build-02\' is not reachable"',
        'assistant',
      ],
    ],
  },
  {
    // Inspect's events alone (a transcript's timeline): each model event's output holds its
    // call, and the tool event after it echoes that call with its result, which answers it.
    file: 'inspect-events.json',
    calls: 2,
    dialects: ['inspect'],
    outlines: [
      [
        'assistant: bash(call_i1) {"cmd":"ls /srv/ctf"}',
        `tool → call_i1: "ls: cannot open directory '/srv/ctf': Permission denied"`,
        'assistant: bash(call_i2) {"cmd":"ls /srv/ctf"}',
        `tool → call_i2: "ls: cannot open directory '/srv/ctf': Permission denied"`,
      ],
    ],
  },
  {
    // An event log that wraps each call under a member its type names as one (`{ event: {
    // type: "tool.call", toolCallId, name, args, description } }`, as Kimi Code CLI's wire log
    // does): unknown calls, though they describe themselves, each answer by its call id.
    file: 'wrapped-call-events.jsonl',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: Bash(Bash_0) {"command":"npm run lint"}',
        `tool → Bash_0: "{\\"output\\":\\"src/app.ts:3:7 error 'x' is never used\\"}"`,
        'assistant: Bash(Bash_1) {"command":"npm run lint"}',
        `tool → Bash_1: "{\\"output\\":\\"src/app.ts:3:7 error 'x' is never used\\"}"`,
      ],
    ],
  },
  {
    // An event list of `tool_call` / `tool_result` events, answers by position, two sessions.
    file: 'events.json',
    calls: 4,
    dialects: ['otel-parts'],
    outlines: [
      [
        'user',
        'assistant: ls(syn-1-0) {"dir":"."} | wc(syn-1-1) {"dir":"."}',
        'tool → syn-1-0: "a b c"',
        'tool → syn-1-1: "3"',
        'assistant',
      ],
      [
        'user',
        'assistant: cat(syn-1-0) {"path":"log.txt"}',
        'tool → syn-1-0: "ok"',
        'assistant: cat(syn-3-0) {"path":"log.txt"}',
        'tool → syn-3-0: "ok"',
      ],
    ],
  },
  {
    // A span tree: tool spans nested under an agent span and an LLM span, read in tree order.
    file: 'span-tree.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: grep(syn-0-0) {"pattern":"TODO"}',
        'tool → syn-0-0: "main.py:3"',
        'assistant: open(syn-2-0) {"path":"main.py"}',
        'tool → syn-2-0: "# TODO: fix"',
        'assistant: grep(syn-4-0) {"pattern":"TODO"}',
        'tool → syn-4-0: "main.py:3"',
      ],
    ],
  },
  {
    // OpenClaw telemetry: message arrays on `agent.end`, a subagent's session, and the main
    // session logged again as it grew (one history, not two); `tool.start` repeats calls.
    file: 'openclaw-telemetry.jsonl',
    calls: 4,
    dialects: ['openclaw'],
    outlines: [
      [
        'user',
        'assistant: exec(s1) {"command":"apt install dep"}',
        'tool → s1: "done"',
        'assistant',
      ],
      [
        'user',
        'assistant: exec(m1) {"command":"make"}',
        'tool → m1: "error: missing dep"',
        'assistant: sessions_spawn(m2) {"task":"install the dep"}',
        'tool → m2: "{\\"status\\":\\"accepted\\"}"',
        'user',
        'assistant: exec(m3) {"command":"make"}',
        'tool → m3: "ok"',
        'assistant',
      ],
    ],
  },
  {
    // OpenClaw telemetry where no message array holds every call: `tool.start` (the plugin's
    // `before_tool_call`) is an echo of the call a history holds, else a call of its own (a
    // subagent's, run twice; the main agent's spawn, logged under the channel's session).
    file: 'openclaw-telemetry-tool-events.jsonl',
    calls: 4,
    dialects: ['unknown', 'openclaw'],
    unanswered: true,
    outlines: [
      ['assistant: sessions_spawn(syn-0-0) {"task":"count the files"}'],
      [
        'assistant: exec(syn-0-0) {"command":"ls | wc -l"}',
        'assistant: exec(syn-1-0) {"command":"ls | wc -l"}',
      ],
      [
        'user',
        'assistant: exec(call_w1) {"command":"whoami"}',
        'tool → call_w1: "root"',
        'assistant',
      ],
    ],
  },
  {
    // An MCP server's own log: each event a line after the logger's prefix, `tool.called`
    // carrying the call in `data` (no id, no answer), `tool.completed` saying only that it
    // ended (BryanTJJ99/Kaedim_MCP_Agent `mcp_server_http.py` @3746cc01cb, `_emit_event`).
    file: 'mcp-server-events.log',
    calls: 3,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'assistant: lookup_order(syn-0-0) {"order_id":"A-1042"}',
        'assistant: refund_order(syn-1-0) {"order_id":"A-1042","reason":"damaged"}',
        'assistant: refund_order(syn-2-0) {"order_id":"A-1042","reason":"damaged"}',
      ],
    ],
  },
  {
    // Crush's session store, a SQLite database (tests/unit/import/sqlite.test.ts): its
    // `messages` rows, each message's parts JSON text, a session per conversation.
    file: 'crush.db',
    calls: 5,
    dialects: ['unknown'],
    // The three test runs failed (`is_error`).
    errors: 3,
    outlines: [
      [
        'user',
        'assistant: agent(tc-1) {"prompt":"Find the flaky export test"}',
        'tool → tc-1: "tests/test_export.py, test_export_order."',
        ...[3, 4, 5].flatMap((n) => [
          `assistant: bash(tc-${n}) {"command":"pytest tests/test_export.py -x"}`,
          `tool → tc-${n}: "FAILED tests/test_export.py::test_export_order - AssertionError: order differs"`,
        ]),
        ...Array<string>(40).fill('assistant'),
      ],
      [
        'user',
        'assistant: grep(tc-2) {"path":"tests","pattern":"def test_export"}',
        'tool → tc-2: "tests/test_export.py:12: def test_export_order():"',
        'assistant',
      ],
    ],
  },
  {
    // A ToolBench DFSDT answer tree: every `Action`/`Action Input` pair the search ran, the
    // call it ran again on a second branch too; the final chain's `train_messages` and
    // `compare_candidates` are a path of it and add nothing.
    file: 'toolbench-dfs-tree.json',
    calls: 4,
    dialects: ['toolbench-tree'],
    outlines: [
      [
        'assistant: search_artist_for_songkick(syn-0-0) {"name":"Ada"}',
        'tool → syn-0-0: "{\\"error\\": \\"\\", \\"response\\": {\\"id\\": \\"7\\"}}"',
        ...['syn-2-0', 'syn-4-0'].flatMap((id) => [
          `assistant: artist_tour_for_songkick(${id}) {"id_artist":"7"}`,
          `tool → ${id}: "{\\"error\\": \\"\\", \\"response\\": {\\"on_tour\\": \\"no\\"}}"`,
        ]),
        'assistant: Finish(syn-6-0) {"final_answer":"Ada has no tour planned.","return_type":"give_answer"}',
        'tool → syn-6-0: "{\\"response\\":\\"successfully giving the final answer.\\"}"',
      ],
    ],
  },
  {
    // The AI SDK's UI message stream as it goes over HTTP: server-sent events, a JSON part
    // each (`createUIMessageStreamResponse`), then `[DONE]`; no model API's chunks, so its
    // payloads are read as JSON Lines, as the same stream saved a line a part is.
    file: 'ai-sdk-ui-stream.sse',
    errors: 2,
    calls: 3,
    dialects: ['vercel-ai-ui'],
    outlines: [AI_SDK_UI_STREAM],
  },
  {
    // A LangGraph server's event stream (`event: values|messages|tools`, langchain-ai/
    // langgraphjs libs/sdk/src/tests/fixtures @f8bdf16d4f): the model's `tool_use` block opens
    // with its input an empty string and streams it after, and the state holds the call whole:
    // one call.
    file: 'langgraph-server-events.sse',
    calls: 1,
    dialects: ['langchain'],
    outlines: [
      [
        'user',
        'assistant: multiply(toolu_01Mul) {"a":17,"b":23}',
        'tool → toolu_01Mul: "391"',
        'assistant',
      ],
    ],
  },
  {
    // MINT's CodeAct results, a task a line: a reply's `<execute>` blocks run as one (two
    // blocks, one call), answered by the next `Observation:`; the prompt's example and a
    // reply with a `<solution>` run nothing.
    file: 'mint-codeact-results.jsonl',
    calls: 3,
    dialects: ['codeact'],
    outlines: [
      [
        'user',
        ...[1, 3].flatMap((n) => [
          `assistant: execute(syn-${n}-0) {"code":"import os\\nprint(len(os.listdir('data')))"}`,
          `tool → syn-${n}-0: "Observation:\\nFileNotFoundError: [Errno 2] No such file or directory: 'data'\\nYou have ${n === 1 ? 4 : 3} steps left and 2 chances to propose solution left."`,
        ]),
        'assistant: execute(syn-5-0) {"code":"print(os.getcwd())\\nprint(os.listdir(\'.\'))"}',
        "tool → syn-5-0: \"Observation:\\n/work\\n['Data', 'README.md']\\nYou have 2 steps left and 2 chances to propose solution left.\"",
        'assistant',
      ],
    ],
  },
  {
    // LangChain's JSON chat agent: each reply a fenced `{"action", "action_input"}` step,
    // answered by the next user message; its `Final Answer` runs nothing.
    file: 'langchain-json-agent.json',
    calls: 2,
    dialects: ['react-text'],
    outlines: [
      [
        'user',
        'assistant: multiply(syn-1-0) {"a":3,"b":7}',
        'tool → syn-1-0: "TOOL RESPONSE:\\n---------------------\\n21"',
        'assistant: add(syn-3-0) {"a":21,"b":1}',
        'tool → syn-3-0: "TOOL RESPONSE:\\n---------------------\\n22"',
        'assistant',
      ],
    ],
  },
  {
    // A test suite's log of its requests (`[{ url, method, body, response }]`, as KaibanJS's
    // recorder writes them) of an agent that writes JSON steps (`actionInput`): the search is
    // the one call; its `self_question` and the request the tool made are none.
    file: 'request-log-json-steps.json',
    calls: 1,
    dialects: ['react-text'],
    outlines: [
      [
        'system',
        'user',
        'assistant',
        'user',
        'assistant: web_search(syn-4-0) {"input":"Oslo population"}',
        'tool → syn-4-0: "You got this result from the tool: \\"709,037 (2023)\\""',
      ],
    ],
  },
  {
    // A bot's tool log, a line a call: `{ call: { id, name, input }, result, timestamp }`, each
    // call answered by the result beside it.
    file: 'tool-log-call-result.jsonl',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: web_search(call_d1) {"query":"weather Oslo"}',
        'tool → call_d1: "{\\"output\\":[{\\"text\\":\\"4 C, snow\\",\\"type\\":\\"text\\"}]}"',
        'assistant: web_search(call_d2) {"query":"weather Oslo"}',
        'tool → call_d2: "{\\"output\\":[{\\"text\\":\\"4 C, snow\\",\\"type\\":\\"text\\"}]}"',
        'assistant: fetch_page(call_d3) {"url":"https://yr.no"}',
        'tool → call_d3: "{\\"error\\":\\"timeout\\"}"',
      ],
    ],
  }, // The families of other tools' sessions, each from its writer's or a viewer's source.
  {
    file: 'adk-session.json',
    calls: 3,
    dialects: ['gemini'],
    outlines: [
      [
        'user',
        'assistant: read_log(adk-5d2a) {"path":"logs/nightly.log"}',
        'tool → adk-5d2a: "{\\"result\\":\\"step 4/9 compile: exit 2\\"}"',
        'assistant: run_step(adk-6e01) {"target":"compile"}',
        'tool → adk-6e01: "{\\"result\\":\\"exit 2\\"}"',
        'assistant: run_step(adk-6e02) {"target":"compile"}',
        'tool → adk-6e02: "{\\"result\\":\\"exit 2\\"}"',
        'assistant',
      ],
    ],
  },
  {
    file: 'cursor-composer.json',
    calls: 3,
    dialects: ['cursor'],
    outlines: [
      [
        'user',
        'assistant: read_file(toolu_cur_01) {"target_file":"src/date.test.ts"}',
        'tool → toolu_cur_01: "{\\"contents\\":\\"expect(fmt(d)).toBe(\'2026-01-05\')\\",\\"totalLinesInFile\\":12}"',
        'assistant: run_terminal_cmd(toolu_cur_02) {"command":"npx vitest run src/date.test.ts","is_background":false}',
        'tool → toolu_cur_02: "{\\"output\\":\\"1 failed\\",\\"exitCodeV2\\":1}"',
        'assistant: run_terminal_cmd(toolu_cur_03) {"command":"npx vitest run src/date.test.ts","is_background":false}',
        'tool → toolu_cur_03: "{\\"output\\":\\"1 failed\\",\\"exitCodeV2\\":1}"',
        'assistant',
      ],
    ],
  },
  {
    // Cursor's `cursorDiskKV` rows dumped as one object keyed by row key: the rows are the steps.
    file: 'cursor-kv-rows.json',
    calls: 3,
    dialects: ['cursor'],
    outlines: [
      [
        'user',
        'assistant: list_dir(toolu_kv_01) {"target_directory":"db/migrations"}',
        'tool → toolu_kv_01: "{\\"directoryTreeRoot\\":{\\"numFiles\\":4}}"',
        'assistant: run_terminal_cmd(toolu_kv_02) {"command":"npm run migrate:status"}',
        'tool → toolu_kv_02: "{\\"output\\":\\"connection refused\\",\\"exitCodeV2\\":1}"',
        'assistant: run_terminal_cmd(toolu_kv_03) {"command":"npm run migrate:status"}',
        'tool → toolu_kv_03: "{\\"output\\":\\"connection refused\\",\\"exitCodeV2\\":1}"',
      ],
    ],
  },
  {
    file: 'continue-session.json',
    calls: 3,
    dialects: ['tool-calls-camel'],
    outlines: [
      [
        'user',
        'assistant: read_file(toolu_cont_01) {"filepath":"src/cache.ts"}',
        'tool → toolu_cont_01: "export const ttl = 0;"',
        'assistant: run_terminal_command(toolu_cont_02) {"command":"npm run warm-cache"}',
        'tool → toolu_cont_02: "0 keys warmed"',
        'assistant: run_terminal_command(toolu_cont_03) {"command":"npm run warm-cache"}',
        'tool → toolu_cont_03: "0 keys warmed"',
        'assistant',
      ],
    ],
  },
  {
    file: 'copilot-chat-session.json',
    calls: 3,
    dialects: ['tool-calls-camel'],
    outlines: [
      [
        'user',
        'assistant: read_file(toolu_vsc_01) {"filePath":"/w/test/login.test.ts"}',
        'tool → toolu_vsc_01: "it(\'logs in\', async () => { await server.ready; })"',
        'assistant: run_in_terminal(toolu_vsc_02) {"command":"npm test -- login","isBackground":false}',
        'tool → toolu_vsc_02: "Timeout of 5000ms exceeded"',
        'assistant: run_in_terminal(toolu_vsc_03) {"command":"npm test -- login","isBackground":false}',
        'tool → toolu_vsc_03: "Timeout of 5000ms exceeded"',
      ],
    ],
  },
  {
    file: 'opencode-export.json',
    calls: 3,
    dialects: ['opencode'],
    outlines: [
      [
        'user',
        'assistant: read(toolu_oc_01) {"filePath":"/w/api/test/migrate.test.ts"}',
        'tool → toolu_oc_01: "await migrate(); expect(rows).toBe(3)"',
        'assistant: bash(toolu_oc_02) {"command":"bun test test/migrate.test.ts","description":"Run the migration test"}',
        'tool → toolu_oc_02: "1 fail: expected 3, got 2"',
        'assistant: bash(toolu_oc_03) {"command":"bun test test/migrate.test.ts","description":"Run the migration test"}',
        'tool → toolu_oc_03: "1 fail: expected 3, got 2"',
      ],
    ],
  },
  {
    file: 'gemini-cli-stream.jsonl',
    errors: 1,
    calls: 4,
    dialects: ['gemini-cli-stream'],
    outlines: [
      [
        'user',
        'assistant: run_shell_command(run_shell_command-1767517202500-a1) {"command":"npm run lint"}',
        'tool → run_shell_command-1767517202500-a1: "src/a.ts: 1 error"',
        'assistant: read_file(read_file-1767517207000-b2) {"absolute_path":"/w/src/a.ts"} | read_file(read_file-1767517207001-b3) {"absolute_path":"/w/src/b.ts"}',
        'tool → read_file-1767517207000-b2: "export const a = 1"',
        'tool → read_file-1767517207001-b3: "{\\"message\\":\\"no such file\\",\\"type\\":\\"FILE_NOT_FOUND\\"}"',
        'assistant: run_shell_command(run_shell_command-1767517209000-c4) {"command":"npm run lint"}',
        'tool → run_shell_command-1767517209000-c4: "src/a.ts: 1 error"',
        'assistant',
      ],
    ],
  },
  {
    // Windsurf's hooks log no output for reads and commands: the calls stand unanswered.
    file: 'windsurf-hooks.jsonl',
    unanswered: true,
    calls: 4,
    dialects: ['windsurf-hooks'],
    outlines: [
      [
        'assistant: read_code(syn-0-0) {"file_path":"/w/src/server.ts"} | run_command(syn-0-1) {"command_line":"npm test","cwd":"/w"} | run_command(syn-0-2) {"command_line":"npm test","cwd":"/w"} | list_commits(syn-0-3) {"owner":"acme","repo":"server","sha":"main"}',
      ],
    ],
  },
  {
    // A claude.ai export: each conversation's `chat_messages`, who speaks in `sender`, tool
    // blocks without ids; the user's second question breaks the run.
    file: 'claude-ai-export.json',
    calls: 4,
    errors: 1,
    dialects: ['anthropic'],
    outlines: [
      [
        'user',
        'assistant: web_search(syn-1-0) {"query":"node latest release"}',
        'tool → syn-1-0: "Node.js 24.1.0 released"',
        'user',
        'assistant: web_search(syn-4-0) {"query":"node latest release"}',
        'tool → syn-4-0: "Node.js 24.1.0 released"',
      ],
      [
        'user',
        'assistant: artifacts(syn-1-0) {"command":"create","content":"# cli","id":"readme","title":"README","type":"text/markdown"}',
        'tool → syn-1-0: "OK"',
        'assistant: artifacts(syn-3-0) {"command":"update","id":"readme","new_str":"# my-cli","old_str":"# cli"}',
        'tool → syn-3-0: "Error: old_str not found"',
      ],
    ],
  },
  {
    // OpenAI harmony messages (gpt-oss): a call is addressed to its tool by `recipient`, and the
    // tool's reply, addressed to the assistant, names the tool as its role or its name.
    file: 'harmony-messages.json',
    calls: 3,
    dialects: ['chatgpt'],
    outlines: [
      [
        'user',
        'assistant: get_current_weather(syn-1-0) {"location":"San Francisco, CA"}',
        'tool → syn-1-0: "{\\"sunny\\": true, \\"temperature\\": 20}"',
        'assistant: get_current_weather(syn-3-0) {"location":"San Francisco, CA"}',
        'tool → syn-3-0: "{\\"sunny\\": true, \\"temperature\\": 20}"',
        'assistant: browser.search(syn-5-0) {"query":"San Francisco weather today","topn":3}',
        'tool → syn-5-0: "[0] Sunny, 20 °C"',
        'assistant',
      ],
    ],
  },
  {
    // A LibreChat conversation export: an agent's calls are content parts that carry their
    // output; who speaks is `isCreatedByUser` (its `sender` names the agent).
    file: 'librechat-export.json',
    calls: 3,
    labels: ['5b9c0c1e-7a0e-4a8f-9a43-2f7f1c0e1a11'],
    dialects: ['librechat'],
    outlines: [
      [
        'user',
        'assistant: execute_code(call_1) {"code":"pytest tests/test_dates.py","lang":"py"}',
        'tool → call_1: "FAILED test_fmt"',
        'assistant: execute_code(call_2) {"code":"pytest tests/test_dates.py","lang":"py"}',
        'tool → call_2: "FAILED test_fmt"',
        'user',
        'assistant: execute_code(call_3) {"code":"pytest tests/test_dates.py","lang":"py"}',
        'tool → call_3: "FAILED test_fmt"',
      ],
    ],
  },
  {
    // An Open WebUI export: the calls are HTML tags in each assistant message's text, the
    // result in a `result` attribute (older) or after the tag's summary; each chat's messages
    // stand twice, in order and keyed by id. A call still running has no answer.
    file: 'open-webui-export.json',
    calls: 4,
    labels: ['Weather in Oslo', 'Search the docs'],
    unanswered: true,
    dialects: ['open-webui'],
    outlines: [
      [
        'user',
        'assistant: get_weather(call_a1) {"city":"Oslo"}',
        'tool → call_a1: "{\\"temp\\": 4, \\"sky\\": \\"rain & wind\\"}"',
        'assistant: get_weather(call_a2) {"city":"Oslo"}',
        'tool → call_a2: "{\\"temp\\": 4, \\"sky\\": \\"rain & wind\\"}"',
        'user',
        'assistant: get_forecast(call_a3) {"city":"Oslo","days":1}',
        'tool → call_a3: "Sun, 9 °C"',
      ],
      ['user', 'assistant: search_docs(call_b1) {"q":"install"}'],
    ],
  },
  {
    // Semantic Kernel's `ChatHistory.serialize()`: each message's `items` hold its text, its
    // calls (`content_type: "function_call"`) and, in a tool message, their results.
    file: 'semantic-kernel-history.json',
    calls: 3,
    dialects: ['semantic-kernel'],
    outlines: [
      [
        'system',
        'user',
        'assistant: weather-get_forecast(call_1) {"city":"Oslo"}',
        'tool → call_1: "rain, 4 °C"',
        'assistant: weather-get_forecast(call_2) {"city":"Oslo"}',
        'tool → call_2: "rain, 4 °C"',
        'assistant: weather-get_forecast(call_3) {"city":"Oslo"}',
        'tool → call_3: "sun, 9 °C"',
        'assistant',
      ],
    ],
  },
  {
    // Semantic Kernel's Responses agents keep each call's item id (`id`) beside the call's own
    // (`call_id`); a result repeats both, and answers by the call's.
    file: 'semantic-kernel-responses-history.json',
    calls: 2,
    dialects: ['semantic-kernel'],
    outlines: [
      [
        'user',
        'assistant: Files-read_file(call_1) {"path":"notes.md"}',
        'tool → call_1: "Error: no such file"',
        'assistant: Files-read_file(call_2) {"path":"notes.md"}',
        'tool → call_2: "Error: no such file"',
        'assistant',
      ],
    ],
  },
  {
    // Semantic Kernel's .NET `ChatHistory` as System.Text.Json writes it: `Role: { Label }`,
    // its `Items` typed by `$type`; a call names its plugin and function apart.
    file: 'semantic-kernel-dotnet-history.json',
    calls: 2,
    dialects: ['semantic-kernel'],
    outlines: [
      [
        'system',
        'user',
        'assistant: Weather-GetForecast(call_1) {"city":"Oslo"}',
        'tool → call_1: "rain, 4 °C"',
        'assistant: Weather-GetForecast(call_2) {"city":"Oslo"}',
        'tool → call_2: "rain, 4 °C"',
        'assistant',
      ],
    ],
  },
  {
    // Phoenix spans as its client returns them: OpenInference messages nested
    // (`{ message: { role, tool_calls: [{ tool_call: { function } }] } }`), each LLM span's
    // request holding the history so far; TOOL spans repeat the calls and are not calls.
    file: 'phoenix-spans.json',
    calls: 2,
    dialects: ['openinference'],
    outlines: [[...ROTATE_KEY_SEARCHES, 'assistant']],
  },
  {
    // An MLflow trace (`Trace.to_json()`): each span's attributes JSON-encoded again, a chat
    // model span's `mlflow.spanInputs` holding the messages it sent. Of the histories with the
    // same calls, the messages a request sent are read, not the spans that logged its calls.
    file: 'mlflow-trace.json',
    calls: 2,
    dialects: ['openai-chat'],
    outlines: [ROTATE_KEY_SEARCHES],
  },
  {
    // Phoenix's span dataframe as JSON: dotted OpenInference keys; a span's reply
    // (`output_messages`) goes on from its request (`input_messages`).
    file: 'phoenix-span-rows.json',
    calls: 3,
    unanswered: true,
    dialects: ['openinference'],
    outlines: [
      [
        'user',
        'assistant: search_docs(call_1) {"query":"rotate api key"} | search_docs(call_1b) {"query":"api key"}',
        'tool → call_1b: "Keys: see Settings."',
        'tool → call_1: "No results."',
        'assistant: search_docs(call_2) {"query":"rotate api key"}',
      ],
    ],
  },
  {
    // smolagents' memory steps: each step's calls answered by its `observations`, spelled again in its model message.
    file: 'smolagents-run.json',
    calls: 3,
    dialects: ['openai-chat'],
    outlines: [
      [
        'assistant: run_tests(call_s1) {"path":"tests/test_dates.py"}',
        'tool → call_s1: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: run_tests(call_s2) {"path":"tests/test_dates.py"}',
        'tool → call_s2: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: read_file(call_s3) {"path":"src/dates.py"}',
        'tool → call_s3: "def fmt(d):\\n    return d.strftime(\'%d/%m/%Y\')"',
      ],
    ],
  },
  {
    // Letta's messages: a call in `tool_call` and again in `tool_calls`, its return in `tool_return` and again in `tool_returns`.
    file: 'letta-messages.json',
    errors: 2,
    calls: 3,
    dialects: ['letta'],
    outlines: [
      [
        'user',
        'assistant: run_tests(call_l1) {"path":"tests/test_dates.py"}',
        'tool → call_l1: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: run_tests(call_l2) {"path":"tests/test_dates.py"}',
        'tool → call_l2: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: read_file(call_l3) {"path":"src/dates.py"}',
        'tool → call_l3: "def fmt(d):\\n    return d.strftime(\'%d/%m/%Y\')"',
        'assistant',
      ],
    ],
  },
  {
    // goose's session lines: `toolRequest` / `toolResponse` items, results wrapped as `{ status, value }`, new and legacy.
    file: 'goose-session.jsonl',
    errors: 1,
    calls: 3,
    dialects: ['goose'],
    outlines: [
      [
        'user',
        'assistant: developer__shell(toolu_g1) {"command":"pytest tests/test_dates.py"}',
        'tool → toolu_g1: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: developer__shell(toolu_g2) {"command":"pytest tests/test_dates.py"}',
        'tool → toolu_g2: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: developer__text_editor(toolu_g3) {"command":"view","path":"src/dates.py"}',
        'tool → toolu_g3: "def fmt(d):\\n    return d.strftime(\'%d/%m/%Y\')"',
      ],
    ],
  },
  {
    // Pydantic AI's messages: `tool-call` / `tool-return` parts, arguments as a JSON string or an object.
    file: 'pydantic-ai-messages.json',
    calls: 3,
    dialects: ['pydantic-ai'],
    outlines: [
      [
        'system',
        'user',
        'assistant: run_tests(call_p1) {"path":"tests/test_dates.py"}',
        'tool → call_p1: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: run_tests(call_p2) {"path":"tests/test_dates.py"}',
        'tool → call_p2: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: read_file(call_p3) {"path":"src/dates.py"}',
        'tool → call_p3: "def fmt(d):\\n    return d.strftime(\'%d/%m/%Y\')"',
      ],
    ],
  },
  {
    // A Pydantic AI run saved as its stream's events, then its messages (pydantic/pydantic-ai
    // pydantic_ai_slim/pydantic_ai/messages.py: `PartStartEvent`, `PartEndEvent`): each call at
    // its part's start without arguments, at its end with them, and again in the messages; a
    // call with no arguments stands at all three places and is still one call.
    file: 'pydantic-ai-stream-events.jsonl',
    calls: 3,
    dialects: ['pydantic-ai'],
    outlines: [
      [
        'user',
        'assistant: list_dir(call_s1) {"path":"."}',
        'tool → call_s1: "app/ tests/"',
        'assistant: run_pytest(call_s2) {}',
        'tool → call_s2: "1 failed"',
        'assistant: run_pytest(call_s3) {}',
        'tool → call_s3: "1 failed"',
      ],
    ],
  },
  {
    // AutoGen's TaskResult: `ToolCallRequestEvent` / `ToolCallExecutionEvent`, the user by `source`.
    file: 'autogen-task-result.json',
    errors: 2,
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: run_tests(call_a1) {"path":"tests/test_dates.py"}',
        'tool → call_a1: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: run_tests(call_a2) {"path":"tests/test_dates.py"}',
        'tool → call_a2: "FAILED tests/test_dates.py::test_fmt - AssertionError"',
        'assistant: read_file(call_a3) {"path":"src/dates.py"}',
        'tool → call_a3: "def fmt(d):\\n    return d.strftime(\'%d/%m/%Y\')"',
      ],
    ],
  },
  {
    // AI SDK 5 UI messages: `tool-<name>` and `dynamic-tool` parts, each carrying its `output` or `errorText`.
    file: 'ai-sdk-ui-messages.json',
    calls: 3,
    dialects: ['vercel-ai-ui'],
    outlines: [
      [
        'user',
        'assistant: runTests(call_v1) {"path":"tests/dates.test.ts"}',
        'tool → call_v1: "1 failed: expected \'2026-01-05\'"',
        'assistant: runTests(call_v2) {"path":"tests/dates.test.ts"}',
        'tool → call_v2: "1 failed: expected \'2026-01-05\'"',
        'assistant: mcp__fs__read_file(call_v3) {"path":"src/dates.ts"}',
        'tool → call_v3: "{\\"content\\":[{\\"text\\":\\"export const fmt = (d: Date) => d.toLocaleDateString(\'en-GB\');\\",\\"type\\":\\"text\\"}]}"',
      ],
    ],
  },
  {
    // OpenAI Assistants run steps: each function call keeps its `output` beside its arguments.
    file: 'assistants-run-steps.json',
    calls: 3,
    dialects: ['openai-chat'],
    outlines: [
      [
        'assistant: run_tests(call_r1) {"path":"tests/test_dates.py"}',
        'tool → call_r1: "1 failed"',
        'assistant: run_tests(call_r2) {"path":"tests/test_dates.py"}',
        'tool → call_r2: "1 failed"',
        'assistant: read_file(call_r3) {"path":"src/dates.py"}',
        'tool → call_r3: "def fmt(d): ..."',
      ],
    ],
  },
  {
    // Cursor CLI stream-json: each call `started`, then `completed` with its result; the last one never completed (the run was stopped).
    file: 'cursor-cli-stream.jsonl',
    // The documented `function` form's completed event carries no result.
    unanswered: true,
    calls: 4,
    dialects: ['cursor-cli'],
    outlines: [
      [
        'user',
        'assistant: readToolCall(toolu_vrtx_01) {"path":"src/dates.ts"}',
        'tool → toolu_vrtx_01: "{\\"success\\":{\\"content\\":\\"export const fmt = (d: Date) => d.toLocaleDateString(\'en-GB\');\\",\\"exceededLimit\\":false,\\"isEmpty\\":false,\\"totalChars\\":63,\\"totalLines\\":1}}"',
        'assistant: run_terminal_cmd(toolu_vrtx_02) {"command":"npx vitest run tests/dates.test.ts"}',
        'assistant: run_terminal_cmd(toolu_vrtx_03) {"command":"npx vitest run tests/dates.test.ts"}',
        'assistant: writeToolCall(toolu_vrtx_04) {"fileText":"export const fmt = (d: Date) => d.toISOString().slice(0, 10);\\n","path":"src/dates.ts","toolCallId":"toolu_vrtx_04"}',
      ],
    ],
  },
  {
    // A UI message stream logged a chunk a line: each call whole in `tool-input-available`, its answer in `tool-output-available` or `tool-output-error`.
    file: 'ai-sdk-ui-stream.jsonl',
    errors: 2,
    calls: 3,
    dialects: ['vercel-ai-ui'],
    outlines: [AI_SDK_UI_STREAM],
  },
  {
    // Haystack's `ChatMessage.to_dict()`: calls as `tool_call` parts, each answer a tool message
    // of one `tool_call_result` part naming its call (`origin`), `error` true when it failed.
    file: 'haystack-messages.json',
    calls: 3,
    errors: 1,
    dialects: ['haystack'],
    outlines: [
      [
        'system',
        'user',
        'assistant: ci_status(call_h1) {"branch":"release/2.4"} | open_issues(call_h2) {"label":"release-blocker"}',
        'tool → call_h1: "{\\"state\\": \\"pending\\", \\"jobs\\": 14}"',
        'tool → call_h2: "[]"',
        'assistant: ci_status(call_h3) {"branch":"release/2.4"}',
        'tool → call_h3: "ci_status timed out after 30 s"',
        'assistant',
      ],
    ],
  },
  {
    // Haystack 2.9–2.11 prefixed the members (`_role`, `_content`); a local model's calls have no id.
    file: 'haystack-legacy.json',
    calls: 2,
    dialects: ['haystack'],
    outlines: [
      [
        'user',
        'assistant: disk_usage(syn-1-0) {"host":"build-02"}',
        'tool → syn-1-0: "91% used"',
        'assistant: disk_usage(syn-3-0) {"host":"build-02"}',
        'tool → syn-3-0: "91% used"',
        'assistant',
      ],
    ],
  },
  {
    // A Zed agent thread (its database's JSON): messages as Rust enums, `{ User }` and
    // `{ Agent }`; an agent message's `ToolUse` items and its `tool_results` keyed by call id.
    file: 'zed-thread.json',
    calls: 3,
    errors: 1,
    dialects: ['zed'],
    labels: ['Fix the flaky date test'],
    outlines: [
      [
        'user',
        'assistant: terminal(toolu_01Zb) {"cd":"web","command":"npx vitest run tests/dates.test.ts"}',
        'tool → toolu_01Zb: "1 passed"',
        'assistant: terminal(toolu_02Zb) {"cd":"web","command":"TZ=UTC npx vitest run tests/dates.test.ts"} | read_file(toolu_03Zb) {"path":"web/src/dates.ts"}',
        'tool → toolu_02Zb: "1 failed: expected \'2026-01-05\'"',
        'tool → toolu_03Zb: "export const fmt = (d: Date) => d.toLocaleDateString();"',
        'assistant',
      ],
    ],
  },
  {
    // Cohere's v1 chat history: capitalised roles, calls without ids, each `TOOL` message's
    // `tool_results` repeating the call beside its outputs.
    file: 'cohere-chat-history.json',
    calls: 2,
    dialects: ['cohere'],
    outlines: [
      [
        'system',
        'user',
        'assistant: http_probe(syn-2-0) {"url":"https://checkout.internal/healthz"}',
        'tool → syn-2-0: "{\\"body\\":\\"upstream unavailable\\",\\"status\\":503}"',
        'assistant: http_probe(syn-4-0) {"url":"https://checkout.internal/healthz"}',
        'tool → syn-4-0: "{\\"body\\":\\"upstream unavailable\\",\\"status\\":503}"',
        'assistant',
      ],
    ],
  },
  {
    // An OpenAI Agents SDK trace of a Responses model: the function spans are the only calls,
    // each with its output; a failed one has none and an `error` on its span.
    file: 'openai-agents-trace.json',
    calls: 3,
    errors: 1,
    dialects: ['openai-agents'],
    outlines: [
      [
        'assistant: lookup_order(syn-0-0) {"order_id":"A-1042"}',
        `tool → syn-0-0: "{'status': 'not found'}"`,
        'assistant: lookup_order(syn-2-0) {"order_id":"A-1042"}',
        `tool → syn-2-0: "{'status': 'not found'}"`,
        'assistant: refund(syn-4-0) {"order_id":"A-1042"}',
        'tool → syn-4-0: "order not found"',
      ],
    ],
  },
  {
    // The same SDK with a chat model: the generation spans hold the history with its call ids,
    // and the function spans only echo those calls.
    file: 'openai-agents-chat-trace.json',
    calls: 2,
    dialects: ['openai-chat'],
    outlines: [
      [
        'system',
        'user',
        'assistant: deploy_status(call_D1) {"deploy":"14:00"}',
        'tool → call_D1: "running"',
        'assistant: deploy_status(call_D2) {"deploy":"14:00"}',
        'tool → call_D2: "running"',
      ],
    ],
  },
  {
    // An OpenAI Agents SDK run state saved at an approval: the call's `tool_call_item`, its
    // `tool_approval_item` (the same raw call, asking approval) in the same list and again
    // among the interruptions, and the model response it came from: one call, not yet run.
    file: 'openai-agents-run-state.json',
    calls: 1,
    dialects: ['responses'],
    unanswered: true,
    outlines: [['assistant: refund_order(call_refund_1) {"order_id":42}']],
  },
  {
    // Windsurf's Cascade transcript (the JSONL its transcript hook writes): steps named by
    // their `type`, each under a member of that name; the words of `user_input` and
    // `planner_response` are turns, every other step a call holding its own result.
    file: 'windsurf-transcript.jsonl',
    calls: 6,
    dialects: ['windsurf-transcript'],
    errors: 1,
    outlines: [
      [
        'user',
        'assistant: run_command(syn-1-0) {"command":"npm run build","cwd":"/work/app"}',
        'tool → syn-1-0: "error TS2304: Cannot find name \'fetchUser\'."',
        'assistant: view_file(syn-3-0) {"end_line":3,"path":"file:///work/app/src/api.ts","start_line":0}',
        'tool → syn-3-0: "<file name=\\"/work/app/src/api.ts\\" start_line=\\"1\\" end_line=\\"3\\">\\n     1→export function getUser() {}\\n</file>"',
        'assistant: code_action(syn-5-0) {"new_content":"export function fetchUser() {}\\n","path":"file:///work/app/src/api.ts"}',
        'tool → syn-5-0: ""',
        'assistant: run_command(syn-7-0) {"command":"npm run build","cwd":"/work/app"}',
        'tool → syn-7-0: "error TS2304: Cannot find name \'fetchUser\'."',
        'assistant: run_command(syn-9-0) {"command":"npm run build","cwd":"/work/app"}',
        'tool → syn-9-0: "error TS2304: Cannot find name \'fetchUser\'."',
        'assistant: list_resources(syn-11-0) {"server_name":"github"}',
        'tool → syn-11-0: ""',
        'user',
        'assistant',
      ],
    ],
  },
  {
    // A Kiro CLI session log: each line an enum variant named by `kind` beside its `data`
    // (`Prompt`, `AssistantMessage`, `ToolResults`), and so is each block of its content.
    file: 'kiro-cli-session.jsonl',
    calls: 4,
    dialects: ['kiro'],
    errors: 1,
    outlines: [
      [
        'user',
        'assistant: shell(tooluse_k1) {"command":"cargo test"}',
        'tool → tooluse_k1: "{\\"exit_status\\":\\"exit status: 101\\",\\"stderr\\":\\"\\",\\"stdout\\":\\"test parse ... FAILED\\"}"',
        'assistant: read(tooluse_k2) {"path":"src/parse.rs"} | grep(tooluse_k3) {"path":"src","pattern":"fn parse"}',
        'tool → tooluse_k2: "fn parse(s: &str) -> u8 { s.parse().unwrap() }"',
        'tool → tooluse_k3: "grep: src: permission denied"',
        'assistant: shell(tooluse_k4) {"command":"cargo test"}',
        'tool → tooluse_k4: "{\\"exit_status\\":\\"exit status: 101\\",\\"stderr\\":\\"\\",\\"stdout\\":\\"test parse ... FAILED\\"}"',
        'assistant',
      ],
    ],
  },
  {
    // An agent's event log that records each call of unknown shape three times (its block as
    // it streamed, in the finished reply, and as it ran), as getagentseal/codeburn keeps one
    // (tests/fixtures/dsh/bash-tool-turn.jsonl @ed8fa3af3d): one call an id.
    file: 'streamed-call-events.jsonl',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: bash(call_s1) {"command":"make test"}',
        'tool → call_s1: "FAIL: 1 test"',
        'assistant: bash(call_s2) {"command":"make test"}',
        'tool → call_s2: "FAIL: 1 test"',
        'assistant',
      ],
    ],
  },
  {
    // Cline's request to Anthropic's API as a proxy logs it: its calls are XML in the
    // assistant's text blocks (no `tool_use`), its results user text, as Cline sends them.
    file: 'cline-anthropic-request.json',
    calls: 2,
    dialects: ['cline-xml'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant: execute_command(syn-1-0) {"command":"npm run build","requires_approval":"false"}',
        'user',
        'assistant: read_file(syn-3-0) {"path":"src/main.ts"}',
        'user',
      ],
    ],
  },
  {
    // A request log whose next request sends a one-argument call back with the argument bare
    // under the same id (as langchaingo does): one call, as the census counts it.
    file: 'bare-argument-history.jsonl',
    calls: 1,
    dialects: ['openai-chat'],
    outlines: [['user', 'assistant: search(c1) "Go 1.0 release date"', 'tool → c1: "March 2012"']],
  },
  {
    // Tarko's event stream (bytedance/UI-TARS-desktop multimodal/tarko): the reply's
    // `toolCalls`, then a `tool_call` event that keeps its own `id` beside the call's
    // `toolCallId`: one call.
    file: 'tarko-events.json',
    calls: 1,
    dialects: ['tool-calls-camel'],
    outlines: [
      [
        'user',
        'assistant: JupyterCI(call_1) {"code":"print(max(9.11, 9.9))"}',
        'tool → call_1: "9.9"',
        'assistant',
      ],
    ],
  },
  {
    // A YAML document that is no cassette: Claude Agent SDK messages saved beside a test.
    file: 'agent-sdk-messages.yaml',
    calls: 2,
    dialects: ['anthropic'],
    outlines: [
      [
        'assistant: Bash(toolu_y1) {"command":"git status"}',
        'tool → toolu_y1: "nothing to commit"',
        'assistant: Bash(toolu_y2) {"command":"git status"}',
        'tool → toolu_y2: "nothing to commit"',
      ],
    ],
  },
  {
    // A τ²-bench results file (sierra-research/tau2-bench src/tau2/data_model/simulation.py
    // @8297164e61, `Results`): one simulation a conversation, two trials of one task; each call
    // also in the raw reply litellm kept, whose Gemini thought signature quotes it as
    // `{"functionCall": …}` text: a thought, never a call.
    file: 'tau2-results.json',
    calls: 5,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant',
        'user',
        'assistant: get_reservation_details(call_a1) {"reservation_id":"EHGLP3"}',
        'tool → call_a1: "{\\"status\\": \\"active\\"}"',
        'assistant: cancel_reservation(call_a2) {"reservation_id":"EHGLP3"}',
        'tool → call_a2: "error: not allowed"',
        'assistant',
      ],
      [
        'assistant',
        'user',
        'assistant: get_reservation_details(call_b1) {"reservation_id":"EHGLP3"}',
        'tool → call_b1: "{\\"status\\": \\"active\\"}"',
        'assistant: cancel_reservation(call_b2) {"reservation_id":"EHGLP3"}',
        'tool → call_b2: "error: not allowed"',
        'assistant: cancel_reservation(call_b3) {"reservation_id":"EHGLP3"}',
        'tool → call_b3: "error: not allowed"',
        'assistant',
      ],
    ],
  },
  {
    // τ²-bench results whose agent numbers its call ids per tool and per simulation
    // (sierra-research/tau2-bench results/whissle/airline_run1.json @bbcb86ff2e reuses
    // `gem_get_flight_status_0` for every flight it looks up): calls of a shape no entry knows,
    // each another call where its arguments differ.
    file: 'tau2-reused-ids.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant',
        'user',
        'assistant: get_flight_status(gem_get_flight_status_0) {"date":"2024-05-17","flight_number":"HAT156"}',
        'tool → gem_get_flight_status_0: "available"',
        'assistant: get_flight_status(gem_get_flight_status_0) {"date":"2024-05-17","flight_number":"HAT157"}',
        'tool → gem_get_flight_status_0: "available"',
        'assistant',
      ],
      [
        'assistant',
        'user',
        'assistant: get_flight_status(gem_get_flight_status_0) {"date":"2024-05-17","flight_number":"HAT200"}',
        'tool → gem_get_flight_status_0: "available"',
        'assistant',
      ],
    ],
  },
  {
    // Two τ²-bench trials of one task whose agent numbers its call ids per tool: both open with
    // the same call under the same id, then part. Each trial made that call, so it counts in
    // each; only a history that goes on from another copies it.
    file: 'tau2-trials.json',
    calls: 5,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant',
        'user',
        'assistant: get_reservation_details(gem_get_reservation_details_0) {"reservation_id":"EHGLP3"}',
        'tool → gem_get_reservation_details_0: "active"',
        'assistant: cancel_reservation(gem_cancel_reservation_0) {"reservation_id":"EHGLP3"}',
        'tool → gem_cancel_reservation_0: "error"',
        'assistant',
      ],
      [
        'assistant',
        'user',
        'assistant: get_reservation_details(gem_get_reservation_details_0) {"reservation_id":"EHGLP3"}',
        'tool → gem_get_reservation_details_0: "active"',
        'assistant: get_user_details(gem_get_user_details_0) {"user_id":"mia"}',
        'tool → gem_get_user_details_0: "ok"',
        'assistant: cancel_reservation(gem_cancel_reservation_0) {"reservation_id":"EHGLP3"}',
        'tool → gem_cancel_reservation_0: "error"',
        'assistant',
      ],
    ],
  },
  {
    // Two τ²-bench trials, the second going on from the first and then looking the user up
    // again under the same id (an agent that numbers its ids per tool, as the airline run
    // above does): the items of `simulations` are two runs, never one history logged twice,
    // and the lookup made again in a later turn is a call of its own.
    file: 'tau2-repeated-lookup.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant',
        'user',
        'assistant: get_user_details(gem_get_user_details_0) {"user_id":"anya_5901"}',
        'tool → gem_get_user_details_0: "silver"',
        'assistant',
      ],
      [
        'assistant',
        'user',
        'assistant: get_user_details(gem_get_user_details_0) {"user_id":"anya_5901"}',
        'tool → gem_get_user_details_0: "silver"',
        'assistant',
        'user',
        'assistant: get_user_details(gem_get_user_details_0) {"user_id":"anya_5901"}',
        'tool → gem_get_user_details_0: "silver"',
        'assistant',
      ],
    ],
  },
  {
    // τ-bench results whose agent's replies reuse call ids across runs: three runs each look
    // PEP4E0 up under one id after other words of the user, so each made that call.
    file: 'tau-reused-call-id.json',
    calls: 4,
    dialects: ['openai-chat'],
    outlines: [
      [
        'system',
        'user',
        'assistant: get_reservation_details(call_5jQdSXVBGc9unuJO) {"reservation_id":"PEP4E0"}',
        'tool → call_5jQdSXVBGc9unuJO: "basic economy"',
        'assistant',
      ],
      [
        'system',
        'user',
        'assistant: get_reservation_details(call_5jQdSXVBGc9unuJO) {"reservation_id":"PEP4E0"}',
        'tool → call_5jQdSXVBGc9unuJO: "basic economy"',
        'assistant',
      ],
      [
        'system',
        'user',
        'assistant',
        'user',
        'assistant: get_reservation_details(call_5jQdSXVBGc9unuJO) {"reservation_id":"PEP4E0"}',
        'tool → call_5jQdSXVBGc9unuJO: "basic economy"',
        'user',
        'assistant: cancel_reservation(call_RydnA4U77wmWf0hf) {"reservation_id":"PEP4E0"}',
        'tool → call_RydnA4U77wmWf0hf: "error: not allowed"',
      ],
    ],
  },
  {
    // The session log of the first Swarm examples (davidaparicio/swarm-ollama
    // examples/customer_service_streaming/src/swarm/assistants.py @1bf42971ac): each call a
    // message of its own, `{ task_id, role: "user", tool: { tool, args } }`, one task a run.
    file: 'swarm-assistants-log.json',
    calls: 3,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant: query_docs(syn-1-0) {"query":"phone verification at sign up"}',
        'assistant',
      ],
      [
        'user',
        'assistant: query_docs(syn-1-0) {"query":"sign-up bonus"}',
        'assistant: send_email(syn-2-0) {"body":"No bonus.","to":"me@example.com"}',
        'assistant',
      ],
    ],
  },
  {
    // An agent's event log whose events say their kind and keep the call in `data`
    // (Areium/dsh-fail-logger tests/fixtures/session.jsonl @ab09e90f35): `tool/call` events, a
    // call without arguments among them, answered by `tool/result` events' tool-result parts.
    file: 'typed-event-payloads.jsonl',
    calls: 3,
    dialects: ['unknown'],
    errors: 1,
    outlines: [
      [
        'assistant: bash(call_01) {"command":"npm test"}',
        'tool → call_01: "1 failing"',
        'assistant: read(call_02) {"path":"src/app.test.ts"}',
        'tool → call_02: "expect(sum(1, 2)).toBe(3)"',
        'assistant: list_changes(call_03) {}',
        'tool → call_03: "src/sum.ts"',
      ],
    ],
  },
  {
    // A trace whose spans say their kind (Pisama-AI/pisama-core examples/trace.json
    // @3a6f035f36): a `tool` span with its `input_data` is a call, though it keeps no id nor
    // answer; the `llm` span is none.
    file: 'tool-kind-spans.json',
    calls: 4,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'assistant: Read(syn-0-0) {"path":"config.yaml"}',
        'assistant: Read(syn-1-0) {"path":"config.yaml"}',
        'assistant: Read(syn-2-0) {"path":"config.yaml"}',
        'assistant: Edit(syn-3-0) {"line":4,"path":"config.yaml"}',
      ],
    ],
  },
  {
    // A benchmark harness's log of the calls it ran, the arguments it parsed beside the text
    // the model wrote (yanrx030/mcp-aio-agent-benchmark logs/tool_calls.jsonl @f2905005c6).
    file: 'parsed-arguments-log.jsonl',
    calls: 3,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'assistant: get_collections(call_a1) {}',
        'assistant: count_posts(call_a2) {"collection":"reddit","days":7}',
        'assistant: count_posts(call_a3) {"collection":"reddit","days":7}',
      ],
    ],
  },
  {
    // Recorded exchanges of Anthropic's programmatic tool calling (anthropics/anthropic-sdk-python
    // tests/lib/tools/__inline_snapshot__/test_runners @009b035305): the code the API ran
    // (`server_tool_use`) calls the client's tool, whose `tool_use` blocks name it as `caller`.
    // The client's calls are read; the API's own is skipped, as the importers skip it.
    file: 'programmatic-tool-calls.json',
    calls: 2,
    dialects: ['anthropic'],
    unanswered: true,
    outlines: [
      [
        'assistant: get_weather(toolu_01B) {"location":"Oslo"}',
        'tool → toolu_01B: "{\\"temp\\": 4}"',
        'assistant: get_weather(toolu_01C) {"location":"Rome"}',
      ],
    ],
  },
  {
    // Moatless Tools: each node's completions keep the request sent and the reply; the history
    // resends the replies' calls under hashed ids with rewritten arguments, and answers them
    // there. The inner model call's `Action` and the last `Finish` are never answered.
    file: 'moatless-trajectory.json',
    calls: 4,
    dialects: ['anthropic'],
    unanswered: true,
    outlines: [
      [
        'assistant: FindFunction(toolu_01Fq7Kx2) {"function_name":"export_queue","scratch_pad":"Find the exporter"}',
        'tool → toolu_01Fq7Kx2: "<observation>\\nFound 1 code section.\\n</observation>"',
        'assistant: Action(toolu_01Ac9Tn4) {"identified_spans":[{"file_path":"tests/test_export.py"}],"scratch_pad":"One file is relevant"}',
        'assistant: SemanticSearch(toolu_01Sm3Ry8) {"query":"export queue tests","scratch_pad":"Look for the tests"}',
        'tool → toolu_01Sm3Ry8: "<observation>\\nFound 2 code sections.\\n</observation>"',
        'assistant',
        'assistant: Finish(toolu_01Fn5Wq1) {"finish_reason":"The queue is checked before export","scratch_pad":"Done"}',
      ],
    ],
  },
  {
    // A Monocle trace of a Google ADK run (monocle2ai/monocle apptrace/src/monocle_apptrace/
    // instrumentation/metamodel/adk/entities/tool.py @ad7ea1e5e4): the model's calls only as
    // text the tracer printed, each tool's `agentic.tool.invocation` span its name, its input
    // (a Python dict) in a `data.input` event and its response in `data.output`.
    file: 'monocle-adk-trace.json',
    calls: 2,
    dialects: ['monocle-tool'],
    outlines: [
      [
        'assistant: book_flight(syn-0-0) {"from_airport":"SFO","to_airport":"BOM"}',
        "tool → syn-0-0: \"{'status': 'success'}\"",
        'assistant: book_hotel(syn-2-0) {"breakfast":true,"city":"Mumbai","hotel_name":"Marriott"}',
        "tool → syn-2-0: \"{'status': 'success'}\"",
      ],
    ],
  },
  {
    // A Monocle trace of a LangGraph agent calling an MCP tool: the model's call in the
    // inference span's output, echoed by the tool's span and by the MCP span, whose input is a
    // list of one JSON text (`[json.dumps(arguments)]`): one call.
    file: 'monocle-langgraph-mcp-trace.json',
    calls: 1,
    dialects: ['langchain'],
    outlines: [
      [
        'assistant: get_forecast(call_f1) {"city":"Lisbon"}',
        'tool → call_f1: "{\\n  \\"rain\\": \\"80%\\"\\n}"',
      ],
    ],
  },
  {
    // A Monocle trace of a Microsoft Agent Framework run: the model's calls kept with their ids
    // in an inference span's output `tools` (the second without the arguments it streamed), and
    // echoed by the tools' spans without one. Two calls, each answered by its span's response,
    // the second given its span's arguments.
    file: 'monocle-agent-framework-trace.json',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: book_flight(["run_a1", "call_b1"]) {"from_airport":"JFK","to_airport":"BOM","travel_date":"2026-12-21"}',
        'tool → ["run_a1", "call_b1"]: "CONFIRMED #FL466547"',
        'assistant: book_hotel(call_c2) {"city":"Mumbai","nights":2}',
        'tool → call_c2: "HOTEL CONFIRMED #HT2"',
      ],
    ],
  },
  {
    // A Genkit session as its file store keeps it (firebase/genkit js/ai/src/session.ts
    // @a82808373f: `threads` of messages): `toolRequest` parts of `model` messages, answered
    // by `toolResponse` parts of `tool` messages by `ref`, which Genkit numbers per reply.
    file: 'genkit-session.json',
    calls: 3,
    dialects: ['genkit'],
    outlines: [
      [
        'system',
        'user',
        'assistant: getWeather(0) {"city":"Paris"} | getWeather(1) {"city":"Rome"}',
        'tool → 0: "12°C, rain"',
        'tool → 1: "21°C, sun"',
        'assistant: getWeather(0) {"city":"Paris"}',
        'tool → 0: "12°C, rain"',
        'assistant',
      ],
    ],
  },
  {
    // A function-calling dataset in ShareGPT form, as LLaMA-Factory reads it
    // (hiyouga/LLaMA-Factory src/llamafactory/data/converter.py @02e2fb34bf; its
    // data/glaive_toolcall_en_demo.json): a `function_call` turn whose value is the call as
    // JSON (a list for parallel calls), answered by the next `observation` turn; one sample a
    // conversation. Parallel calls share one observation, which answers the first.
    file: 'sharegpt-function-calls.json',
    calls: 4,
    dialects: ['sharegpt'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant: search_recipes(syn-1-0) {"ingredients":["chicken","rice"]}',
        'tool → syn-1-0: "{\\"error\\": \\"service unavailable\\"}"',
        'assistant: search_recipes(syn-3-0) {"ingredients":["chicken","rice"]}',
        'tool → syn-3-0: "{\\"recipes\\": [\\"Chicken fried rice\\"]}"',
        'assistant',
      ],
      [
        'user',
        'assistant: get_weather(syn-1-0) {"city":"Oslo"} | get_weather(syn-1-1) {"city":"Rome"}',
        'tool → syn-1-0: "[{\\"temp\\": 3}, {\\"temp\\": 21}]"',
        'assistant',
      ],
    ],
  },
  {
    // A LobeChat export (its settings' export of sessions: `state.messages`): an assistant
    // message's calls in `tools` (lobehub/lobe-chat packages/types/src/message/common/tools.ts
    // @9acb63ae57, `ChatToolPayload`), each answered by a `tool` message; the tool message's
    // `plugin` names the call again, no call of its own.
    file: 'lobechat-export.json',
    calls: 2,
    dialects: ['lobechat'],
    outlines: [
      [
        'user',
        'assistant: getPipeline(call_ci1) {"branch":"main"}',
        'tool → call_ci1: "{\\"status\\":\\"running\\"}"',
        'assistant: getPipeline(call_ci2) {"branch":"main"}',
        'tool → call_ci2: "{\\"status\\":\\"running\\"}"',
      ],
    ],
  },
  {
    // An AgentDojo run (its trace logger's JSON, with the `trace` of calls some forks keep
    // beside the messages): calls `{ function, args, id }` (ethz-spylab/agentdojo
    // src/agentdojo/functions_runtime.py @a75aba7631, `FunctionCall`), each tool message naming
    // its call again as `tool_call`. The chat importer takes it for OpenAI chat and reads each
    // call without its name: as many calls, none the file's, so it is read by shape.
    file: 'agentdojo-run.json',
    calls: 2,
    dialects: ['agentdojo'],
    outlines: [
      [
        'system',
        'user',
        'assistant: search_calendar_events(call_ad1) {"date":"2024-05-26","query":"Networking event"}',
        'tool → call_ad1: "[]"',
        'assistant: search_calendar_events(call_ad2) {"query":"Networking event"}',
        'tool → call_ad2: ""',
      ],
    ],
  },
  {
    // An API-Bank dialogue (AlibabaResearch/DAMO-ConvAI api-bank/evaluator.py @5c38bb7d1d reads
    // its lines): `User` and `AI` turns, and `API` lines that are the calls, `api_name` beside
    // `param_dict`, each with its own `result`.
    file: 'api-bank-dialog.jsonl',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: GetUserToken(syn-1-0) {"password":"pw","username":"ana"}',
        'tool → syn-1-0: "{\\"api_name\\":\\"GetUserToken\\",\\"exception\\":\\"Service unavailable\\",\\"input\\":{\\"password\\":\\"pw\\",\\"username\\":\\"ana\\"},\\"output\\":null}"',
        'assistant: GetUserToken(syn-3-0) {"password":"pw","username":"ana"}',
        'tool → syn-3-0: "{\\"api_name\\":\\"GetUserToken\\",\\"exception\\":null,\\"input\\":{\\"password\\":\\"pw\\",\\"username\\":\\"ana\\"},\\"output\\":{\\"token\\":\\"t0k\\"}}"',
        'assistant: AddAlarm(syn-5-0) {"time":"2023-03-21 07:00:00","token":"t0k"}',
        'tool → syn-5-0: "{\\"api_name\\":\\"AddAlarm\\",\\"exception\\":null,\\"input\\":{\\"time\\":\\"2023-03-21 07:00:00\\",\\"token\\":\\"t0k\\"},\\"output\\":\\"success\\"}"',
        'assistant',
      ],
    ],
  },
  {
    // A ToolTalk conversation (microsoft/ToolTalk src/tooltalk/evaluation/evaluate_openai.py
    // @0c021ca335): an assistant turn's `apis`, each call an exchange `{ request: { api_name,
    // parameters }, response, exception }`.
    file: 'tooltalk-conversation.json',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'user',
        'assistant: CreateEvent(syn-1-0) {"event_type":"event","name":"Dentist","start_time":"2023-09-15 15:00:00"}',
        'tool → syn-1-0: "{\\"event_id\\":\\"e7\\"}"',
        'assistant: AddAlarm(syn-3-0) {"time":"14:00:00"}',
        'tool → syn-3-0: "{\\"alarm_id\\":\\"a3\\"}"',
      ],
    ],
  },
  {
    // An agent log whose steps say by their `type` that they are a tool's, and spell the input
    // and the answer with a qualifier (peterstorm/loom-tui's agent logs: `tool_name`,
    // `input_summary`, `result_summary`).
    file: 'typed-tool-steps.jsonl',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: Bash(syn-0-0) "cargo test"',
        'tool → syn-0-0: "2 tests failed"',
        'assistant: Edit(syn-2-0) "src/model/task.rs"',
        'tool → syn-2-0: "File written"',
        'assistant: Bash(syn-4-0) "cargo test"',
        'tool → syn-4-0: "2 tests failed"',
      ],
    ],
  },
  {
    // goose's session store dumped a row a line (block/goose crates/goose/src/session/
    // session_manager.rs @0164300649: sessions.db, each message's content kept as JSON text in
    // `content_json`): the rows are one history, each row's text its parts.
    file: 'goose-session-rows.jsonl',
    calls: 2,
    dialects: ['goose'],
    outlines: [
      [
        'user',
        'assistant: shell(call_g1) {"command":"pytest -q"}',
        'tool → call_g1: "1 failed"',
        'assistant: shell(call_g2) {"command":"pytest -q"}',
        'tool → call_g2: "1 failed"',
      ],
    ],
  },
  {
    // LangChain's `astream_events` written a line each (langchain-ai/langchain
    // libs/core/langchain_core/runnables/schema.py @06259d780f): each tool run's
    // `on_tool_start` the call, its `on_tool_end` (the same `run_id`) the answer.
    file: 'langchain-stream-events.jsonl',
    calls: 2,
    dialects: ['langchain-events'],
    outlines: [
      [
        'assistant: ci_status(run-t1) {"pipeline":"main"}',
        'tool → run-t1: "running"',
        'assistant: ci_status(run-t2) {"pipeline":"main"}',
        'tool → run-t2: "running"',
      ],
    ],
  },
  {
    // A harness's own results: per scenario a `call_log` of `{ name, args }`, no ids, no
    // answers; the list's name says the calls were made. Its `expected_calls` were not.
    file: 'call-log-scenarios.json',
    calls: 4,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'assistant: get_metrics(syn-0-0) {"campaign":"brand"}',
        'assistant: update_bid(syn-1-0) {"bid":2.5,"campaign":"brand"}',
        'assistant: update_bid(syn-2-0) {"bid":2.5,"campaign":"brand"}',
      ],
      ['assistant: escalate_to_human(syn-0-0) {"reason":"trademark"}'],
    ],
  },
  {
    // Cline's CLI with JSON output: each agent event on a line as `{ type: "agent_event", event }`
    // (cline/cline apps/cli/src/utils/events.ts @21cb8d2525); a tool's `content_start` is the
    // call, its `content_end` the answer or the error (sdk/packages/agents/src/types.ts
    // @9d2f8f6590). Text streams as a `content_start` per delta.
    file: 'cline-cli-json-events.jsonl',
    calls: 3,
    dialects: ['cline-events'],
    errors: 2,
    outlines: [
      [
        'assistant: read_files(toolu_01) {"paths":["package.json"]}',
        'tool → toolu_01: "{\\"name\\":\\"demo\\",\\"scripts\\":{\\"test\\":\\"vitest\\"}}"',
        'assistant: run_commands(toolu_02) {"commands":["npm test"]}',
        'tool → toolu_02: "Command failed with exit code 1: 2 tests failed"',
        'assistant: run_commands(toolu_03) {"commands":["npm test"]}',
        'tool → toolu_03: "Command failed with exit code 1: 2 tests failed"',
      ],
    ],
  },
  {
    // A recorder's frames of a streamed Responses reply, its final event lost: a call without
    // arguments in its `added` and `done` items, side by side under one minted id, is one call.
    file: 'recorded-stream-frames.jsonl',
    calls: 1,
    dialects: ['responses'],
    unanswered: true,
    outlines: [['assistant: list_files(call_Q7mZp2LkX9vB4w) ""']],
  },
  {
    // A history that sends a minted id again for a later call, another call between: two calls.
    file: 'history-reused-id.json',
    calls: 3,
    dialects: ['openai-chat'],
    outlines: [
      [
        'assistant: bash(call_R2d8Kq0PzX4mW9) {"command":"npm test"}',
        'tool → call_R2d8Kq0PzX4mW9: "FAIL"',
        'assistant: read(call_T5hY7uJ1iK3oL6) {"path":"a.ts"}',
        'tool → call_T5hY7uJ1iK3oL6: "x"',
        'assistant: bash(call_R2d8Kq0PzX4mW9) {"command":"npm test"}',
        'tool → call_R2d8Kq0PzX4mW9: "FAIL"',
      ],
    ],
  },
  {
    // A minted id sent again right after its answer (a τ-bench agent that writes each turn
    // twice): the copy after the `tool` message is the call made again, as the proxy sees it.
    file: 'history-answered-repeat.json',
    calls: 5,
    dialects: ['openai-chat'],
    outlines: [
      [
        'system',
        'user',
        'assistant: think(call_W3nQ8rT1yU5iO9) {"thought":"check the user first"}',
        'tool → call_W3nQ8rT1yU5iO9: "noted"',
        'assistant: think(call_W3nQ8rT1yU5iO9) {"thought":"check the user first"}',
        'tool → call_W3nQ8rT1yU5iO9: ""',
        'assistant: find_user(call_P6aS2dF4gH8jK1) {"zip":"10001"}',
        'tool → call_P6aS2dF4gH8jK1: "u_42"',
      ],
      [
        'system',
        'user',
        'assistant: get_order(call_Z9xC3vB7nM1qW5) {"id":5}',
        'tool → call_Z9xC3vB7nM1qW5: "pending"',
        'assistant: get_order(call_Z9xC3vB7nM1qW5) {"id":5}',
        'tool → call_Z9xC3vB7nM1qW5: ""',
      ],
    ],
  },
  {
    // A .NET app's session (Homespun's): enums written as their numbers, a block's `type` 2 a
    // call and 3 its result. A number says nothing of what an object is, as no `type` does;
    // taken for OpenAI chat messages the file read no call.
    file: 'numeric-enum-blocks.jsonl',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: Glob(toolu_01) {"pattern":"**/*.toml"}',
        'tool → toolu_01: "No files found"',
        'assistant: Glob(toolu_02) {"pattern":"**/*.toml"}',
        'tool → toolu_02: "No files found"',
      ],
    ],
  },
  {
    // browser-use's saved AgentHistoryList: each step's `model_output.action` list holds its
    // actions as `{ name: params }`, its `result` list their outcomes in order (an error a
    // failure); a step whose output did not parse has no action.
    file: 'browser-use-history.json',
    calls: 5,
    dialects: ['browser-use'],
    errors: 2,
    outlines: [
      [
        'assistant: go_to_url(syn-0-0) {"url":"https://shop.example/"} | input_text(syn-0-1) {"index":4,"text":"kettle"}',
        'tool → syn-0-0: "Navigated to https://shop.example/"',
        'tool → syn-0-1: "Input \'kettle\' into index 4"',
        'assistant: click_element_by_index(syn-3-0) {"index":7}',
        'tool → syn-3-0: "Element with index 7 does not exist"',
        'assistant: click_element_by_index(syn-5-0) {"index":7}',
        'tool → syn-5-0: "Element with index 7 does not exist"',
        'assistant: done(syn-7-0) {"success":false,"text":"Could not submit the search."}',
        'tool → syn-7-0: "Could not submit the search."',
      ],
    ],
  },
  {
    // The earliest versions keep one action object and one result object a step.
    file: 'browser-use-history-early.json',
    calls: 2,
    dialects: ['browser-use'],
    outlines: [
      [
        'assistant: click_element(syn-0-0) {"index":40}',
        'tool → syn-0-0: "Clicked element 40"',
        'assistant: done(syn-2-0) {"text":"Cookies accepted."}',
        'tool → syn-2-0: "Cookies accepted."',
      ],
    ],
  },
  {
    // An Elastic Agent Builder conversation: each round's input, its tool_call steps (each
    // answered by its own results, an `error` result a failure), its response; reasoning
    // steps are not calls.
    file: 'elastic-agent-builder-conversation.json',
    calls: 4,
    dialects: ['elastic-agent-builder'],
    errors: 1,
    outlines: [
      [
        'user',
        'assistant: platform.core.execute_esql(tooluse_a1) {"query":"FROM logs | STATS c = COUNT(*) BY host"}',
        'tool → tooluse_a1: "[{\\"data\\":{\\"columns\\":[{\\"name\\":\\"c\\",\\"type\\":\\"long\\"},{\\"name\\":\\"host\\",\\"type\\":\\"keyword\\"}],\\"query\\":\\"FROM logs | STATS c = COUNT(*) BY host\\",\\"values\\":[[3,\\"web-1\\"]]},\\"tool_result_id\\":\\"aB1\\",\\"type\\":\\"esql_results\\"}]"',
        'assistant: platform.core.get_index_mapping(tooluse_a2) {"indices":["logs"]}',
        'tool → tooluse_a2: "[{\\"data\\":{\\"mappings\\":{\\"logs\\":{\\"host\\":\\"keyword\\"}}},\\"tool_result_id\\":\\"aB2\\",\\"type\\":\\"other\\"}]"',
        'assistant',
        'user',
        'assistant: platform.core.execute_esql(tooluse_b1) {"query":"FROM logs | STATS c = COUNT(*) BY host"}',
        'tool → tooluse_b1: "[{\\"data\\":{\\"columns\\":[{\\"name\\":\\"c\\",\\"type\\":\\"long\\"},{\\"name\\":\\"host\\",\\"type\\":\\"keyword\\"}],\\"query\\":\\"FROM logs | STATS c = COUNT(*) BY host\\",\\"values\\":[[3,\\"web-1\\"]]},\\"tool_result_id\\":\\"aB1\\",\\"type\\":\\"esql_results\\"}]"',
        'assistant: platform.core.search(tooluse_b2) {"query":"errors last hour"}',
        'tool → tooluse_b2: "[{\\"data\\":{\\"message\\":\\"index_not_found_exception\\"},\\"type\\":\\"error\\"}]"',
        'assistant',
      ],
    ],
  },
  {
    // An evaluator's record of a run's invocations (trpc-agent-go's eval set result, Monocle's
    // inference output) lists the calls made as `tools`: an id beside arguments or a result is
    // a call, not a definition, one made without arguments too; the expected ones are not.
    file: 'eval-invocation-tools.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: get_weather(call_0_Hq1) {"city":"Oslo"}',
        'tool → call_0_Hq1: "{\\"condition\\":\\"rain\\"}"',
        'assistant: get_time(call_0_Hq2) {}',
        'tool → call_0_Hq2: "{\\"hour\\":9}"',
        'assistant: get_news(call_0_Hq3) {"city":"Oslo"}',
        'tool → call_0_Hq3: "{\\"headline\\":\\"tram strike\\"}"',
      ],
    ],
  },
  {
    // A function-calling benchmark's results (a BFCL harness's, as itea1001/bfcl-thousand-
    // tools-01 berkeley-function-call-leaderboard/eval_results_gpt4o_pool0.json @1cc17ace57
    // holds them): per test case the call the model made as its `prediction`, scored against a
    // `ground_truth` that was wanted, not made. Each `test_id` is a run of its own, so two
    // cases that made the same call made it twice; a "name" that is a sentence is no call.
    file: 'function-calling-eval-results.json',
    calls: 3,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      ['assistant: math.factorial(syn-0-0) {"number":5}'],
      ['assistant: math.factorial(syn-0-0) {"number":5}'],
      ['assistant: calculate_triangle_area(syn-0-0) {"base":10,"height":5,"unit":"units"}'],
    ],
  },
  {
    // A Google ADK eval set result as its local manager saves it: the result's JSON written
    // again as one JSON string (google/adk-python src/google/adk/evaluation/
    // local_eval_set_results_manager.py @24fbd33805). The session's events hold the calls; the actual
    // invocation repeats them; the expected invocation's `tool_uses` were wanted, not made.
    file: 'adk-eval-set-result.json',
    calls: 2,
    dialects: ['gemini-snake'],
    outlines: [
      [
        'user',
        'assistant: get_weather(adk-1) {"city":"Lisbon"}',
        'tool → adk-1: "{\\"error\\":\\"timeout\\"}"',
        'assistant: get_weather(adk-2) {"city":"Lisbon"}',
        'tool → adk-2: "{\\"error\\":\\"timeout\\"}"',
        'assistant',
      ],
    ],
  },
  {
    // A home-grown agent's steps as ReAct JSON (my-lyq/coding-agent's trajectory.json keeps
    // them so): `{ thought, action, action_input, observation }`, the blob LangChain's JSON agent
    // parses (langchain-ai/langchain libs/langchain/langchain/agents/output_parsers/json.py
    // @5439c6c294); its `Final Answer` ends the run and is no call.
    file: 'react-json-steps.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: read_file(syn-0-0) {"path":"tests/test_calc.py"}',
        'tool → syn-0-0: "def test_sub(): assert sub(3, 1) == 2"',
        'assistant: run_test(syn-2-0) {"command":"python -m pytest -q"}',
        'tool → syn-2-0: "1 failed"',
        'assistant: run_test(syn-4-0) {"command":"python -m pytest -q"}',
        'tool → syn-4-0: "1 failed"',
      ],
    ],
  },
  {
    // A client's log of an agent's Agent Client Protocol notifications (zed-industries/
    // agent-client-protocol schema/schema.json @35fcd9d824): a banner line and a `//` comment
    // before the records; each `tool_call` update a call by `toolCallId` with its `rawInput`,
    // the `tool_call_update` that completes or fails it the answer.
    file: 'acp-session-updates.jsonl',
    calls: 3,
    dialects: ['acp'],
    errors: 1,
    outlines: [
      [
        'assistant: Run cargo build(call_1) {"command":"cargo build"}',
        'tool → call_1: "error[E0425]: cannot find value `x`"',
        'assistant: Read src/main.rs(call_2) {"path":"src/main.rs"}',
        'tool → call_2: "permission denied"',
        'assistant: Run cargo build(call_3) {"command":"cargo build"}',
        'tool → call_3: "error[E0425]: cannot find value `x`"',
      ],
    ],
  },
  {
    // Gemini CLI over ACP sends its calls without `rawInput`: each is read by its kind, its
    // title and the paths it touches, with a warning; its content blocks are its answer.
    file: 'acp-updates-no-input.jsonl',
    calls: 3,
    dialects: ['acp'],
    warning:
      /^3 tool calls in ACP `tool_call` update form carry no arguments: each is signed by its title and locations instead/,
    outlines: [
      [
        'assistant: read(read_file-1777863879509-2) {"locations":[{"path":"/w/README.md"}],"title":"README.md"}',
        'tool → read_file-1777863879509-2: "# Tool\\nVersion 1.2"',
        'assistant: read(read_file-1777863881022-3) {"locations":[{"path":"/w/README.md"}],"title":"README.md"}',
        'tool → read_file-1777863881022-3: "# Tool\\nVersion 1.2"',
        'assistant: edit(replace-1777863890100-4) {"locations":[{"path":"/w/README.md"}],"title":"README.md: Version 1.2 => Version 1.3"}',
        'tool → replace-1777863890100-4: "ok"',
      ],
    ],
  },
  {
    // An ATOF stream (NVIDIA/NeMo-Agent-Toolkit packages/nvidia_nat_atif, spec v0.1) whose model
    // scopes keep no messages (redacted, or opaque): each tool scope's start is the call, its
    // end the answer, under the category profile's `tool_call_id`; marks are no calls.
    file: 'atof-tool-scopes.jsonl',
    calls: 3,
    dialects: ['atof'],
    outlines: [
      [
        'assistant: terminal(call-0) {"command":"pytest -q"}',
        'tool → call-0: "1 failed"',
        'assistant: read_file(call-1) {"path":"tests/test_parse.py"}',
        'tool → call-1: "def test_parse(): ..."',
        'assistant: terminal(call-2) {"command":"pytest -q"}',
        'tool → call-2: "1 failed"',
      ],
    ],
  },
  {
    // Spans as OpenTelemetry's Python SDK prints them (`context.span_id`), one a model turn,
    // each call it made a span event `{ "tool.name", "tool.arguments", "tool.call_id" }`, as
    // thomasahle/trace-taxi converts a session (my-app/trace-viewer-svelte/convert-trace.js
    // @42995b90b8): one history, and a span's calls are its own batch.
    file: 'span-event-calls.jsonl',
    calls: 5,
    dialects: ['tool-dotted'],
    unanswered: true,
    outlines: [
      [
        'assistant: Read(toolu_e1) {"file_path":"/app/NOTES.md"}',
        'assistant: Glob(toolu_e2) {"pattern":"src/*.rs"} | Grep(toolu_e3) {"path":"src","pattern":"fn main"}',
        'assistant: Bash(toolu_e4) {"command":"cargo test"}',
        'assistant: Bash(toolu_e5) {"command":"cargo test"}',
      ],
    ],
  },
  {
    // An app's log of its tools' runs (mthirumalai2905/Craftify logs/tool_calls.jsonl
    // @4e3065ea15: `{ timestamp, tool, inputs, outputs }`).
    file: 'tool-inputs-outputs.jsonl',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: lookup_order(syn-0-0) {"order_id":"A-1042"}',
        'tool → syn-0-0: "{\\"status\\":\\"not_found\\"}"',
        'assistant: lookup_order(syn-2-0) {"order_id":"A-1042"}',
        'tool → syn-2-0: "{\\"status\\":\\"not_found\\"}"',
        'assistant: create_support_ticket(syn-4-0) {"priority":"high","summary":"order A-1042 missing"}',
        'tool → syn-4-0: "{\\"status\\":\\"created\\",\\"ticket_id\\":\\"TKT-1028\\"}"',
      ],
    ],
  },
  {
    // A tool server's log of each run as the request it was given and its response
    // (Jingxuan8/FinalProject_AppliedGenAI logs/tool_calls.jsonl @0bd42147e6): a `request`
    // is a call's arguments only beside a member that names a tool.
    file: 'tool-request-response.jsonl',
    calls: 2,
    dialects: ['unknown'],
    outlines: [
      [
        'assistant: rag.search(syn-0-0) {"num_results":5,"query":"mechanical keyboard"}',
        'tool → syn-0-0: "{\\"price\\":59.0,\\"sku\\":\\"kb-71\\",\\"title\\":\\"TKL keyboard\\"}"',
        'assistant: cart.add(syn-2-0) {"qty":1,"sku":"kb-71"}',
        'tool → syn-2-0: "{\\"items\\":1,\\"ok\\":true}"',
      ],
    ],
  },
  {
    // opencode's event stream as a chat bridge captured it (remorses/kimaki
    // cli/src/session-handler/event-stream-fixtures @222134ca0d: `message.part.updated` a
    // line): each tool part pending (no input: no call yet), running, then completed; the
    // parts of one message, however interleaved, one reply; a part left running, one call.
    file: 'opencode-event-stream.jsonl',
    calls: 3,
    dialects: ['opencode'],
    labels: ['th-1'],
    unanswered: true,
    outlines: [
      [
        'assistant: read(call_Zx3Cv7Bn1Mq9Wk5Ls2Df8Gh4J) {"filePath":"/srv/app/test.log"} | bash(call_Pq7TfZ2mWx9Lk3Vb8Nr4Hs1Y) {"command":"npm test"} | bash(call_Rt5YgU8nKp2Mz6Xc4Vb9Lq3W) {"command":"npm test"}',
        'tool → call_Pq7TfZ2mWx9Lk3Vb8Nr4Hs1Y: "2 failing"',
        'tool → call_Rt5YgU8nKp2Mz6Xc4Vb9Lq3W: "2 failing"',
      ],
    ],
  },
  {
    // A BFCL result file (ShishirPatil/gorilla berkeley-function-call-leaderboard/bfcl_eval/
    // model_handler/base_handler.py @fa4cbf02e8), rewritten as each test entry's steps: with
    // an inference log, its users' queries and the tool answers; without one, its `result`
    // alone, a prompted model's Python calls among them. One response's calls are one reply.
    file: 'bfcl-multi-turn-result.json',
    calls: 7,
    dialects: ['unknown'],
    labels: ['multi_turn_base_7', 'multi_turn_base_8'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant: ls(multi_turn_base_7-0-0-0) {"a":false}',
        'tool → multi_turn_base_7-0-0-0: "{\\"current_directory_content\\": [\\"docs\\", \\"src\\"]}"',
        'assistant: cd(multi_turn_base_7-0-1-0) {"folder":"docs"}',
        'tool → multi_turn_base_7-0-1-0: "{\\"current_working_directory\\": \\"docs\\"}"',
        'assistant',
        'user',
        'assistant: ls(multi_turn_base_7-1-0-0) {"a":false} | grep(multi_turn_base_7-1-0-1) {"file_name":"todo.txt","pattern":"urgent"}',
        'tool → multi_turn_base_7-1-0-0: "{\\"current_directory_content\\": [\\"todo.txt\\"]}"',
        'tool → multi_turn_base_7-1-0-1: "{\\"matching_lines\\": [\\"urgent: renew cert\\"]}"',
        'assistant',
      ],
      [
        'user',
        'assistant: cd(multi_turn_base_8-0-0-0) {"folder":"src"}',
        'assistant: ls(multi_turn_base_8-0-1-0) {"a":true}',
        'assistant: ls(multi_turn_base_8-0-2-0) {"a":true}',
        'assistant',
      ],
    ],
  },
  {
    // ToolACE's data (as zhangxiaobina/function-calling-sft data/fixtures/toolace_sample.jsonl
    // @b9a195482a keeps it): an assistant's whole text a Python list of calls, as vLLM's
    // pythonic parser reads it, names with spaces and parentheses too; one `tool` turn answers
    // a reply's calls, so the second of a pair goes unanswered.
    file: 'toolace-pythonic-calls.jsonl',
    calls: 5,
    dialects: ['pythonic'],
    unanswered: true,
    outlines: [
      [
        'user',
        'assistant: get_stock_quote(syn-1-0) {"symbol":"AAPL"} | get_stock_quote(syn-1-1) {"symbol":"MSFT"}',
        'tool → syn-1-0: "[{\\"name\\": \\"get_stock_quote\\", \\"results\\": {\\"price\\": 212.5}}, {\\"name\\": \\"get_stock_quote\\", \\"results\\": {\\"price\\": 431.1}}]"',
        'assistant: Market News (Top) V2(syn-3-0) {"limit":2}',
        'tool → syn-3-0: "[{\\"name\\": \\"Market News (Top) V2\\", \\"results\\": {\\"stories\\": [\\"Rates hold\\", \\"Chip exports\\"]}}]"',
        'assistant',
      ],
      [
        'user',
        'assistant: get_stock_quote(syn-1-0) {"symbol":"TSLA"}',
        'tool → syn-1-0: "[{\\"name\\": \\"get_stock_quote\\", \\"error\\": \\"rate limited\\"}]"',
        'assistant: get_stock_quote(syn-3-0) {"symbol":"TSLA"}',
        'tool → syn-3-0: "[{\\"name\\": \\"get_stock_quote\\", \\"results\\": {\\"price\\": 248.0}}]"',
        'assistant',
      ],
    ],
  },
  {
    // Ax's chat prompt (ax-llm/ax src/ax/ai/types.ts @2538a46089, `AxChatRequest`): an
    // assistant's `functionCalls` wrap name and `params` in `function`, and `function`
    // messages answer them by `functionId`, in any order. The request's `functionCall` choice
    // is no call.
    file: 'ax-chat-prompt.json',
    calls: 3,
    dialects: ['unknown'],
    outlines: [
      [
        'system',
        'user',
        'assistant: query(call-0) {"region":"North"}',
        'tool → call-0: "{\\"error\\":\\"timeout\\"}"',
        'assistant: query(call-1) {"region":"North"} | query(call-2) {"region":"East"}',
        'tool → call-2: "{\\"units\\":40}"',
        'tool → call-1: "{\\"units\\":12}"',
        'assistant',
      ],
    ],
  },
  {
    // Tool-use training data in ShareGPT turns, the calls as Hermes tags in the `gpt` turns'
    // text (CAMEL writes them as Python dicts: camel-ai/camel camel/messages/conversion/
    // sharegpt/hermes/hermes_function_formatter.py @511fbe0689) and the answers in `tool` turns.
    file: 'sharegpt-hermes-calls.jsonl',
    calls: 4,
    dialects: ['hermes'],
    outlines: [
      [
        'system',
        'user',
        'assistant: get_weather(syn-2-0) {"city":"Oslo"} | get_weather(syn-2-1) {"city":"Rome"}',
        "tool → syn-2-0: \"<tool_response>\\n{'name': 'get_weather', 'content': {'temp': 3}}\\n</tool_response>\"",
        "tool → syn-2-1: \"<tool_response>\\n{'name': 'get_weather', 'content': {'temp': 19}}\\n</tool_response>\"",
        'assistant',
      ],
      [
        'system',
        'user',
        'assistant: get_weather(syn-2-0) {"city":"Lima"}',
        'tool → syn-2-0: "<tool_response>\\n{\\"name\\": \\"get_weather\\", \\"content\\": {\\"error\\": \\"timeout\\"}}\\n</tool_response>"',
        'assistant: get_weather(syn-4-0) {"city":"Lima"}',
        'tool → syn-4-0: "<tool_response>\\n{\\"name\\": \\"get_weather\\", \\"content\\": {\\"temp\\": 22}}\\n</tool_response>"',
        'assistant',
      ],
    ],
  },
  {
    // An agent's own telemetry, a call a line with the round it was made in
    // (ricardo-yos/shaft-design-agent tools.py @c6fa4b55d0, `{ round, tool, args }`): no ids
    // and no answers, and the two calls of round 3 are one reply.
    file: 'round-call-telemetry.jsonl',
    calls: 4,
    dialects: ['unknown'],
    unanswered: true,
    outlines: [
      [
        'assistant: search_catalog(syn-0-0) {"limit":5,"query":"M8 bolt"}',
        'assistant: get_price(syn-1-0) {"sku":"B-M8-40"}',
        'assistant: get_price(syn-2-0) {"sku":"B-M8-40"} | check_stock(syn-2-1) {"site":"north","sku":"B-M8-40"}',
      ],
    ],
  },
  {
    // A shell tool's audit log (jacoporepossi/dehype-ai src/dehype/vm_shell.py @b5c0e07cf2):
    // the command is the input; the exit code and what it printed, the answer the model got;
    // each record names its run, a conversation of its own.
    file: 'shell-run-audit.jsonl',
    calls: 4,
    dialects: ['unknown'],
    labels: ['r-7f2', 'r-8a1'],
    outlines: [
      [
        'assistant: vm_shell(syn-0-0) {"command":"ls /srv/app"}',
        'tool → syn-0-0: "{\\"exit_code\\":0,\\"stderr\\":\\"\\",\\"stdout\\":\\"app.py\\\\nrequirements.txt\\\\n\\",\\"timed_out\\":false}"',
        'assistant: vm_shell(syn-2-0) {"command":"curl -s localhost:8080/health"}',
        'tool → syn-2-0: "{\\"exit_code\\":7,\\"stderr\\":\\"connection refused\\",\\"stdout\\":\\"\\",\\"timed_out\\":false}"',
        'assistant: vm_shell(syn-4-0) {"command":"curl -s localhost:8080/health"}',
        'tool → syn-4-0: "{\\"exit_code\\":7,\\"stderr\\":\\"connection refused\\",\\"stdout\\":\\"\\",\\"timed_out\\":false}"',
      ],
      [
        'assistant: vm_shell(syn-0-0) {"command":"systemctl status app"}',
        'tool → syn-0-0: "{\\"execution_error\\":\\"OSError(\'ssh: connect to host vm port 22: Connection timed out\')\\",\\"exit_code\\":null,\\"stderr\\":\\"\\",\\"stdout\\":\\"\\",\\"timed_out\\":false}"',
      ],
    ],
  },
  {
    // A middleware's log of each call with its output, or its error when it failed, and the
    // logger's own text lines between (mcxxxxxcm/DataAnalystAgent
    // middleware/logging_middleware.py @23ecd01771, `input_args`).
    file: 'middleware-tool-log.jsonl',
    calls: 3,
    dialects: ['unknown'],
    labels: ['t-sales'],
    outlines: [
      [
        'assistant: list_tables(syn-0-0) {}',
        'tool → syn-0-0: "{\\"tables\\": [\\"orders\\", \\"products\\", \\"sales\\"]}"',
        'assistant: run_sql(syn-2-0) {"password":"***","query":"SELECT sum(total) FROM sales"}',
        'tool → syn-2-0: "{\\"sum\\": 18240.5}"',
        'assistant: run_sql(syn-4-0) {"query":"SELECT sum(total) FROM sales WHERE region = \'north\'"}',
        'tool → syn-4-0: "column \\"region\\" does not exist"',
      ],
    ],
  },
  {
    // An MCP server's stdio as goose's test logger writes it (block/goose
    // crates/goose-test/src/bin/stdio_logger.rs @d2d1161051): each line `STDIN: `, `STDOUT: `
    // or `STDERR: ` and what passed. The JSON-RPC responses answer the calls in order;
    // `initialize` and `tools/list` are no calls, nor is a progress notification.
    file: 'mcp-stdio-log.txt',
    calls: 3,
    dialects: ['mcp'],
    errors: 2,
    outlines: [
      [
        'assistant: read_file(syn-0-0) {"path":"README.md"}',
        'tool → syn-0-0: "# Fixture"',
        'assistant: shell(syn-2-0) {"command":"cargo test"}',
        'tool → syn-2-0: "test parse ... FAILED"',
        'assistant: shell(syn-4-0) {"command":"cargo test"}',
        'tool → syn-4-0: "test parse ... FAILED"',
      ],
    ],
  },
  {
    // A LangGraph run logged a step per node: the agent's step keeps its reply's `tool_calls`,
    // the tools node's the same calls again and, in its `input`, as Python prints the list it
    // was handed. Each call is one, each step's own list one reply.
    file: 'langgraph-step-log.json',
    calls: 2,
    dialects: ['langchain'],
    unanswered: true,
    outlines: [
      [
        'assistant: get_forecast(call_70412) {"city":"Lviv","days":3}',
        'assistant: convert_units(call_88213) {"to":"F","value":12}',
      ],
    ],
  },
  {
    // A Jaeger export of a LangGraph agent traced by OpenLLMetry: a call that takes no
    // arguments stands as an OTel part, as LangChain's `tool_calls` and its
    // `additional_kwargs`, and is echoed by the tool's span, whose input and output are the
    // callback's records (`input_str`, `output`). One call, answered by the tool message's part.
    file: 'openllmetry-jaeger.json',
    calls: 1,
    dialects: ['otel-parts'],
    outlines: [
      [
        'user',
        'assistant: list_devices(toolu_01Kx9QmZ3rT7wV2nB8cD4eFh) {}',
        'tool → toolu_01Kx9QmZ3rT7wV2nB8cD4eFh: "R1 up, R2 down"',
      ],
    ],
  },
];

describe('files no importer knows are read by shape', () => {
  test.each(CASES)('$file', (c) => {
    const list = load(join(GENERIC, c.file));
    expect(list.map((i) => i.format)).toEqual(list.map(() => 'generic'));
    expect(list.map((i) => outline(i.messages))).toEqual(c.outlines);
    expect(callsOf(list)).toBe(c.calls);
    expect(errorsOf(list)).toBe(c.errors ?? 0);
    if (c.labels) expect(list[0]?.conversations.map((x) => x.label)).toEqual(c.labels);
    if (c.warning) expect(list[0]?.warnings).toContainEqual(expect.stringMatching(c.warning));
    for (const i of list) {
      if (c.unanswered !== true) expectAnswered(i);
      // The census agrees with the calls read: no false alarm.
      expect(i.census?.toolCalls).toBe(c.calls);
      expect(i.census?.readByShape?.dialects).toEqual(c.dialects);
      expect(i.warnings.filter((w) => w.startsWith('Read by shape'))).toHaveLength(1);
      expect(i.warnings.join('\n')).not.toMatch(/not read/);
    }
  });

  test.each(CASES)('$file chosen by hand as read by shape', (c) => {
    const forced = load(join(GENERIC, c.file), 'generic');
    expect(forced.map((i) => outline(i.messages))).toEqual(c.outlines);
    expect(forced[0]?.warnings.filter((w) => w.startsWith('Read by shape from '))).toHaveLength(1);
  });

  test('every fixture of the folder has its case', () => {
    expect(
      filesUnder(GENERIC)
        .map((p) => basename(p))
        .sort(),
    ).toEqual(CASES.map((c) => c.file).sort());
  });

  test("calls kept as a plain chat message's whole text, as JSON, are read and counted", () => {
    // The same layout with the recorder's own members left out: plain chat messages.
    const plain = (
      JSON.parse(readFileSync(join(GENERIC, 'json-reply-calls.json'), 'utf8')) as {
        role: string;
        content: string;
      }[]
    ).map(({ role, content }) => ({ role, content }));
    const r = importConversations(JSON.stringify(plain), { name: 'plain.json' });
    expect(r.ok && callsOf(r.value)).toBe(3);
    expect(r.ok && r.value[0]?.census?.toolCalls).toBe(3);
  });

  test('a reply whose JSON text is a ReAct step stays a ReAct step', () => {
    // KaibanJS's agents answer with `{ thought, action, actionInput }` as their text: the
    // ReAct reading of it (its input the call's arguments) comes before the JSON's own.
    const step = (action: string, q: string) =>
      JSON.stringify({ thought: 'Look it up.', action, actionInput: { q } }, null, 3);
    const messages = [
      { role: 'user', content: 'Plan a trip to Lyon.' },
      { role: 'assistant', content: step('self_question', 'What do I need?') },
      { role: 'user', content: 'Awesome, please answer yourself the question.' },
      { role: 'assistant', content: step('tavily_search', 'Lyon weather') },
      { role: 'user', content: 'Great, here is the result of your tool: sunny' },
      {
        role: 'assistant',
        content: JSON.stringify({ observation: 'Sunny.', isFinalAnswerReady: false }, null, 3),
      },
      { role: 'user', content: 'Great observation. Please keep going.' },
      { role: 'assistant', content: step('tavily_search', 'Lyon hotels') },
      { role: 'user', content: 'Great, here is the result of your tool: three hotels' },
    ];
    // As a recorder keeps the requests the agent sent, each with the history so far.
    const request = (n: number) => ({
      url: 'https://api.openai.com/v1/chat/completions',
      method: 'POST',
      body: { model: 'gpt-4o-mini', n: 1, stream: false, messages: messages.slice(0, n) },
    });
    const search = (query: string) => ({
      url: 'https://api.tavily.com/search',
      method: 'POST',
      body: { query, max_results: 5 },
    });
    const requests = [request(3), request(5), search('Lyon weather'), request(9)];
    const r = importConversations(JSON.stringify(requests), {
      name: 'kaiban.requests.json',
    });
    const calls = r.ok ? r.value.flatMap((c) => c.messages).flatMap((m) => m.tool_calls ?? []) : [];
    expect(calls.map((c) => printJson(c as JsonValue))).toEqual([
      expect.stringContaining('Lyon weather'),
      expect.stringContaining('Lyon hotels'),
    ]);
  });

  test('an audit log of interleaved tickets is read a ticket each', () => {
    // A support agent's audit log: two tickets handled at once, a line an event.
    const line = (ticket: string, event: string, more: object = {}) =>
      JSON.stringify({ ts: '2026-04-19T00:52:48', ticket_id: ticket, event, ...more });
    const call = (ticket: string, order: string) =>
      line(ticket, 'tool_call', {
        tool: 'get_order',
        args: { order_id: order },
        result: { status: 'delayed' },
      });
    const log = [
      line('T-1', 'ticket_received'),
      line('T-2', 'ticket_received'),
      call('T-1', '123'),
      call('T-2', '456'),
      call('T-1', '123'),
      call('T-2', '456'),
      line('T-1', 'resolution'),
    ].join('\n');
    const r = importConversations(log, { name: 'audit.jsonl' });
    expect(r.ok && r.value[0]?.conversations.map((c) => c.label)).toEqual(['T-1', 'T-2']);
    expect(r.ok && r.value.map((c) => callsOf([c]))).toEqual([2, 2]);
  });

  test('events that name their session in the payload they wrap are read a session each', () => {
    // An opencode server's event stream: a tool part's `sessionID` under
    // `properties.part`, a subagent's session beside its parent's; and an MCP client's
    // requests, each naming VS Code's conversation in `params._meta`.
    const part = (session: string, id: string, tool: string, file: string) => ({
      type: 'message.part.updated',
      properties: {
        part: {
          sessionID: session,
          callID: id,
          tool,
          type: 'tool',
          state: { status: 'completed', input: { filePath: file }, output: 'ok' },
        },
      },
    });
    const events = [
      { type: 'session.created', properties: { info: { id: 'ses_parent' } } },
      part('ses_parent', 'call_1', 'task', 'plan.md'),
      { type: 'server.heartbeat', properties: {} },
      part('ses_child', 'call_2', 'read', 'a.ts'),
      part('ses_child', 'call_3', 'read', 'b.ts'),
      part('ses_parent', 'call_4', 'read', 'plan.md'),
    ];
    const list = importConversations(JSON.stringify(events), { name: 'events.json' });
    expect(list.ok && list.value.map((c) => callsOf([c]))).toEqual([2, 2]);
    const mcp = (id: number, conversation: string, path: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        _meta: { 'vscode.conversationId': conversation },
        name: 'read_file',
        arguments: { path },
      },
    });
    const calls = [mcp(1, 'conv-a', 'x'), mcp(2, 'conv-b', 'y'), mcp(3, 'conv-a', 'z')];
    const read = importConversations(calls.map((c) => JSON.stringify(c)).join('\n'), {
      name: 'mcp.jsonl',
    });
    expect(read.ok && read.value.map((c) => callsOf([c]))).toEqual([2, 1]);
  });

  test("a span's request history repeats the calls, read by shape too", () => {
    // Chosen by hand, the Tempo trace is read from the spans' flattened attributes: a call in
    // a request's `gen_ai.prompt.N` repeats the one a completion before it made.
    const list = load(join(ROOT, 'tests', 'fixtures', 'otel', 'tempo-batches.json'), 'generic');
    expect(list.map((i) => outline(i.messages))).toEqual([
      ['assistant: helm_list_releases(call_1) {}', 'assistant: helm_list_releases(call_2) {}'],
    ]);
    expect(list[0]?.census?.toolCalls).toBe(2);
  });

  test("a traced span's own kind says whether it is a call", () => {
    // Mastra's AI tracing (`spanType`): an agent's run and a processor's have a name, an input
    // and an output, as a call does; only the tool's span is one.
    const spans = [
      { spanType: 'agent_run', name: "agent run: 'helper'", input: 'Find Oslo', output: 'Found' },
      { spanType: 'processor_run', name: 'input processor', input: { n: 1 }, output: { n: 1 } },
      { spanType: 'tool_call', name: 'search', input: { q: 'Oslo' }, output: '3 hits' },
    ];
    const r = importConversations(JSON.stringify({ trace: { spans } }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      ['assistant: search(syn-0-0) {"q":"Oslo"}', 'tool → syn-0-0: "3 hits"'],
    ]);
  });

  test("AutoCodeRover's calls, reported back under `Result of …` headers, are read", () => {
    // The model names its search calls in its words; the harness runs them and answers all of
    // them in the next user message, each under the call it ran.
    const chat = [
      { role: 'system', content: 'You are a software developer.' },
      { role: 'user', content: '<issue>Support header rows</issue>' },
      { role: 'assistant', content: 'Search for the RST class and its write method.' },
      {
        role: 'user',
        content:
          'Result of search_class("RST"):\n\nFound 1 classes with name RST.\n\n' +
          'Result of search_method_in_file("write", "ui.py"):\n\nCould not find file ui.py.\n\n',
      },
      { role: 'user', content: "Let's analyze collected context first" },
      { role: 'assistant', content: 'The RST class takes no header rows.' },
      {
        role: 'user',
        content: 'Result of search_class("RST"):\n\nFound 1 classes with name RST.\n\n',
      },
    ];
    const r = importConversations(JSON.stringify(chat), { name: 'conversation_round_1.json' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      [
        'system',
        'user',
        'assistant',
        'user',
        'assistant: search_class(syn-4-0) ["RST"] | search_method_in_file(syn-4-1) ["write","ui.py"]',
        'tool → syn-4-0: "Found 1 classes with name RST."',
        'tool → syn-4-1: "Could not find file ui.py."',
        'user',
        'assistant',
        'user',
        'assistant: search_class(syn-10-0) ["RST"]',
        'tool → syn-10-0: "Found 1 classes with name RST."',
      ],
    ]);
    expect(r.value[0]?.census?.toolCalls).toBe(3);
    // A user message that only mentions such a header later is no report.
    const quoted = [
      { role: 'user', content: 'See below.\nResult of search_class("RST"):\n\nx' },
      { role: 'user', content: 'Result of the run: ok\nResult of search_class("RST"):\n\nx' },
    ];
    const q = importConversations(JSON.stringify(quoted), { name: 'q.json' });
    if (!q.ok) throw new Error(q.error.message);
    expect(q.value.flatMap((i) => outline(i.messages))).toEqual(['user', 'user']);
    expect(q.value[0]?.census?.toolCalls ?? 0).toBe(0);
  });

  test("opencode's `run --format json` events: one conversation per session", () => {
    // Each event `{ type, timestamp, sessionID, part }`: two runs' output saved into one file.
    const tool = (session: string, id: string, pattern: string) =>
      JSON.stringify({
        type: 'tool_use',
        timestamp: 1771726134631,
        sessionID: session,
        part: {
          id: `prt_${id}`,
          sessionID: session,
          messageID: `msg_${id}`,
          type: 'tool',
          callID: id,
          tool: 'glob',
          state: { status: 'completed', input: { pattern }, output: 'No files found' },
        },
      });
    const lines = [
      tool('ses_a', 'call_1', '*.go'),
      tool('ses_a', 'call_2', '**/*.go'),
      tool('ses_b', 'call_3', '*.go'),
    ].join('\n');
    const r = importConversations(`${lines}\n`, { name: 'run.jsonl' });
    if (!r.ok) throw new Error(r.error.message);
    expect(
      r.value.map((i) => outline(i.messages).filter((m) => m.startsWith('assistant'))),
    ).toEqual([
      [
        'assistant: glob(call_1) {"pattern":"*.go"}',
        'assistant: glob(call_2) {"pattern":"**/*.go"}',
      ],
      ['assistant: glob(call_3) {"pattern":"*.go"}'],
    ]);
  });

  test("a logger's records of messages, their members prefixed, are one history", () => {
    // A LangGraph app's own log: one record per message, its type, content and calls under
    // `message_` names (a reused call id names another call where its arguments differ).
    const rec = (type: string, content: string, calls: unknown = 'None') => ({
      timestamp: '2024-10-08T01:33:36',
      state: type === 'AI' ? 'Primary Assistant' : 'Execution_Tools',
      message_type: type,
      message_content: content,
      message_tool_calls: calls,
    });
    const call = (id: string, path: string) => [
      { name: 'read_csv', args: { path }, id, type: 'tool_call' },
    ];
    const log = [
      rec('Human', 'Is the data biased?'),
      rec('AI', '', call('call_1', 'a.csv')),
      rec('Tool', 'columns: sex, age'),
      rec('AI', '', call('call_1', 'b.csv')),
      rec('Tool', 'columns: id'),
      rec('AI', 'Done.', []),
    ];
    const r = importConversations(JSON.stringify(log), { name: 'agent_log.json' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      [
        'user',
        'assistant: read_csv(call_1) {"path":"a.csv"}',
        'tool → call_1: "columns: sex, age"',
        'assistant: read_csv(call_1) {"path":"b.csv"}',
        'tool → call_1: "columns: id"',
        'assistant',
      ],
    ]);
  });

  test("a VS Code subagent's calls, kept without arguments, are counted and said unread", () => {
    // A chat session keeps the main agent's calls with arguments in `toolCallRounds`, and
    // repeats them as response parts under other ids; a subagent's calls stand only as parts.
    const part = (id: string, toolId: string, sub?: string) => ({
      kind: 'toolInvocationSerialized',
      invocationMessage: { value: `Running ${toolId}` },
      isComplete: true,
      toolCallId: id,
      toolId,
      ...(sub === undefined ? {} : { subAgentInvocationId: sub }),
    });
    const session = {
      version: 3,
      requests: [
        {
          requestId: 'r1',
          message: { text: 'Research the project' },
          response: [
            part('u-main', 'runSubagent'),
            part('u-sub-1', 'copilot_readFile', 'toolu_1'),
            part('u-sub-2', 'copilot_readFile', 'toolu_1'),
          ],
          result: {
            metadata: {
              toolCallRounds: [
                {
                  response: '',
                  toolCalls: [
                    { id: 'toolu_1', name: 'runSubagent', arguments: '{"prompt":"read"}' },
                  ],
                },
              ],
              toolCallResults: { toolu_1: { content: [{ value: 'a report' }] } },
            },
          },
        },
      ],
    };
    const r = importConversations(JSON.stringify(session), { name: 'chat.json' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      ['user', 'assistant: runSubagent(toolu_1) {"prompt":"read"}', 'tool → toolu_1: "a report"'],
    ]);
    expect(r.value[0]?.census?.toolCalls).toBe(3);
    expect(r.value[0]?.warnings).toContainEqual(
      expect.stringMatching(
        /^2 of the 3 tool calls in the file were not read \(2 in VS Code subagent `toolInvocationSerialized` form under `requests\[\*\]\.response\[\*\]`\)/,
      ),
    );
  });

  test("a VS Code request kept without its rounds: its parts' calls counted and said unread", () => {
    // A request cut short, or exported while it ran, keeps no `toolCallRounds`: its calls stand
    // only as response parts, without arguments. A request that kept its rounds is read from
    // them, its parts (the same calls, under the editor's ids and names) not counted.
    const part = (id: string, toolId: string) => ({
      kind: 'toolInvocationSerialized',
      invocationMessage: { value: `Running ${toolId}` },
      isComplete: true,
      toolCallId: id,
      toolId,
    });
    const session = {
      requesterUsername: 'dev',
      requests: [
        {
          requestId: 'r1',
          message: { text: 'Read the config' },
          response: [part('u1', 'copilot_readFile')],
          result: {
            metadata: {
              toolCallRounds: [
                {
                  response: '',
                  toolCalls: [{ id: 'toolu_1', name: 'read_file', arguments: '{"path":"a.json"}' }],
                },
              ],
              toolCallResults: { toolu_1: { content: [{ value: '{}' }] } },
            },
          },
        },
        {
          requestId: 'r2',
          message: { text: 'And the other two' },
          response: [part('u2', 'copilot_readFile'), part('u3', 'copilot_readFile')],
          isCanceled: true,
        },
      ],
    };
    const r = importConversations(JSON.stringify(session), { name: 'chat.json' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      ['user', 'assistant: read_file(toolu_1) {"path":"a.json"}', 'tool → toolu_1: "{}"', 'user'],
    ]);
    expect(r.value[0]?.census?.toolCalls).toBe(3);
    expect(r.value[0]?.warnings).toContainEqual(
      expect.stringMatching(
        /^2 of the 3 tool calls in the file were not read \(2 in VS Code `toolInvocationSerialized` of a request without its rounds form under `requests\[\*\]\.response\[\*\]`\)/,
      ),
    );
  });

  test('a tool span that names its call by id alone is counted, never read', () => {
    // A hook's spans record a call's request by id and tool name, without its arguments (they
    // are opt-in): a signature of the name alone would take different calls for repeats, so
    // the census counts them and the warning says they were not read.
    const span = (name: string, attributes: Record<string, string>) =>
      JSON.stringify({ name, span_id: name.length.toString(16), attributes });
    const lines = [
      span('tool.requested', { 'gen_ai.tool.name': 'Shell', 'gen_ai.tool.call.id': 'tc-0001' }),
      span('tool.requested', { 'gen_ai.tool.name': 'Read', 'gen_ai.tool.call.id': 'tc-0002' }),
      // One edit's request, recorded as a read and a write under its one id.
      span('tool.requested', { 'gen_ai.tool.name': 'Read', 'gen_ai.tool.call.id': 'tc-0003' }),
      span('tool.requested', { 'gen_ai.tool.name': 'Write', 'gen_ai.tool.call.id': 'tc-0003' }),
      span('tool.call', {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'read_file',
        'gen_ai.tool.call.arguments': '/src/a.go',
      }),
    ].join('\n');
    const r = importConversations(`${lines}\n`, { name: 'spans.jsonl' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      ['assistant: read_file(syn-0-0) "/src/a.go"'],
    ]);
    expect(r.value[0]?.census?.toolCalls).toBe(4);
    expect(r.value[0]?.warnings).toContainEqual(
      expect.stringMatching(/^3 of the 4 tool calls in the file were not read \(3 in OTel GenAI/),
    );
    // Where the model's messages hold the call under that id, the span adds nothing.
    const traced = [
      JSON.stringify({
        name: 'chat',
        span_id: 'a1',
        attributes: {
          'gen_ai.output.messages': JSON.stringify([
            {
              role: 'assistant',
              parts: [
                { type: 'tool_call', id: 'tc-0001', name: 'Shell', arguments: { cmd: 'ls' } },
              ],
            },
          ]),
        },
      }),
      span('tool.requested', { 'gen_ai.tool.name': 'Shell', 'gen_ai.tool.call.id': 'tc-0001' }),
    ].join('\n');
    const t = importConversations(`${traced}\n`, { name: 'traced.jsonl' });
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value[0]?.census?.toolCalls).toBe(1);
    expect(t.value.flatMap((i) => outline(i.messages))).toEqual([
      'assistant: Shell(tc-0001) {"cmd":"ls"}',
    ]);
  });

  test("an OpenLLMetry tool span answers with what the tool returned, not the callback's record", () => {
    // Without the next model request's tool message, the tool span's result is the answer: the
    // callback's `{ output, kwargs }`, whose `output` the tool returned.
    const doc = JSON.parse(readFileSync(join(GENERIC, 'openllmetry-jaeger.json'), 'utf8')) as {
      data: { spans: { operationName: string }[] }[];
    };
    const trace = doc.data[0] as { spans: { operationName: string }[] };
    trace.spans = trace.spans.filter(
      (sp, i) => i < trace.spans.length - 1 || !/chat/.test(sp.operationName),
    );
    const r = importConversations(JSON.stringify(doc));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((i) => outline(i.messages))).toEqual([
      [
        'assistant: list_devices(toolu_01Kx9QmZ3rT7wV2nB8cD4eFh) {}',
        'tool → toolu_01Kx9QmZ3rT7wV2nB8cD4eFh: "R1 up, R2 down"',
      ],
    ]);
  });

  test("a step log's executor repeating the agent's call by a numbered id holds it once", () => {
    // A LangGraph step logger lists a call on the agent's node and again on the tools node that
    // runs it: an id of a number of four or more digits is no turn's counter (`call_0`), so
    // the copy right after it is the same call; a counter's copy stays a call of its own.
    const steps = (id: string) => ({
      trajectory: [
        { node_name: 'agent', tool_calls: [{ name: 'get_weather', args: { city: 'Oslo' }, id }] },
        { node_name: 'tools', tool_calls: [{ name: 'get_weather', args: { city: 'Oslo' }, id }] },
      ],
    });
    for (const [id, calls] of [
      ['call_44149', 1],
      ['call_0', 2],
    ] as const) {
      const r = importConversations(JSON.stringify(steps(id)));
      if (!r.ok) throw new Error(r.error.message);
      const read = r.value[0]?.messages.flatMap((m) =>
        Array.isArray(m.tool_calls) ? m.tool_calls : [],
      );
      expect(read).toHaveLength(calls);
      expect(r.value[0]?.census?.toolCalls).toBe(calls);
    }
  });

  test('echoes of a call, as the census takes them, are no calls of their own', () => {
    // A tool's execution event that wraps the arguments it was given, and a call named without
    // its arguments: both copies of the call spelled in full.
    const text = JSON.stringify({
      events: [
        { type: 'user', text: 'hi' },
        { type: 'tool_call', id: 'c1', name: 'ls', arguments: { dir: '.' } },
        { type: 'tool', name: 'ls', id: 'x9', input: { input: { dir: '.' } }, output: 'a b' },
        { type: 'tool_result', id: 'c1', output: 'a b' },
        { type: 'tool_call', name: 'ls' },
      ],
    });
    const r = importConversations(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((c) => outline(c.messages))).toEqual([
      ['user', 'assistant: ls(c1) {"dir":"."}', 'tool → c1: "a b"'],
    ]);
    expect(r.value[0]?.census?.toolCalls).toBe(1);
  });

  test('an importer that reads fewer calls than the census finds gives way, and says so', () => {
    // An Anthropic message list whose assistant message keeps its blocks under a mistyped key.
    const text = JSON.stringify({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', conent: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a' }] },
      ],
    });
    const r = importConversations(text);
    if (!r.ok) throw new Error(r.error.message);
    const [only] = r.value;
    expect(outline(only?.messages ?? [])).toEqual([
      'user',
      'assistant: ls(t1) {}',
      'tool → t1: "a"',
    ]);
    expect(only?.census?.readByShape).toEqual({ dialects: ['anthropic'], instead: 'anthropic' });
    expect(only?.format).toBe('generic');
    // Chosen by hand, the format is kept as it reads.
    const forced = importConversations(text, { format: 'anthropic' });
    expect(forced.ok && callsOf(forced.value)).toBe(0);
  });
});

/** The project's fixtures and samples: each is read by an importer of its own. */
function ownFiles(): string[] {
  return [
    ...filesUnder(join(ROOT, 'tests', 'fixtures')).filter((p) => !p.startsWith(GENERIC)),
    ...filesUnder(join(ROOT, 'public', 'samples')),
  ].filter((p) => !/\.(?:md|ts)$/.test(p));
}

interface WildEntry {
  readonly file: string;
  readonly format: string | null;
}

/** The wild sets' files, each with the format a correct import reads it as (null: any). */
function wildFiles(): [string, string, string | null][] {
  const out: [string, string, string | null][] = [];
  for (const f of ['wild', 'wild2']) {
    const list = join(ROOT, '..', 'shared', f, 'expected.json');
    if (!existsSync(list)) continue;
    for (const e of JSON.parse(readFileSync(list, 'utf8')) as WildEntry[])
      out.push([`${f}/${e.file}`, join(ROOT, '..', 'shared', f, e.file), e.format]);
  }
  return out;
}

function shapeOf(p: string) {
  const r = importConversations(new Uint8Array(readFileSync(p)), { name: basename(p) });
  return r.ok ? { format: r.value[0]?.format, census: r.value[0]?.census } : null;
}

describe('a file its own importer reads whole is never read by shape', () => {
  const own = ownFiles();

  test('there are files', () => {
    expect(own.length).toBeGreaterThan(50);
  });

  test.each(own.map((p) => [p.slice(ROOT.length + 1), p]))('%s', (_, p) => {
    expect(shapeOf(p)?.census?.readByShape).toBeUndefined();
  });

  test.each(wildFiles())('%s', (_, p, format) => {
    const got = shapeOf(p);
    const shape = got?.census?.readByShape;
    if (format !== null) {
      // A file whose family an importer reads is read by it.
      expect(shape).toBeUndefined();
      return;
    }
    if (shape === undefined || shape.instead === null) return;
    // Read by shape only where the importer detected, chosen by hand, misses calls.
    const forced = importConversations(new Uint8Array(readFileSync(p)), {
      name: basename(p),
      format: shape.instead as Imported['format'],
    });
    expect(forced.ok ? callsOf(forced.value) : 0).toBeLessThan(got?.census?.toolCalls ?? 0);
  });
});

test('a call the API ran itself is skipped with a note, as the importers skip it', () => {
  const [c] = load(join(GENERIC, 'programmatic-tool-calls.json'));
  expect(c?.warnings).toContain(
    "Skipped 1 server-side tool call (server_tool_use / mcp_tool_use): the API ran them, so they are not part of the client's tool loop.",
  );
  expect(c?.census?.toolCalls).toBe(2);
});
