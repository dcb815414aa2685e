// mitmproxy's saved flows (`mitmdump -w`, a `.mitm` or `.flow` file), read as the HAR capture
// they hold. docs/formats.md §1.
import { strFromU8 } from 'fflate';
import { err, ok, type Result } from '../json/index';
import { bodyBytesText, harText } from './httpBody';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * A dump is its flows one after another, each the flow's state as a tnetstring
 * (mitmproxy/mitmproxy `mitmproxy/io/io.py` @04a1ff4a42, `FlowWriter`; the encoding in
 * `mitmproxy/io/tnetstring.py` @0873566ff0): `LENGTH:DATA` and a mark of its type, `,` bytes,
 * `;` text, `#` an integer, `^` a float, `!` a boolean, `~` null, `]` a list of such values,
 * `}` a dict of keys and values in turn. An HTTP flow's `request` holds `method`, `scheme`,
 * `host`, `port`, `path`, `headers` (pairs of bytes) and `content` (the body as sent, compressed
 * as its Content-Encoding says); its `response` `status_code`, `headers` and `content`.
 * No npm package reads the format in a browser, so it is parsed here.
 */
type Value = Uint8Array | string | number | boolean | null | Value[] | Map<string, Value>;

/** Deeper than any flow's state (about five levels): anything past it is no dump. */
const MAX_DEPTH = 32;
/** mitmproxy's own reader refuses a length prefix of more than nine digits. */
const MAX_DIGITS = 9;

const COLON = 0x3a;

class NotADump extends Error {}

/**
 * The length prefix at `at`: its value and where its data starts (past the colon), or null
 * where no digits, too many, or no colon stand there.
 */
function lengthAt(b: Uint8Array, at: number): { n: number; data: number } | null {
  let i = at;
  let n = 0;
  while (i < b.length && b[i] !== COLON) {
    const d = (b[i] as number) - 0x30;
    if (d < 0 || d > 9 || i - at >= MAX_DIGITS) return null;
    n = n * 10 + d;
    i++;
  }
  return i === at || i >= b.length ? null : { n, data: i + 1 };
}

/** The value at `at`, and where the next one starts. */
function pop(b: Uint8Array, at: number, depth: number): [Value, number] {
  const len = lengthAt(b, at);
  if (len === null) throw new NotADump();
  const end = len.data + len.n;
  if (end >= b.length) throw new NotADump();
  return [valueOf(b, len.data, end, b[end] as number, depth), end + 1];
}

function valueOf(b: Uint8Array, start: number, end: number, mark: number, depth: number): Value {
  const data = b.subarray(start, end);
  switch (mark) {
    case 0x2c /* , */:
      return data;
    case 0x3b /* ; */:
      return strFromU8(data);
    case 0x23 /* # */:
    case 0x5e /* ^ */: {
      const v = Number(strFromU8(data));
      if (!Number.isFinite(v)) throw new NotADump();
      return v;
    }
    case 0x21 /* ! */:
      return strFromU8(data) === 'true';
    case 0x7e /* ~ */:
      return null;
    case 0x5d /* ] */:
    case 0x7d /* } */: {
      if (depth >= MAX_DEPTH) throw new NotADump();
      const items: Value[] = [];
      for (let i = start; i < end;) {
        const [v, next] = pop(b, i, depth + 1);
        if (next > end) throw new NotADump();
        items.push(v);
        i = next;
      }
      if (mark === 0x5d) return items;
      if (items.length % 2 !== 0) throw new NotADump();
      const m = new Map<string, Value>();
      for (let i = 0; i < items.length; i += 2) {
        const k = items[i];
        m.set(k instanceof Uint8Array ? strFromU8(k) : String(k), items[i + 1] as Value);
      }
      return m;
    }
    default:
      throw new NotADump();
  }
}

/**
 * Whether bytes open as a mitmproxy dump: a length prefix, and a dict whose first key is a
 * tnetstring too; told from the first bytes alone (a file's head will do), not by parsing.
 */
