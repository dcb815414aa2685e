// Consoles that print each call's tool and arguments as a Python dict, read as those calls.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { printedCallsComplete } from '../../../src/import/printedCalls';
import { fixture, importAll, notebook, outline } from './helpers';

const Y = '\x1b[33;1m';
const W = '\x1b[37;1m';
const R = '\x1b[0m';

/** transformers' agents' logger: a warning bold yellow, the task bold white. */
const JSON_AGENT = [
  `${Y}======== New task ========${R}`,
  `${W}How many errors did checkout log?${R}`,
  `${Y}Calling tool: 'count_errors' with arguments: {'service': 'checkout', 'day': '2026-03-01', 'only_5xx': True}${R}`,
  `${Y}Calling tool: 'count_errors' with arguments: {'service': 'checkout', 'day': '2026-03-01', 'only_5xx': True}${R}`,
  `${Y}Calling tool: 'final_answer' with arguments: checkout logged 412 errors${R}`,
  '',
].join('\n');

/** The same at `verbose=1`: each tool's answer logged after its call, unmarked. */
const VERBOSE = [
  '======== New task ========',
  'Find the release notes',
  '=== Agent thoughts:',
  'I will search.',
  ">>> Calling tool: 'search' with arguments: {'query': 'release notes', 'limit': None}",
  'Release 2.1: fixes the checkout timeout.',
  'Release 2.0: new search.',
  '===== Calling LLM with this last message: =====',
  "{'role': <MessageRole.TOOL_RESPONSE: 'tool-response'>, 'content': '…'}",
  '=== Agent thoughts:',
  'Fetch it.',
  ">>> Calling tool: 'fetch' with arguments: {'url': 'https://example.com/2.1'}",
  'Error in tool call execution: 404 Not Found',
  'You should only use this tool with a correct input.',
  '=== Agent thoughts:',
  'Done.',
  ">>> Calling tool: 'final_answer' with arguments: {'answer': 'Release 2.1'}",
].join('\n');

const out = (s: string) => ({ output_type: 'stream', name: 'stdout', text: [s] });
const err = (s: string) => ({ output_type: 'stream', name: 'stderr', text: [s] });

