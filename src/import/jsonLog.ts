// Logs whose lines carry a JSON object after a prefix of their own, read as the JSON Lines
// they hold. docs/formats.md §1.
import { err, ok, type Result } from '../json/index';
import { looksLikeSse } from './sse';
import { opensJsonLine } from './text';
import type { ImportError } from './types';
import { plural } from './warnings';
import type { ChatJsonMessage } from './chatJson';

/**
 * A log line that ends in one JSON object: a prefix (a stream's name as goose's MCP replays
 * write `STDIN: ` and `STDOUT: `, a timestamp and a level, a logger's name) that starts at the
 * line's start, holds no `{`, and is short; then the object to the line's end. A YAML entry
 * whose value is JSON text is indented or quoted, so it does not match.
 */
const LOG_LINE = /^([^\s{"'][^{\r\n]{0,159}?)[ \t]*(\{".*\}|\{\})[ \t]*\r?$/;
/**
 * A logger's metadata that Node's `inspect` prints after a message's JSON, its keys unquoted
 * (`… {"method":"tools/call",…} { metadata: undefined }`, as Claude Desktop ends each line of
 * its per-server MCP logs): no part of the record.
 */
const INSPECTED_META = /(?<=\})[ \t]+\{ [A-Za-z_]\w*: [^{}"\r\n]*\}[ \t]*(?=\r?$)/;
/** How many lines are looked at to judge a text, and how many of them must be entries. */
const LOOK = 20_000;
const ENOUGH = 2;
/** Prefixes longer than this are not quoted in the note (a log's prefix may say a lot). */
const SHOWN = 24;

interface Entry {
  readonly prefix: string;
  readonly json: string;
}

/** A line's prefix and its JSON object's text, or null when the line holds no such object. */
function entryOf(line: string): Entry | null {
  // A line of JSON among the log's own (a command's output as one JSON array) is kept too;
  // an indented one is a YAML document's or a pretty-printed value's.
  const bare = line.trimEnd();
  if (bare.startsWith('{') || bare.startsWith('[')) {
    try {
      const v: unknown = JSON.parse(bare);
      if (typeof v === 'object' && v !== null) return { prefix: '', json: bare };
    } catch {
      // Not JSON as a whole: a prefix may still stand before an object.
    }
  }
  const m = LOG_LINE.exec(line.replace(INSPECTED_META, ''));
  if (m === null) return null;
  const json = m[2] as string;
  try {
    const v: unknown = JSON.parse(json);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  } catch {
    return null;
  }
  return { prefix: (m[1] as string).trimEnd(), json };
}

/**
 * A log line whose message opens a JSON value it prints over the lines below it
 * (`console.log('… Data:', JSON.stringify(event, null, 2))`): the prefix, then `{` or `[` at
 * the line's end. The value ends at a line that closes it at the line's start.
 */
const OPENS_BELOW = /^([^\s{"'][^{[\r\n]{0,199}?)[ \t]*([{[])[ \t]*\r?$/;
/** A YAML mapping's key, or a list item's, on its own: no log's prefix. */
const YAML_KEY = /^(?:-[ \t]+)?[\w.$-]+[ \t]*:$/;
/** How many lines a value printed over lines may take before the opening is let go. */
const MAX_VALUE_LINES = 5_000;

/** A log's entries: each line's own, and values printed over lines, with the lines each took. */
function* entriesOf(
  text: string,
): Generator<{ entry: Entry | null; lines: number; blank: boolean }> {
  const it = linesOf(text);
  // Lines read ahead for a value that did not close, read again in turn.
  let pending: string[] = [];
  let at = 0;
  const next = (): string | undefined => {
    if (at < pending.length) return pending[at++];
    const r = it.next();
    return r.done === true ? undefined : r.value;
  };
  for (let line = next(); line !== undefined; line = next()) {
    const blank = line.trim() === '';
    const opens = blank ? null : OPENS_BELOW.exec(line);
    // A key alone before the value (`- body: {`) is a YAML document's, read as YAML.
    const open = opens !== null && YAML_KEY.test(opens[1] as string) ? null : opens;
    if (open === null) {
      yield { entry: blank ? null : entryOf(line), lines: 1, blank };
      continue;
    }
    const close = open[2] === '{' ? '}' : ']';
    const body: string[] = [open[2] as string];
    let entry: Entry | null = null;
    // The value's lines are indented (or blank) up to the line that closes it at the line's
    // start: a line of the log's own before that ends the look, so each line is read again at
    // most once, however the text is made.
    for (let l = next(); l !== undefined && body.length <= MAX_VALUE_LINES; l = next()) {
      body.push(l);
      if (l.trimEnd() === close) {
        try {
          entry = {
            prefix: (open[1] as string).trimEnd(),
            json: JSON.stringify(JSON.parse(body.join('\n'))),
          };
        } catch {
          // Not JSON after all: the lines are the log's own.
        }
        break;
      }
      if (l.trim() !== '' && !/^[ \t]/.test(l)) break;
    }
    if (entry !== null) {
      yield { entry, lines: body.length, blank: false };
      continue;
    }
    // No value closed: the opening line is a line of the log's own, and the rest is read again.
    pending = [...body.slice(1), ...pending.slice(at)];
    at = 0;
    yield { entry: null, lines: 1, blank: false };
  }
}

/** Each line of a text, without its line break, lazily. */
function* linesOf(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    yield text.slice(at, stop);
    at = stop + 1;
  }
}

/** Whether the line at `at` opens JSON, as JSON and JSON Lines do. */
function opensJson(text: string, at: number): boolean {
  const end = text.indexOf('\n', at);
  return opensJsonLine(text.slice(at, end < 0 ? text.length : end));
}

/**
 * Whether a text is such a log: it opens with no JSON (JSON and JSON Lines are read as they
 * are), is no event stream (whose `data:` lines look alike), and among its first lines at least
 * two end in a JSON object after a prefix.
 */
export function isJsonLog(text: string): boolean {
  const first = text.search(/\S/);
  if (first < 0 || looksLikeSse(text)) return false;
  if (opensJson(text, first)) return mostlyLogLines(text, first);
  let seen = 0;
  let found = 0;
  for (const { entry: e, lines } of entriesOf(text)) {
    if ((seen += lines) > LOOK) break;
    // An empty object is only a call's input (below), no record of a log's own.
    if (e !== null && e.json !== '{}' && ++found >= ENOUGH) return true;
  }
  return false;
}

/** How much of a text that opens as JSON Lines is looked at for the log's own lines. */
const LOOK_CHARS = 256 * 1024;

/**
 * Whether a text that opens with a line of JSON, a record on its own, is a log all the same:
 * among its first lines, those of the log's own outnumber the lines of JSON, and at least two
 * of them end in a JSON object after a prefix (an audit proxy that writes a tool's calls as JSON lines, then its
 * traffic as `… [REQUEST] Method: tools/call | ID: 2 | Payload: {…}`). Read as JSON Lines,
 * those lines would be skipped, and the calls they carry with them.
 */
function mostlyLogLines(text: string, first: number): boolean {
  // The last line break within the look, found backwards: a document on one line (a
  // request body of 100 MB) has none, and no search runs through the rest of it.
  const end =
    text.length <= first + LOOK_CHARS ? text.length : text.lastIndexOf('\n', first + LOOK_CHARS);
  if (end <= first) return false;
  const lines = linesOf(text.slice(first, end));
  // The first line a record of its own, as JSON Lines' is: a document printed over lines
  // (its first line `{` alone) is read as JSON, whatever its lines look like.
  try {
    const v: unknown = JSON.parse(lines.next().value ?? '');
    if (typeof v !== 'object' || v === null) return false;
  } catch {
    return false;
  }
  let json = 1;
  let other = 0;
  let logged = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (opensJsonLine(line)) json++;
    else {
      other++;
      if (LOG_LINE.test(line.replace(INSPECTED_META, ''))) logged++;
    }
  }
  return logged >= ENOUGH && other > json;
}

/**
 * A prefix that names a tool just before the JSON of its input, as agents' own logs write a
 * call: `Used tool: list_files with input: {…}`, `Calling tool search with arguments {…}`,
 * `Tool call: search({…}`; and one that names what a tool gave (`Tool result: {…}`).
 */
const NAMES_CALL =
  /\b(?:tool|function)(?:[ _-]?(?:call|use))?\s*[:=]?\s*[`'"]?([A-Za-z_][\w.:-]*)[`'"]?\s*(?:(?:with\s+)?(?:input|inputs|args|arguments|params|parameters)\s*[:=]?|\(|:)?$/i;
const NAMES_RESULT = /\b(?:tool|function)[ _-]?(?:result|output|response)s?\b/i;
/** Words the pattern above may take for a name. */
const NOT_NAMES =
  /^(?:with|input|inputs|args|arguments|params|parameters|call|calls|result|output|response)$/i;

/** The log's lines that name a tool before its input, read as calls; null where fewer than half. */
function namedCalls(
  entries: readonly Entry[],
): { text: string; calls: number; answers: number } | null {
  const messages: ChatJsonMessage[] = [];
  let calls = 0;
  let answers = 0;
  let open: string | null = null;
  for (const e of entries) {
    const name = NAMES_RESULT.test(e.prefix) ? null : (NAMES_CALL.exec(e.prefix)?.[1] ?? null);
    if (name !== null && !NOT_NAMES.test(name)) {
      open = `log-${++calls}`;
      const fn = { name, arguments: e.json };
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id: open, type: 'function', function: fn }],
      });
    } else if (open !== null && NAMES_RESULT.test(e.prefix)) {
      messages.push({ role: 'tool', tool_call_id: open, content: e.json });
      answers++;
      open = null;
    }
  }
  if (calls < ENOUGH || calls * 2 < entries.length) return null;
  return { text: JSON.stringify({ messages }), calls, answers };
}

