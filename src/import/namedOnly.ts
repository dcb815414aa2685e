// Logs that name each tool call made but keep none of its arguments: nothing to replay.
import { isJsonArray, isJsonObject, type JsonValue } from '../json/index';
import { ARG_KEYS, TOOL_NAMED } from './dialects/unknownCall';
import type { ImportError } from './types';
import type { Doc } from './text';
import { inputLabel } from './warnings';

/**
 * A record that says it is a tool call or run (its `type`, `kind` or `event` names a tool or a
 * call: `{ type: "tool", tool_name }`, `{ kind: "tool_call_finalized", tool_name }`) and names
 * the tool, but keeps no arguments and no answer: a usage log, as agents write them for
 * counting. The detector signs a call by its arguments, so such a file has nothing to replay;
 * reading the names as calls without arguments would make every repeated tool a loop.
 */
const SAYS_CALL = /tool|call|function/i;
const ANSWER = ['output', 'result', 'response', 'observation', 'content'];
const MAX_DEPTH = 8;
const SPAN_TOOL = 'gen_ai.tool.name';
const SPAN_ARGS = ['gen_ai.tool.call.arguments', 'gen_ai.tool.args', 'input.value'];
/** Enough records looked at to say what a file is. */
const MAX_RECORDS = 100_000;

interface Named {
  count: number;
  readonly names: Set<string>;
}

/**
 * `line`: `v` is a line of JSON Lines, a record of its own: one whose `tool_name` (or
 * `toolName`) names a tool at its top (`{ timestamp, tool_name, tool_input_keys }`, a hook
 * script's own log) is such a record even where nothing says it is a call.
 */
function visit(v: JsonValue, depth: number, seen: Named, line = false): void {
  if (depth > MAX_DEPTH || seen.count >= MAX_RECORDS) return;
  if (isJsonArray(v)) {
    for (const x of v) visit(x, depth + 1, seen);
    return;
  }
  if (!isJsonObject(v)) return;
  const said = ['type', 'kind', 'event'].some((k) => {
    const t = v.get(k);
    return typeof t === 'string' && SAYS_CALL.test(t);
  });
  // A tool's execution span whose arguments were not recorded (GenAI's `gen_ai.tool.call.
  // arguments` is opt-in: Microsoft Agent Framework's spans printed by OpenTelemetry's console
  // exporter keep `gen_ai.tool.name` and the call id only).
  const spanTool = v.get(SPAN_TOOL);
  if (typeof spanTool === 'string' && spanTool !== '') {
    if (!SPAN_ARGS.some((k) => v.has(k))) {
      seen.count++;
      if (seen.names.size < 3) seen.names.add(spanTool);
    }
    return;
  }
  const name = TOOL_NAMED.map((k) => v.get(k)).find((x) => typeof x === 'string' && x !== '');
  // Unsaid, only a member that names a tool as such: a bare `tool` may be an answer's echo
  // of the tool it came from (`{ error, tool }`).
  const named = said || (line && (v.has('tool_name') || v.has('toolName')));
  if (named && typeof name === 'string') {
    if (!ARG_KEYS.some((k) => v.has(k)) && !ANSWER.some((k) => v.has(k))) {
      seen.count++;
      if (seen.names.size < 3) seen.names.add(name);
    }
    return;
  }
  for (const [k, x] of v) {
    if (typeof x !== 'object' || x === null) continue;
    // A step that lists the tools it called by name only (`"tool_calls": ["get_weather"]`).
    if (NAMES_KEY.test(k) && isJsonArray(x) && x.length > 0 && x.every(isToolName)) {
      seen.count += x.length;
      for (const n of x) if (seen.names.size < 3) seen.names.add(n as string);
    } else visit(x, depth + 1, seen);
  }
}

const NAMES_KEY =
  /^(?:tool|function)_?(?:calls?|called|used|invoked)$|^(?:tool|function)s_?(?:called|used|invoked)$/i;
const isToolName = (x: JsonValue): boolean =>
  typeof x === 'string' && /^[A-Za-z_][\w.:-]{0,79}$/.test(x);

/**
 * Where a document that yields no call names calls without their arguments, the one-line
 * error that says so; else null.
 */
export function namedOnlyError(doc: Doc, name?: string): ImportError | null {
  const seen: Named = { count: 0, names: new Set() };
  if (doc.kind === 'jsonl') for (const l of doc.lines) visit(l.value, 0, seen, true);
  else visit(doc.parsed.value, 0, seen);
  if (seen.count === 0) return null;
  const examples = [...seen.names].map((n) => `\`${n}\``).join(', ');
  const times = seen.count === 1 ? 'once' : `${seen.count.toLocaleString('en-US')} times`;
  const what = `a log that names tool calls ${times} (${examples}) without their arguments`;
  return {
    kind: 'not-transcript',
    seen: what,
    message: `${inputLabel(name, 'The input')} is ${what}: the loop detector signs a call by its arguments, so there is nothing to replay.`,
  };
}
