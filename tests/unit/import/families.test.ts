import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import type { FormatId } from '../../../src/import/index';
import { fixture, outline } from './helpers';

/**
 * The families of files other tools write, each from a fixture written from its writer's own
 * source (docs/formats.md says which): detected as the format, every call read, each
 * conversation's list pinned.
 */
interface Case {
  path: string;
  format: FormatId;
  /** Each conversation's outline, in file order. */
  outlines: string[][];
  warnings?: RegExp[];
  /** Warnings that must not be said. */
  never?: RegExp[];
}

const CASES: Case[] = [
  {
    path: 'claude-code/sibling-reply.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Read(toolu_a) {"file_path":"a.ts"} | Read(toolu_b) {"file_path":"b.ts"}',
        'tool → toolu_a: "export const a = 1;"',
        'tool → toolu_b: "export const b = 2;"',
      ],
    ],
    never: [/abandoned branches/],
  },
  {
    path: 'claude-code/hooks-chat.json',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Read(toolu_a) {"file_path":"a.ts"} | Read(toolu_b) {"file_path":"b.ts"}',
        'tool → toolu_a: "export const a = 1;"',
        'tool → toolu_b: "export const b = 2;"',
      ],
    ],
    never: [/abandoned branches/],
  },
  {
    path: 'claude-code/minimal-lines.jsonl',
    format: 'claude-code',
    outlines: [['user', 'assistant: Bash(toolu_m1) {"command":"make"}', 'tool → toolu_m1: "ok"']],
  },
  {
    path: 'claude-code/stream-json-hooks.json',
    format: 'claude-code',
    outlines: [['assistant: Bash(toolu_s1) {"command":"ls"}', 'tool → toolu_s1: "a b"']],
  },
  {
    path: 'claude-code/hook-payloads.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Bash(toolu_h1) {"command":"npm test"}',
        'tool → toolu_h1: {"interrupted":false,"stderr":"","stdout":"1 failing"}',
        'assistant: Bash(hook-2) {"command":"npm test"}',
      ],
      [
        'assistant: Read(hook-0) {"file_path":"x.ts"}',
        'tool → hook-0: {"file":{"content":"x","filePath":"x.ts"},"type":"text"}',
      ],
    ],
    warnings: [/hook payloads/, /1 tool call logged before running/],
  },
  {
    // Hook loggers that name the event `event` (fasthooks), or keep it around the payload
    // (`{ hook_event_type, payload }`, PAI's observability hooks, whose PostToolUse keeps only
    // the `result`); and Gemini CLI's BeforeTool / AfterTool payloads.
    path: 'claude-code/hooks-event-log.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Bash(hook-1) {"command":"npm test"}',
        'tool → hook-1: {"interrupted":false,"stderr":"","stdout":"1 failing"}',
        'assistant: Bash(hook-2) {"command":"npm test"}',
        'tool → hook-2: {"interrupted":false,"stderr":"","stdout":"1 failing"}',
      ],
    ],
    warnings: [/hook payloads/],
    never: [/census/],
  },
  {
    path: 'claude-code/hooks-wrapped.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Read(hook-1) {"file_path":"/w/config.ts"}',
        'tool → hook-1: "export default {}"',
      ],
    ],
    never: [/census/],
  },
  {
    path: 'claude-code/gemini-hooks.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'assistant: run_shell_command(hook-0) {"command":"git status"}',
        'tool → hook-0: {"llmContent":"nothing to commit"}',
      ],
    ],
    never: [/census/],
  },
  {
    // `codex exec --json` (openai/codex codex-rs/exec/src/exec_events.rs): each item once as it
    // starts (in progress) and again as it completes: one call each, census included.
    path: 'codex/exec-json.jsonl',
    format: 'codex',
    outlines: [
      [
        'assistant: command_execution(item_1) {"command":"bash -lc \'npm test\'"}',
        'tool → item_1: "1 failing\\n"',
        'assistant: command_execution(item_2) {"command":"bash -lc \'npm test\'"}',
        'tool → item_2: "1 failing\\n"',
        'assistant: docs.search(item_3) {"q":"vitest"}',
        'tool → item_3: {"content":[{"text":"Vitest docs","type":"text"}]}',
        'assistant',
      ],
    ],
    never: [/census|Read by shape/],
  },
  {
    path: 'qwen-code/session.jsonl',
    format: 'qwen-code',
    outlines: [
      [
        'user',
        'assistant: read_file(call_q1) {"absolute_path":"/w/config.json"}',
        'tool → call_q1: {"output":"{}"}',
        'assistant',
      ],
    ],
  },
  {
    path: 'cline/ui_messages.json',
    format: 'cline',
    outlines: [
      [
        'user',
        'assistant: readFile(ui-3-0) {"content":"/w/src/a.test.ts","path":"src/a.test.ts","tool":"readFile"}',
        'assistant: execute_command(ui-5-0) {"command":"npm test"}',
        'tool → ui-5-0: "1 failing"',
        'assistant: attempt_completion(ui-8-0) {"result":"Fixed."}',
      ],
    ],
    warnings: [/ui_messages\.json: only commands and MCP calls keep their answers/],
  },
  {
    // Calls Cline and Roo Code had the model write as XML in its text, before native tools.
    path: 'cline/xml-tools.json',
    format: 'cline',
    outlines: [
      [
        'user',
        'assistant: read_file(syn-1-0) {"path":"src/main.ts"}',
        'user',
        'assistant: execute_command(syn-3-0) {"command":"npm run build","requires_approval":"false"}',
        'user',
        'assistant: execute_command(syn-5-0) {"command":"npm run build","requires_approval":"false"}',
        'user',
        'assistant: write_to_file(syn-7-0) {"content":"// the tag </content> inside a comment stays in the file\\nexport function run() {}","line_count":"2","path":"src/run.ts"}',
        'user',
        'assistant: attempt_completion(syn-9-0) {"result":"The build passes: src/run.ts was missing."}',
      ],
    ],
    warnings: [/^Synthesized 5 tool-call ids/],
  },
  {
    path: 'gemini/recorded.responses',
    format: 'gemini',
    outlines: [
      [
        'assistant',
        'assistant: read_file(syn-1-0) {"file_path":"a.txt"} | read_file(syn-1-1) {"file_path":"b.txt"}',
      ],
    ],
    warnings: [/2 recorded model responses/],
  },
  {
    path: 'sse/anthropic-events.jsonl',
    format: 'sse',
    outlines: [['assistant: list_issues(toolu_e1) {}']],
  },
  {
    path: 'openai-responses/response-object.json',
    format: 'openai-responses',
    outlines: [['assistant: get_weather(call_r1) {"city":"Rome"}']],
  },
  {
    path: 'atif/trajectory.json',
    format: 'atif',
    outlines: [
      ['user', 'assistant: bash(c1) {"cmd":"ls"}', 'tool → c1: "a b"', 'assistant: finish(c2) {}'],
    ],
  },
  {
    path: 'langfuse/agent-turns.json',
    format: 'langfuse',
    outlines: [
      [
        'user',
        'assistant',
        'assistant: get_weather(toolu_1) {"city":"Oslo"}',
        'tool → toolu_1: {"content":[{"text":"Rain","type":"text"}]}',
        'assistant',
      ],
    ],
    warnings: [/logs only its own turn/],
  },
  {
    // Microsoft Agent Framework through Langfuse: the agent observation's output is the whole
    // run, its calls again; each chat generation under it holds its own call once.
    path: 'langfuse/langfuse-agent-spans.json',
    format: 'langfuse',
    outlines: [
      [
        'assistant: get_weather(call_k1) {"location":"Tokyo"}',
        'tool → call_k1: "stormy"',
        'assistant: get_weather(call_k2) {"location":"Tokyo"}',
        'tool → call_k2: "stormy"',
        'assistant',
      ],
    ],
    never: [/not read/, /Read by shape/],
  },
  {
    // An Inspect sample whose agent ended on `submit`: its messages keep the last reply without
    // the call (METR/inspect-action's eval log fixtures show it), which the sample's `output`
    // holds whole under the same message id.
    path: 'inspect/submit-in-output.json',
    format: 'inspect',
    outlines: [
      [
        'user',
        'assistant: bash(toolu_b1) {"cmd":"cat data.txt"}',
        'tool → toolu_b1: "42"',
        'assistant: submit(toolu_s1) {"answer":"42"}',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // Inspect keeps a model event's raw API response too, where strings over 100 characters
    // stand as `attachment://<hash>` references to the sample's `attachments`
    // (UKGovernmentBEIS/inspect_ai src/inspect_ai/log/_condense.py @ef29e0eea3); and each
    // sample's last reply, kept again as its `output`, is that sample's call, not a list of
    // every sample's last calls.
    path: 'inspect/events-attachments-submit.json',
    format: 'inspect',
    outlines: [
      [
        'user',
        'assistant: bash(toolu_s1a) {"cmd":"for d in /tmp/dir0 /tmp/dir1 /tmp/dir2 /tmp/dir3 /tmp/dir4 /tmp/dir5 /tmp/dir6 /tmp/dir7 /tmp/dir8 /tmp/dir9 /tmp/dir10 /tmp/dir11 /tmp/dir12 /tmp/dir13 /tmp/dir14 /tmp/dir15 /tmp/dir16 /tmp/dir17 /tmp/dir18 /tmp/dir19; do ls $d; done"}',
        'tool → toolu_s1a: "flag.txt"',
        'assistant: submit(toolu_s1b) {"answer":"picoCTF{one}"}',
        'tool → toolu_s1b: "picoCTF{one}"',
      ],
      [
        'user',
        "assistant: python(toolu_s2a) {\"code\":\"import os\\nprint(os.listdir('/tmp/dir0'))\\nprint(os.listdir('/tmp/dir1'))\\nprint(os.listdir('/tmp/dir2'))\\nprint(os.listdir('/tmp/dir3'))\\nprint(os.listdir('/tmp/dir4'))\\nprint(os.listdir('/tmp/dir5'))\\nprint(os.listdir('/tmp/dir6'))\\nprint(os.listdir('/tmp/dir7'))\"}",
        'tool → toolu_s2a: "flag.txt"',
        'assistant: submit(toolu_s2b) {"answer":"picoCTF{two}"}',
        'tool → toolu_s2b: "picoCTF{two}"',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A LangChain agent traced twice (evilmartians/agent-prism packages/demo-app/src/data @dd8b685d7b holds one):
    // OpenInference's LangChain instrumentor marks each step's `RunnableAssign` an AGENT span,
    // and its OpenAI instrumentor records the same model calls again, with ids, under the
    // root. Histories that open with the same words are one run, not subagents.
    path: 'otel/langchain-twice-traced.json',
    format: 'otel',
    outlines: [
      [
        'system',
        'user',
        'assistant: tavily_search(call_s1) {"query":"AI trends 2024"}',
        'tool → call_s1: "No results."',
        'assistant: tavily_search(call_s2) {"query":"AI trends 2024"}',
        'tool → call_s2: "No results."',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A trace as Grafana Tempo's API gave it (`batches`, spans under the older
    // `instrumentationLibrarySpans`): OpenLLMetry's flattened attributes, each request's
    // `gen_ai.prompt.N` repeating the calls an earlier completion made.
    path: 'otel/tempo-batches.json',
    format: 'otel',
    outlines: [
      [
        'user',
        'assistant: helm_list_releases(call_1) {}',
        'tool → call_1: "error: cluster unreachable"',
        'assistant: helm_list_releases(call_2) {}',
        'tool → call_2: "error: cluster unreachable"',
        'assistant',
      ],
    ],
    never: [/not read/, /Read by shape/, /census/],
  },
  {
    // A Phoenix span dump of an agent that delegates to a subagent: each agent's model spans
    // (under the nearest AGENT span) are a history of their own.
    path: 'otel/phoenix-subagent.json',
    format: 'otel',
    outlines: [
      [
        'user',
        'assistant: delegate(call_d1) {"task":"Read the CI log."}',
        'tool → call_d1: "The log is gone."',
        'assistant',
      ],
      [
        'user',
        'assistant: read_log(call_r1) {"job":"ci"}',
        'tool → call_r1: "log rotated"',
        'assistant: read_log(call_r2) {"job":"ci"}',
        'tool → call_r2: "log rotated"',
        'assistant',
      ],
    ],
    never: [/not read/],
  },
  {
    // vcrpy's cassette (pytest-recording, OpenLLMetry, OpenInference): OpenAI chat bodies as
    // YAML strings, the last response, the only place of the third call, gzipped as the
    // server sent it (`!!binary`).
    path: 'cassette/vcrpy-openai-tools.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_status(call_v1) {"job":"deploy"}',
        'tool → call_v1: "running"',
        'assistant: get_status(call_v2) {"job":"deploy"}',
        'tool → call_v2: "running"',
        'assistant: get_status(call_v3) {"job":"deploy"}',
      ],
    ],
    warnings: [/^Read a recorded HTTP cassette \(YAML\) of 3 exchanges as the HAR capture/],
    never: [/not read/],
  },
  {
    // A vcrpy cassette under a license header (newrelic/newrelic-python-agent
    // tests/mlmodel_langchain/cassette.yaml @e3c9c1d035): legacy function calling, a request
    // forcing a function by name (no call; the first one's reply an error), the reply's
    // `function_call`, a `function` message answering it.
    path: 'cassette/vcrpy-legacy-functions.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: output_formatter(syn-1-0) {"age":13,"name":"Sally"}',
        'tool → syn-1-0: "{\\"ok\\": false, \\"error\\": \\"age must be a string\\"}"',
        'assistant: output_formatter(syn-3-0) {"age":"13","name":"Sally"}',
      ],
    ],
    never: [/not read/, /census/, /Read by shape/],
  },
  {
    // Bedrock's InvokeModelWithResponseStream recorded by vcrpy: the response an AWS event
    // stream kept as `!!binary`, each `chunk` wrapping an Anthropic stream event in base64.
    path: 'cassette/bedrock-invoke-stream.yaml',
    format: 'har',
    outlines: [['user', 'assistant: get_weather(toolu_bdrk_e1) {"city":"Oslo"}']],
    never: [/not read/],
  },
  {
    // Ruby's VCR: `http_interactions`, bodies `{encoding, string}`, the last one base64.
    path: 'cassette/ruby-vcr-anthropic.yml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: search_docs(toolu_r1) {"q":"retry policy"}',
        'tool → toolu_r1: "no match"',
        'assistant: search_docs(toolu_r2) {"q":"retry policy"}',
      ],
    ],
    never: [/not read/],
  },
  {
    // go-vcr: a `---` marker, `url`, text bodies, a numeric `code`; Gemini calls with no ids.
    path: 'cassette/go-vcr-gemini.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: list_files(syn-1-0) {"dir":"src"}',
        'tool → syn-1-0: {"files":[]}',
        'assistant: list_files(syn-3-0) {"dir":"src"}',
      ],
    ],
    never: [/not read/],
  },
  {
    // An agent and the subagent it calls, recorded in one capture (google/adk-go
    // agent/llmagent/testdata's delegation tests record such traffic as httprr): requests that
    // open otherwise are another conversation, each read from its own longest request.
    path: 'har/agent-and-subagent.har',
    format: 'har',
    outlines: [
      [
        'system',
        'user',
        'assistant: delegate(call_d1) {"task":"Check the CI log."}',
        'tool → call_d1: "The log is gone."',
        'assistant',
      ],
      [
        'system',
        'user',
        'assistant: read_log(call_r1) {"job":"ci"}',
        'tool → call_r1: "log rotated"',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A client that sends the user's messages in another order in its next request (llmrb/llm's
    // recorded cassettes, spec/fixtures/cassettes/openai/chat @9ecfe454cc): still one
    // conversation, as the requests share the user's words.
    path: 'har/reordered-history.har',
    format: 'har',
    outlines: [
      [
        'user',
        'user',
        'assistant: system(call_u1) {"command":"date"}',
        'tool → call_u1: "{\\"stdout\\":\\"Wed Jan 1\\"}"',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // go-vcr v2 (maruel/genai providers/ollama/testdata @66b63e6228): Ollama's `/api/chat`
    // streamed as JSON Lines (`application/x-ndjson`), the call whole in one line, its
    // arguments an object; the tool's answer names no call, as Ollama's messages do not.
    path: 'cassette/go-vcr-ollama-stream.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: square_root(call_o1) {"number":132413}',
        'tool → undefined: "error: tool busy"',
        'assistant: square_root(call_o2) {"number":132413}',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // Go's httprr recording (langchaingo's tests): raw HTTP exchanges back to back, read as the
    // HAR capture they are; one response's body chunked, the user's text not ASCII.
    path: 'har/agent-loop.httprr',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_status(call_s1) {"job":"deploy"}',
        'tool → call_s1: "running"',
        'assistant: get_status(call_s2) {"job":"deploy"}',
        'tool → call_s2: "running"',
        'assistant',
      ],
    ],
    warnings: [/^Read an httprr recording of 3 HTTP exchanges as the HAR capture it is\.$/],
    never: [/not read/],
  },
  {
    // WireMock stub mappings as OpenTelemetry Java's tests record them (one YAML document a
    // stub; wiremock/wiremock `http/ResponseDefinition.java` @24521fb10c): the same prompt
    // recorded twice with two answers, and the next request going on from the second. The
    // first answer no history continues is a run of its own.
    path: 'cassette/wiremock-openai-stream.yaml',
    format: 'har',
    outlines: [
      [
        'system',
        'user',
        'assistant: get_weather(call_w2) {"city":"Paris"}',
        'tool → call_w2: "sunny, 24"',
        'assistant',
      ],
      ['system', 'user', 'assistant: get_weather(call_w1) {"city":"Paris"}'],
    ],
    warnings: [/^Read 3 WireMock stub mappings as the HAR capture they are\.$/],
    never: [/not read/, /census/],
  },
  {
    // Bedrock's Claude as OpenTelemetry Java's tests record it: the first request's text in a
    // text block, where nothing says which dialect its body is; the next request's the same
    // words as a string, beside the call and its answer. One conversation.
    path: 'cassette/wiremock-bedrock-claude.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_weather(toolu_bdrk_o1) {"city":"Oslo"}',
        'tool → toolu_bdrk_o1: "3 degrees, snow"',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A WireMock mappings file (`{ mappings: [...] }`): the expected request body as its JSON
    // value or its text, the answer as `jsonBody` or `base64Body`.
    path: 'har/wiremock-mappings.json',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: read_file(toolu_m1) {"path":"README.md"}',
        'tool → toolu_m1: "error: busy"',
        'assistant: read_file(toolu_m2) {"path":"README.md"}',
      ],
    ],
    warnings: [/^Read 2 WireMock stub mappings as the HAR capture they are\.$/],
    never: [/not read/, /census/],
  },
  {
    // Claude Code 2.1 writes a subagent's turns into the session's own `progress` lines
    // (`data.type: "agent_progress"`, beside hooks' `hook_progress`): the subagent is a
    // conversation of its own, its repeated read a run there, not in the main chain.
    path: 'claude-code/agent-progress.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Task(toolu_task1) {"description":"Draft the plan","prompt":"Draft a plan for the lint setup.","subagent_type":"Plan"}',
        'tool → toolu_task1: [{"text":"Plan: add credo.","type":"text"}]',
        'assistant',
      ],
      [
        'user',
        'assistant: Read(toolu_s1) {"file_path":"/srv/app/mix.exs"}',
        'tool → toolu_s1: "EISDIR: illegal operation on a directory"',
        'assistant: Read(toolu_s2) {"file_path":"/srv/app/mix.exs"}',
        'tool → toolu_s2: "EISDIR: illegal operation on a directory"',
      ],
    ],
    never: [/not read/, /census/, /by shape/],
  },
  {
    // A session whose exporter dropped the parentUuid chain (every line's parent null) but kept
    // `isSidechain`: its subagent lines cannot be traced to their roots, so they are one
    // subagent of the session they name, not a conversation a line.
    path: 'claude-code/sidechain-chainless.jsonl',
    format: 'claude-code',
    outlines: [
      [
        'user',
        'assistant: Task(toolu_m1) {"description":"Read logs","prompt":"Read the build logs.","subagent_type":"general-purpose"}',
        'tool → toolu_m1: "The log says a file is missing."',
        'assistant',
      ],
      [
        'user',
        'assistant: Read(toolu_s1) {"file_path":"/srv/app/build.log"}',
        'tool → toolu_s1: "error: missing file"',
        'assistant: Read(toolu_s2) {"file_path":"/srv/app/build.log"}',
        'tool → toolu_s2: "error: missing file"',
      ],
    ],
    never: [/not read/, /census/, /by shape/],
  },
  {
    // A harness's run beside its evaluation: the calls it matched or expected (`{ tool, args,
    // result }` under `matched_items`, `expected_calls`) were wanted, not made.
    path: 'openai-chat/run-with-evaluation.json',
    format: 'openai-chat',
    outlines: [
      [
        'user',
        'assistant: search_events(call_e1) {"query":"networking"}',
        'tool → call_e1: "[]"',
        'assistant: search_events(call_e2) {"query":"networking"}',
        'tool → call_e2: "[]"',
        'assistant',
      ],
    ],
    never: [/not read/, /census/, /by shape/],
  },
  {
    // A client that sends a reply's calls back under ids of its own (as OlympiaAI/raix's
    // cassettes show): the history's calls are the replies' calls, one each, by name and
    // arguments, and the repeated check is two calls of one run, not three runs.
    path: 'cassette/vcr-renamed-call-ids.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_status(5f0c-a1) {"job":"deploy"}',
        'tool → 5f0c-a1: "running"',
        'assistant: get_status(5f0c-a2) {"job":"deploy"}',
        'tool → 5f0c-a2: "running"',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // Two chats that open with the same words, each sending its call back under the Responses
    // item's `id` for its `call_id` (as tidyverse/ellmer's cassettes show): two runs of one
    // call each, every renamed call standing for one reply's.
    path: 'cassette/vcr-responses-item-ids.yaml',
    format: 'har',
    outlines: [
      ['developer', 'user', 'assistant: roll(fc_0a11) {}', 'tool → fc_0a11: "3"', 'assistant'],
      ['user', 'assistant: roll(call_Cd2) {}'],
    ],
    never: [/not read/, /census/],
  },
  {
    // llama-stack's inference recordings (one exchange a file): the request's body kept as
    // JSON, a stream's chunks as a list of `{ __type__, __data__ }` dumps.
    path: 'har/llama-stack-recording.json',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_weather(call_ls1) {"city":"Lima"}',
        'tool → call_ls1: "error: upstream timeout"',
        'assistant: get_weather(call_ls2) {"city":"Lima"}',
      ],
    ],
    warnings: [/^Read 1 recorded HTTP exchange as the HAR capture it is\.$/],
    never: [/not read/, /census/, /WireMock/],
  },
  {
    // claude-trace's log of Claude Code's API traffic (badlogic/lemmy apps/claude-trace
    // src/types.ts @9d46530e44 `RawPair`): an exchange a line, a streamed answer kept as its
    // event-stream text or as its parsed events, an unanswered request's `response: null`.
    path: 'har/claude-trace-log.jsonl',
    format: 'har',
    outlines: [
      ['user', 'assistant'],
      [
        'user',
        'assistant: Bash(toolu_ct1) {"command":"npm test"}',
        'tool → toolu_ct1: "2 failing"',
        'assistant: Bash(toolu_ct2) {"command":"npm test"}',
        'tool → toolu_ct2: "2 failing"',
      ],
    ],
    warnings: [/^Read 4 recorded HTTP exchanges as the HAR capture they are\.$/],
    never: [/not read/, /census/, /WireMock/],
  },
  {
    // The same recorder around Ollama's client: `/api/chat` answered by one `ChatResponse`.
    path: 'har/llama-stack-ollama.json',
    format: 'har',
    outlines: [['user', 'assistant: list_dir() {"path":"/srv"}']],
    never: [/not read/, /census/],
  },
  {
    // Bedrock's Converse and Amazon Nova's InvokeModel stream in one vcrpy cassette (as
    // opentelemetry-python-contrib's botocore tests record them): a Converse reply
    // `{ output: { message } }`, a history of `toolUse` / `toolResult` blocks, and a stream of
    // `chunk` events whose bytes wrap Converse's own events, put back together as one reply.
    path: 'cassette/bedrock-nova-converse.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_current_weather(tooluse_nova1) {"location":"Seattle"}',
        'tool → tooluse_nova1: "{\\"error\\":\\"timeout\\"}"',
        'assistant: get_current_weather(tooluse_nova2) {"location":"Seattle"}',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A recorded HTTP cassette of pydantic-ai's (`parsed_body`: the JSON bodies as YAML, header
    // values as `!!binary`): Bedrock Converse, its history's `toolUse` and `toolResult` blocks.
    path: 'cassette/pydantic-bedrock-cassette.yaml',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: lookup_city(tooluse_b1) {"name":"Paris"}',
        'tool → tooluse_b1: "Paris is the capital of France."',
        'assistant',
      ],
    ],
    never: [/not read/, /census/],
  },
  {
    // A nock recording (nock/nock lib/recorder.js @24bb07712e, as JavaScript SDKs' tests keep
    // them): a JSON array of definitions; the first answer streamed, kept as its text, the
    // last brotli-compressed (as the OpenAI API sends it), kept as hex chunks.
    path: 'har/nock-openai-tools.json',
    format: 'har',
    outlines: [
      [
        'user',
        'assistant: get_weather(call_n1) {"city":"San Francisco"}',
        'tool → call_n1: "18°C, fog"',
        'assistant: get_weather(call_n2) {"city":"Los Angeles"}',
      ],
    ],
    warnings: [/^Read a nock recording of 2 HTTP exchanges as the HAR capture it is\.$/],
    never: [/not read/, /census/],
  },
  {
    path: 'langfuse/adk-gemini.json',
    format: 'langfuse',
    outlines: [
      ['user', 'assistant: say_hello(adk-1) {}', 'tool → adk-1: {"greeting":"Hello"}', 'assistant'],
    ],
  },
  {
    // Two conversations: the first with a regenerated answer that made a call (a conversation
    // of its own), the second with an edited prompt and a file's quote no call asked for.
    path: 'chatgpt/conversations.json',
    format: 'chatgpt',
    outlines: [
      [
        'user',
        ...['0008', '0010', '0012'].flatMap((n) => [
          `assistant: python(msg-${n}) "import pandas as pd\\nlen(pd.read_csv('/mnt/data/data.csv'))"`,
          `tool → msg-${n}: "FileNotFoundError: [Errno 2] No such file or directory: '/mnt/data/data.csv'"`,
        ]),
        'assistant: web.run(msg-0014) {"search_query":[{"q":"pandas FileNotFoundError mnt data"}]}',
        'tool → msg-0014: ""',
        'assistant',
      ],
      [
        `assistant: python(msg-0005) "len(open('/mnt/data/data.csv').readlines())"`,
        'tool → msg-0005: "FileNotFoundError"',
      ],
      ['user', 'assistant'],
    ],
    warnings: [/^Skipped 2 messages on other branches/, /^1 tool message answered no call/],
  },
  {
    path: 'otel/vercel-ai-span.json',
    format: 'otel',
    outlines: [
      [
        'system',
        'user',
        'assistant: read(tc1) {"path":"a.ts"}',
        'tool → tc1: {"type":"text","value":"x"}',
        'assistant: read(tc2) {"path":"a.ts"}',
      ],
    ],
  },
];

