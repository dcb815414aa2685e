// Feeds the census every JSON value of an input: a document, JSON Lines or a ZIP's files.
import { strFromU8, unzipSync } from 'fflate';
import { CensusScan } from './census';
import { getStr, isRec } from './dialects/shape';
import { looksLikeSse } from './sse';
import type { Doc } from './text';

/**
 * Feeds the census every JSON value of an input, in whatever form the import met it: the
 * document or lines it parsed (walked, not parsed again), or the text it read a line at a time
 * (each line parsed with `JSON.parse`), an event stream's `data:` lines, a ZIP's JSON members.
 */
export function scanDoc(doc: Doc, scan = new CensusScan()): CensusScan {
  if (doc.kind === 'json') scan.add(doc.parsed.value);
  else {
    const rewind = new Rewinds(scan);
    for (const l of doc.lines) {
      if (rewind.line(l.value)) continue;
      scan.add(l.value, 'lines[*]', 0);
      rewind.after(l.value);
    }
  }
  return scan;
}

/** The text as one JSON document, else as an event stream, else as JSON Lines. */
export function scanText(text: string, scan = new CensusScan()): CensusScan {
  const whole = parsed(text);
  if (whole !== undefined) {
    scan.add(whole);
    return scan;
  }
  const sse = looksLikeSse(text);
  const rewind = new Rewinds(scan);
  const prefix = sse ? 'events[*]' : 'lines[*]';
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    if (sse) {
      if (!line.startsWith('data:')) continue;
      line = line.slice(5);
    }
    const v = parsed(line);
    if (v === undefined || rewind.line(v)) continue;
    scan.add(v, prefix, 0);
    rewind.after(v);
  }
  return scan;
}

/** Every JSON member of a ZIP archive, each its own list of steps. */
export function scanZip(bytes: Uint8Array, scan = new CensusScan()): CensusScan {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => /\.jsonl?$/.test(f.name) && f.compression !== 93 });
  } catch {
    return scan;
  }
  for (const name of Object.keys(files).sort()) {
    const data = files[name];
    if (data) scanText(strFromU8(data), scan);
  }
  return scan;
}

/**
 * A session's rewinds (Gemini CLI's `{"$rewindTo": "<message id>"}` line): the calls of the
 * lines after that message are history the user erased, and the import drops them too.
 */
class Rewinds {
  private readonly marks = new Map<string, number>();
  constructor(private readonly scan: CensusScan) {}

  /** Whether the line is a rewind (and rolls the census back to its message). */
  line(v: unknown): boolean {
    if (!isRec(v)) return false;
    const to = getStr(v, '$rewindTo');
    if (to === undefined) return false;
    const m = this.marks.get(to);
    if (m !== undefined) this.scan.rollback(m);
    return true;
  }

  /** Records where the census stood after a line with an id. */
  after(v: unknown): void {
    if (!isRec(v)) return;
    const id = getStr(v, 'id');
    if (id !== undefined) this.marks.set(id, this.scan.mark());
  }
}

function parsed(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  const c = t.charCodeAt(0);
  if (c !== 0x7b && c !== 0x5b) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}
