// Go's txtar archives (test data: a comment, then files under `-- name --` lines), read as the
// JSON and event streams their files hold. docs/formats.md §1.
import { err, ok, printJson, type Result } from '../json/index';
import { looksLikeSse } from './sse';
import { heldValues } from './text';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * A txtar archive (golang/tools `txtar/archive.go` @14f617bc34) is comment lines, then files,
 * each opened by a marker line `-- NAME --` and running to the next. Go projects keep a
 * recorded exchange with a model API so: a request, a reply, a reply streamed (coder/aibridge's
 * fixtures). Each file is read as what it holds: JSON as its value, an event stream as the
 * replies it assembles to; any other file is left out, which the note counts.
 */
const MARKER_LINE = /^-- (.*\S.*) --\r?$/;
/** How many marker lines make an archive, and the words its files' JSON must hold. */
const ENOUGH = 2;
const CALLS = /tool|unction/;

interface Member {
  readonly name: string;
  readonly text: string;
}

function members(text: string): Member[] {
  const out: Member[] = [];
  let name: string | null = null;
  let body: string[] = [];
  for (const line of text.split('\n')) {
    const m = MARKER_LINE.exec(line);
    if (m === null) {
      body.push(line);
      continue;
    }
    if (name !== null) out.push({ name, text: body.join('\n') });
    name = (m[1] as string).trim();
    body = [];
  }
  if (name !== null) out.push({ name, text: body.join('\n') });
  return out;
}

/** Whether a text is a txtar archive whose files hold tool calls in JSON or a stream. */
export function isTxtar(text: string): boolean {
  let markers = 0;
  for (const line of text.slice(0, 1 << 20).split('\n', 10_000))
    if (MARKER_LINE.test(line) && ++markers >= ENOUGH) break;
  if (markers < ENOUGH) return false;
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return false;
  // Told by how a file opens; its values are read once, by `txtarAsJson`.
  return members(text).some((m) => CALLS.test(m.text) && kindOf(m.text.trim()) !== null);
}

function kindOf(t: string): 'json' | 'stream' | null {
  if (t.startsWith('{') || t.startsWith('[')) return 'json';
  return looksLikeSse(t) ? 'stream' : null;
}

/** A file's values: its JSON, or the replies its event stream assembles to; null for others. */
function valuesOf(text: string): { kind: 'json' | 'stream'; values: string[] } | null {
  const held = kindOf(text.trim()) === null ? null : heldValues(text, false);
  return held === null || held.values.length === 0
    ? null
    : { kind: held.kind, values: held.values.map((v) => printJson(v)) };
}

/** The archive's files' values as JSON Lines, in order, with a note saying what was read. */
export function txtarAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const lines: string[] = [];
  let json = 0;
  let streams = 0;
  let other = 0;
  const files = members(text.replace(/\r\n/g, '\n'));
  for (const m of files) {
    const v = valuesOf(m.text);
    if (v === null) {
      if (m.text.trim() !== '') other++;
      continue;
    }
    if (v.kind === 'stream') streams++;
    else json++;
    lines.push(...v.values);
  }
  const input = inputLabel(name, 'the input');
  if (lines.length === 0)
    return err({
      kind: 'invalid',
      message: `The files of ${input}, a txtar archive, hold no JSON.`,
    });
  const left =
    other === 0 ? '' : `; ${plural(other, 'other file')} (neither JSON nor a stream) not read`;
  return ok({
    text: lines.join('\n'),
    note: `Read ${plural(files.length, 'file')} of ${input}, a txtar archive (Go's test data), as ${plural(json, 'JSON value')} and ${plural(streams, 'event stream')} assembled to ${streams === 1 ? 'its replies' : 'their replies'}${left}: the files are read one after another, not as the exchanges a test pairs them into.`,
  });
}