/** The log's JSON objects as JSON Lines, each as the log wrote it, with a note saying so. */
export function jsonLogAsJson(text: string): Result<{ text: string; note: string }, ImportError> {
  const entries: Entry[] = [];
  for (const { entry } of entriesOf(text)) if (entry !== null) entries.push(entry);
  const byName = namedCalls(entries);
  if (byName !== null) {
    const answers =
      byName.answers === 0
        ? 'it shows no answers, so none is compared'
        : `${plural(byName.answers, 'call')} answered by the line after ${byName.answers === 1 ? 'it' : 'them'} that names a tool's result`;
    const shown = entries.map((e) => NAMES_CALL.exec(e.prefix)).find((m) => m !== null);
    const quoted = shown === undefined ? '' : ` (“${shown.input.slice(shown.index)}”)`;
    return ok({
      text: byName.text,
      note: `Read a log of ${plural(byName.calls, 'tool call')}, each a line that names its tool before the JSON of its input${quoted}: each call a reply of its own, with no call ids; ${answers}; its other lines are not read.`,
    });
  }
  const out: string[] = [];
  let lines = 0;
  let first: string | null = null;
  for (const { entry: e, blank } of entriesOf(text)) {
    if (blank) continue;
    lines++;
    if (e === null || e.json === '{}') continue;
    if (first === null && e.prefix !== '') first = e.prefix;
    out.push(e.json);
  }
  if (out.length === 0)
    return err({ kind: 'invalid', message: 'The input holds no JSON after its lines’ prefixes.' });
  const skipped = lines - out.length;
  const named = first !== null && first.length <= SHOWN ? ` (the first: “${first}”)` : '';
  // Lines skipped may have said something the detector would see: then it is a warning.
  const which =
    skipped === 0 ? `its ${plural(lines, 'line')}’` : `${out.length} of its ${lines} lines’`;
  const rest =
    skipped === 0
      ? ''
      : `; the ${plural(skipped, 'other line')} ${skipped === 1 ? 'holds' : 'hold'} no JSON object and ${skipped === 1 ? 'was' : 'were'} skipped`;
  return ok({
    text: out.join('\n'),
    note: `Read a log as the JSON objects after ${which} prefixes${named}${rest}.`,
  });
}
