// The supported formats' ids and names, in the order the UI lists them: all the page's first
// screen needs (the descriptions are in formatList.ts, loaded with the importers or on demand).
import type { FormatId } from './types';

/** A format's id and the name the UI shows. */
export interface FormatName {
  readonly id: FormatId;
  readonly label: string;
}

/** The supported formats, in the order the UI lists them (most common first). */
export const FORMAT_NAMES: readonly FormatName[] = Object.freeze([
  { id: 'openai-chat', label: 'OpenAI Chat Completions' },
  { id: 'anthropic', label: 'Anthropic Messages' },
  { id: 'cline', label: 'Cline / Roo Code task' },
  { id: 'claude-code', label: 'Claude Code session' },
  { id: 'qwen-code', label: 'Qwen Code session' },
  { id: 'openai-responses', label: 'OpenAI Responses' },
  { id: 'codex', label: 'Codex CLI rollout' },
  { id: 'gemini', label: 'Google Gemini' },
  { id: 'gemini-cli', label: 'Gemini CLI session' },
  { id: 'copilot-cli', label: 'GitHub Copilot CLI session' },
  { id: 'otel', label: 'OpenTelemetry GenAI / OpenInference' },
  { id: 'langfuse', label: 'Langfuse export' },
  { id: 'langsmith', label: 'LangSmith runs' },
  { id: 'inspect', label: 'Inspect AI eval log' },
  { id: 'langchain', label: 'LangChain messages' },
  { id: 'openhands', label: 'OpenHands trajectory' },
  { id: 'swe-agent', label: 'SWE-agent trajectory' },
  { id: 'atif', label: 'ATIF trajectory (Harbor)' },
  { id: 'chatgpt', label: 'ChatGPT export' },
  { id: 'har', label: 'HAR capture' },
  { id: 'sse', label: 'Server-sent event stream' },
  { id: 'generic', label: 'Read by shape' },
] satisfies FormatName[]);

/** The label of a format id. */
export function formatLabel(id: string): string {
  for (const f of FORMAT_NAMES) if (f.id === id) return f.label;
  return id;
}

/** Whether a string is a known format id. */
export function isFormatId(s: string): s is FormatId {
  return FORMAT_NAMES.some((f) => f.id === s);
}
