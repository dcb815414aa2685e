// Open WebUI writes an assistant's tool calls into its message text, as HTML `<details>` tags.

/**
 * Open WebUI keeps what a tool call did in the assistant message's `content` string (what
 * its chat view renders), one tag a call (open-webui/open-webui
 * `backend/open_webui/utils/middleware.py` @cd9dae0f3a, `serialize_output` and the content
 * blocks before it):
 *
 *   <details type="tool_calls" done="true" id="call_1" name="search"
 *     arguments="&quot;{\&quot;q\&quot;: 1}&quot;" result="…" files="" embeds="">
 *   <summary>Tool Executed</summary>
 *   &quot;the result&quot;
 *   </details>
 *
 * Each attribute is HTML-escaped, `arguments` is `json.dumps` of the arguments (a JSON string
 * of their JSON text), and the result is `json.dumps` of its text, in a `result` attribute
 * (older versions) or between the summary and the closing tag. Hand-written, as no library
 * here reads HTML attributes and this one tag's grammar is all that is needed.
 */
const TAG = '<details type="tool_calls"';

/** Whether a string holds an Open WebUI tool-call tag (one search, no allocation). */
export function holdsToolDetails(s: string): boolean {
  return s.length > TAG.length && s.includes(TAG);
}

/** One tag as the object it spells: its attributes, decoded, and the result it shows. */
export interface ToolDetails {
  readonly type: 'tool_calls';
  readonly done: string;
  readonly id?: string;
  readonly name?: string;
  readonly arguments?: string;
  readonly result?: string;
}

const ATTR = /([a-z_]+)="([^"]*)"/g;

/** The tool-call tags of a message's text, in order, each as the object its attributes spell. */
export function toolDetails(s: string): ToolDetails[] {
  const out: ToolDetails[] = [];
  let from = 0;
  // Once no closing tag is left, none is searched for again (each search would scan the rest).
  let closing = true;
  for (;;) {
    const start = s.indexOf(TAG, from);
    if (start < 0) break;
    const open = s.indexOf('>', start);
    if (open < 0) break;
    const attrs = new Map<string, string>();
    for (const m of s.slice(start + '<details'.length, open).matchAll(ATTR))
      attrs.set(m[1] as string, unescapeHtml(m[2] as string));
    // A tag not yet closed is a call still running (Open WebUI shows no result for it).
    const close: number = closing ? s.indexOf('</details>', open) : -1;
    closing = close >= 0;
    const body = close < 0 ? '' : s.slice(open + 1, close);
    const summaryEnd = body.indexOf('</summary>');
    const shown = summaryEnd < 0 ? '' : unescapeHtml(body.slice(summaryEnd + 10).trim());
    const result = attrs.get('result') ?? (shown === '' ? undefined : shown);
    out.push({
      type: 'tool_calls',
      done: attrs.get('done') ?? '',
      ...(attrs.has('id') && attrs.get('id') !== '' ? { id: attrs.get('id') } : {}),
      ...(attrs.has('name') ? { name: attrs.get('name') } : {}),
      ...(attrs.has('arguments') ? { arguments: jsonText(attrs.get('arguments') as string) } : {}),
      ...(result === undefined ? {} : { result: jsonText(result) }),
    });
    from = close < 0 ? open + 1 : close;
  }
  return out;
}

/** `json.dumps` of a string undone: the string it encoded; anything else as written. */
function jsonText(s: string): string {
  if (s.length < 2 || s.charCodeAt(0) !== 0x22) return s;
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'string' ? v : s;
  } catch {
    return s;
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Python's `html.escape` undone: the five named entities and numeric references. */
function unescapeHtml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, e: string) => {
    if (!e.startsWith('#')) return ENTITIES[e] ?? all;
    const n = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return n <= 0x10ffff ? String.fromCodePoint(n) : all;
  });
}
