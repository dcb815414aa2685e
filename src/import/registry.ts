// Each format's importer, by format id.
import type { FormatImporter } from './format';
import { importAnthropic } from './formats/anthropic';
import { importAtif } from './formats/atif';
import { importChatGpt } from './formats/chatgpt';
import { importClaudeCode } from './formats/claude-code';
import { importCline } from './formats/cline';
import { importCodex } from './formats/codex';
import { importCopilotCli } from './formats/copilot-cli';
import { importGemini } from './formats/gemini';
import { importGeneric } from './formats/generic';
import { importGeminiCli } from './formats/gemini-cli';
import { importHar } from './formats/har';
import { importInspect } from './formats/inspect';
import { importLangChain } from './formats/langchain';
import { importLangfuse } from './formats/langfuse';
import { importLangSmith } from './formats/langsmith';
import { importOpenAiChat } from './formats/openai-chat';
import { importOpenAiResponses } from './formats/openai-responses';
import { importOpenHands } from './formats/openhands';
import { importOtel } from './formats/otel';
import { importSse } from './formats/sse';
import { importQwenCode } from './formats/qwen-code';
import { importSweAgent } from './formats/swe-agent';
import type { FormatId } from './types';

/** Each format's importer. */
export const IMPORTERS: Readonly<Record<FormatId, FormatImporter>> = {
  'openai-chat': importOpenAiChat,
  'openai-responses': importOpenAiResponses,
  anthropic: importAnthropic,
  cline: importCline,
  gemini: importGemini,
  'claude-code': importClaudeCode,
  'qwen-code': importQwenCode,
  codex: importCodex,
  'gemini-cli': importGeminiCli,
  otel: importOtel,
  langfuse: importLangfuse,
  langsmith: importLangSmith,
  inspect: importInspect,
  langchain: importLangChain,
  openhands: importOpenHands,
  'swe-agent': importSweAgent,
  atif: importAtif,
  chatgpt: importChatGpt,
  har: importHar,
  'copilot-cli': importCopilotCli,
  sse: importSse,
  generic: importGeneric,
};
