// Gemini CLI's terminal screen, copied as text, read back as the chat it shows.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { goesOn, indent, opensAsJson, screenLine, screenLines, under, Words } from './terminalText';

/**
 * Gemini CLI draws a session in the terminal (google-gemini/gemini-cli
 * `packages/cli/src/ui/components/messages/ToolGroupMessage.tsx`, `ToolMessage.tsx`,
 * `ToolShared.tsx` and `ui/constants.ts` @5411f113ca): a prompt as `> …`, the model's words
 * after `✦ `, and the calls of one model turn in one box, each as a row of its status (`✓`
 * done, `x` failed, `-` cancelled, `⊷` running, `o` pending, `?` awaiting approval), the
 * tool's display name (`Shell`, `ReadFile`, `Edit`) and its invocation's description (a
 * command, a path, an edit's summary, cut with `…` at the box's edge), then what it gave on
 * the rows under it. Lines go on, wrapped, indented under the line they belong to.
 */
// A copy that cut each line at a width may end a border with half a character (U+FFFD).
const TOP = /^\s*╭─+[╮\uFFFD]?$/;
const ROW = /^\s*│(.*?)│?$/;
const BOTTOM = /^\s*╰─+[╯\uFFFD]?$/;
// Releases before the status glyphs were named drew success as `✔`.
const TOOL = /^ ([✓✔x⊷o?-]) {2}(\S+)(?: (.*))?$/;
const WORDS = /^✦ ?(.*)$/;
const PROMPT = /^> ?(\S.*)$/;
/** Statuses whose call has run, or will not: its rows are its answer. */
const DONE = /[✓✔x-]/;

/** The rows of the box opening at line `i`, and the line after it; null where none is there. */
function boxAt(lines: readonly string[], i: number): { rows: string[]; end: number } | null {
  if (!TOP.test(lines[i] as string)) return null;
  const rows: string[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j] as string;
    if (BOTTOM.test(l)) return { rows, end: j + 1 };
    const r = ROW.exec(l);
    if (r === null) return null;
    rows.push((r[1] as string).trimEnd());
  }
  return null;
}

/** Whether a text shows such a screen: a box with a call's row, and the model's or user's words. */
export function isGeminiCliScreen(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (opensAsJson(head)) return false;
  const lines = screenLines(head.slice(0, 1 << 20));
  if (!lines.some((l) => WORDS.test(l) || PROMPT.test(l))) return false;
  for (let i = 0; i < lines.length; i++) {
    const box = TOP.test(lines[i] as string) ? boxAt(lines, i) : null;
    if (box !== null && box.rows.some((r) => TOOL.test(r))) return true;
  }
  return false;
}

/** Rows as the text they show: without the indent they share, or blank rows around them. */
function dedent(rows: readonly string[]): string {
  let pad = Infinity;
  for (const r of rows) if (r.trim() !== '') pad = Math.min(pad, indent(r));
  return rows
    .map((r) => r.slice(Math.min(pad, indent(r))))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
}

/** The chat a screen shows. */
function geminiScreenRead(text: string): Read {
  const lines = screenLines(text);
  const messages: ChatJsonMessage[] = [];
  const words = new Words();
  let calls = 0;
  for (let i = 0; i < lines.length;) {
    const line = lines[i] as string;
    const box = TOP.test(line) ? boxAt(lines, i) : null;
    if (box !== null && box.rows.some((r) => TOOL.test(r))) {
      // One box, one model turn: its calls, each answered by the rows under its own.
      const batch: ChatJsonCall[] = [];
      const answers: { id: string; rows: string[] }[] = [];
      let open: { id: string; rows: string[] } | null = null;
      for (const row of box.rows) {
        const t = TOOL.exec(row);
        if (t === null) {
          open?.rows.push(row);
          continue;
        }
        const id = `gemini-screen-${++calls}`;
        const fn = { name: t[2] as string, arguments: JSON.stringify((t[3] ?? '').trim()) };
        batch.push({ id, type: 'function', function: fn });
        open = DONE.test(t[1] as string) ? { id, rows: [] } : null;
        if (open !== null) answers.push(open);
      }
      messages.push({ role: 'assistant', content: words.take(), tool_calls: batch });
      for (const a of answers)
        messages.push({ role: 'tool', tool_call_id: a.id, content: dedent(a.rows) });
      i = box.end;
      continue;
    }
    const prompt = PROMPT.exec(line);
    if (prompt !== null) {
      const t = words.take();
      if (t !== null) messages.push({ role: 'assistant', content: t });
      const end = goesOn(lines, i + 1, 2);
      const content = [prompt[1] as string, ...under(lines, i + 1, end, 2)].join('\n').trim();
      messages.push({ role: 'user', content });
      i = end;
      continue;
    }
    const w = WORDS.exec(line);
    if (w !== null) {
      const end = goesOn(lines, i + 1, 2);
      words.add([w[1] as string, ...under(lines, i + 1, end, 2)].join('\n'));
      i = end;
      continue;
    }
    i++;
  }
  const t = words.take();
  if (t !== null) messages.push({ role: 'assistant', content: t });
  return { messages, calls };
}

/** A screen as the chat it shows, and a note. */
export function geminiScreenAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = geminiScreenRead(text);
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as Gemini CLI's terminal screen, copied as text: ${plural(read.calls, 'tool call')} read from its boxes of calls (a box the calls of one model turn), each answered by the rows under it: a call's arguments are what the screen shows of them (its description, a command or a path, cut where the box cut it), so signatures differ from the session's own though a repeated call still reads as a repeat, and an answer is what the screen kept of it; the screen shows no call ids. The session's own record (\`~/.gemini/tmp\`) holds the calls whole.`,
  });
}

/**
 * The part of a screen still being written that can be read now: up to its last box, which
 * may still be redrawn as its calls run, and whole once the model or the user speaks after it.
 */
export function geminiScreenComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = screenLine(lines[i] as string);
    if (PROMPT.test(l) || WORDS.test(l)) return text;
    if (TOP.test(l)) return lines.slice(0, i).join('\n');
  }
  return text;
}
