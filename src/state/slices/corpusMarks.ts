/**
 * The corpus marks file ("Save marks…", "Load marks…"): each transcript's name and its mark,
 * written as the CLI's `--sweep` takes them (`honest`, `loop`, `loop@N`), so a person can read
 * and edit it:
 *
 *   { "loopscopeCorpusMarks": 1, "marks": { "a.json": "honest", "poll.jsonl": "loop@8" } }
 */
import type { CorpusEntry, CorpusMark } from '../../worker/corpus/protocol';

type Read = { ok: true; value: Record<string, CorpusMark> } | { ok: false; error: string };

const VERSION_KEY = 'loopscopeCorpusMarks';

function markText(m: CorpusMark): string {
  return m.kind === 'honest' ? 'honest' : m.by === null ? 'loop' : `loop@${m.by}`;
}

/** `honest`, `loop` or `loop@N` (N ≥ 1) as a mark; null for anything else. */
export function parseMark(text: string): CorpusMark | null {
  if (text === 'honest') return { kind: 'honest' };
  if (text === 'loop') return { kind: 'loop', by: null };
  const m = /^loop@([1-9]\d{0,8})$/.exec(text);
  return m === null ? null : { kind: 'loop', by: Number(m[1]) };
}

export function marksFileText(marks: Readonly<Record<string, CorpusMark>>): string {
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(marks)) out[k] = markText(m);
  return `${JSON.stringify({ [VERSION_KEY]: 1, marks: out }, null, 2)}\n`;
}

export function readMarksFile(text: string): Read {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return { ok: false, error: 'not a marks file (a JSON object was expected)' };
  }
  const obj = root as Record<string, unknown>;
  if (obj[VERSION_KEY] !== 1) {
    return { ok: false, error: `not a marks file ("${VERSION_KEY}": 1 is missing)` };
  }
  const marks = obj.marks;
  if (typeof marks !== 'object' || marks === null || Array.isArray(marks)) {
    return { ok: false, error: '"marks" must be an object of names and marks' };
  }
  const value: Record<string, CorpusMark> = {};
  for (const [k, v] of Object.entries(marks)) {
    const mark = typeof v === 'string' ? parseMark(v) : null;
    if (mark === null) {
      return { ok: false, error: `the mark of "${k}" must be "honest", "loop" or "loop@N"` };
    }
    value[k] = mark;
  }
  return { ok: true, value };
}

/** A row's name for its mark: the file (with its line), and the conversation's label. */
export function markKey(row: Pick<CorpusEntry, 'name' | 'conversationLabel'>): string {
  return row.conversationLabel === null ? row.name : `${row.name} # ${row.conversationLabel}`;
}
