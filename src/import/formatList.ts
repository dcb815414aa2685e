// The supported formats, in the order the UI lists them.
import type { FormatInfo } from './types';

/** The supported formats, in the order the UI lists them (most common first). */
export const FORMATS: readonly FormatInfo[] = Object.freeze([
  {
    id: 'openai-chat',
    label: 'OpenAI Chat Completions',
    description: 'A request body, a bare messages array, a response, or legacy function calling.',
  },
  {
    id: 'anthropic',
    label: 'Anthropic Messages',
    description: 'tool_use / tool_result blocks: a request body, a response or a messages array.',
  },
  {
    id: 'cline',
    label: 'Cline / Roo Code task',
    description:
      'A tasks/<id>/api_conversation_history.json file; tool results stored as user text.',
  },
  {
    id: 'claude-code',
    label: 'Claude Code session',
    description:
      'A ~/.claude/projects session JSONL file, or `claude -p --output-format stream-json`.',
  },
  {
    id: 'qwen-code',
    label: 'Qwen Code session',
    description:
      'A ~/.qwen/projects/…/chats session JSONL file: Gemini parts in a Claude-like envelope.',
  },
  {
    id: 'openai-responses',
    label: 'OpenAI Responses',
    description:
      'Responses API items (function_call / function_call_output), incl. the Agents SDK.',
  },
  {
    id: 'codex',
    label: 'Codex CLI rollout',
    description: 'A ~/.codex/sessions rollout file (all three generations).',
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    description: 'contents with functionCall / functionResponse parts, a request or a response.',
  },
  {
    id: 'gemini-cli',
    label: 'Gemini CLI session',
    description: 'A ~/.gemini/tmp chat session (JSON or JSONL) or a /chat save checkpoint.',
  },
  {
    id: 'copilot-cli',
    label: 'GitHub Copilot CLI session',
    description:
      'A ~/.copilot/session-state events.jsonl file; subagents become conversations of their own.',
  },
  {
    id: 'otel',
    label: 'OpenTelemetry GenAI / OpenInference',
    description: 'OTLP JSON spans with gen_ai.* or llm.* attributes.',
  },
  {
    id: 'langfuse',
    label: 'Langfuse export',
    description: 'A trace or observations export with GENERATION observations.',
  },
  {
    id: 'langsmith',
    label: 'LangSmith runs',
    description: 'Run exports with run_type, inputs and outputs, or {post, patch} batch payloads.',
  },
  {
    id: 'inspect',
    label: 'Inspect AI eval log',
    description: 'An Inspect .eval archive or .json log: each sample and epoch a conversation.',
  },
  {
    id: 'langchain',
    label: 'LangChain messages',
    description:
      'LangChain / LangGraph message dicts (type human / ai / tool, or lc serialisation).',
  },
  {
    id: 'openhands',
    label: 'OpenHands trajectory',
    description: 'OpenHands event streams (V0 action / observation events, V1 kind events).',
  },
  {
    id: 'swe-agent',
    label: 'SWE-agent trajectory',
    description: 'A SWE-agent .traj file (trajectory, history, info), or RetryAgent attempts.',
  },
  {
    id: 'atif',
    label: 'ATIF trajectory (Harbor)',
    description:
      'An Agent Trajectory Interchange Format file: steps with tool_calls and observations.',
  },
  {
    id: 'har',
    label: 'HAR capture',
    description: 'A browser or proxy HAR file of chat-completions traffic.',
  },
  {
    id: 'sse',
    label: 'Server-sent event stream',
    description:
      'A saved `data:` stream of chat-completions chunks, Anthropic Messages or Responses events.',
  },
  {
    id: 'generic',
    label: 'Read by shape',
    description:
      'Any JSON or JSON Lines whose tool calls the dialect table knows: built from the lists that hold them.',
  },
] satisfies FormatInfo[]);

/** The label of a format id. */
export function formatLabel(id: string): string {
  for (const f of FORMATS) if (f.id === id) return f.label;
  return id;
}

/** Whether a string is a known format id. */
export function isFormatId(s: string): s is FormatInfo['id'] {
  return FORMATS.some((f) => f.id === s);
}
