// Text that keeps a transcript's JSON among lines of its own (markdown with fenced ```json
// blocks, a console's dump of printed responses), read as the JSON it holds.
import { ok, type Result } from '../json/index';
import { reescaped } from './chatJson';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * People save runs into notes and reports as markdown with the JSON pasted in a fenced block
 * (a ChatGPT conversation a file under its title, an agents SDK's history per run, a swarm's
 * messages), or print each response pretty under a heading of their own (`=== Tool Call
 * Response ===`, then the JSON): no writer of its own, so no format; what matters is the JSON.
 * A fenced block counts when its fence names JSON, or no language, and its text parses; a
 * bare value when it opens on a line of its own (`{` or `[` alone: JSON printed with an
 * indent) and parses up to a line that closes it. Only a text that is no JSON itself, and
 * whose blocks name a tool call somewhere, is read this way.
 */
const FENCE = /^(`{3,}|~{3,})[ \t]*([\w+-]*)[^\r\n]*\r?$/;
/**
 * A line that opens with backticks and holds more is no fence (a backtick fence's info string
 * holds no backtick, CommonMark) but a code span: people paste a response's JSON so, on one
 * line.
 */
const SPAN = /^(`{3,})[ \t]*([{[].*?)[ \t]*\1[ \t]*\r?$/;
/** Words every tool-call dialect spells somewhere (the census's own marker, src/import/censusFind.ts). */
const MARKER = /tool|unction|Call|call_id|recipient/;
/** How many closing lines a bare value is tried up to before it is given up. */
const MAX_TRIES = 64;

interface Blocks {
  /** The JSON texts found, in order. */
  readonly json: string[];
  /** How many fenced blocks named JSON, how many of those parsed, and how many texts were fenced. */
  readonly fenced: number;
  readonly namedOk: number;
  readonly inFences: number;
  /** Whether every JSON text came from a fence that names JSON. */
  readonly labelled: boolean;
  /** Lines left unread that name tool calls (`NAMES_CALLS`). */
  readonly naming: number;
  /** Fenced blocks that held several values, and values in blocks that open but never parse. */
  readonly multi: number;
  readonly broken: number;
  /** Lists of content blocks read as the message of the role a heading over them names. */
  readonly spoken: number;
}

/**
 * A heading that names who speaks under it (`### User`, `## Assistant`, `**Human:**`), as
 * session exporters write a conversation a message a heading; any other heading ends it.
 */
const ROLE_HEADING =
  /^(?:#{1,6}[ \t]+|\*\*)[^\w\r\n]{0,4}(user|human|assistant|ai|claude|model|system)\b[^\r\n]{0,40}$/i;
const HEADING = /^(?:#{1,6}[ \t]|\*\*[^*\r\n]+\*\*:?[ \t]*\r?$)/;
const SPEAKERS: ReadonlyMap<string, string> = new Map([
  ['user', 'user'],
  ['human', 'user'],
  ['assistant', 'assistant'],
  ['ai', 'assistant'],
  ['claude', 'assistant'],
  ['model', 'assistant'],
  ['system', 'system'],
]);

/**
 * A JSON list of content blocks (`[{ "type": "tool_use", … }]`) under a speaker's heading, as
 * that speaker's message (`{ "role", "content": [ … ] }`): the export printed each message's
 * content under its role, so the calls and their results are one conversation. Any other
 * value as it is.
 */
function spokenBy(body: string, speaker: string | null): string | null {
  if (speaker === null || !body.startsWith('[')) return null;
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return null;
  }
  const blocks =
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (b) =>
        typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string',
    );
  return blocks ? `{"role":${JSON.stringify(speaker)},"content":${body}}` : null;
}

/** Words a framework's printed log of a call uses (`Tool Calls:`, `Calling function:`). */
export const NAMES_CALLS =
  /\btool[ _]?(?:call|use)s?\b|\bfunction[ _]call|\bCalling (?:tool|function)\b/i;

/** Whether a line opens with backticks that a backtick after them closes: a code span. */
function isCodeSpan(line: string): boolean {
  const ticks = /^`{3,}/.exec(line)?.[0].length ?? 0;
  return ticks > 0 && line.includes('`', ticks);
}

/** A JSON object or array's text, or null when the text is none. */
function parsedValue(body: string): string | null {
  for (const text of [body, reescaped(body)]) {
    try {
      const v: unknown = JSON.parse(text);
      return typeof v === 'object' && v !== null ? text : null;
    } catch {
      // A copy that wrapped a long string onto two lines is read again with the break escaped;
      // an example cut short, or JSON with comments, is no transcript.
    }
  }
  return null;
}

/**
 * The value printed from line `i` (a `{` or `[` alone on it) up to a line before `to` that
 * opens with its closer and makes it parse, or null.
 */
function valueAt(
  lines: readonly string[],
  i: number,
  to: number,
): { body: string; end: number } | null {
  const closer = (lines[i] as string).trimEnd() === '{' ? '}' : ']';
  let tries = 0;
  for (let j = i + 1; j < to && tries < MAX_TRIES; j++) {
    if (!(lines[j] as string).startsWith(closer)) continue;
    tries++;
    const body = parsedValue(lines.slice(i, j + 1).join('\n'));
    if (body !== null) return { body, end: j };
  }
  return null;
}

/** The values printed on lines of their own from `from` to `to`; the lines of none unread. */
function bareValues(
  lines: readonly string[],
  from: number,
  to: number,
  unread: (from: number, to: number) => void,
): { values: string[]; broken: number } {
  const values: string[] = [];
  let broken = 0;
  for (let i = from; i < to; i++) {
    const opener = (lines[i] as string).trimEnd();
    const bare = opener === '{' || opener === '[';
    const v = bare ? valueAt(lines, i, to) : null;
    if (v === null) {
      if (bare) broken++;
      unread(i, i + 1);
    } else {
      values.push(v.body);
      i = v.end;
    }
  }
  return { values, broken };
}

/** The JSON texts of a text's fenced blocks and bare printed values that parse. */
function blocks(text: string): Blocks {
  const json: string[] = [];
  let fenced = 0;
  let namedOk = 0;
  let inFences = 0;
  let naming = 0;
  let multi = 0;
  let broken = 0;
  let spoken = 0;
  let speaker: string | null = null;
  const push = (body: string): void => {
    const message = spokenBy(body, speaker);
    if (message !== null) spoken++;
    json.push(message ?? body);
  };
  const unread = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (NAMES_CALLS.test(lines[k] as string)) naming++;
  };
  let labelled = true;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const role = ROLE_HEADING.exec(line);
    if (role !== null) speaker = SPEAKERS.get((role[1] as string).toLowerCase()) ?? null;
    else if (HEADING.test(line)) speaker = null;
    const span = SPAN.exec(line);
    const inSpan = span === null ? null : parsedValue(span[2] as string);
    if (inSpan !== null) {
      push(inSpan);
      labelled = false;
      continue;
    }
    const open = isCodeSpan(line) ? null : FENCE.exec(line);
    if (open !== null) {
      const fence = open[1] as string;
      const lang = (open[2] as string).toLowerCase();
      let j = i + 1;
      // A block ends at a bare fence of the same character at least as long (CommonMark).
      while (j < lines.length) {
        const close = FENCE.exec(lines[j] as string);
        if (
          close?.[2] === '' &&
          close[1]?.[0] === fence[0] &&
          (close[1]?.length ?? 0) >= fence.length
        )
          break;
        j++;
      }
      const named = /^json[c5]?$/.test(lang);
      if (named) fenced++;
      const body = named || lang === '' ? parsedValue(lines.slice(i + 1, j).join('\n')) : null;
      if (body !== null) {
        push(body);
        inFences++;
        if (named) namedOk++;
        labelled &&= named;
      } else {
        // A block of values printed one after another (a log's records, pretty), the last
        // perhaps cut short where the file was: each whole value, as when printed bare.
        const found = named || lang === '' ? bareValues(lines, i + 1, j, unread) : null;
        if (found === null) unread(i + 1, j);
        else if (found.values.length > 0) broken += found.broken;
        const values = found?.values ?? [];
        if (values.length > 1) multi++;
        for (const v of values) push(v);
        inFences += values.length;
        if (values.length > 0) {
          if (named) namedOk++;
          labelled &&= named;
        }
      }
      i = j;
      continue;
    }
    const opener = line.trimEnd();
    if (opener !== '{' && opener !== '[') {
      unread(i, i + 1);
      continue;
    }
    const v = valueAt(lines, i, lines.length);
    if (v === null) continue;
    push(v.body);
    labelled = false;
    i = v.end;
  }
  return { json, fenced, namedOk, inFences, labelled, naming, multi, broken, spoken };
}