describe.each(CASES)('$path', (c) => {
  it(`is read as ${c.format}, every call and conversation`, () => {
    const r = importConversations(fixture(c.path), { name: c.path });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value[0]?.format).toBe(c.format);
    expect(r.value.map((x) => outline(x.messages))).toEqual(c.outlines);
    const warnings = r.value.flatMap((x) => x.warnings);
    for (const w of c.warnings ?? [])
      expect(
        warnings.some((x) => w.test(x)),
        String(w),
      ).toBe(true);
    for (const w of c.never ?? [])
      expect(
        warnings.some((x) => w.test(x)),
        String(w),
      ).toBe(false);
    for (const w of warnings) expect(w).not.toContain('\n');
  });
});

describe('a long hook log whose payloads name their event `event`', () => {
  it('reads every call, past the lines the format is judged by', () => {
    const line = (event: string, k: number, extra = {}) =>
      JSON.stringify({
        session_id: 's',
        event,
        tool_name: 'Bash',
        tool_input: { command: `echo ${k}` },
        ...extra,
      });
    const lines: string[] = [];
    for (let k = 0; k < 30; k++)
      lines.push(line('PreToolUse', k), line('PostToolUse', k, { tool_response: { stdout: k } }));
    const r = importConversations(new TextEncoder().encode(`${lines.join('\n')}\n`), {
      name: 'hooks.jsonl',
    });
    if (!r.ok) throw new Error(r.error.message);
    const calls = r.value[0]?.messages.filter((m) => m.role === 'assistant').length;
    expect(calls).toBe(30);
    expect(r.value[0]?.census?.toolCalls).toBe(30);
  });
});

