// GitHub Copilot CLI's `/share` export (markdown), read back as the chat it shows.
import { closesFence, fenceOpening } from './fences';
import type { ChatJsonMessage } from './chatJson';
import { ok, parseJson, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * Copilot CLI writes a session shared as a file or a gist (@github/copilot 0.0.380 `index.js`,
 * the npm package; its source is not public) as `# 🤖 Copilot CLI Session`, then each entry
 * of its timeline after `<sub>⏱️ 5s</sub>`, parted by `---`: `### 👤 User`, `### 💬 Copilot`
 * (texts with `<` and `>` escaped), and a call as `### <status> \`<tool>\``: ✅ done, ❌
 * failed, 🚫 rejected, ⛔ denied, 🔧 still running. Under it, its intention in bold, then its
 * input: a summary for its own tools (`$ <command>` for `bash`, a path and `(lines a-b)` for
 * `view`, the path alone for `edit` and `create`, `"<pattern>" in <glob> (<path>)` for `grep`
 * and `glob`), any other tool's arguments whole as JSON in a `<details>` block titled
 * `Arguments`; then what it gave, in a fenced block, folded in `<details>` past five lines, or
 * `_Rejected by user_`. A fence is as long as the text needs (more backticks than it holds).
 */
const HEADING = /^### (\S+) (.*)$/;
const CALL = /^`([^`]+)`$/;
const STATUSES = new Set(['✅', '❌', '🚫', '⛔', '🔧']);

interface Entry {
  readonly icon: string;
  readonly title: string;
  readonly body: string[];
}

/** The export's entries: its `### ` headings outside fenced blocks, each with its lines. */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let fence = '';
  let cur: Entry | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence === '') {
      const h = HEADING.exec(line);
      if (h !== null) {
        out.push((cur = { icon: h[1] as string, title: h[2] as string, body: [] }));
        continue;
      }
      fence = fenceOpening(line) ?? '';
    } else if (closesFence(fence, line)) fence = '';
    cur?.body.push(line);
  }
  // What parts one entry from the next: a rule, the next one's time.
  for (const e of out)
    while (e.body.length > 0 && /^(?:|---|<sub>.*<\/sub>)$/.test((e.body.at(-1) as string).trim()))
      e.body.pop();
  return out;
}

/** Whether a text is such an export: its title, or a call's heading under a timestamp. */
export function isCopilotShare(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('# 🤖 Copilot CLI Session')) return true;
  const t = head.slice(0, 1 << 20);
  return /^<sub>⏱️ [^<]*<\/sub>\s*\n\s*\n### (?:✅|❌|🔧) `[^`]+`$/mu.test(t);
}

/** A fenced block's text, from the line after its opening fence to its closing one. */
function fenced(lines: readonly string[], from: number): { text: string; end: number } | null {
  const mark = fenceOpening(lines[from] ?? '');
  if (mark === null) return null;
  const close = lines.findIndex((l, k) => k > from && closesFence(mark, l));
  if (close < 0) return null;
  return { text: lines.slice(from + 1, close).join('\n'), end: close + 1 };
}

/** What a call's body says: its input as shown, and what it gave (null: nothing yet). */
function callBody(body: readonly string[]): { args: string; exact: boolean; out: string | null } {
  let i = 0;
  const skipBlank = (): void => {
    while (i < body.length && (body[i] as string).trim() === '') i++;
  };
  skipBlank();
  // Its intention, in bold.
  if (/^\*\*.*\*\*$/.test((body[i] ?? '').trim())) i++;
  skipBlank();
  let args = '{}';
  let exact = true;
  if (
    (body[i] ?? '').trim() === '<details>' &&
    /^<summary>Arguments<\/summary>$/.test((body[i + 1] ?? '').trim())
  ) {
    i += 2;
    skipBlank();
    const json = fenced(body, i);
    if (json !== null) {
      const p = parseJson(json.text);
      args = p.ok ? printJson(p.value.value) : JSON.stringify(json.text);
      exact = p.ok;
      i = json.end;
    }
    while (i < body.length && (body[i] as string).trim() !== '</details>') i++;
    i++;
  } else if (
    i < body.length &&
    fenceOpening(body[i] as string) === null &&
    (body[i] as string).trim() !== '<details>'
  ) {
    const shown: string[] = [];
    while (i < body.length && (body[i] as string).trim() !== '') shown.push(body[i++] as string);
    args = JSON.stringify(shown.join('\n'));
    exact = false;
  }
  skipBlank();
  let out: string | null = null;
  if ((body[i] ?? '').trim() === '<details>') {
    i += 2;
    skipBlank();
  }
  const block = fenced(body, i);
  if (block !== null) out = block.text;
  else if ((body[i] ?? '').trim() === '_Rejected by user_') out = 'Rejected by user';
  return { args, exact, out };
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  shown: number;
  /** Edits and files written, shown by their path alone. */
  changes: number;
}

