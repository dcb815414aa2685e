import { strFromU8, unzipSync } from 'fflate';
import { CensusScan } from './census';
import { looksLikeSse } from './sse';
import type { Doc } from './text';

/**
 * Feeds the census every JSON value of an input, in whatever form the import met it: the
 * document or lines it parsed (walked, not parsed again), or the text it read a line at a time
 * (each line parsed with `JSON.parse`), an event stream's `data:` lines, a ZIP's JSON members.
 */
export function scanDoc(doc: Doc, scan = new CensusScan()): CensusScan {
  if (doc.kind === 'json') scan.add(doc.parsed.value);
  else for (const l of doc.lines) scan.add(l.value, 'lines[*]', 0);
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
    if (v !== undefined) scan.add(v, prefix, 0);
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
