// Claude Code's terminal screen, copied as text, read back as the chat it shows.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import {
  ANSI,
  goesOn,
  indent,
  opensAsJson,
  screenLine,
  screenLines,
  under,
  Words,
} from './terminalText';

/**
 * Claude Code draws a session in the terminal (@anthropic-ai/claude-code 2.0.36 `cli.js`, the
 * npm package; its source is not public): a prompt as `> …` (`❯ …` in newer versions), each
 * reply's words and each tool call after a dot (`⏺` on macOS, `●` elsewhere), a call as
 * `<name>(<what renderToolUseMessage shows of its input>)` (a command, a path, `pattern: "…"`,
 * long ones cut with `…`), and what it gave under it after `  ⎿  `, its lines indented to
 * match and cut to a few with `… +N lines`. People paste such screens into notes and issues, and
 * session players render a session file so, with `└` where a font lacks `⎿`
 * (gutnikov/claude-session-player `tests/snapshots/stress_hub_1.md` @b0eaec42ab).
 * Lines go on, wrapped, indented under the line they belong to. Newer versions fold runs of
 * reads and searches into one line (`Read 3 files (ctrl+o to expand)`), whose calls are not
 * shown.
 */
const DOT = /^[⏺●] /;
/** A call's line: its name (a tool's, or an MCP server's `server - tool (MCP)`), then `(`. */
const CALL = /^[⏺●] ([A-Za-z][\w.:-]*(?: - [\w.:-]+ \(MCP\))?)\((.*)$/;
/** A call shown by its name alone, as the todo list's `Update Todos`. */
const BARE = /^[⏺●] ([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?)$/;
const RESULT = /^ {0,4}[⎿└] ?(.*)$/;
const answers = (l: string): boolean => RESULT.test(l);
const PROMPT = /^[>❯] ?(\S.*)$/;
/**
 * A line that folds calls, with how many of each (`Read 4 files, listed 1 directory`), after a
 * dot or under a reply's words.
 */
const FOLDED = /^(?:[⏺●] | {0,2})[A-Z][a-z]+ \d+ [a-z]+\b.*\(ctrl\+o to expand\)$/;

/** The first line from `j` on that is not blank (a copy may double-space a screen's lines). */
function skipBlank(lines: readonly string[], j: number): number {
  let k = j;
  while (k < lines.length && (lines[k] as string) === '') k++;
  return k;
}

/** Whether the call opening at line `i` is answered: the line after its own has `⎿`. */
function callEnd(lines: readonly string[], i: number): number | null {
  let j = i + 1;
  // Its words wrapped onto lines indented under it.
  while (j < lines.length && indent(lines[j] as string) >= 2 && !RESULT.test(lines[j] as string))
    j++;
  j = skipBlank(lines, j);
  return j < lines.length && RESULT.test(lines[j] as string) ? j : null;
}

/** What a command shows while it waits for consent or runs: replaced by its output when done. */
const PENDING = /^(?:Waiting|Running)…$/;

/** Whether a text shows such a screen: a call's line with its answer's `⎿` under it. */
export function isClaudeCodeScreen(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (opensAsJson(head)) return false;
  const t = head.slice(0, 1 << 20).replace(ANSI, '');
  if (!/^[⏺●] /m.test(t) || !/^ {0,4}[⎿└]/m.test(t)) return false;
  const lines = screenLines(t);
  for (let i = 0; i < lines.length; i++)
    if (
      (CALL.test(lines[i] as string) || BARE.test(lines[i] as string)) &&
      callEnd(lines, i) !== null
    )
      return true;
  return false;
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  folded: number;
}

/** Whether the prompt at line `i` is one: a dot's line comes next, or one came before. */
function prompts(lines: readonly string[], i: number, started: boolean): boolean {
  if (started) return true;
  let j = goesOn(lines, i + 1, 1, answers);
  while (j < lines.length && (lines[j] as string) === '') j++;
  return j < lines.length && DOT.test(lines[j] as string);
}

/** The chat a screen shows. */
export function claudeScreenRead(text: string): Read {
  const lines = screenLines(text);
  let folded = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!FOLDED.test(lines[i] as string)) continue;
    for (const m of (lines[i] as string).matchAll(/\b(\d+) [a-z]+/g)) folded += Number(m[1]);
    lines[i] = '';
  }
  const messages: ChatJsonMessage[] = [];
  const words = new Words();
  let calls = 0;
  let started = false;
  const flush = (): void => {
    const t = words.take();
    if (t !== null) messages.push({ role: 'assistant', content: t });
  };
  for (let i = 0; i < lines.length;) {
    const line = lines[i] as string;
    const prompt = PROMPT.exec(line);
    if (prompt !== null && prompts(lines, i, started)) {
      flush();
      const end = goesOn(lines, i + 1, 1, answers);
      const more = under(lines, i + 1, end, 2);
      messages.push({ role: 'user', content: [prompt[1] as string, ...more].join('\n').trim() });
      started = true;
      i = end;
      continue;
    }
    if (!DOT.test(line)) {
      i++;
      continue;
    }
    started = true;
    const call = CALL.exec(line);
    const bare = call === null ? BARE.exec(line) : null;
    const at = call !== null || bare !== null ? callEnd(lines, i) : null;
    if (at !== null) {
      // What it was given: the line's rest and its wrapped lines, without the closing `)`.
      const shown = [call?.[2] ?? '', ...under(lines, i + 1, at, Infinity)]
        .join(' ')
        .trim()
        .replace(/\)$/, '');
      const id = `screen-${++calls}`;
      const name = (call?.[1] ?? bare?.[1]) as string;
      messages.push({
        role: 'assistant',
        content: words.take(),
        tool_calls: [
          { id, type: 'function', function: { name, arguments: JSON.stringify(shown) } },
        ],
      });
      // What it gave: each `⎿` line and the lines indented under it.
      let out: string[] = [];
      let j = at;
      while (j < lines.length && RESULT.test(lines[j] as string)) {
        const end = goesOn(lines, j + 1, 4, answers);
        out.push(
          [RESULT.exec(lines[j] as string)?.[1] ?? '', ...under(lines, j + 1, end, 5)]
            .join('\n')
            .trim(),
        );
        j = end;
        const next = skipBlank(lines, j);
        if (next < lines.length && RESULT.test(lines[next] as string)) j = next;
      }
      if (out.some((o) => !PENDING.test(o))) out = out.filter((o) => !PENDING.test(o));
      messages.push({ role: 'tool', tool_call_id: id, content: out.join('\n') });
      i = j;
      continue;
    }
    // The reply's words: the line and what goes on under it.
    const end = goesOn(lines, i + 1, 2, answers);
    words.add([line.slice(2), ...under(lines, i + 1, end, 2)].join('\n'));
    i = end;
  }
  flush();
  return { messages, calls, folded };
}

