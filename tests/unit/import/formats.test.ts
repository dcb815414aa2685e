import { describe, expect, it } from 'vitest';
import { importTranscript } from '../../../src/import/index';
import type { FormatId } from '../../../src/import/index';
import { load, outline } from './helpers';

interface Case {
  path: string;
  format: FormatId;
  outline: string[];
  warnings?: RegExp[];
  /** The labels of the file's conversations, when it holds more than one. */
  conversations?: string[];
}

// Each fixture's mapped message list, pinned: parallel calls, missing ids, content-part
// arrays, errors, images, streams, and each format's own traps.
const CASES: Case[] = [
  {
    path: 'openai-chat/parallel-images-legacy.json',
    format: 'openai-chat',
    outline: [
      'user',
      'assistant: read_file(call_a) {"path":"a.py"} | read_file(call_b) {"path":"b.py"}',
      'tool → call_b: [{"text":"print(\'b\')","type":"text"}]',
      'tool → call_a: "print(\'a\')"',
      'assistant: run(syn-4-0) {"cmd":"make"}',
      'tool → syn-4-0: "make: *** Error 2"',
    ],
    warnings: [/Converted 2 legacy function-calling messages/],
  },
  {
    path: 'openai-chat/response.json',
    format: 'openai-chat',
    outline: ['assistant: grep() {"pattern":"TODO"}'],
    warnings: [/2 choices; only choice 0/, /1 tool call has no id/],
  },
  {
    path: 'openai-chat/dataset.jsonl',
    format: 'openai-chat',
    outline: ['system', 'user', 'assistant'],
    warnings: [/holds 2 conversations, one a line/],
    conversations: ['line 1 · q1', 'line 2 · q2'],
  },
  {
    path: 'openai-chat/request-log.jsonl',
    format: 'openai-chat',
    outline: ['user', 'assistant: ls(c1) {}', 'tool → c1: "a b"'],
    warnings: [/3 requests of one conversation; it was rebuilt from the longest \(line 2\)/],
  },
  {
    path: 'anthropic/parallel-errors-images.json',
    format: 'anthropic',
    outline: [
      'system',
      'user',
      'assistant: Read(toolu_01A) {"file_path":"/a.py"} | Read(toolu_01B) {"file_path":"/b.py","limit":1.0}',
      'tool → toolu_01A: "print(\'a\')"',
      'tool → toolu_01B: [{"text":"File not found","type":"text"}]',
      'user',
    ],
    warnings: [/Skipped 1 server-side tool call/],
  },
  {
    path: 'anthropic/response.json',
    format: 'anthropic',
    outline: ['assistant: Bash(toolu_9) {"command":"ls"}'],
  },
  {
    path: 'claude-code/branches-sidechain.jsonl',
    format: 'claude-code',
    outline: [
      'user',
      'assistant: Bash(toolu_1) {"command":"npm test"} | Read(toolu_2) {"file_path":"/p/a.ts"}',
      'tool → toolu_1: "2 failing"',
      'tool → toolu_2: [{"text":"export {}","type":"text"}]',
      'assistant',
      'user',
      'assistant',
    ],
    warnings: [/last line \(13\) is incomplete/, /abandoned branches/, /Merged 1 assistant line/],
    conversations: ['main chain', 'subagent ag1'],
  },
  {
    // Local commands run after the conversation (`/export`) hang from the session's first
    // line: the chain is followed back from the last line that leads through a reply.
    path: 'claude-code/local-commands-after.jsonl',
    format: 'claude-code',
    outline: [
      'user',
      'user',
      'assistant: Edit(toolu_01Vb) {"file_path":"/p/package.json","new_string":"1.0.1","old_string":"1.0.0"}',
      'tool → toolu_01Vb: "ok"',
      'assistant',
    ],
    warnings: [/Skipped 2 message lines on abandoned branches/],
  },
  {
    path: 'claude-code/stream-json.jsonl',
    format: 'claude-code',
    outline: ['assistant: Task(toolu_1) {"prompt":"look"}', 'tool → toolu_1: "found it"'],
    conversations: ['main chain', 'subagent toolu_1'],
  },
  {
    path: 'openai-responses/response-custom-shell.json',
    format: 'openai-responses',
    outline: [
      'assistant: apply_patch(call_p) "*** Begin Patch\\n*** End Patch" | local_shell(call_s) {"command":["ls","-la"],"type":"exec"}',
    ],
    warnings: [/1 server-side tool item/],
  },
  {
    path: 'openai-responses/continued.json',
    format: 'openai-responses',
    outline: ['tool → call_9: [{"text":"done","type":"input_text"}]', 'user'],
    warnings: [/previous_response_id/],
  },
  {
    path: 'codex/era-a.json',
    format: 'codex',
    outline: [
      'user',
      'assistant: shell(call_7) {"command":["pytest"]}',
      'tool → call_7: "1 failed"',
    ],
  },
  {
    path: 'codex/era-b.jsonl',
    format: 'codex',
    outline: [
      'user',
      'user',
      'assistant: shell(call_1) {"command":["make"]} | shell(call_2) {"command":["make","test"]}',
      'tool → call_2: "{\\"output\\":\\"ok\\",\\"metadata\\":{\\"exit_code\\":0}}"',
      'tool → call_1: "{\\"output\\":\\"make: *** [all] Error 2\\",\\"metadata\\":{\\"exit_code\\":2}}"',
    ],
  },
  {
    path: 'codex/compacted-fork.jsonl',
    format: 'codex',
    outline: [
      'user',
      'user',
      'assistant: apply_patch(call_p) "*** Begin Patch"',
      'tool → call_p: "Done"',
    ],
    warnings: [/2 session_meta lines/, /compacted once/],
  },
  {
    path: 'gemini/no-ids-parallel.json',
    format: 'gemini',
    outline: [
      'user',
      'assistant: read_file(syn-1-0) {"path":"config.yaml"} | list_dir(syn-1-1) {"path":"."}',
      'tool → syn-1-1: {"output":"a\\nb"}',
      'tool → syn-1-0: {"output":"port: 80"}',
      'assistant',
    ],
    warnings: [/Synthesized 2 tool-call ids/],
  },
  {
    path: 'gemini/response-chunks.json',
    format: 'gemini',
    outline: ['assistant: shell(syn-0-0) {"cmd":"make"}'],
    warnings: [/Merged 2 streamed response chunks/],
  },
  {
    path: 'gemini-cli/legacy-rewind.json',
    format: 'gemini-cli',
    outline: [
      'user',
      'assistant: list_directory(ls-1) {"path":"."} | read_file(rd-1) {"absolute_path":"/p/a"}',
      'tool → ls-1: {"output":"a b"}',
    ],
    warnings: [/1 info, warning or error record/],
  },
  {
    path: 'gemini-cli/rewind.jsonl',
    format: 'gemini-cli',
    outline: ['user', 'assistant: shell(y-1) {"cmd":"ls"}', 'tool → y-1: {"output":"a"}'],
    warnings: [/Applied 1 rewind/],
  },
  {
    // A call that ran a subagent shows its last steps only: the warning says its calls are unseen.
    path: 'gemini-cli/subagent-progress.jsonl',
    format: 'gemini-cli',
    outline: [
      'user',
      'assistant: generalist(generalist_1) {"request":"Rename Foo to Bar in every file"}',
      'tool → generalist_1: {"output":"Subagent \'generalist\' finished.\\nTermination Reason: MAX_TURNS\\nResult:\\nRenamed 3 of 5 files."}',
      'assistant',
    ],
    warnings: [
      /^1 tool call ran a subagent \(`generalist`\): the session keeps only its last steps as shown on screen, not its own tool calls/,
    ],
  },
  {
    path: 'gemini-cli/checkpoint.json',
    format: 'gemini-cli',
    outline: [
      'user',
      'assistant: glob(syn-1-0) {"pattern":"*.ts"}',
      'tool → syn-1-0: {"output":"a.ts"}',
    ],
  },
  {
    path: 'copilot-cli/out-of-order-failed.jsonl',
    format: 'copilot-cli',
    outline: [
      'system',
      'user',
      'assistant: view(tc_a) {"path":"build.log"} | bash(tc_b) {"command":"make"}',
      'tool → tc_b: "make: *** [all] Error 2"',
      'tool → tc_a: "error: missing header"',
      'assistant: bash(user-1) {"command":"ls include"}',
      'tool → user-1: "config.h"',
      'user',
      'assistant',
    ],
    warnings: [
      /Merged 1 assistant message into the model call/,
      /1 tool execution had no request/,
      /1 user message had empty content/,
    ],
  },
  {
    path: 'copilot-cli/subagents.jsonl',
    format: 'copilot-cli',
    outline: [
      'user',
      'assistant: task(task_1) {"agent_type":"explore","prompt":"Find TODOs"} | task(task_2) {"agent_type":"explore","prompt":"Find FIXMEs"}',
      'tool → task_1: "One TODO, in a.ts."',
      'tool → task_2: "One FIXME, in b.ts."',
      'assistant',
    ],
    conversations: [
      'main agent',
      'subagent ag-1 · Explore agent',
      'subagent task_2 · Explore agent',
    ],
  },
  {
    path: 'otel/openllmetry-flat.json',
    format: 'otel',
    outline: [
      'user',
      'assistant: git_status(call_x) {} | git_diff(call_y) {"staged":true}',
      'tool → call_x: "clean"',
      'tool → call_y: ""',
      'user',
      'assistant',
    ],
    warnings: [/longest of 2 LLM spans/],
  },
  {
    path: 'otel/openinference.jsonl',
    format: 'otel',
    outline: ['user', 'assistant: get_weather(call_V1) {"location":"Paris"}'],
  },
  {
    path: 'otel/deprecated-prompt-parts.json',
    format: 'otel',
    outline: [
      'system',
      'user',
      'assistant: make(call_a) {"target":"app"} | make(call_b) {"target":"lib"}',
      'tool → call_b: "lib: ok"',
      'tool → call_a: "app: error 2"',
      'assistant',
    ],
  },
  {
    path: 'otel/deprecated-python-repr.json',
    format: 'otel',
    outline: [
      'user',
      'assistant: cat(call_1) {"path":"a.txt"}',
      'tool → call_1: "hello\\nworld"',
      'assistant',
    ],
    warnings: [/2 span attributes held Python-style literals/],
  },
  {
    path: 'otel/openllmetry-anthropic.json',
    format: 'otel',
    outline: [
      'system',
      'user',
      'assistant: Bash(toolu_1) {"command":"npm test"}',
      'tool → toolu_1: "1 failing"',
      'user',
      'assistant: Read(toolu_2) {"file_path":"src/parse.ts"}',
    ],
  },
  {
    path: 'otel/llm-prompts-legacy.jsonl',
    format: 'otel',
    outline: [
      'user',
      'assistant: ls(call_1) {}',
      'tool → call_1: "a b"',
      'user',
      'assistant: ls(syn-4-0) {}',
    ],
    warnings: [/2 completions \(choices\); only the first/, /Synthesized 1 tool-call id/],
  },
  {
    path: 'otel/openinference-raw-anthropic.json',
    format: 'otel',
    outline: [
      'system',
      'user',
      'assistant: write_file(toolu_w1) {"content":"hello","path":"out.txt"}',
      'tool → toolu_w1: "ok"',
      'assistant: read_file(toolu_w2) {"path":"out.txt"}',
    ],
  },
  {
    path: 'langfuse/responses-custom-tools.json',
    format: 'langfuse',
    outline: [
      'system',
      'user',
      'assistant: apply_patch(call_p1) "*** Begin Patch\\n*** Update File: a.py\\n*** End Patch"',
      'tool → call_p1: "Error: hunk failed"',
      'assistant: apply_patch(call_p2) "*** Begin Patch\\n*** Update File: a.py\\n*** End Patch"',
    ],
  },
  {
    path: 'langfuse/gemini-content.json',
    format: 'langfuse',
    outline: [
      'user',
      'assistant: list_dir(syn-1-0) {"path":"."}',
      'tool → syn-1-0: {"output":"a.txt"}',
      'assistant: read_file(syn-3-0) {"path":"a.txt"}',
    ],
    warnings: [/Synthesized 2 tool-call ids/],
  },
  {
    path: 'langsmith/batch-post-patch.jsonl',
    format: 'langsmith',
    outline: [
      'system',
      'user',
      'assistant: read_file(call_1) {"path":"a.py"}',
      'tool → call_1: "print(1)"',
      'assistant: read_file(call_2) {"path":"b.py"}',
    ],
    warnings: [/longest of 2 model runs/],
  },
  {
    path: 'langsmith/batch-two-traces.json',
    format: 'langsmith',
    outline: [
      'system',
      'user',
      'assistant: Bash(toolu_1) {"command":"npm test"}',
      'tool → toolu_1: "1 failing"',
      'assistant: Bash(toolu_2) {"command":"npm test -- --verbose"}',
    ],
    conversations: [
      'trace 2b9d5a40-1111-4222-8333-000000000002',
      'trace 91c04e77-4444-4555-8666-000000000003',
    ],
  },
  {
    path: 'inspect/attachments-two-samples.json',
    format: 'inspect',
    outline: [
      'user',
      'assistant: bash(call_1) {"cmd":"ls"} | python(call_2) {"code":"a very long tool output that was condensed into an attachment"}',
      'tool → call_1: "a very long tool output that was condensed into an attachment"',
      'tool → call_2: ""',
    ],
    conversations: ['sample 7 epoch 1', 'sample 8 epoch 1'],
  },
  {
    path: 'langchain/messages-to-dict.json',
    format: 'langchain',
    outline: [
      'user',
      'assistant: search(toolu_1) {"q":"a"} | search(toolu_2) "{\\"q\\": "',
      'tool → toolu_1: "result a"',
      'tool → toolu_2: "Error: bad json"',
    ],
  },
  {
    path: 'openhands/v1-events.json',
    format: 'openhands',
    outline: [
      'system',
      'user',
      'assistant: terminal(tc_1) {"command":"ls"} | terminal(tc_2) {"command":"ls -a"}',
      'tool → tc_1: [{"text":"a","type":"text"}]',
      'tool → tc_2: [{"text":". .. a","type":"text"}]',
    ],
  },
  {
    path: 'openhands/v0-no-fc.json',
    format: 'openhands',
    outline: [
      'user',
      'assistant: run(syn-1-0) {"command":"pytest","thought":"Running."}',
      'tool → syn-1-0: "1 failed"',
      'assistant: finish(syn-3-0) {"outputs":{}}',
    ],
    warnings: [/Synthesized 2 tool-call ids/],
  },
  {
    path: 'swe-agent/no-fc.traj',
    format: 'swe-agent',
    outline: [
      'system',
      'user',
      'assistant: ls(syn-2-0) "ls -la\\n"',
      'tool → syn-2-0: "a.py b.py"',
    ],
    warnings: [/1 demonstration message/],
  },
  {
    path: 'swe-agent/trajectory-only.traj',
    format: 'swe-agent',
    outline: [
      'assistant: find_file(syn-0-0) "find_file setup.py"',
      'tool → syn-0-0: "Found 1 match"',
      'assistant: open(syn-2-0) "open setup.py"',
      'tool → syn-2-0: "[File: setup.py]"',
    ],
  },
  {
    path: 'swe-agent/history-only-fc.traj',
    format: 'swe-agent',
    outline: [
      'system',
      'user',
      'assistant: find_file(call_a) {"file_name":"calc.py"}',
      'tool → call_a: "Found 1 match for \\"calc.py\\": /repo/calc.py"',
      'assistant: submit(call_b) {}',
      'tool → call_b: "diff --git a/calc.py b/calc.py"',
    ],
    warnings: [/Skipped 3 demonstration messages/],
  },
  {
    path: 'swe-agent/retry-attempts.traj',
    format: 'swe-agent',
    outline: [
      'system',
      'user',
      'assistant: bash(call_1) {"command":"pytest"}',
      'tool → call_1: "attempt 1 output"',
    ],
    conversations: ['attempt 1', 'attempt 2 (chosen)'],
  },
  {
    path: 'har/openai-sse.har',
    format: 'har',
    outline: [
      'user',
      'assistant: read_file(call_1) {"path":"a.py"} | read_file(call_2) {"path":"b.py"}',
    ],
    warnings: [/HTTP recordings \(HAR files, test cassettes\) hold API keys/],
  },
  {
    path: 'har/anthropic-sse-base64.har',
    format: 'har',
    outline: ['system', 'user', 'assistant: Bash(toolu_1) {"command":"git status"}'],
    warnings: [/HTTP recordings \(HAR files, test cassettes\) hold API keys/],
  },
  {
    path: 'sse/openai-parallel.sse',
    format: 'sse',
    outline: [
      'assistant: read_file(call_a) {"path":"src/main.ts"} | grep(call_b) {"pattern":"TODO"}',
    ],
    warnings: [/1 tool-call batch but no tool results/],
  },
  {
    path: 'sse/two-completions-broken.sse',
    format: 'sse',
    outline: ['assistant: run_tests(call_t) {}', 'assistant'],
    warnings: [
      /Skipped 1 `data:` payload that is not JSON \(the first at line 13\)/,
      /The capture holds 2 replies/,
    ],
  },
  {
    path: 'sse/anthropic-tool-use.sse',
    format: 'sse',
    outline: ['assistant: Bash(toolu_01) {"command":"ls -la"} | Glob(toolu_02) {}'],
  },
  {
    path: 'sse/responses-function-call.sse',
    format: 'sse',
    outline: [
      'assistant: get_weather(call_w) {"city":"Paris"}',
      'assistant: get_weather(call_x) {"city":"Oslo"}',
    ],
    warnings: [/1 streamed reply stopped before its final event/, /The capture holds 2 replies/],
  },
  {
    path: 'har/anthropic-gateway.har',
    format: 'har',
    outline: [
      'user',
      'assistant: Read(toolu_g1) {"file_path":"config.yaml"}',
      'tool → toolu_g1: [{"text":"port: 80","type":"text"}]',
      'assistant: Read(toolu_g2) {"file_path":"config.yaml"}',
    ],
    warnings: [/HTTP recordings \(HAR files, test cassettes\) hold API keys/],
  },
];

