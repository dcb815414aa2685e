/**
 * YAML input: recorded HTTP cassettes (vcrpy, Ruby's VCR, go-vcr) read as the HAR capture they
 * hold, and any other YAML document read as the JSON value it spells. docs/formats.md §1.
 */
import { parseAllDocuments } from 'yaml';
import { err, ok } from '../json/index';
import type { Result } from '../json/index';
import { bodyBytesText as bytesText, harText, rec } from './httpBody';
import type { Rec } from './httpBody';
import { stubNote, wireMockEntries } from './wiremock';
import { decodeBase64 } from './base64';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

/**
 * How far into the text the first line is looked for: past leading blank lines, a BOM and a
 * comment block (a license header, as test cassettes carry one), but no further.
 */
const HEAD = 16384;
/** A YAML document's first line: a `---` marker, a `key:` mapping entry, or a `- key:` list item. */
const YAML_START = /^(---|%YAML |(- )?[A-Za-z_][\w.-]*:([ \t]|\r?$))/;
/** The fields of a server-sent event stream, whose lines look like YAML entries. */
const SSE_FIELD = /^(data|event|id|retry):/;
/**
 * How many aliases a document may expand: the library's default. A few lines of aliases
 * to aliases would otherwise spell a value of billions of nodes.
 */
const MAX_ALIASES = 100;

/**
 * Whether a text opens as YAML rather than JSON, JSON Lines or an event stream: its first line
 * that is not blank or a comment. JSON never opens with a bare key or a `---` marker.
 */
export function looksLikeYaml(text: string): boolean {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < HEAD) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    if (line.trim() !== '' && !line.startsWith('#'))
      return YAML_START.test(line) && !SSE_FIELD.test(line);
    if (end < 0) return false;
    at = end + 1;
  }
  return false;
}

/**
 * The YAML text as JSON the importers read, with a note saying what was done: a cassette as a
 * HAR document's text, one other document as its JSON text, several (`---` between them) as
 * JSON Lines. Or one clear error: where the YAML breaks, or that it nests too deeply to read.
 */
export function yamlAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const input = inputLabel(name, 'The input');
  let values: unknown[];
  try {
    // vcrpy (PyYAML) and Ruby's Psych write YAML 1.1: `!!binary` bodies, `yes`/`no` quoted.
    const docs = parseAllDocuments(text, { version: '1.1', uniqueKeys: false });
    const list = Array.isArray(docs) ? docs : [docs];
    const broken = list.flatMap((d) => d.errors)[0];
    if (broken) {
      const at = broken.linePos?.[0];
      const where = at ? ` at line ${at.line}, column ${at.col}` : '';
      const why = broken.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
      // The library's parser recurses: nesting deeper than the stack reads as a broken document.
      if (why?.includes('call stack'))
        return err({
          kind: 'invalid',
          message: `${input} is YAML that nests too deeply to read${where}.`,
        });
      return err({
        kind: 'invalid',
        message: `${input} reads as neither JSON nor YAML: its YAML breaks${where} (${why}).`,
      });
    }
    values = list.map((d) => d.toJS({ maxAliasCount: MAX_ALIASES }) as unknown);
  } catch (e) {
    return err({ kind: 'invalid', message: yamlFailure(input, e) });
  }
  values = values.filter((v) => v !== null && v !== undefined);
  if (values.length === 0)
    return err({ kind: 'empty', message: `${input} is YAML that holds no value.` });
  try {
    const cassette = values.length === 1 ? cassetteEntries(values[0]) : null;
    if (cassette) {
      const n = cassette.length;
      return ok({
        text: harText(cassette, 'cassette'),
        note: `Read a recorded HTTP cassette (YAML) of ${n} exchange${n === 1 ? '' : 's'} as the HAR capture it is.`,
      });
    }
    const stubs = wireMockEntries(values);
    if (stubs)
      return ok({ text: harText(stubs, 'wiremock'), note: stubNote(values, stubs.length) });
    const json = values.map(jsonText);
    return ok({
      text: json.length === 1 ? (json[0] as string) : json.join('\n'),
      note:
        json.length === 1
          ? 'Read a YAML document as the JSON value it spells.'
          : `Read ${json.length} YAML documents as JSON Lines, one line each.`,
    });
  } catch (e) {
    return err({ kind: 'invalid', message: yamlFailure(input, e) });
  }
}

function yamlFailure(input: string, e: unknown): string {
  if (e instanceof RangeError)
    return `${input} is YAML that nests too deeply or expands too far to read.`;
  const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
  return `${input} is YAML that cannot be read: ${why}.`;
}

/**
 * A value as JSON text, bytes as their text, maps and sets as objects and lists (dates print
 * as ISO time by their own `toJSON`). Read off the holder: Node's `Buffer` has a `toJSON` of its
 * own, which runs before the replacer sees the value.
 */
function jsonText(v: unknown): string {
  return (
    JSON.stringify(v, function (this: Record<string, unknown>, key: string, value: unknown) {
      const raw = this[key];
      if (raw instanceof Uint8Array) return bytesText(raw);
      if (raw instanceof Map) return Object.fromEntries(raw);
      if (raw instanceof Set) return [...raw];
      return value;
    }) ?? 'null'
  );
}