describe('a hook log whose subagents name themselves', () => {
  it('reads the main agent and each subagent as a history of its own', () => {
    // Claude Code's hooks inside a subagent carry its `agent_id` and `agent_type`; the two
    // run side by side, their payloads interleaved.
    const hook = (event: string, id: string, agent: string | null, extra = {}) =>
      JSON.stringify({
        session_id: 'ce4f5cd2',
        hook_event_name: event,
        ...(agent === null ? {} : { agent_id: agent, agent_type: 'Explore' }),
        tool_name: 'Read',
        tool_input: { file_path: id },
        tool_use_id: id,
        ...extra,
      });
    const lines = [
      hook('PreToolUse', 'm1', null),
      hook('PreToolUse', 's1', 'a10f899e893d58adf'),
      hook('PostToolUse', 's1', 'a10f899e893d58adf', { tool_response: 'x' }),
      hook('PostToolUse', 'm1', null, { tool_response: 'y' }),
      hook('PreToolUse', 's2', 'a10f899e893d58adf'),
      hook('PostToolUse', 's2', 'a10f899e893d58adf', { tool_response: 'z' }),
      JSON.stringify({ session_id: 'ce4f5cd2', hook_event_name: 'SubagentStop', agent_id: 'a2' }),
    ];
    const r = importConversations(lines.join('\n'), { name: 'hooks.jsonl' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value[0]?.conversations.map((c) => c.label)).toEqual([
      'session ce4f5cd2',
      'session ce4f5cd2, subagent Explore a10f899e',
    ]);
    expect(r.value.map((c) => c.messages.filter((m) => m.role === 'assistant').length)).toEqual([
      1, 2,
    ]);
  });
});

describe('a ChatGPT conversation tree', () => {
  it('reads a long chain with a dead-end answer off every message once each', () => {
    // Every user message on the chain was also answered once by a reply later regenerated.
    const n = 20_000;
    const mapping: Record<string, unknown> = {};
    let parent: string | null = null;
    const say = (id: string, role: string, text: string, at: string | null) => {
      mapping[id] = {
        id,
        parent: at,
        children: [],
        message: {
          id,
          author: { role },
          recipient: 'all',
          content: { content_type: 'text', parts: [text] },
        },
      };
      if (at !== null) (mapping[at] as { children: string[] }).children.push(id);
    };
    for (let i = 0; i < n; i++) {
      say(`u${i}`, 'user', `question ${i}`, parent);
      say(`x${i}`, 'assistant', `first try ${i}`, `u${i}`);
      say(`a${i}`, 'assistant', `answer ${i}`, `u${i}`);
      parent = `a${i}`;
    }
    const text = JSON.stringify([{ title: 'long', mapping, current_node: parent }]);
    const r = importConversations(new TextEncoder().encode(text), { name: 'conversations.json' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toHaveLength(1);
    expect(r.value[0]?.messages).toHaveLength(2 * n);
    expect(r.value[0]?.warnings).toContainEqual(
      expect.stringMatching(new RegExp(`^Skipped ${n} messages on other branches`)),
    );
  });
});