/** What reading a screen loses, for the note. */
function caveat(read: Read): string {
  const folded =
    read.folded === 0
      ? ''
      : ` ${plural(read.folded, 'call')} Claude Code folded into lines such as \`Read 4 files, listed 1 directory\` ${read.folded === 1 ? 'is' : 'are'} not shown and not read.`;
  return `${plural(read.calls, 'tool call')} read from its \`⏺ Tool(…)\` lines, each answered by the \`⎿\` lines under it: a call's arguments are what the screen shows of them (Claude Code's summary of its input, a command or a path, cut where it cut it), so signatures differ from the session's own though a repeated call still reads as a repeat, and an answer is what the screen kept of it; the screen shows no call ids and not which calls one reply made, so each call is a reply of its own.${folded} The session's own JSON Lines (\`~/.claude/projects\`) hold the calls whole.`;
}

/** A screen as the chat it shows, and a note. */
export function claudeScreenAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = claudeScreenRead(text);
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as Claude Code's terminal screen, copied as text: ${caveat(read)}`,
  });
}

/**
 * The part of a screen still being written that can be read now: up to its last call, reply or
 * prompt, which may still grow; all of it once the turn is over (Claude Code prints how long it
 * worked, `✻ Crunched for 36s`, or waits at an empty prompt).
 */
export function claudeScreenComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = screenLine(lines[i] as string);
    if (/^✻ \S.* for \d/.test(l) || /^[>❯]$/.test(l)) return text;
    if (DOT.test(l) || PROMPT.test(l)) return lines.slice(0, i).join('\n');
  }
  return '';
}