/**
 * A cassette's exchanges as HAR entries, or null when the value is not a cassette. The layouts,
 * each a list of `{request, response}`:
 * - vcrpy (kevin1024/vcrpy vcr/serializers/compat.py, vcr/request.py, vcr/stubs): `interactions`,
 *   a request's `uri`, `method` and `body` (text or bytes), a response's `status.code` and
 *   `body.string`; pydantic-ai's serializer writes `parsed_body` (the JSON body as YAML) instead;
 * - Ruby's VCR (vcr/vcr lib/vcr/structs.rb): `http_interactions`, `body: {encoding, string}` or
 *   `base64_string`;
 * - go-vcr (dnaeon/go-vcr pkg/cassette/cassette.go): `interactions`, a request's `url`, both
 *   bodies as text, a response's `code`.
 */
function cassetteEntries(value: unknown): unknown[] | null {
  const top = rec(value);
  const list = top?.['interactions'] ?? top?.['http_interactions'];
  if (!Array.isArray(list) || list.length === 0) return null;
  if (!list.every((x) => rec(rec(x)?.['request']) && rec(rec(x)?.['response']))) return null;
  return list.map((x) => {
    const req = rec((x as Rec)['request']) as Rec;
    const resp = rec((x as Rec)['response']) as Rec;
    const status = rec(resp['status'])?.['code'] ?? resp['code'] ?? resp['status'];
    return {
      request: {
        method: String(req['method'] ?? '').toUpperCase(),
        url: String(req['uri'] ?? req['url'] ?? ''),
        postData: { mimeType: contentType(req['headers']), text: bodyText(req) },
      },
      response: {
        status: typeof status === 'number' ? status : parseInt(String(status ?? ''), 10) || 0,
        content: { mimeType: contentType(resp['headers']), text: bodyText(resp) },
      },
    };
  });
}

/** A recorded message's body as text, whichever way its recorder kept it. */
function bodyText(m: Rec): string {
  const parsed = m['parsed_body'];
  if (parsed !== undefined && parsed !== null) {
    return typeof parsed === 'string' ? parsed : jsonText(parsed);
  }
  const body = m['body'];
  const inner = rec(body);
  if (inner) {
    const b64 = inner['base64_string'];
    if (typeof b64 === 'string') {
      const bytes = decodeBase64(b64);
      return bytes ? bytesText(bytes) : '';
    }
    return textOf(inner['string']);
  }
  return textOf(body);
}

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return bytesText(v);
  return v === undefined || v === null ? '' : jsonText(v);
}

/** A `Content-Type` header's value: header names in any case, values a string or a list. */
function contentType(headers: unknown): string {
  for (const [k, v] of Object.entries(rec(headers) ?? {})) {
    if (k.toLowerCase() !== 'content-type') continue;
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : '';
  }
  return '';
}

/**
 * The part of a YAML text still being written that holds whole top-level entries only: up to
 * the last line that opens one (a line at column 0, as PyYAML, Psych and go-yaml write the
 * items of a top-level list and the keys of a top-level map). A document cut anywhere else
 * often still parses, as a value whose last entry is missing members it will have. Where that
 * last entry is a list indented under its key (go-vcr v2 writes `interactions:` so), its whole
 * items are kept too: up to the line that opens its last item.
 */
export function yamlComplete(text: string): string {
  const top = lastLineAt(text, text.length, 0);
  if (top < 0) return '';
  const child = nextFilledLine(text, top);
  if (child < 0) return text.slice(0, top);
  const indent = indentOf(text, child);
  if (indent === 0 || !text.startsWith('- ', child + indent)) return text.slice(0, top);
  const last = lastLineAt(text, text.length, indent);
  return text.slice(0, last > child ? last : top);
}

/** Where the line after the one at `from` that is neither blank nor a comment starts; -1 if none. */
function nextFilledLine(text: string, from: number): number {
  let at = text.indexOf('\n', from);
  while (at >= 0 && at + 1 < text.length) {
    const c = text.charCodeAt(at + 1 + indentOf(text, at + 1));
    if (c !== 0x0a && c !== 0x0d && c !== 0x23) return at + 1;
    at = text.indexOf('\n', at + 1);
  }
  return -1;
}

/** How many spaces open the line at `start`. */
function indentOf(text: string, start: number): number {
  let i = start;
  while (text.charCodeAt(i) === 0x20) i++;
  return i - start;
}

/**
 * Where the last line before `end` starts that opens an entry at `indent` (that many spaces,
 * then neither blank nor a comment nor a tab); -1 if none.
 */
function lastLineAt(text: string, end: number, indent: number): number {
  let at = end;
  for (;;) {
    const nl = text.lastIndexOf('\n', at - 1);
    if (nl < 0) return -1;
    const start = nl + 1;
    const c = text.charCodeAt(start + indent);
    if (
      start < end &&
      indentOf(text, start) === indent &&
      start + indent < text.length &&
      c !== 0x09 &&
      c !== 0x0a &&
      c !== 0x0d &&
      c !== 0x23
    )
      return start;
    at = nl;
  }
}
