// Calls OpenHands has a model without native tool calling write into its reply's text.
import type { JsonObject } from '../../json/index';

/**
 * OpenHands runs models without native function calling by describing its tools in the prompt
 * and having the model write each call into its reply as
 * `<function=execute_bash>\n<parameter=command>ls</parameter>\n</function>`, one parameter a
 * tag; it parses the function's name and each parameter's text (stripped), and sends what the
 * tool gave back as the next user message, `EXECUTION RESULT of [execute_bash]:\n…`
 * (All-Hands-AI/OpenHands `openhands/llm/fn_call_converter.py` @fb12270e83,
 * `FN_REGEX_PATTERN`, `FN_PARAM_REGEX_PATTERN`). Its trajectories, and the training sets made
 * from them (SWE-Gym's), keep the calls so. A call the reply ends inside (its closing tag cut off
 * by the stop word `</function`) is still one, its parameters those closed.
 */
export interface FunctionTagCall {
  readonly type: 'openhands_function';
  readonly name: string;
  readonly arguments: JsonObject;
}

const OPEN = '<function=';
const FUNCTION = /<function=([^>\n]+)>\n?([\s\S]*?)(?:<\/function>|$)/g;
const PARAMETER = /<parameter=([^>\n]+)>([\s\S]*?)<\/parameter>/g;

/** What a line of JSON Lines may hold such a call by, in its raw text (censusInput.ts). */
export const FUNCTION_TAG_CLUE = OPEN;

/** Whether a reply's text may hold such calls (one search). */
export function holdsFunctionTags(s: string): boolean {
  return s.includes(OPEN);
}

/** The calls a reply's text writes as function tags, in order. */
export function functionTagCalls(s: string): FunctionTagCall[] {
  const out: FunctionTagCall[] = [];
  for (const m of s.matchAll(FUNCTION)) {
    const name = (m[1] as string).trim();
    if (name === '') continue;
    const args: JsonObject = new Map();
    for (const p of (m[2] as string).matchAll(PARAMETER))
      args.set((p[1] as string).trim(), (p[2] as string).trim());
    out.push({ type: 'openhands_function', name, arguments: args });
  }
  return out;
}
