// The supported formats with the one-line description the UI shows of each.
import { FORMAT_NAMES } from './formatNames';
import type { FormatId, FormatInfo } from './types';

export { formatLabel, isFormatId } from './formatNames';

const DESCRIPTIONS: Record<FormatId, string> = {
  'openai-chat': 'A request body, a bare messages array, a response, or legacy function calling.',
  anthropic: 'tool_use / tool_result blocks: a request body, a response or a messages array.',
  cline: 'A tasks/<id>/api_conversation_history.json file; tool results stored as user text.',
  'claude-code':
    'A ~/.claude/projects session JSONL file, or `claude -p --output-format stream-json`.',
  'qwen-code':
    'A ~/.qwen/projects/…/chats session JSONL file: Gemini parts in a Claude-like envelope.',
  'openai-responses':
    'Responses API items (function_call / function_call_output), incl. the Agents SDK.',
  codex: 'A ~/.codex/sessions rollout file (all three generations).',
  gemini: 'contents with functionCall / functionResponse parts, a request or a response.',
  'gemini-cli': 'A ~/.gemini/tmp chat session (JSON or JSONL) or a /chat save checkpoint.',
  'copilot-cli':
    'A ~/.copilot/session-state events.jsonl file; subagents become conversations of their own.',
  otel: 'OTLP JSON spans with gen_ai.* or llm.* attributes.',
  langfuse: 'A trace or observations export with GENERATION observations.',
  langsmith: 'Run exports with run_type, inputs and outputs, or {post, patch} batch payloads.',
  inspect: 'An Inspect .eval archive or .json log: each sample and epoch a conversation.',
  langchain: 'LangChain / LangGraph message dicts (type human / ai / tool, or lc serialisation).',
  openhands: 'OpenHands event streams (V0 action / observation events, V1 kind events).',
  'swe-agent': 'A SWE-agent .traj file (trajectory, history, info), or RetryAgent attempts.',
  atif: 'An Agent Trajectory Interchange Format file: steps with tool_calls and observations.',
  chatgpt: 'conversations.json from a ChatGPT data export: each conversation to its current node.',
  har: 'Recorded model API traffic: a browser or proxy HAR file, a Go httprr recording, a VCR cassette (YAML), a nock recording, WireMock stub mappings.',
  sse: 'A saved `data:` stream of chat-completions chunks, Anthropic Messages or Responses events.',
  generic:
    'Any JSON or JSON Lines whose tool calls the dialect table knows: built from the lists that hold them.',
};

/** The supported formats, in the order the UI lists them (most common first). */
export const FORMATS: readonly FormatInfo[] = Object.freeze(
  FORMAT_NAMES.map((f) => ({ ...f, description: DESCRIPTIONS[f.id] })),
);