/** Copilot's tools whose summary leaves out what they change: their path is all it shows. */
const CHANGES = new Set(['edit', 'create']);

const unescape = (lines: readonly string[]): string =>
  lines
    .join('\n')
    .replace(/\\([<>])/g, '$1')
    .trim();

function copilotShareRead(text: string): Read {
  const messages: ChatJsonMessage[] = [];
  let calls = 0;
  let shown = 0;
  let changes = 0;
  let words: string | null = null;
  const flush = (): void => {
    if (words !== null) messages.push({ role: 'assistant', content: words });
    words = null;
  };
  for (const e of entries(text)) {
    const call = STATUSES.has(e.icon) ? CALL.exec(e.title.trim()) : null;
    if (call !== null) {
      const b = callBody(e.body);
      const id = `copilot-share-${++calls}`;
      const name = call[1] as string;
      let args = b.args;
      // Two edits of one file differ in the change the export leaves out: never a repeat.
      if (!b.exact && CHANGES.has(name)) {
        changes++;
        args = JSON.stringify({ path: JSON.parse(b.args) as string, change: `not shown (${id})` });
      } else if (!b.exact) shown++;
      const fn = { name, arguments: args };
      messages.push({
        role: 'assistant',
        content: words,
        tool_calls: [{ id, type: 'function', function: fn }],
      });
      words = null;
      if (b.out !== null || e.icon !== '🔧')
        messages.push({ role: 'tool', tool_call_id: id, content: b.out ?? '' });
      continue;
    }
    if (e.icon === '👤') {
      flush();
      messages.push({ role: 'user', content: unescape(e.body) });
    } else if (e.icon === '💬') {
      flush();
      words = unescape(e.body);
    }
  }
  flush();
  return { messages, calls, shown, changes };
}

/** An export as the chat it shows, and a note. */
export function copilotShareAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = copilotShareRead(text);
  const shown =
    read.shown === 0
      ? ''
      : ` ${plural(read.shown, 'call')} of Copilot's own tools ${read.shown === 1 ? 'shows' : 'show'} only a summary of ${read.shown === 1 ? 'its' : 'their'} input (\`$ <command>\`, a path), read as that text, so ${read.shown === 1 ? 'its signature differs' : 'their signatures differ'} from the session's own though a repeated call still reads as a repeat.`;
  const changes =
    read.changes === 0
      ? ''
      : ` ${plural(read.changes, 'edit or file written', 'edits or files written')} ${read.changes === 1 ? 'shows' : 'show'} only ${read.changes === 1 ? 'its' : 'their'} file's path, not the change: each is read as a call of its own, never a repeat of another.`;
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as a Copilot CLI session shared as markdown (\`/share\`): ${plural(read.calls, 'tool call')} read from its \`### ✅ \\\`tool\\\`\` entries, each a reply of its own (the export does not show which calls one reply made), answered by the output under it, with no call ids.${shown}${changes}`,
  });
}

/**
 * The part of an export still being written that can be read now: up to its last entry's time,
 * all of it once its footer (`Generated by …`) is written.
 */
export function copilotShareComplete(text: string): string {
  if (/^<sub>Generated by /m.test(text)) return text;
  const at = text.lastIndexOf('<sub>⏱️');
  return at < 0 ? '' : text.slice(0, at);
}
