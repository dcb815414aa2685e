// Berkeley Function Calling Leaderboard result files, read as the conversations they ran.
import { ok, parseJson, printJson, type JsonValue, type Result } from '../json/index';
import { isJsonArray, isJsonObject } from '../json/index';
import { pythonicCalls } from './dialects/pythonicCalls';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * BFCL writes a result file a test category (`BFCL_v4_multi_turn_base_result.json`), JSON
 * Lines of `{ id, result, inference_log?, … }` (ShishirPatil/gorilla
 * `berkeley-function-call-leaderboard/bfcl_eval/model_handler/base_handler.py` @fa4cbf02e8).
 * A multi-turn entry's `result` is a list of turns, each a list of steps, each the model's one
 * response: for a function-calling model a list of `{ <function>: <arguments JSON> }`, for a
 * prompted one its text, a Python list of calls. Its `inference_log` keeps, between the
 * environment's state logs, a dict a turn: the user's `begin_of_turn_query` messages and
 * `step_N` lists of the assistant's response and the `tool` answers the harness ran. A
 * single-turn entry's `result` is one response. Each entry is rewritten as a line of JSON Lines
 * holding its steps in order, each user message, call (its step stamped, its answer beside
 * it) and text a record of its own, which the reader by shape takes as one conversation a
 * test entry.
 */
const ID =
  /^(?:live_|exec_)?(?:simple|multiple|parallel|irrelevance|relevance|java|javascript|rest|sql|chatable|multi_turn|memory|web_search|format_sensitivity)(?:_[a-z]+)*_\d+(?:-\d+)*$/;

/** Whether a text is such a file: its first line an entry with a test id and a `result`. */
export function isBfclResult(text: string): boolean {
  if (!text.startsWith('{"id": "') && !text.startsWith('{"id":"')) return false;
  const end = text.indexOf('\n');
  const first = parseJson(end < 0 ? text : text.slice(0, end));
  if (!first.ok || !isJsonObject(first.value.value)) return false;
  const id = first.value.value.get('id');
  return typeof id === 'string' && ID.test(id) && first.value.value.has('result');
}

/** A step of an entry, as a record of its own: a user's message, a call, or the reply's text. */
type Step = Record<string, unknown>;
interface Call {
  readonly name: string;
  /** The arguments' JSON text, as written (or printed losslessly from Python's literals). */
  readonly args: string;
}

/** One response's calls: `{ name: args }` items, or a prompted model's Python list. */
function callsOf(response: JsonValue | undefined): Call[] | null {
  if (typeof response === 'string') {
    const p = pythonicCalls(response);
    return p?.map((c) => ({ name: c.name, args: printJson(c.arguments) })) ?? null;
  }
  if (!isJsonArray(response)) return null;
  const out: Call[] = [];
  for (const item of response) {
    if (!isJsonObject(item) || item.size !== 1) return null;
    const [name, args] = [...item][0] as [string, JsonValue];
    out.push({ name, args: typeof args === 'string' ? args : printJson(args) });
  }
  return out;
}

/** A lossless value as plain JSON, for `JSON.stringify`. */
function plain(v: JsonValue): unknown {
  if (isJsonArray(v)) return v.map(plain);
  if (isJsonObject(v)) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  if (v !== null && typeof v === 'object') return Number(v.lexeme);
  return v;
}

/**
 * One response as records: a call each, named by entry, turn, step and place (BFCL gives no
 * ids) and stamped with its step, so that one response's calls are one reply; its text where it
 * made none. `answers`: what the harness handed back, in the calls' order.
 */
function responseSteps(
  response: JsonValue | undefined,
  at: string,
  answers: readonly JsonValue[] = [],
): Step[] {
  const calls = callsOf(response) ?? [];
  if (calls.length === 0)
    return typeof response === 'string' && response.trim() !== ''
      ? [{ role: 'assistant', content: response }]
      : [];
  return calls.map((c, k) => ({
    call_id: `${at}-${k}`,
    tool: c.name,
    arguments: c.args,
    step: at,
    ...(answers[k] === undefined ? {} : { output: plain(answers[k] as JsonValue) }),
  }));
}

/** A multi-turn entry's steps from its inference log (null when it keeps none). */
function fromLog(log: JsonValue | undefined, entry: string): Step[] | null {
  if (!isJsonArray(log)) return null;
  const turns = log.filter((t) => isJsonObject(t) && t.has('begin_of_turn_query'));
  if (turns.length === 0) return null;
  const out: Step[] = [];
  turns.forEach((turn, t) => {
    if (!isJsonObject(turn)) return;
    const query = turn.get('begin_of_turn_query');
    for (const q of isJsonArray(query) ? query : []) {
      if (isJsonObject(q)) out.push({ role: 'user', content: q.get('content') ?? '' });
    }
    for (let s = 0; turn.has(`step_${s}`); s++) {
      const entries = turn.get(`step_${s}`);
      const list = isJsonArray(entries) ? entries.filter(isJsonObject) : [];
      const response = list.find((e) => e.get('role') === 'assistant')?.get('content');
      const answers = list
        .filter((e) => e.get('role') === 'tool')
        .map((e) => e.get('content') ?? null);
      out.push(...responseSteps(response, `${entry}-${t}-${s}`, answers));
    }
  });
  return out;
}

/** An entry's steps from its `result` alone: each turn opened by a user message it names. */
function fromResult(result: JsonValue | undefined, multiTurn: boolean, entry: string): Step[] {
  if (!multiTurn) return responseSteps(result, `${entry}-0-0`);
  const out: Step[] = [];
  (isJsonArray(result) ? result : []).forEach((turn, t) => {
    out.push({ role: 'user', content: `(turn ${t + 1}: the query is not in the result file)` });
    (isJsonArray(turn) ? turn : []).forEach((step, s) =>
      out.push(...responseSteps(step, `${entry}-${t}-${s}`)),
    );
  });
  return out;
}

/** The entries as JSON Lines, an entry's steps a line, and a note saying so. */
export function bfclAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const lines: string[] = [];
  let logged = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const p = parseJson(line);
    if (!p.ok || !isJsonObject(p.value.value)) continue;
    const e = p.value.value;
    const id = e.get('id');
    const multi = typeof id === 'string' && id.includes('multi_turn');
    const entry = typeof id === 'string' ? id : `entry-${lines.length}`;
    const log = multi ? fromLog(e.get('inference_log'), entry) : null;
    if (log !== null) logged++;
    const steps = log ?? fromResult(e.get('result'), multi, entry);
    lines.push(JSON.stringify({ test_id: entry, steps }));
  }
  const input = inputLabel(name, 'the input');
  const bare = lines.length - logged;
  return ok({
    text: lines.join('\n'),
    note: `Read ${input} as the ${plural(lines.length, 'test entry', 'test entries')} of a BFCL result file, a conversation each${
      bare === 0
        ? ''
        : `; ${plural(bare, 'entry', 'entries')} keep${bare === 1 ? 's' : ''} no inference log, so ${bare === 1 ? 'its' : 'their'} calls have no answers (and a multi-turn entry's turns open with a user message that says its query is missing)`
    }.`,
  });
}
