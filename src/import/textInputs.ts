// Inputs that are no JSON, rewritten as the JSON the importers read.
import type { Result } from '../json/index';
import { agUiAsJson, isAgUiStream } from './agui';
import { adkLoggingPluginAsJson, isAdkLoggingPlugin } from './adkLoggingPlugin';
import { isSkPrint, skPrintAsJson, skPrintComplete } from './skPrint';
import { agnoDebugLogAsJson, isAgnoDebugLog } from './agnoDebugLog';
import { agnoPanelsAsJson, isAgnoPanels } from './agnoPanels';
import { automakerAsJson, isAutomakerLog } from './automakerLog';
import { bfclAsJson, isBfclResult } from './bfcl';
import { amazonQSaveAsJson, isAmazonQSave } from './amazonQSave';
import { amazonQScreenAsJson, isAmazonQScreen } from './amazonQScreen';
import { isPiEvents, piEventsAsJson } from './piEvents';
import { chatLogError } from './chatLogs';
import { clineMarkdownAsJson, isClineMarkdown } from './clineMarkdown';
import { clinePanelAsJson, clinePanelComplete, isClinePanel } from './clinePanel';
import { fencedJsonAsJson, isFencedJson } from './fencedJson';
import { geminiShareAsJson, isGeminiShare } from './geminiShare';
import { isToolCallLog, toolCallLogAsJson, toolCallLogComplete } from './toolCallLog';
import { httprrAsHar, isHttprr } from './httprr';
import { isJsonLog, jsonLogAsJson } from './jsonLog';
import { isLabelledJson, labelledJsonAsJson } from './labelledJson';
import { isTxtar, txtarAsJson } from './txtar';
import { isWrappedLines, wrappedLinesAsJson } from './wrappedLines';
import { isSpanEvents, spanEventsAsJson } from './spanEvents';
import { isNock, nockAsHar } from './nock';
import { isRequestLog, requestLogAsHar } from './requestLog';
import { isMlflowTrace, mlflowTraceAsJson } from './mlflowTrace';
import { isLlamaIndexContext, llamaIndexContextAsJson } from './llamaIndexContext';
import { copilotStudioAsJson, isCopilotStudio } from './copilotStudio';
import {
  gptmeConsoleAsJson,
  gptmeConsoleComplete,
  gptmeLogAsJson,
  isGptmeConsole,
  isGptmeLog,
} from './gptme';
import { isNotebook, notebookAsJson } from './notebook';
import { isRawPairs, rawPairsAsHar } from './rawPairs';
import { isWireMock, wireMockAsHar } from './wiremock';
import {
  isPrefixedPrintedLog,
  isPrintedLog,
  isPrintedWhole,
  prefixedPrintedLogAsJson,
  printedLogAsJson,
  printedWholeAsJson,
} from './printedLog';
import { isSourceLiterals, sourceLiteralsAsJson } from './sourceLiterals';
import { isSpecStory, specStoryAsJson } from './specStory';
import { isOpenHandsLog, openhandsLogAsJson } from './openhandsLog';
import { isSwarmRepl, swarmReplAsJson } from './swarmRepl';
import { isToolCallLines, toolCallLinesAsJson } from './toolCallLines';
import { isPrintedCalls, printedCallsAsJson, printedCallsComplete } from './printedCalls';
import { isToolHeadings, toolHeadingsAsJson } from './toolHeadings';
import { isStrandsPrint, strandsPrintAsJson, strandsPrintComplete } from './strandsPrint';
import { isZedThread, zedThreadAsJson, zedThreadComplete } from './zedThread';
import { isTraeChat, traeChatAsJson, traeChatComplete } from './traeChat';
import { cursorTranscriptAsJson, isCursorTranscript } from './cursorTranscript';
import { isLangChainPrint, langChainPrintAsJson, langChainPrintComplete } from './langchainPrint';
import {
  isSmolagentsConsole,
  smolagentsConsoleAsJson,
  smolagentsConsoleComplete,
} from './smolagentsConsole';
import {
  isLlamaIndexVerbose,
  llamaIndexVerboseAsJson,
  llamaIndexVerboseComplete,
} from './llamaIndexVerbose';
import {
  isLangroidConsole,
  langroidConsoleAsJson,
  langroidConsoleComplete,
} from './langroidConsole';
import { autogenConsoleAsJson, autogenConsoleComplete, isAutogenConsole } from './autogenConsole';
import { autogenPrintAsJson, autogenPrintComplete, isAutogenPrint } from './autogenPrint';
import { geminiScreenAsJson, geminiScreenComplete, isGeminiCliScreen } from './geminiScreen';
import { copilotShareAsJson, copilotShareComplete, isCopilotShare } from './copilotShare';
import { codexExecAsJson, codexExecComplete, isCodexExec } from './codexExec';
import { codexScreenAsJson, codexScreenComplete, isCodexScreen } from './codexScreen';
import { isReActText, reactTextAsJson, reactTextComplete } from './reactText';
import { isReActNumbered, reactNumberedAsJson, reactNumberedComplete } from './reactNumbered';
import { isUsingToolLog, usingToolAsJson } from './usingTool';
import { claudeScreenAsJson, claudeScreenComplete, isClaudeCodeScreen } from './claudeScreen';
import { cascadeExportAsJson, isCascadeExport } from './cascadeExport';
import { cascadePanelAsJson, isCascadePanel } from './cascadePanel';
import { gooseScreenAsJson, isGooseScreen } from './gooseScreen';
import { copilotDebugLogAsJson, isCopilotDebugLog } from './copilotDebugLog';
import { isVscodeChatCopy, vscodeChatCopyAsJson, vscodeChatCopyComplete } from './vscodeChatCopy';
import { crewAiVerboseAsJson, crewAiVerboseComplete, isCrewAiVerbose } from './crewaiVerbose';
import type { FormatId, ImportError } from './types';
import { looksLikeYaml, yamlAsJson } from './yamlInput';

