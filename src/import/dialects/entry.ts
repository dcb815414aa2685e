// What an entry of the dialect table is (table.ts), and the helpers the entries of several
// families (families/) share.
import { JsonNumber } from '../../json/index';
import { get, getStr, type Rec } from './shape';

/**
 * The one table of tool-call dialects (table.ts, its entries in families/): how each writer
 * spells a call and its result, and how to read a call's id, name and arguments from it. The
 * census (census.ts) reads every file through this table; docs/formats.md §22 lists it with
 * each writer's source.
 */
export type DialectId =
  | 'openai-chat'
  | 'openai-function-call'
  | 'anthropic'
  | 'anthropic-server'
  | 'gemini'
  | 'gemini-snake'
  | 'gemini-code'
  | 'gemini-live'
  | 'responses'
  | 'responses-custom'
  | 'responses-shell'
  | 'responses-mcp'
  | 'responses-computer'
  | 'langchain'
  | 'tool-calls-camel'
  | 'librechat'
  | 'gptscript'
  | 'otel-parts'
  | 'otel-attributes'
  | 'vercel-ai'
  | 'vercel-ai-ui'
  | 'bedrock'
  | 'genkit'
  | 'sharegpt'
  | 'lobechat'
  | 'agentdojo'
  | 'openclaw'
  | 'atif'
  | 'opencode'
  | 'gemini-cli-stream'
  | 'claude-hooks'
  | 'langchain-events'
  | 'mcp'
  | 'cline'
  | 'inspect'
  | 'copilot-cli'
  | 'codex-exec'
  | 'letta'
  | 'pydantic-ai'
  | 'goose'
  | 'openhands'
  | 'openhands-v0'
  | 'swe-agent'
  | 'swe-agent-step'
  | 'mini-swe-agent'
  | 'cursor'
  | 'cursor-cli'
  | 'windsurf-hooks'
  | 'cursor-hooks'
  | 'windsurf-transcript'
  | 'chatgpt'
  | 'open-webui'
  | 'amazon-q'
  | 'kiro'
  | 'vscode-subagent'
  | 'vscode-invocation'
  | 'semantic-kernel'
  | 'openinference'
  | 'haystack'
  | 'zed'
  | 'openai-agents'
  | 'openai-agents-approval'
  | 'cohere'
  | 'dspy'
  | 'hermes'
  | 'pythonic'
  | 'terminus'
  | 'tool-use-marker'
  | 'llamaindex'
  | 'react-text'
  | 'openhands-function'
  | 'codeact'
  | 'autocoderover'
  | 'toolbench-tree'
  | 'cline-xml'
  | 'otel-tool-span'
  | 'tool-dotted'
  | 'deepeval'
  | 'mastra'
  | 'adk-eval'
  | 'atof'
  | 'acp'
  | 'cline-events'
  | 'browser-use'
  | 'midscene'
  | 'elevenlabs'
  | 'continue-tool-usage'
  | 'elastic-agent-builder'
  | 'monocle-tool'
  | 'unknown';

/** Where an object sits: the member name it is the value of, or the list it is an item of. */
export interface Place {
  /** The member name the object is the value of; null for an item of a list. */
  readonly key: string | null;
  /** For an item of a list, the member name of that list (null at the top or in a list of lists). */
  readonly listKey: string | null;
  /** The member name the enclosing object sits under (its own `key` or `listKey`). */
  readonly outerKey: string | null;
  /** Set for a document's own top value (not a line of JSON Lines, nor an item of a list). */
  readonly document?: true;
}

/** A call read from one object. */
export interface FoundCall {
  readonly id: string | null;
  readonly name: string;
  /** The arguments as written (any JSON value, a JSON string, or undefined). */
  readonly args: unknown;
  /**
   * The object only echoes a call made elsewhere (a hook's PostToolUse, a tool's execution
   * span): it counts only when no other occurrence is the same call. `fallback`: only when
   * the file has no other call at all (a trajectory's summary of the history it omits).
   */
  readonly echo?: boolean | 'fallback';
  /** Where inside the object the call stands, when one object holds several (flattened attributes). */
  readonly sub?: string;
  /**
   * The call stands in the history and reply the object flattens (a span's messages): that is a
   * list of its own, as the same messages unflattened would be.
   */
  readonly history?: boolean;
  /** The answer the object carries with the call, where the dialect spells it inside. */
  readonly output?: unknown;
  /** That answer says the tool failed. */
  readonly failed?: boolean;
  /**
   * The calls the object holds with their answers were made in one reply (a browser agent's
   * actions of one step), not one after another as its numbered steps are (DSPy's).
   */
  readonly together?: boolean;
  /** The model turn a logged call names (its round or step): one turn's calls are one reply. */
  readonly turn?: string;
  /**
   * The writer kept no arguments: `args` is what it shows of the call instead (its title),
   * named here for the warning, so calls shown alike are one signature.
   */
  readonly shown?: string;
  /**
   * The writer kept neither arguments nor anything shown of them, only the call's id: the
   * census counts the call, so a reading that misses it says so, but no reader reads it (a
   * signature without arguments would take different calls for repeats).
   */
  readonly idOnly?: true;
}

export interface DialectEntry {
  readonly id: DialectId;
  /** How a warning names the form, e.g. "Gemini `functionCall`". */
  readonly label: string;
  /** How a call looks. */
  readonly call: string;
  /** How its result looks. */
  readonly result: string;
  /** The id, name and arguments fields (null: the dialect has no id). */
  readonly fields: { readonly id: string | null; readonly name: string; readonly args: string };
  /** The writer's own source: repository, path, commit. */
  readonly source: string;
  /** Whether the client runs these calls (server-side calls are listed, never counted). */
  readonly counted: boolean;
  /** The call or calls `o` is in this dialect, or null. */
  readonly read: (o: Rec, at: Place) => FoundCall | readonly FoundCall[] | null;
  /**
   * When `read` can match, so the census tries an object only against the entries it might be:
   * the member name it sits under, the list it is an item of, its `type`, or a member it has.
   */
  readonly when: Trigger;
}

export interface Trigger {
  readonly keys?: readonly string[];
  readonly lists?: readonly string[];
  readonly types?: readonly string[];
  readonly has?: readonly string[];
}

/** A call read from a reply's text (textCalls.ts), as the object of its `type` it was made. */
export function textCall(o: Rec, type: string): FoundCall | null {
  const name = getStr(o, 'name');
  if (getStr(o, 'type') !== type || !name) return null;
  return { id: null, name, args: get(o, 'arguments') };
}

/** Whether a value is a JSON number, in either tree. */
export function isNumber(v: unknown): boolean {
  return typeof v === 'number' || v instanceof JsonNumber;
}

/** A call's id: the first of `keys` that is a string not empty, or a number. */
export function idOf(o: Rec, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = get(o, k);
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
    // The lossless tree's number, spelled as the plain tree's is.
    if (v instanceof JsonNumber) return String(v.value);
  }
  return null;
}