/** The JSON texts a text holds in fences and printed on lines of their own, in order. */
export function jsonBlocks(text: string): string[] {
  return blocks(text.replace(/\r\n/g, '\n')).json;
}

/** Whether a text is no JSON itself but holds JSON blocks that look like tool calls. */
export function isFencedJson(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return false;
  if (
    !/^(?:(?:`{3,}|~{3,})[ \t]*(?:json\w*)?[ \t]*|[{[][ \t]*|`{3,}[ \t]*[{[].*`{3,}[ \t]*)\r?$/im.test(
      text,
    )
  )
    return false;
  return blocks(text).json.some((b) => MARKER.test(b));
}

/**
 * The blocks' JSON: one block as it is; several as JSON Lines, a block a line (a newline in
 * JSON text is only ever whitespace between tokens, so each is put on one line unchanged).
 */
export function fencedJsonAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const { json, fenced, namedOk, inFences, labelled, naming, multi, broken, spoken } = blocks(
    text.replace(/\r\n/g, '\n'),
  );
  const input = inputLabel(name, 'the input');
  const skipped = fenced - namedOk;
  const rest =
    skipped === 0
      ? ''
      : `; ${plural(skipped, 'other block')} did not parse and ${skipped === 1 ? 'was' : 'were'} left out`;
  const cut =
    broken === 0
      ? ''
      : `; ${plural(broken, 'value')} in a block ${broken === 1 ? 'opens' : 'open'} but never ${broken === 1 ? 'closes' : 'close'} (cut short) and ${broken === 1 ? 'is' : 'are'} left out`;
  const found =
    multi > 0
      ? `${plural(json.length, 'JSON value')} of ${input}, ${plural(multi, 'fenced block')} holding several printed one after another`
      : labelled
        ? `${plural(json.length, 'fenced `json` block')} of ${input}, a markdown text`
        : `${plural(json.length, 'JSON block')} of ${input} (${inFences} fenced, ${json.length - inFences} printed on lines of their own), a text`;
  return ok({
    text:
      json.length === 1 ? (json[0] as string) : json.map((b) => b.replace(/\n/g, ' ')).join('\n'),
    note: `Read the JSON in ${found}${rest}${cut}${
      spoken === 0
        ? ''
        : `; ${plural(spoken, 'list')} of content blocks under a speaker's heading (\`### User\`, \`### Assistant\`) read as that speaker's ${spoken === 1 ? 'message' : 'messages'}`
    }: what stands outside them is not read.${
      naming === 0
        ? ''
        : ` ${plural(naming, 'line')} outside them ${naming === 1 ? 'names' : 'name'} tool calls: the calls shown only there are not in this replay.`
    }`,
  });
}
