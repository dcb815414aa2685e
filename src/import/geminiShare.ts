// Gemini CLI's markdown export of a chat (`/chat share file.md`), read as the history it prints.
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { plainText } from './chatJson';

/**
 * `serializeHistoryToMarkdown` (google-gemini/gemini-cli
 * `packages/cli/src/ui/utils/historyExportUtils.ts` @5411f113ca) prints each `Content` of the
 * chat's history as `## USER 🧑‍💻` or `## MODEL ✨` (older versions put the icon first), a blank
 * line and its parts joined with nothing between them: a text part as its text, a
 * `functionCall` as `**Tool Command**:` and its JSON in a ```json block, a `functionResponse`
 * as `**Tool Response**:` and its JSON; the contents are joined by `---` lines.
 */
// One `#` too: copies kept as notes have their first heading made a title.
const HEADER = /^(?:\P{ASCII}+ )?##? (USER|MODEL)(?: \P{ASCII}+)?[ \t]*$/u;
const BOUNDARY = /\n\n---\n\n(?=(?:\P{ASCII}+ )?##? (?:USER|MODEL)\b)/u;
const PART = /\*\*Tool (Command|Response)\*\*:\n```json\n/g;

/**
 * Whether a text is such an export: a role header among its first lines (a note may put a title
 * and a line or two above it), and a call shown.
 */
export function isGeminiShare(text: string): boolean {
  // The head alone: every text imported is asked, most of them JSON.
  const head = plainText(text.slice(0, 1024));
  const first = head.split('\n', 8).filter((l) => l.trim() !== '');
  if (!first.slice(0, 4).some((l) => HEADER.test(l))) return false;
  return /\*\*Tool (Command|Response)\*\*:\r?\n```json\r?\n/.test(text);
}

/**
 * The part of an export still being written that holds whole messages only: all of it, but a
 * last message with nothing under its header yet, a block still open, or an end that may
 * still grow into a part's marker (its text would then be a call).
 */
export function geminiShareComplete(text: string): string {
  const boundary = new RegExp(BOUNDARY.source, 'gu');
  let at = 0;
  let body = 0;
  for (let m = boundary.exec(text); m !== null; m = boundary.exec(text)) {
    at = m.index;
    body = m.index + m[0].length;
  }
  const last = text.slice(body);
  const nl = last.indexOf('\n');
  const said = nl < 0 ? '' : last.slice(nl + 1);
  const open = (said.match(/^```/gm) ?? []).length % 2 === 1;
  const growing = MARKERS.some((m) => {
    for (let k = 1; k < m.length; k++) if (said.endsWith(m.slice(0, k))) return true;
    return false;
  });
  return said.trim() === '' || open || growing ? text.slice(0, at) : text;
}
const MARKERS = ['**Tool Command**:\n```json\n', '**Tool Response**:\n```json\n'];

type Part = { text: string } | { functionCall: unknown } | { functionResponse: unknown };

/** The export as the Gemini `Content` list it was printed from (JSON text), and a note. */
export function geminiShareAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const body = plainText(text);
  const contents: { role: 'user' | 'model'; parts: Part[] }[] = [];
  let calls = 0;
  let unread = 0;
  // A title or a line above the first header is the note's, not the chat's.
  const opens = body.split('\n', 8).findIndex((l) => HEADER.test(l));
  const chat = opens <= 0 ? body : body.split('\n').slice(opens).join('\n');
  for (const printed of chat.split(BOUNDARY)) {
    const nl = printed.indexOf('\n');
    const head = HEADER.exec(nl < 0 ? printed : printed.slice(0, nl));
    if (head === null) continue;
    const parts: Part[] = [];
    const rest = nl < 0 ? '' : printed.slice(nl + 1).replace(/^\n/, '');
    let at = 0;
    PART.lastIndex = 0;
    for (let m = PART.exec(rest); m !== null; m = PART.exec(rest)) {
      const end = rest.indexOf('\n```', PART.lastIndex);
      if (end < 0) break;
      if (m.index > at) parts.push({ text: rest.slice(at, m.index) });
      let value: unknown;
      try {
        value = JSON.parse(rest.slice(PART.lastIndex, end)) as unknown;
      } catch {
        // A block cut or edited by hand: its text stays as the part it shows.
        unread++;
        value = undefined;
      }
      if (value === undefined) parts.push({ text: rest.slice(m.index, end + 4) });
      else if (m[1] === 'Command') {
        parts.push({ functionCall: value });
        calls++;
      } else parts.push({ functionResponse: value });
      at = end + 4;
      PART.lastIndex = at;
    }
    if (at < rest.length) parts.push({ text: rest.slice(at) });
    contents.push({ role: head[1] === 'USER' ? 'user' : 'model', parts });
  }
  const input = inputLabel(name, 'the input');
  const cut = unread > 0 ? `; ${plural(unread, 'block')} that did not parse stayed text` : '';
  return ok({
    text: JSON.stringify(contents),
    note: `Read ${input} as a Gemini CLI chat export (\`/chat share\`) of ${plural(contents.length, 'message')} and ${plural(calls, 'tool call')}${cut}.`,
  });
}