describe.each(CASES)('$path', (c) => {
  it(`is detected as ${c.format} and maps to the pinned list`, () => {
    const imp = load(c.path);
    expect(imp.format).toBe(c.format);
    expect(outline(imp.messages)).toEqual(c.outline);
    for (const w of c.warnings ?? []) expect(imp.warnings.some((x) => w.test(x))).toBe(true);
    for (const w of imp.warnings) expect(w).not.toContain('\n');
    if (c.conversations) expect(imp.conversations.map((x) => x.label)).toEqual(c.conversations);
    else expect(imp.conversations).toHaveLength(1);
  });
});

describe('files holding a `history`', () => {
  const detect = (history: unknown[]) => {
    const r = importTranscript(JSON.stringify({ history }));
    return r.ok ? r.value.format : r.error.kind;
  };

  it('are SWE-agent only with its own fields', () => {
    expect(detect([{ role: 'user', content: 'fix it', agent: 'main' }])).toBe('swe-agent');
    expect(detect([{ role: 'tool', content: 'ok', tool_call_ids: ['c1'] }])).toBe('swe-agent');
    expect(detect([{ role: 'user', parts: [{ text: 'hi' }] }])).toBe('gemini-cli');
    expect(detect([{ kind: 'MessageEvent', source: 'user' }])).toBe('openhands');
    expect(detect([{ role: 'user', content: 'hi' }])).toBe('unknown-format');
  });
});

describe('forcing a format', () => {
  it('reads a bare message list as the forced dialect', () => {
    const imp = load('langchain/messages-to-dict.json', 'langchain');
    expect(imp.formatLabel).toBe('LangChain messages');
  });
});
