// One tiny call per dialect of the table, shared by the tests of the census.

/** One tiny call per dialect, as its writer spells it. */
export const EXAMPLES: Record<string, unknown> = {
  'openai-chat': {
    messages: [
      {
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
    ],
  },
  'openai-function-call': [
    { role: 'assistant', function_call: { name: 'ls', arguments: '{"a":1}' } },
  ],
  anthropic: [
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: { a: 1 } }] },
  ],
  'gemini-live': [
    { toolCall: { functionCalls: [{ id: 'fc-1', name: 'ls', args: { dir: 'src' } }] } },
    { toolResponse: { functionResponses: [{ id: 'fc-1', name: 'ls', response: { files: [] } }] } },
  ],
  'gemini-code': [
    {
      role: 'model',
      parts: [{ executableCode: { code: 'print(6 * 7)', language: 'PYTHON' } }],
    },
    { role: 'model', parts: [{ codeExecutionResult: { outcome: 'OUTCOME_OK', output: '42' } }] },
  ],
  'anthropic-server': [
    {
      role: 'assistant',
      content: [{ type: 'server_tool_use', id: 's1', name: 'web_search', input: {} }],
    },
  ],
  gemini: [{ role: 'model', parts: [{ functionCall: { name: 'ls', args: { a: 1 } } }] }],
  'gemini-snake': [{ role: 'model', parts: [{ function_call: { name: 'ls', args: { a: 1 } } }] }],
  responses: [{ type: 'function_call', call_id: 'r1', name: 'ls', arguments: '{}' }],
  'responses-custom': [
    { type: 'custom_tool_call', call_id: 'r2', name: 'apply_patch', input: 'x' },
  ],
  'responses-shell': [{ type: 'local_shell_call', call_id: 'r3', action: { command: ['ls'] } }],
  'responses-mcp': [{ type: 'mcp_call', id: 'r4', server_label: 's', name: 'q', arguments: '{}' }],
  'responses-computer': [{ type: 'computer_call', call_id: 'r5', action: { type: 'click' } }],
  langchain: [{ type: 'ai', tool_calls: [{ id: 'l1', name: 'ls', args: { a: 1 } }] }],
  'tool-calls-camel': [
    { role: 'assistant', toolCalls: [{ id: 'k1', name: 'ls', args: { a: 1 } }] },
  ],
  'otel-parts': [
    {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: 'o1', name: 'ls', arguments: { a: 1 } }],
    },
  ],
  'otel-attributes': {
    attributes: {
      'gen_ai.completion.0.tool_calls.0.name': 'ls',
      'gen_ai.completion.0.tool_calls.0.arguments': '{}',
    },
  },
  'vercel-ai-ui': [
    {
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        {
          type: 'tool-runTests',
          toolCallId: 'v1',
          state: 'output-available',
          input: { path: 'tests' },
          output: '1 failed',
        },
      ],
    },
  ],
  'vercel-ai': [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'v1', toolName: 'ls', input: {} }],
    },
  ],
  bedrock: [
    { role: 'assistant', content: [{ toolUse: { toolUseId: 'b1', name: 'ls', input: {} } }] },
  ],
  genkit: [
    { role: 'model', content: [{ toolRequest: { ref: 'gk1', name: 'ls', input: { a: 1 } } }] },
  ],
  sharegpt: [
    { from: 'function_call', value: '{"name": "ls", "arguments": {"a": 1}}' },
    { from: 'observation', value: 'a.txt' },
  ],
  lobechat: [
    {
      role: 'assistant',
      content: '',
      tools: [{ id: 'lc1', identifier: 'fs', apiName: 'ls', arguments: '{}', type: 'default' }],
    },
  ],
  agentdojo: [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ function: 'ls', args: { a: 1 }, id: 'ad1' }],
    },
  ],
  openclaw: [
    { role: 'assistant', content: [{ type: 'toolCall', id: 'oc1', name: 'exec', arguments: {} }] },
  ],
  atif: { steps: [{ tool_calls: [{ tool_call_id: 'a1', function_name: 'ls', arguments: {} }] }] },
  opencode: [{ parts: [{ type: 'tool', callID: 'p1', tool: 'bash', state: { input: { c: 1 } } }] }],
  'gemini-cli-stream': [{ type: 'tool_use', tool_name: 'ls', tool_id: 'g1', parameters: {} }],
  'claude-hooks': [
    { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } },
  ],
  'langchain-events': [
    { event: 'on_tool_start', name: 'search', run_id: 'r1', data: { input: { q: 'x' } } },
  ],
  mcp: [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'q', arguments: {} } }],
  'browser-use': {
    history: [
      {
        model_output: { next_goal: 'open', action: [{ go_to_url: { url: 'https://a.example/' } }] },
        result: [{ is_done: false, extracted_content: 'Navigated' }],
        state: { url: 'about:blank' },
      },
    ],
  },
  'continue-tool-usage': [
    {
      eventName: 'toolUsage',
      schema: '0.2.0',
      toolCallId: 'tc-1',
      functionName: 'read_file',
      functionParams: { type: 'object' },
      toolCallArgs: '{"filepath":"a.ts"}',
      accepted: true,
      succeeded: true,
      output: [{ name: 'a.ts', description: 'a.ts', content: 'x' }],
    },
  ],
  elevenlabs: {
    transcript: [
      { role: 'user', message: 'Book Monday.', tool_calls: [], tool_results: [] },
      {
        role: 'agent',
        message: null,
        tool_calls: [
          {
            type: 'webhook',
            request_id: 'req_1',
            tool_name: 'book',
            params_as_json: '{"day": "monday"}',
            tool_has_been_called: true,
          },
        ],
        tool_results: [],
      },
    ],
  },
  midscene: {
    executions: [
      {
        name: 'Action - open settings',
        tasks: [
          { type: 'Planning', subType: 'Plan', param: { userInstruction: 'open settings' } },
          {
            type: 'Action Space',
            subType: 'Tap',
            param: { locate: { prompt: 'Settings' } },
            status: 'finished',
            taskId: 't1',
          },
        ],
      },
    ],
  },
  'elastic-agent-builder': {
    conversation_id: 'c1',
    round_id: 'r1',
    steps: [
      { type: 'reasoning', reasoning: 'Search.', tool_call_id: 't1' },
      {
        type: 'tool_call',
        tool_call_id: 't1',
        tool_id: 'search',
        params: { q: 'x' },
        results: [{ type: 'other', data: {} }],
      },
    ],
    response: { message: 'Done.' },
  },
  'cline-events': [
    {
      type: 'agent_event',
      event: {
        type: 'content_start',
        contentType: 'tool',
        toolName: 'read_files',
        toolCallId: 'c1',
        input: { paths: ['a'] },
      },
    },
  ],
  cline: [{ ts: 1, type: 'say', say: 'tool', text: '{"tool":"readFile","path":"a"}' }],
  inspect: [
    { role: 'assistant', tool_calls: [{ id: 'i1', function: 'bash', arguments: { cmd: 'ls' } }] },
  ],
  'copilot-cli': [
    {
      type: 'assistant.message',
      data: { toolRequests: [{ toolCallId: 'q1', name: 'view', arguments: {} }] },
    },
  ],
  'codex-exec': [
    { type: 'item.completed', item: { id: 'x1', type: 'command_execution', command: 'ls' } },
  ],
  letta: [
    {
      message_type: 'tool_call_message',
      tool_call: { name: 'web_search', arguments: '{"q":"x"}', tool_call_id: 'l1' },
      tool_calls: [{ name: 'web_search', arguments: '{"q":"x"}', tool_call_id: 'l1' }],
    },
  ],
  'pydantic-ai': [
    {
      kind: 'response',
      parts: [{ part_kind: 'tool-call', tool_name: 'ls', args: '{}', tool_call_id: 'p1' }],
    },
  ],
  goose: [
    {
      role: 'assistant',
      content: [
        {
          type: 'toolRequest',
          id: 'g1',
          toolCall: { status: 'success', value: { name: 'developer__shell', arguments: {} } },
        },
      ],
    },
  ],
  openhands: [{ kind: 'ActionEvent', tool_call: { id: 'h1', name: 'terminal', arguments: '{}' } }],
  'openhands-v0': [{ id: 2, source: 'agent', action: 'run', args: { command: 'ls' } }],
  'swe-agent-step': { trajectory: [{ action: 'ls -la', observation: 'a b' }] },
  'swe-agent': { history: [{ role: 'assistant', action: 'ls -la' }] },
  'mini-swe-agent': {
    messages: [
      {
        role: 'assistant',
        content: 'THOUGHT: look.\n\n```bash\nls -la\n```',
        extra: { response: {} },
      },
      { role: 'user', content: '<returncode>0</returncode>' },
    ],
    trajectory_format: 'mini-swe-agent-1',
  },
  cursor: [
    { type: 2, bubbleId: 'b1', toolFormerData: { toolCallId: 'u1', name: 'ls', rawArgs: '{}' } },
  ],
  'cursor-cli': [
    {
      type: 'tool_call',
      subtype: 'started',
      call_id: 'c1',
      tool_call: { readToolCall: { args: { path: 'a.ts' } } },
    },
    {
      type: 'tool_call',
      subtype: 'completed',
      call_id: 'c1',
      tool_call: {
        readToolCall: { args: { path: 'a.ts' }, result: { success: { content: 'x' } } },
      },
    },
  ],
  'windsurf-hooks': [
    { agent_action_name: 'pre_run_command', trajectory_id: 't', tool_info: { command_line: 'ls' } },
    {
      agent_action_name: 'post_run_command',
      trajectory_id: 't',
      tool_info: { command_line: 'ls' },
    },
  ],
  'cursor-hooks': [
    {
      hook_event_name: 'beforeShellExecution',
      conversation_id: 'c',
      generation_id: 'g',
      command: 'ls',
      cwd: '/w',
    },
    {
      hook_event_name: 'afterShellExecution',
      conversation_id: 'c',
      generation_id: 'g',
      command: 'ls',
      output: 'a b',
    },
  ],
  'openai-agents-approval': {
    type: 'tool_approval_item',
    raw_item: { type: 'function_call', call_id: 'c1', name: 'pay', arguments: '{"n":1}' },
  },
  kiro: {
    kind: 'AssistantMessage',
    data: { content: [{ kind: 'toolUse', data: { toolUseId: 't1', name: 'ls', input: {} } }] },
  },
  'vscode-subagent': {
    requests: [
      {
        response: [
          {
            kind: 'toolInvocationSerialized',
            toolCallId: 'u1',
            toolId: 'copilot_readFile',
            subAgentInvocationId: 's1',
          },
        ],
      },
    ],
  },
  codeact: [
    { role: 'assistant', content: 'Count them.\n<execute>\nprint(len(rows))\n</execute>' },
    { role: 'user', content: 'Observation:\n3' },
  ],
  'toolbench-tree': {
    node_type: 'Action Input',
    description: '',
    children: [
      {
        node_type: 'Action',
        description: 'search_for_wiki',
        children: [
          {
            node_type: 'Action Input',
            description: '{"q": "Ada"}',
            observation: '{"error": "", "response": "a page"}',
            children: [],
          },
        ],
      },
    ],
  },
  'vscode-invocation': {
    requests: [
      {
        requestId: 'request_1',
        response: [
          { kind: 'toolInvocationSerialized', toolCallId: 'u1', toolId: 'copilot_readFile' },
        ],
      },
    ],
  },
  'windsurf-transcript': [
    { type: 'user_input', status: 'done', user_input: { user_response: 'ls' } },
    {
      type: 'run_command',
      status: 'done',
      run_command: { command: 'ls', cwd: '/w', exit_code: 0, output: 'a b' },
    },
  ],
  gptscript: [
    {
      role: 'assistant',
      content: [{ toolCall: { index: 0, id: 'c1', function: { name: 'ls' } } }],
    },
    {
      role: 'tool',
      content: [{ text: 'a' }],
      toolCall: { index: 0, id: 'c1', function: { name: 'ls' } },
    },
  ],
  librechat: [
    {
      isCreatedByUser: false,
      content: [
        {
          type: 'tool_call',
          tool_call: { id: 'c1', type: 'tool_call', name: 'ls', args: '{}', output: 'a' },
        },
      ],
    },
  ],
  'open-webui': [
    { role: 'user', content: 'list it' },
    {
      role: 'assistant',
      content:
        '<details type="tool_calls" done="true" id="c1" name="ls" arguments="&quot;{}&quot;">\n<summary>Tool Executed</summary>\n&quot;a&quot;\n</details>',
    },
  ],
  'amazon-q': {
    history: [
      [
        { content: { Prompt: { prompt: 'ls' } } },
        {
          ToolUse: {
            message_id: 'm',
            content: '',
            tool_uses: [{ id: 't1', name: 'ls', args: {} }],
          },
        },
      ],
    ],
  },
  'semantic-kernel': {
    messages: [
      {
        role: 'assistant',
        items: [{ content_type: 'function_call', id: 'c1', name: 'fs-ls', arguments: '{}' }],
      },
    ],
  },
  openinference: [
    {
      message: {
        role: 'assistant',
        tool_calls: [{ tool_call: { id: 'c1', function: { name: 'ls', arguments: '{}' } } }],
      },
    },
  ],
  chatgpt: [
    {
      id: 'm1',
      author: { role: 'assistant' },
      recipient: 'python',
      content: { content_type: 'code', text: 'print(1)' },
    },
    {
      id: 'm2',
      author: { role: 'tool', name: 'python' },
      recipient: 'all',
      content: { content_type: 'execution_output', text: '1' },
    },
  ],
  haystack: [
    { role: 'user', meta: {}, name: null, content: [{ text: 'list it' }] },
    {
      role: 'assistant',
      meta: {},
      name: null,
      content: [{ tool_call: { tool_name: 'ls', arguments: {}, id: 'c1', extra: null } }],
    },
  ],
  zed: {
    messages: [
      {
        Agent: {
          content: [
            {
              ToolUse: {
                id: 't1',
                name: 'ls',
                raw_input: '{}',
                input: { type: 'json', value: {} },
                is_input_complete: true,
              },
            },
          ],
          tool_results: {},
        },
      },
    ],
  },
  'openai-agents': {
    data: [
      {
        object: 'trace.span',
        id: 'span_1',
        trace_id: 'trace_1',
        parent_id: null,
        span_data: { type: 'function', name: 'ls', input: '{}', output: 'a b', mcp_data: null },
        error: null,
      },
    ],
  },
  cohere: {
    chat_history: [
      { role: 'USER', message: 'list it' },
      { role: 'CHATBOT', message: '', tool_calls: [{ name: 'ls', parameters: {} }] },
    ],
  },
  dspy: {
    trajectory: {
      thought_0: 'List it.',
      tool_name_0: 'ls',
      tool_args_0: {},
      observation_0: 'a b',
    },
  },
  'cline-xml': [
    { role: 'user', content: [{ type: 'text', text: '<task>\nlist it\n</task>' }] },
    {
      role: 'assistant',
      content: [{ type: 'text', text: '<list_files>\n<path>.</path>\n</list_files>' }],
    },
  ],
  hermes: [
    { role: 'user', content: 'list it' },
    {
      role: 'assistant',
      content: '<tool_call>\n{"name": "ls", "arguments": {}}\n</tool_call>',
    },
  ],
  autocoderover: [
    { role: 'assistant', content: 'Search for the RST class.' },
    {
      role: 'user',
      content: 'Result of search_class("RST"):\n\nFound 1 classes with name RST.\n\n',
    },
  ],
  pythonic: [
    { role: 'user', content: 'list src' },
    { role: 'assistant', content: '[ls(dir="src", all=False)]' },
  ],
  terminus: [
    { role: 'user', content: 'Find the config. Terminal: $' },
    {
      role: 'assistant',
      content: JSON.stringify({
        analysis: 'Empty prompt.',
        plan: 'List the files.',
        commands: [{ keystrokes: 'ls -la\n', duration: 0.1 }],
      }),
    },
    { role: 'user', content: 'config.yaml' },
  ],
  llamaindex: [
    { tool_name: 'ls', tool_kwargs: { dir: 'src' }, tool_id: 'call_1' },
    {
      tool_name: 'ls',
      tool_kwargs: { dir: 'src' },
      tool_id: 'call_1',
      tool_output: { content: 'a.ts', tool_name: 'ls', raw_output: 'a.ts', is_error: false },
      return_direct: false,
    },
  ],
  'tool-use-marker': [
    { role: 'user', content: 'List src.' },
    { role: 'assistant', content: '[tool_use:Bash {"command":"ls src"}]' },
  ],
  'openhands-function': [
    { role: 'user', content: 'List src.' },
    {
      role: 'assistant',
      content: '<function=execute_bash>\n<parameter=command>ls src</parameter>\n</function>',
    },
    { role: 'user', content: 'EXECUTION RESULT of [execute_bash]:\na.ts' },
  ],
  'react-text': [
    { role: 'user', content: 'Question: who wrote Dune?' },
    { role: 'assistant', content: 'Thought: I should search.\nAction: Search[Dune novel]' },
    { role: 'user', content: 'Observation: Dune is a 1965 novel by Frank Herbert.' },
  ],
  'otel-tool-span': {
    spans: [
      {
        name: 'execute_tool ls',
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'ls',
          'gen_ai.tool.call.id': 'c1',
          'gen_ai.tool.call.arguments': '{}',
          'gen_ai.tool.call.result': 'a b',
        },
      },
    ],
  },
  deepeval: {
    toolSpans: [
      {
        uuid: 's1',
        name: 'execute_tool ls',
        type: 'tool',
        toolsCalled: [{ name: 'ls', type: 'FUNCTION', inputParameters: {}, output: 'a b' }],
      },
    ],
  },
  acp: [{ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'ls', kind: 'read', rawInput: {} }],
  atof: [
    {
      kind: 'scope',
      scope_category: 'start',
      category: 'tool',
      uuid: 't1',
      name: 'ls',
      category_profile: { tool_call_id: 'c1' },
      data: {},
    },
  ],
  'tool-dotted': {
    spans: [
      {
        name: 'call_llm m',
        attributes: { 'gen_ai.output': '[{"tool.name": "ls", "tool.args": "{}"}]' },
      },
    ],
  },
  mastra: {
    spans: [
      {
        span: {
          id: 's1',
          name: "tool: 'ls'",
          type: 'tool_call',
          entityType: 'tool',
          entityId: 'ls',
          input: {},
          output: 'a b',
        },
      },
    ],
  },
  'monocle-tool': [
    {
      name: 'google.adk.tools.function_tool.FunctionTool.run_async',
      attributes: { 'span.type': 'agentic.tool.invocation', 'entity.1.name': 'ls' },
      events: [
        { name: 'data.input', attributes: { input: '{}' } },
        { name: 'data.output', attributes: { response: 'a b' } },
      ],
    },
  ],
  'adk-eval': {
    eval_cases: [
      {
        eval_id: 'e',
        conversation: [
          {
            invocation_id: 'i',
            user_content: { parts: [{ text: 'list it' }], role: 'user' },
            intermediate_data: { tool_uses: [{ id: 'c1', args: {}, name: 'ls' }] },
          },
        ],
      },
    ],
  },
};
