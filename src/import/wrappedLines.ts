// JSON Lines whose every record wraps an agent's own session record under one member.
import { isJsonObject, ok, parseJson, printJson, type JsonValue, type Result } from '../json/index';
import { formatLabel } from './formatNames';
import { sniffLines } from './sniff';
import type { FormatId, ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * Tools that watch an agent (a task runner, a relay, a recorder) often log each record of its
 * session file as it came, wrapped in a record of their own: `{ role, content, timestamp, raw:
 * <the event> }` (JoakimCarlsson/wasa-cli around GitHub Copilot CLI's `events.jsonl`), `{ ts,
 * event: … }`, `{ payload: … }`. The wrapper's own fields say little; the wrapped records are a
 * session in a format Loopscope reads. Such a file is read as those records, one a line.
 */
const FORMATS: ReadonlySet<FormatId> = new Set([
  'copilot-cli',
  'codex',
  'claude-code',
  'qwen-code',
  'gemini-cli',
  'openhands',
]);
/** The `object` of an API's whole response (OpenAI Responses, Chat Completions). */
const API_OBJECTS: ReadonlySet<string> = new Set(['response', 'chat.completion']);
/** How many lines decide. */
const SAMPLE = 64;

/** The member most records of the sample wrap a session record in, and its records' format. */
function wrapping(lines: readonly string[]): { key: string; format: FormatId } | null {
  const records: Map<string, JsonValue>[] = [];
  for (const l of lines) {
    const t = l.trim();
    if (t === '') continue;
    const p = parseJson(t);
    if (!p.ok || !isJsonObject(p.value.value)) return null;
    records.push(p.value.value);
    if (records.length >= SAMPLE) break;
  }
  if (records.length < 2) return null;
  // A file that reads as a session as it is is one; the large session files stop here.
  const outer = sniffLines(records).format;
  if (outer !== null && FORMATS.has(outer)) return null;
  // The members that hold an object in most records (a wrapper may log lines of its own).
  const held = new Map<string, number>();
  for (const r of records)
    for (const [key, v] of r) if (isJsonObject(v)) held.set(key, (held.get(key) ?? 0) + 1);
  for (const [key, n] of held) {
    if (n < 2 || n * 2 < records.length) continue;
    const inner = records.map((r) => r.get(key)).filter(isJsonObject);
    // A whole API response a line (a rollout's `response`) is a run's reply, not a record of
    // one session: each line stands apart.
    if (inner.some((v) => API_OBJECTS.has(v.get('object') as string))) continue;
    const format = sniffLines(inner).format;
    if (format !== null && FORMATS.has(format)) return { key, format };
  }
  return null;
}

/** The first whole lines of a text, without reading the rest (the last one the head cut). */
function headLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .slice(0, 1 << 20)
    .split('\n')
    .slice(0, SAMPLE + 8)
    .slice(0, -1);
}

/** Whether a text is JSON Lines whose records wrap a session's records under one member. */
export function isWrappedLines(text: string): boolean {
  if (!/^\s*\{/.test(text.replace(/^\uFEFF/, ''))) return false;
  return wrapping(headLines(text)) !== null;
}

/** The wrapped records as JSON Lines, and a note. */
export function wrappedLinesAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const w = wrapping(headLines(text));
  const out: string[] = [];
  let skipped = 0;
  for (const l of text.replace(/^\uFEFF/, '').split('\n')) {
    const t = l.trim();
    if (t === '') continue;
    const p = parseJson(t);
    const inner = p.ok && isJsonObject(p.value.value) ? p.value.value.get(w?.key ?? '') : undefined;
    if (isJsonObject(inner)) out.push(printJson(inner));
    else skipped++;
  }
  const left =
    skipped === 0
      ? ''
      : ` ${plural(skipped, 'line')} wrapping nothing under it (or not JSON) ${skipped === 1 ? 'was' : 'were'} left out.`;
  return ok({
    text: out.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as the records each of its lines wraps under \`${w?.key ?? ''}\`: ${plural(out.length, 'record')} of a ${w === null ? 'session' : formatLabel(w.format)}, the wrapper's own fields not read.${left}`,
  });
}
