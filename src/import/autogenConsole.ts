// AutoGen AgentChat's console (`Console(team.run_stream(…))`), read back as the chat it shows.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { isJsonObject, ok, type JsonValue, type Result } from '../json/index';
import { literalValue } from './literal';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * AutoGen's `Console` (microsoft/autogen
 * `python/packages/autogen-agentchat/src/autogen_agentchat/ui/_console.py` @027ecf0a37) prints
 * each message of a run under a rule naming its class and its source,
 * `---------- ToolCallRequestEvent (assistant) ----------` (before April 2025 the source alone,
 * `---------- assistant ----------`), and under it the message's `to_text()`: a request's calls
 * as Python prints their list, `[FunctionCall(id='…', arguments='<the model's JSON>', name='…')]`,
 * their results as `[FunctionExecutionResult(content='…', name='…', call_id='…', is_error=…)]`,
 * a text as itself, streamed chunks run together. Since the arguments are the model's own text,
 * calls read exact; ids are the model's, empty or reused by some.
 */
const RULE = /^-{10} (?:(\w+) \((.*)\)|(\S.*?)) -{10}$/;
const CALLS = /^\[FunctionCall\(/;
const RESULTS = /^\[FunctionExecutionResult\(/;
/** Classes whose text is no turn of the chat: the calls' summary repeats their results. */
const UNREAD = /^(?:ToolCallSummaryMessage|MemoryQueryEvent|UserInputRequestedEvent|Summary)$/;

interface Section {
  readonly kind: string;
  readonly source: string;
  readonly body: string;
}

function sections(text: string): Section[] {
  const out: Section[] = [];
  let cur: { kind: string; source: string; body: string[] } | null = null;
  const close = (): void => {
    if (cur !== null) out.push({ ...cur, body: cur.body.join('\n').trim() });
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const r = RULE.exec(line.trimEnd());
    if (r === null) {
      cur?.body.push(line);
      continue;
    }
    close();
    cur = { kind: r[1] ?? '', source: r[2] ?? r[3] ?? '', body: [] };
  }
  close();
  return out;
}

/** Whether a text shows such a run: a rule with a request's calls printed under it. */
export function isAutogenConsole(text: string): boolean {
  const t = text.slice(0, 1 << 20);
  return /^-{10} (?:\w+ \(.*\)|\S.*?) -{10}\r?\n\[FunctionCall\(/m.test(t);
}

const str = (v: JsonValue | undefined): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);

/** The objects a printed list holds (a `FunctionCall(…)` as its fields). */
function printedList(body: string): Map<string, JsonValue>[] {
  const v = literalValue(body.split('\n')[0] as string);
  return Array.isArray(v) ? v.filter(isJsonObject) : [];
}

interface Read {
  lines: string[];
  calls: number;
  runs: number;
}

/** Each run the console shows, as JSON Lines of `{ messages }`. */
export function autogenLines(text: string): Read {
  const runs: ChatJsonMessage[][] = [];
  let run: ChatJsonMessage[] = [];
  let calls = 0;
  // Calls waiting for their result, in order: an id may be empty or used again.
  let open: { id: string; own: string }[] = [];
  // What the last results said: the summary the older rules print under the agent's name.
  let said = '';
  for (const s of sections(text)) {
    const kind = s.kind !== '' ? s.kind : CALLS.test(s.body) ? 'ToolCallRequestEvent' : '';
    if (UNREAD.test(kind) || UNREAD.test(s.source) || s.body === '') continue;
    if (kind === '' && s.body === said) continue;
    if (kind === 'ToolCallRequestEvent' || (kind === '' && CALLS.test(s.body))) {
      const batch: ChatJsonCall[] = printedList(s.body).map((c) => {
        const own = `autogen-${++calls}`;
        open.push({ id: str(c.get('id')), own });
        const fn = { name: str(c.get('name')), arguments: str(c.get('arguments')) };
        return { id: own, type: 'function', function: fn };
      });
      if (batch.length > 0) run.push({ role: 'assistant', content: null, tool_calls: batch });
      continue;
    }
    if (kind === 'ToolCallExecutionEvent' || (kind === '' && RESULTS.test(s.body))) {
      const results = printedList(s.body);
      said = results.map((r) => str(r.get('content'))).join('\n');
      for (const r of results) {
        const id = str(r.get('call_id'));
        const k = open.findIndex((o) => o.id === id);
        const [o] = open.splice(k < 0 ? 0 : k, 1);
        if (o !== undefined)
          run.push({ role: 'tool', tool_call_id: o.own, content: str(r.get('content')) });
      }
      continue;
    }
    if (s.source === 'user') {
      // The same task again after a reply is another run of it.
      const first = run.find((m) => m.role === 'user');
      if (first !== undefined && first.content === s.body && run.length > 1) {
        runs.push(run);
        run = [];
        open = [];
      }
      run.push({ role: 'user', content: s.body });
      continue;
    }
    run.push({ role: 'assistant', content: s.body });
  }
  runs.push(run);
  const kept = runs.filter((r) => r.length > 0);
  return { lines: kept.map((messages) => JSON.stringify({ messages })), calls, runs: kept.length };
}

/** The console's runs as JSON Lines, and a note. */
export function autogenConsoleAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = autogenLines(text);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as AutoGen's console output, ${plural(read.runs, 'run')}: ${plural(read.calls, 'call')} read from its \`ToolCallRequestEvent\` lists (\`[FunctionCall(…)]\`, a list one reply), each answered by the \`FunctionExecutionResult\` of its id (in order where ids are empty or used again), a task printed again after a reply another run.`,
  });
}

/**
 * The part of a console output still being written that can be read now: all of it once the
 * line under its last rule is written whole (a list of calls or results that reads as one), else
 * up to that rule.
 */
export function autogenConsoleComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!RULE.test((lines[i] as string).trimEnd())) continue;
    // The line under it is whole once a line follows it.
    const first = lines.slice(i + 1, -1).find((l) => l.trim() !== '');
    const whole =
      first !== undefined && (!/^\[Function/.test(first) || printedList(first).length > 0);
    return whole ? text : lines.slice(0, i).join('\n');
  }
  return text;
}
