// Test fixtures kept in source code, read as the data their literals and strings hold.
import { err, ok, printJson, type JsonValue, type Result } from '../json/index';
import { isJsonArray, isJsonObject } from '../json/index';
import { literalAt, literalValue, printedValue, stringAt } from './literal';
import { looksLikeSse } from './sse';
import { Finding, heldValues } from './text';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * SDKs and apps keep recorded model exchanges as source: a module of constants
 * (`export const events = [{ type: "message_start", … }]`, a Python dict, a Ruby hash, a Rust
 * `json!({…})`), or a string that holds the JSON or the event stream as it came
 * (`let body = """{…}"""`, `` `data: {…}` ``, a heredoc). Each such value is read, in the
 * order the file writes them; the code around them is not run and not read.
 */

/** The words a file's data must hold to be worth reading: its calls are named so (`computer_call`). */
const CALLS = /tool|unction|_call/;
/** What stands before a literal that is data (`x = {`, `f([`, `return {`, `json!({`). */
const BEFORE = /(?:[^=!<>]=|\(|=>|\breturn|\bdefault|\byield)\s*$/;
/** A line only code opens so: a declaration, an import, a test, a constant's assignment. */
const CODE =
  /^[ \t]*(?:<\?php|(?:export|const|let|var|val|import|def|class|module|package|namespace|use|using|fn|pub|func|function|struct|static|private|public|final)\s|from\s+\S+\s+import\s|require[\s(]|(?:describe|it|test|context)\s*\(|[A-Za-z_][\w.]*\s*(?::\s*[\w.<>[\], |]+)?\s*=\s*[[{(`'"rRbBuUfF]|#\[|@\w)/m;
/** How far back the code before a bracket is looked at. */
const LOOK_BACK = 24;
/** A heredoc's opening (`<<~JSON`, `<<-EOS`, `<<'EOF'`): its body runs to the word's line. */
const HEREDOC = /<<<?[~-]?[ \t]*(['"]?)([A-Z_][A-Z0-9_]*)\1/y;
/**
 * Jest's and Vitest's snapshot files (`__snapshots__/*.snap`) open so; each snapshot is
 * `exports[\`name\`] = \`…\`;`, the value as pretty-format printed it.
 */
const SNAPSHOT = /^\/\/ (?:Jest|Vitest) Snapshot v\d/;
/** A markdown fence, which source code does not open a line with. */
const FENCE = /^[ \t]*(?:```|~~~)/m;
/**
 * An opening no JSON has: its first key or item in single quotes, or a key unquoted (a Python
 * list printed, an object literal), told from its first characters alone.
 */
const NOT_JSON = /^[[{\s]*(?:'|[A-Za-z_$][\w$]*\s*:)/;
/** Enough values: past them, the file is read no further. */
const MAX_VALUES = 10_000;

interface Found {
  readonly values: JsonValue[];
  readonly literals: number;
  readonly strings: number;
}

/** The values of a text that holds data in code, in order, as the test found them. */
const found = new Finding<Found>(
  (text) => whole(text) ?? scan(text),
  (f) => f.values.length > 0,
);

/**
 * A text that is wholly one value written as code (a Python list printed to a `.py` file, an
 * object literal with unquoted keys), or one string literal that holds data (a Go test's golden
 * file of JSON in backticks); null for any other.
 */
function whole(text: string): Found | null {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    const v = literalValue(t);
    return v !== null && (isJsonObject(v) || isJsonArray(v))
      ? { values: [v], literals: 1, strings: 0 }
      : { values: [], literals: 0, strings: 0 };
  }
  const str = stringAt(t, 0);
  if (str === null || str.end !== t.length) return null;
  const values = dataOf(str);
  return { values, literals: 0, strings: values.length > 0 ? 1 : 0 };
}

function scan(s: string): Found {
  const printed = SNAPSHOT.test(s.slice(0, 200));
  const values: JsonValue[] = [];
  let literals = 0;
  let strings = 0;
  // Text read for brackets that opened no literal (code blocks): bounded, so a file of them
  // costs a few passes at most.
  let wasted = 0;
  const budget = 8 * s.length + 100_000;
  let i = 0;
  while (i < s.length && values.length < MAX_VALUES) {
    const c = s[i] as string;
    const d = s[i + 1];
    if (c === '/' && d === '/') {
      i = lineEnd(s, i);
      continue;
    }
    if (c === '/' && d === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      continue;
    }
    if (c === '#' && (d === ' ' || d === '\n' || d === '!')) {
      i = lineEnd(s, i);
      continue;
    }
    if (c === '<' && d === '<') {
      HEREDOC.lastIndex = i;
      const h = HEREDOC.exec(s);
      if (h !== null) {
        const start = lineEnd(s, i) + 1;
        const close = new RegExp(`^[ \\t]*${h[2] as string}[;,)]*[ \\t]*\\r?$`, 'm');
        const m = close.exec(s.slice(start));
        const end = m === null ? s.length : start + m.index;
        const held = dataIn(s.slice(start, end));
        if (held.length > 0) strings++;
        values.push(...held);
        i = m === null ? s.length : end + m[0].length;
        continue;
      }
    }
    if (
      c === '"' ||
      c === "'" ||
      c === '`' ||
      (/[rRbBuUfF@]/.test(c) && !/[\w$]/.test(s[i - 1] ?? ''))
    ) {
      const str = unclosedOnItsLine(s, i) ? null : stringAt(s, i);
      if (str !== null) {
        const held = dataOf(str, printed);
        if (held.length > 0) strings++;
        values.push(...held);
        i = str.end;
        continue;
      }
      if (c === '"' || c === "'" || c === '`') {
        // An unterminated quote (an apostrophe in a comment): passed over.
        i++;
        continue;
      }
    }
    if (
      (c === '{' || c === '[') &&
      wasted < budget &&
      BEFORE.test(s.slice(Math.max(0, i - LOOK_BACK), i))
    ) {
      const lit = literalAt(s, i);
      if (lit.value !== null && (isJsonObject(lit.value) || isJsonArray(lit.value))) {
        if (CALLS.test(s.slice(i, lit.end))) {
          values.push(lit.value);
          literals++;
        }
        i = lit.end;
        continue;
      }
      wasted += lit.end - i;
    }
    i++;
  }
  return { values, literals, strings };
}

/**
 * Whether a quote at `i` is one that no same quote closes on its line (an apostrophe in a
 * comment or prose): told without reading it as a string, as failing that read is costly.
 */
function unclosedOnItsLine(s: string, i: number): boolean {
  const q = s[i] as string;
  if ((q !== '"' && q !== "'") || s.startsWith(q.repeat(3), i)) return false;
  const close = s.indexOf(q, i + 1);
  const nl = s.indexOf('\n', i + 1);
  return close < 0 || (nl >= 0 && nl < close);
}

function lineEnd(s: string, i: number): number {
  const nl = s.indexOf('\n', i);
  return nl < 0 ? s.length : nl;
}

/** What a string literal holds, read as its value or else as its text as written (Go's raw strings). */
function dataOf(str: { value: string; raw: string }, printed = false): JsonValue[] {
  const held = dataIn(str.value, printed);
  return held.length > 0 || str.raw === str.value ? held : dataIn(str.raw, printed);
}

/**
 * What a string holds: its JSON value, its JSON Lines, the replies of its event stream, or in a
 * snapshot file the value pretty-format printed.
 */
function dataIn(text: string, printed = false): JsonValue[] {
  const t = text.trim();
  if (!CALLS.test(t)) return [];
  if (printed) {
    const v = printedValue(t);
    if (v !== null && (isJsonObject(v) || isJsonArray(v))) return [v];
  }
  return heldValues(t)?.values ?? [];
}

/** Whether a text is source code (no JSON itself) whose literals or strings hold calls' data. */
export function isSourceLiterals(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '' || !CALLS.test(text)) return false;
  // A text that opens as JSON is read as JSON, but one whose opening is no JSON.
  if (start.startsWith('{') || start.startsWith('['))
    return NOT_JSON.test(start.slice(0, 4096)) && found.of(text).values.length > 0;
  if (/^[`']/.test(start)) return found.of(text).values.length > 0;
  // An event stream's lines hold JSON too; it is read as the stream it is.
  if (looksLikeSse(start)) return false;
  // Markdown (its fences) and console logs print code and values, which are not the data kept.
  const head = text.slice(0, 1 << 20);
  if (!SNAPSHOT.test(start) && (!CODE.test(head) || FENCE.test(head))) return false;
  return found.of(text).values.length > 0;
}

/** The values as JSON Lines, in order, with a warning saying how they were found. */
export function sourceLiteralsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const f = found.take(text);
  const input = inputLabel(name, 'the input');
  if (f.values.length === 0)
    return err({ kind: 'invalid', message: `The code of ${input} holds no data.` });
  const parts = [
    f.literals > 0 ? plural(f.literals, 'literal') : '',
    f.strings > 0 ? `${plural(f.strings, 'string')} holding JSON or an event stream` : '',
  ].filter((x) => x !== '');
  return ok({
    text: f.values.map((v) => printJson(v)).join('\n'),
    note: `Read ${input} as source code: the data of ${parts.join(' and ')} it writes (${plural(f.values.length, 'value')}), one after another; the code around them is not run, so values it builds or joins otherwise are not seen.`,
  });
}