describe("transformers' agents' console", () => {
  it('reads each call, its Python dict made JSON, a bare text as a string, the task a turn', () => {
    const [c, ...more] = importAll(JSON_AGENT, { name: 'run.log' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: count_errors(printed-1) {"day":"2026-03-01","only_5xx":true,"service":"checkout"}',
      'assistant: count_errors(printed-2) {"day":"2026-03-01","only_5xx":true,"service":"checkout"}',
      'assistant: final_answer(printed-3) "checkout logged 412 errors"',
    ]);
    expect(c?.messages[0]?.content).toBe('How many errors did checkout log?');
    expect(c?.warnings[0]).toBe(
      "Read “run.log” as a console's printed tool calls, 1 run: 3 tool calls read from lines that print each call's tool and arguments (`Calling tool: … with arguments: {…}`): the arguments are read back from the print, a Python dict made JSON, so signatures may differ from the agent's own; each call a reply of its own, with no call ids; the console shows no tool's answers (transformers' agents log them only when verbose), so none is compared; the console's other lines are not read. The arguments of 1 call were printed as text, not a dict: read as that text, a JSON string.",
    );
  });

  it('reads what a verbose run logs after a call as its answer, up to the next record', () => {
    const [c] = importAll(VERBOSE, { name: 'run.log' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: search(printed-1) {"limit":null,"query":"release notes"}',
      'tool → printed-1: "Release 2.1: fixes the checkout timeout.\\nRelease 2.0: new search."',
      'assistant: fetch(printed-2) {"url":"https://example.com/2.1"}',
      'tool → printed-2: "Error in tool call execution: 404 Not Found\\nYou should only use this tool with a correct input."',
      'assistant: final_answer(printed-3) {"answer":"Release 2.1"}',
    ]);
    expect(c?.warnings[0]).toMatch(/; 2 calls answered by what the console shows after them;/);
  });

  it('starts a run at each new task, across cells as a notebook keeps them', () => {
    const code = [
      `${Y}======== New task ========${R}`,
      `${W}Fix the bug${R}`,
      `${Y}==== Agent is executing the code below:${R}`,
      `${R}print(final_answer(answer='fixed'))${R}`,
      `${Y}===={R}`,
      `${Y}Print outputs:${R}`,
      '',
    ]
      .join('\n')
      .replace('{R}', R);
    const nb = notebook(
      [err(JSON_AGENT)],
      [out('Final output:\ncheckout logged 412 errors\n')],
      [err(code), err(`${Y}>>> Final answer:${R}\n\x1b[32;20mfixed${R}\n`)],
    );
    const [a, b, ...more] = importAll(nb, { name: 'nb.ipynb' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toHaveLength(4);
    expect(outline(b?.messages ?? [])).toEqual(['user', 'assistant']);
    expect(b?.messages[1]?.content).toBe('fixed');
    expect(a?.warnings[0]).toMatch(
      /Of them, 2 runs: 3 tool calls read from lines .* 1 code action of a code agent is code the agent ran, no tool call, and is not read\.$/,
    );
  });
});

describe("a hand-written loop's printed calls", () => {
  const loop = (query: string, args: string) =>
    [
      '🤖 Agent initialized with model: some-model',
      `🛠️ Calling tool: send_email with args: ${args}`,
      `The email about ${query} was sent.`,
      '',
    ].join('\n');

  it("reads each cell's calls as a run where the console marks no run's start", () => {
    const args = "{'to': ['a@example.com'], 'subject': 'Hi', 'draft': False}";
    const nb = notebook([out(loop('one', args))], [out(loop('two', args))]);
    const [a, b, ...more] = importAll(nb, { name: 'nb.ipynb' });
    expect(more).toHaveLength(0);
    const call =
      'assistant: send_email(printed-1) {"draft":false,"subject":"Hi","to":["a@example.com"]}';
    expect(outline(a?.messages ?? [])).toEqual([call]);
    expect(outline(b?.messages ?? [])).toEqual([call.replace('printed-1', 'printed-2')]);
    expect(a?.warnings[0]).toMatch(
      /the console shows no tool's answers, so none is compared; .* The console marks no run's start: each cell's calls are read as a run of their own\.$/,
    );
  });

  it("reads the MCP quickstart's bracketed calls, a run per query, a named result its answer", () => {
    const text = [
      'MCP Client Started!',
      '',
      'Query: weather in Oslo',
      "[Calling tool get_forecast with args {'latitude': 59.9, 'longitude': 10.7}]",
      'Tool get_forecast result: rain',
      'It will rain.',
      '',
      'Query: and tomorrow?',
      "[Calling tool get_forecast with args {'latitude': 59.9, 'longitude': 10.7, 'day': 1}]",
      'Sun.',
    ].join('\n');
    const [a, b, ...more] = importAll(text, { name: 'repl.txt' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: get_forecast(printed-1) {"latitude":59.9,"longitude":10.7}',
      'tool → printed-1: "rain"',
    ]);
    expect(outline(b?.messages ?? [])).toEqual([
      'user',
      'assistant: get_forecast(printed-2) {"day":1,"latitude":59.9,"longitude":10.7}',
    ]);
    expect(a?.warnings[0]).not.toMatch(/marks no run's start/);
  });

  it("reads a tool's failure printed after its call as its answer", () => {
    const text = [
      '🔄 Processing iteration 1',
      "🛠️ Calling tool: query with args: {'q': \"SELECT Id FROM Opportunity WHERE Name = 'x'\"}",
      '❌ Tool query failed: INVALID_FIELD',
      '🔄 Processing iteration 2',
      "🛠️ Calling tool: query with args: {'q': 'SELECT Id FROM Opportunity'}",
      '✅ Tool query executed successfully',
    ].join('\n');
    const [c] = importAll(text, { name: 'loop.log' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: query(printed-1) {"q":"SELECT Id FROM Opportunity WHERE Name = \'x\'"}',
      'tool → printed-1: "INVALID_FIELD"',
      'assistant: query(printed-2) {"q":"SELECT Id FROM Opportunity"}',
    ]);
  });

  it('warns of arguments cut short, kept as the text shown', () => {
    const text = [
      "Calling tool: search with args: {'query': 'a long que",
      "Calling tool: search with args: {'query': 'b'}",
    ].join('\n');
    const [c] = importAll(text, { name: 'cut.log' });
    expect(outline(c?.messages ?? [])[0]).toBe(
      'assistant: search(printed-1) {"shown":"{\'query\': \'a long que"}',
    );
    expect(c?.warnings[0]).toMatch(
      /The arguments of 1 call do not read as Python prints a dict \(cut short\?\)/,
    );
    expect(c?.warnings[0]).toMatch(/its calls are read as one run\.$/);
  });

  it('leaves calls printed as JSON to the reader of JSON logs', () => {
    const text = [
      'Calling tool: search with args: {"query": "a"}',
      'Calling tool: search with args: {"query": "b"}',
    ].join('\n');
    const r = importConversations(text, { name: 'json.log' });
    expect(r.ok && r.value[0]?.warnings[0]).toMatch(/^Read a log of 2 tool calls/);
  });

  it('holds back the last call, whose answer may still be coming, until a final answer', () => {
    const lines = VERBOSE.split('\n');
    expect(printedCallsComplete(lines.slice(0, 6).join('\n'))).toBe(lines.slice(0, 4).join('\n'));
    expect(printedCallsComplete(`${VERBOSE}\n`)).toBe(`${VERBOSE}`);
  });
});

describe('the printed-calls fixture', () => {
  it('reads both runs of the verbose log, each call answered by what was logged after it', () => {
    const list = importAll(fixture('markdown/transformers-agent-verbose.log'), { name: 'run.log' });
    const notes = 'Release 2.1: fixes the checkout timeout.\\nRelease 2.0: new search.';
    expect(list.map((c) => outline(c.messages))).toEqual([
      [
        'user',
        'assistant: search(printed-1) {"limit":null,"query":"release notes"}',
        `tool → printed-1: "${notes}"`,
        'assistant: search(printed-2) {"limit":null,"query":"release notes"}',
        `tool → printed-2: "${notes}"`,
        'assistant: fetch(printed-3) {"url":"https://example.com/2.1"}',
        'tool → printed-3: "Error in tool call execution: 404 Not Found\\nYou should only use this tool with a correct input."',
        'assistant: final_answer(printed-4) {"answer":"Release 2.1"}',
      ],
      [
        'user',
        'assistant: count_errors(printed-5) {"only_5xx":true,"service":"checkout"}',
        'tool → printed-5: "412"',
        'assistant: final_answer(printed-6) "checkout logged 412 errors"',
      ],
    ]);
  });
});

describe("Youtu-agent's console", () => {
  /** `AgentsUtils.print_new_items`: one turn's calls, then their outputs in order. */
  const PRINTED = [
    "2026-01-05 10:00:00,001 - utu - simple_agent.py:161 - INFO - Loaded 1 tools: ['run_bash']",
    "maker: Calling a tool: run_bash({'command': 'ls data'})",
    "maker: Calling a tool: run_bash({'command': 'pip install python-docx'})",
    "Tool call output: {'command output': 'a.docx'}",
    "Tool call output: {'command output': 'Requirement already satisfied'}",
    "maker: Calling a tool: run_bash({'command': 'python make.py'})",
    "Tool call output: {'command output': 'Traceback: KeyError'}",
    "maker: Calling a tool: run_bash({'command': 'python make.py'})",
    "Tool call output: {'command output': 'Traceback: KeyError'}",
    '',
  ].join('\n');

  it("reads one turn's calls as one reply, answered in the order printed", () => {
    const [c, ...more] = importAll(PRINTED, { name: 'trajectory.txt' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: run_bash(printed-1) {"command":"ls data"} | run_bash(printed-2) {"command":"pip install python-docx"}',
      `tool → printed-1: "{'command output': 'a.docx'}"`,
      `tool → printed-2: "{'command output': 'Requirement already satisfied'}"`,
      'assistant: run_bash(printed-3) {"command":"python make.py"}',
      `tool → printed-3: "{'command output': 'Traceback: KeyError'}"`,
      'assistant: run_bash(printed-4) {"command":"python make.py"}',
      `tool → printed-4: "{'command output': 'Traceback: KeyError'}"`,
    ]);
    expect(c?.warnings[0]).toMatch(
      /where calls were printed together and then answered in turn \(1 time\), they are one reply/,
    );
  });

  it('reads the streamed form, its arguments JSON', () => {
    const streamed = [
      '<maker> [tool_call] search({"q": "docx fonts"})',
      '<maker> [tool_output] 3 results',
      '<maker> Done.',
      '',
    ].join('\n');
    const [c] = importAll(streamed);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: search(printed-1) {"q":"docx fonts"}',
      'tool → printed-1: "3 results"',
    ]);
  });

  it('keeps calls apart where fewer answers follow them than calls', () => {
    const text = [
      "maker: Calling a tool: run_bash({'command': 'ls'})",
      "maker: Calling a tool: run_bash({'command': 'pwd'})",
      "Tool call output: {'command output': '/tmp'}",
      '',
    ].join('\n');
    const [c] = importAll(text);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: run_bash(printed-1) {"command":"ls"}',
      'assistant: run_bash(printed-2) {"command":"pwd"}',
      `tool → printed-2: "{'command output': '/tmp'}"`,
    ]);
  });
});