export function isMitmDump(b: Uint8Array): boolean {
  const flow = lengthAt(b, 0);
  if (flow === null) return false;
  const end = flow.data + flow.n;
  if (end < b.length && b[end] !== 0x7d) return false;
  // The first key: its own length, then (past it) a text or bytes mark.
  const key = lengthAt(b, flow.data);
  const mark = key === null ? undefined : b[key.data + key.n];
  return mark === 0x3b || mark === 0x2c;
}

/** The dump's HTTP flows as a HAR document's text, with a note saying so. */
export function mitmDumpAsHar(
  b: Uint8Array,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const entries: unknown[] = [];
  let flows = 0;
  try {
    for (let at = 0; at < b.length;) {
      const [flow, next] = pop(b, at, 0);
      at = next;
      flows++;
      if (!(flow instanceof Map)) throw new NotADump();
      const entry = entryOf(flow);
      if (entry !== null) entries.push(entry);
    }
  } catch (e) {
    if (!(e instanceof NotADump)) throw e;
    return err({
      kind: 'invalid',
      message: `${inputLabel(name, 'The input')} opens as a mitmproxy dump, but its flow ${flows + 1} is not one mitmproxy wrote (a length or a type mark does not add up).`,
    });
  }
  if (entries.length === 0) {
    return err({
      kind: 'not-transcript',
      seen: `a mitmproxy dump of ${plural(flows, 'flow')}, none of them HTTP`,
      message: `${inputLabel(name, 'The input')} is a mitmproxy dump without an HTTP exchange, so it holds no API call to read.`,
    });
  }
  const n = entries.length;
  return ok({
    text: harText(entries, 'mitmproxy'),
    note: `Read a mitmproxy dump of ${plural(n, 'HTTP exchange')} as the HAR capture ${n === 1 ? 'it is' : 'they are'}.`,
  });
}

/** One flow as a HAR entry, or null for a flow that is no HTTP exchange (TCP, DNS). */
function entryOf(flow: Map<string, Value>): unknown {
  const request = flow.get('request');
  if (!(request instanceof Map)) return null;
  const response = flow.get('response');
  const rh = headersOf(request.get('headers'));
  const req = {
    method: str(request.get('method')),
    url: urlOf(request),
    headers: [...rh].map(([k, v]) => ({ name: k, value: v })),
    postData: { mimeType: rh.get('content-type') ?? '', text: bodyOf(request, rh) },
  };
  if (!(response instanceof Map)) return { request: req, response: { status: 0, content: {} } };
  const sh = headersOf(response.get('headers'));
  const status = response.get('status_code');
  return {
    request: req,
    response: {
      status: typeof status === 'number' ? status : 0,
      headers: [...sh].map(([k, v]) => ({ name: k, value: v })),
      content: { mimeType: sh.get('content-type') ?? '', text: bodyOf(response, sh) },
    },
  };
}

function str(v: Value | undefined): string {
  if (v instanceof Uint8Array) return strFromU8(v);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

function urlOf(r: Map<string, Value>): string {
  const scheme = str(r.get('scheme')) || 'http';
  const port = r.get('port');
  const host = str(r.get('host'));
  const fallback = scheme === 'https' ? 443 : 80;
  const at = typeof port === 'number' && port !== fallback ? `${host}:${port}` : host;
  return `${scheme}://${at}${str(r.get('path'))}`;
}

/** Headers by lower-cased name (the last of a repeated one). */
function headersOf(v: Value | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!Array.isArray(v)) return out;
  for (const pair of v)
    if (Array.isArray(pair) && pair.length === 2) out.set(str(pair[0]).toLowerCase(), str(pair[1]));
  return out;
}

function bodyOf(m: Map<string, Value>, headers: ReadonlyMap<string, string>): string {
  const c = m.get('content');
  if (c instanceof Uint8Array) return bodyBytesText(c, headers.get('content-encoding') ?? '');
  return typeof c === 'string' ? c : '';
}