/** A kind of text input: whether a text is one, and the JSON it holds with a note saying so. */
interface TextInput {
  /** `forced`: the format the user chose, if any. */
  readonly is: (text: string, forced: FormatId | null) => boolean;
  readonly asJson: (
    text: string,
    name?: string,
  ) => Result<{ text: string; note: string }, ImportError>;
  /** The part of such a text still being written that can be read now (`pipeline/live.ts`). */
  readonly complete?: (text: string) => string;
}

/** In the order they are tried; each reads what the one before it wrote too. */
export const TEXT_INPUTS: readonly TextInput[] = [
  // One JSON document printed after a label (`console.log('event data', json)`): the document,
  // which the inputs below may read further.
  { is: (t, f) => f === null && isLabelledJson(t), asJson: labelledJsonAsJson },
  // Go's HTTP recordings (httprr) hold the API calls an agent made: read as a HAR capture.
  { is: (t, f) => (f === null || f === 'har') && isHttprr(t), asJson: httprrAsHar },
  // A nock recording (JavaScript tests' HTTP mocks): read as a HAR capture.
  { is: (t, f) => (f === null || f === 'har') && isNock(t), asJson: nockAsHar },
  // A test suite's own log of its requests and their responses: read as a HAR capture.
  { is: (t, f) => (f === null || f === 'har') && isRequestLog(t), asJson: requestLogAsHar },
  // claude-trace's log of Claude Code's API traffic, an exchange a line: read as a HAR capture.
  { is: (t, f) => (f === null || f === 'har') && isRawPairs(t), asJson: rawPairsAsHar },
  // WireMock stub mappings (Java tests' HTTP mocks) in JSON: read as a HAR capture.
  { is: (t, f) => (f === null || f === 'har') && isWireMock(t), asJson: wireMockAsHar },
  // An MLflow trace: the chats its model calls kept, rather than every span's copy of them.
  { is: (t, f) => (f === null || f === 'generic') && isMlflowTrace(t), asJson: mlflowTraceAsJson },
  // Copilot Studio's conversation transcripts: each one's messages and orchestrated tool steps.
  {
    is: (t, f) => (f === null || f === 'openai-chat') && isCopilotStudio(t),
    asJson: copilotStudioAsJson,
  },
  // A LlamaIndex workflow's saved Context: the chats its memory keeps, not its events' copies.
  {
    is: (t, f) => (f === null || f === 'generic') && isLlamaIndexContext(t),
    asJson: llamaIndexContextAsJson,
  },
  // A BFCL result file: each test entry the conversation it ran.
  { is: (t, f) => (f === null || f === 'generic') && isBfclResult(t), asJson: bfclAsJson },
  // Amazon Q Developer CLI's `/save`: its history, and the calls only its transcript names.
  {
    is: (t, f) => (f === null || f === 'anthropic') && isAmazonQSave(t),
    asJson: amazonQSaveAsJson,
  },
  // An AG-UI event stream: the messages its events build, calls assembled from their pieces.
  { is: (t, f) => (f === null || f === 'generic') && isAgUiStream(t), asJson: agUiAsJson },
  // gptme's conversation log: its calls are in the assistant's text (fenced blocks, tags).
  { is: (t, f) => f === null && isGptmeLog(t), asJson: gptmeLogAsJson },
  // JSON Lines that wrap each record of an agent's session file in a watcher's own record.
  { is: (t, f) => f === null && isWrappedLines(t), asJson: wrappedLinesAsJson },
  // A tracer's spans logged at their start and again at their end: each span once.
  { is: (t, f) => (f === null || f === 'generic') && isSpanEvents(t), asJson: spanEventsAsJson },
  // pi's agent events: the messages their `message_end` events finish.
  { is: (t, f) => (f === null || f === 'generic') && isPiEvents(t), asJson: piEventsAsJson },
  // A Jupyter notebook: the values its cells printed (an SDK's objects, JSON).
  { is: (t, f) => (f === null || f === 'generic') && isNotebook(t), asJson: notebookAsJson },
  // Go's txtar archive of recorded exchanges: its files' JSON and streams.
  { is: (t, f) => f === null && isTxtar(t), asJson: txtarAsJson },
  // Gemini CLI's markdown export of a chat (`/chat share`): the history it prints.
  { is: (t, f) => (f === null || f === 'gemini') && isGeminiShare(t), asJson: geminiShareAsJson },
  // Zed's agent thread saved as markdown: its calls by the titles it shows.
  {
    is: (t, f) => f === null && isZedThread(t),
    asJson: zedThreadAsJson,
    complete: zedThreadComplete,
  },
  // Cursor's agent transcript in text (`agent-transcripts/<id>.txt`): its `[Tool call]` blocks.
  { is: (t, f) => f === null && isCursorTranscript(t), asJson: cursorTranscriptAsJson },
  // Trae's chat copied as text: its calls by their `toolName:` lines.
  { is: (t, f) => f === null && isTraeChat(t), asJson: traeChatAsJson, complete: traeChatComplete },
  // LangChain messages printed with `pretty_print()` (LangGraph's runs, pasted or logged).
  {
    is: (t, f) => f === null && isLangChainPrint(t),
    asJson: langChainPrintAsJson,
    complete: langChainPrintComplete,
  },
  // smolagents' console output (its Rich panels), pasted or logged.
  {
    is: (t, f) => f === null && isSmolagentsConsole(t),
    asJson: smolagentsConsoleAsJson,
    complete: smolagentsConsoleComplete,
  },
  // Google ADK's LoggingPlugin output (`[logging_plugin] 🔧 TOOL STARTING` records).
  { is: (t, f) => f === null && isAdkLoggingPlugin(t), asJson: adkLoggingPluginAsJson },
  // Semantic Kernel's agent samples' printed steps (`Function Call:> name with arguments: …`).
  { is: (t, f) => f === null && isSkPrint(t), asJson: skPrintAsJson, complete: skPrintComplete },
  // Langroid's console output (`>>> Starting Agent …`, `TOOL:` requests, `Agent:` results).
  {
    is: (t, f) => f === null && isLangroidConsole(t),
    asJson: langroidConsoleAsJson,
    complete: langroidConsoleComplete,
  },
  // Agno's debug log: each message it logs, a role's banner over its content and calls.
  { is: (t, f) => f === null && isAgnoDebugLog(t), asJson: agnoDebugLogAsJson },
  // Agno's `print_response` panels (`┏━ Tool Calls ━━┓`), pasted or logged.
  { is: (t, f) => f === null && isAgnoPanels(t), asJson: agnoPanelsAsJson },
  // LlamaIndex's verbose output (`=== Calling Function ===`), pasted or logged.
  {
    is: (t, f) => f === null && isLlamaIndexVerbose(t),
    asJson: llamaIndexVerboseAsJson,
    complete: llamaIndexVerboseComplete,
  },
  // CrewAI's verbose log (`# Agent:`, `## Using tool:`), pasted or logged.
  {
    is: (t, f) => f === null && isCrewAiVerbose(t),
    asJson: crewAiVerboseAsJson,
    complete: crewAiVerboseComplete,
  },
  // A ReAct agent's printed steps (`Action:` over `Action Input:`), LlamaIndex's or LangChain's.
  {
    is: (t, f) => f === null && isReActText(t),
    asJson: reactTextAsJson,
    complete: reactTextComplete,
  },
  // The ReAct paper's trajectories (`Action 1: Search[x]`, `Observation 1: …`), printed or logged.
  {
    is: (t, f) => f === null && isReActNumbered(t),
    asJson: reactNumberedAsJson,
    complete: reactNumberedComplete,
  },
  // AutoGen AgentChat's console output (`---------- ToolCallRequestEvent (…) ----------`).
  {
    is: (t, f) => f === null && isAutogenConsole(t),
    asJson: autogenConsoleAsJson,
    complete: autogenConsoleComplete,
  },
  // AutoGen 0.2's and AG2's console output (`***** Suggested tool call (…): … *****`).
  {
    is: (t, f) => f === null && isAutogenPrint(t),
    asJson: autogenPrintAsJson,
    complete: autogenPrintComplete,
  },
  // Claude Code's terminal screen copied as text (`⏺ Bash(…)` and `⎿` lines), pasted or logged.
  {
    is: (t, f) => f === null && isClaudeCodeScreen(t),
    asJson: claudeScreenAsJson,
    complete: claudeScreenComplete,
  },
  // Codex CLI's terminal screen copied as text (`• Ran …`, `• Explored`, `• Edited …`).
  {
    is: (t, f) => f === null && isCodexScreen(t),
    asJson: codexScreenAsJson,
    complete: codexScreenComplete,
  },
  // What `codex exec` prints for people (`exec`, `tool server.tool(…)` events), alone or kept
  // in a longer text such as a runner's note.
  {
    is: (t, f) => f === null && isCodexExec(t),
    asJson: codexExecAsJson,
    complete: codexExecComplete,
  },
  // Copilot CLI's session shared as markdown (`/share`): its `### ✅ \`tool\`` entries.
  {
    is: (t, f) => f === null && isCopilotShare(t),
    asJson: copilotShareAsJson,
    complete: copilotShareComplete,
  },
  // Gemini CLI's terminal screen copied as text (boxes of `✓  Shell …` rows).
  {
    is: (t, f) => f === null && isGeminiCliScreen(t),
    asJson: geminiScreenAsJson,
    complete: geminiScreenComplete,
  },
  // Windsurf's and Antigravity's markdown export of a Cascade chat: its steps in italics.
  { is: (t, f) => f === null && isCascadeExport(t), asJson: cascadeExportAsJson },
  // goose's terminal session copied as text: `─── tool | extension ───` headers.
  { is: (t, f) => f === null && isGooseScreen(t), asJson: gooseScreenAsJson },
  // Windsurf's Cascade panel copied as text: `Me` turns, steps named on lines of their own.
  { is: (t, f) => f === null && isCascadePanel(t), asJson: cascadePanelAsJson },
  // Cline's chat panel copied as text, or a fork's: rows headed `Cline wants to …`.
  {
    is: (t, f) => f === null && !isClineMarkdown(t) && isClinePanel(t),
    asJson: clinePanelAsJson,
    complete: clinePanelComplete,
  },
  // Copilot Chat's request log from VS Code's Chat Debug view, exported or copied.
  { is: (t, f) => f === null && isCopilotDebugLog(t), asJson: copilotDebugLogAsJson },
  // VS Code's chat copied with Copy All: Copilot's tool messages (`Read [](file:///…)`).
  {
    is: (t, f) => f === null && !isSpecStory(t) && !isClineMarkdown(t) && isVscodeChatCopy(t),
    asJson: vscodeChatCopyAsJson,
    complete: vscodeChatCopyComplete,
  },
  // Printed tool use, `Using tool: <name>` over `Input: {…}` (claude-conversation-extractor's).
  { is: (t, f) => f === null && isUsingToolLog(t), asJson: usingToolAsJson },
  // A markdown session log that heads each call `### Tool call: <name>` (Playwright MCP's).
  {
    is: (t, f) =>
      f === null &&
      chatLogError(t) === null &&
      !isSpecStory(t) &&
      !isClineMarkdown(t) &&
      isToolCallLog(t),
    asJson: toolCallLogAsJson,
    complete: toolCallLogComplete,
  },
  // Amazon Q Developer CLI's terminal copied as text: `🛠️  Using tool:` headers.
  { is: (t, f) => f === null && isAmazonQScreen(t), asJson: amazonQScreenAsJson },
  // OpenHands' console log: `HH:MM:SS - ACTION` over each event its controller handled.
  { is: (t, f) => f === null && isOpenHandsLog(t), asJson: openhandsLogAsJson },
  // gptme's console output: `Assistant:` replies whose tool blocks `System:` messages answer.
  {
    is: (t, f) => f === null && isGptmeConsole(t),
    asJson: gptmeConsoleAsJson,
    complete: gptmeConsoleComplete,
  },
  // OpenAI Swarm's demo REPL: `Agent: name("key"= value)` lines after `User:` prompts.
  { is: (t, f) => f === null && isSwarmRepl(t), asJson: swarmReplAsJson },
  // Logs that print each call as `Tool call: name({…})` (`llm --td`, nanobot's loop).
  { is: (t, f) => f === null && isToolCallLines(t), asJson: toolCallLinesAsJson },
  // Lines that print a call's tool and its arguments as a Python dict (`Calling tool: 'x' with
  // arguments: {'q': 1}`): transformers' agents, hand-written loops.
  {
    is: (t, f) => f === null && isPrintedCalls(t),
    asJson: printedCallsAsJson,
    complete: printedCallsComplete,
  },
  // Strands Agents' console output: `Tool #N: name` lines among the model's text.
  {
    is: (t, f) => f === null && isStrandsPrint(t),
    asJson: strandsPrintAsJson,
    complete: strandsPrintComplete,
  },
  // Markdown exports with a `#### Tool: <name>` heading per call, but for those read below.
  {
    is: (t, f) => f === null && !isSpecStory(t) && !isClineMarkdown(t) && isToolHeadings(t),
    asJson: toolHeadingsAsJson,
  },
  // Markdown that keeps a run in fenced ```json blocks, but for the exports read below and the
  // chat logs named for what they are; before YAML, which notes above a block may read as.
  {
    is: (t, f) =>
      f === null &&
      chatLogError(t) === null &&
      !isSpecStory(t) &&
      !isClineMarkdown(t) &&
      !isAutomakerLog(t) &&
      isFencedJson(t),
    asJson: fencedJsonAsJson,
  },
  // YAML: a recorded HTTP cassette is read as a HAR capture, any other document as its JSON.
  // A log whose lines end in JSON objects (`STDIN: {…}`) may look like YAML; it is read below.
  // A chat log is named for what it is (its note may read as YAML).
  {
    is: (t) => looksLikeYaml(t) && !isJsonLog(t) && chatLogError(t) === null,
    asJson: yamlAsJson,
  },
  // SpecStory's markdown export of a session: the chat messages it shows.
  { is: (t, f) => f === null && isSpecStory(t), asJson: specStoryAsJson },
  // Cline's and Roo Code's markdown export of a task: the history it was printed from.
  {
    is: (t, f) => (f === null || f === 'cline') && isClineMarkdown(t),
    asJson: clineMarkdownAsJson,
  },
  // Automaker's feature log: the calls its agent made.
  { is: (t, f) => f === null && isAutomakerLog(t), asJson: automakerAsJson },
  // Test fixtures kept in source code: the data their literals and strings hold (before the
  // log reader, which would take a recorded stream's `data: {…}` lines for a log's).
  {
    is: (t, f) => f === null && chatLogError(t) === null && isSourceLiterals(t),
    asJson: sourceLiteralsAsJson,
  },
  // A log of Python's printed values, a line each (`print(response)`): those values.
  { is: (t, f) => f === null && isPrintedLog(t), asJson: printedLogAsJson },
  // One printed object laid out over lines (a `repr` kept as a `.py` file): that object.
  { is: (t, f) => f === null && isPrintedWhole(t), asJson: printedWholeAsJson },
  // A logger's lines that end in printed objects (`… INFO - add: ToolCall(…)`): those objects,
  // which only the reader by shape reads (so too when it is chosen by hand).
  {
    is: (t, f) =>
      (f === null || f === 'generic') && chatLogError(t) === null && isPrefixedPrintedLog(t),
    asJson: prefixedPrintedLogAsJson,
  },
  // A log whose lines end in JSON objects: those objects, as JSON Lines.
  // (A chat log named for what it is, Aider's, is none: its lines may quote JSON.)
  { is: (t, f) => f !== 'sse' && chatLogError(t) === null && isJsonLog(t), asJson: jsonLogAsJson },
];

/**
 * The part of a chat an app or a framework printed (a Zed thread, a Trae copy, a framework's
 * console) that can be read while it is still being written; null for any other text.
 */
export function settledPrint(text: string): string | null {
  for (const input of TEXT_INPUTS)
    if (input.complete !== undefined && input.is(text, null)) return input.complete(text);
  return null;
}
