// Codex CLI's terminal screen, copied as text, read back as the chat it shows.
import type { ChatJsonMessage } from './chatJson';
import { isJsonObject, ok, parseJson, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { ANSI, goesOn, indent, opensAsJson, screenLines, under, Words } from './terminalText';

/**
 * Codex CLI draws a session in the terminal as cells (openai/codex `codex-rs/tui/src/
 * history_cell.rs` @3a474b91fb and `exec_cell/render.rs` @3a959e3de4): a prompt after `› `, the
 * agent's words after `• `, and each tool call as a cell after `• ` and a title. A command it
 * ran is `• Ran <command>`, the command's further lines after `  │ ` (two at most, then
 * `… +N lines`), its output after `  └ ` and `    ` (five lines at most, the middle cut to
 * `… +N lines`); reads, listings and searches are gathered in one `• Explored` cell, a line
 * each (`Read a, b`, `List <path>`, `Search <query> in <path>`, `Run <command>`), where calls
 * that only read are merged into one `Read` line naming each file once; a patch is
 * `• Edited <path> (+N -M)` (or `Added`, `Deleted`, `Edited N files`) with its diff under it;
 * a plan `• Updated Plan`; an MCP tool `• Called <server>.<tool>(<arguments as JSON>)` (on the
 * lines under `• Called` when too long) with its result under it; a web search
 * `• Searched <query>`; an image `• Viewed Image` and its path; input to a command running in
 * the background `↳ Interacted with background terminal`. Lines go on, wrapped, indented under the line they belong to.
 */
const PROMPT = /^› ?(\S.*)$/;
const BULLET = /^• (.*)$/;
const RAN = /^Ran (.*)$/;
const EXPLORED = /^Explored$/;
/** A patch's cell names its file (or how many) and its lines added and removed. */
const PATCH = /^(?:Edited|Added|Deleted) (.*) \(\+\d+ -\d+\)$/;
const PLAN = /^Updated Plan$/;
const CALLED = /^(?:Called|Calling)(?: (\S+?)\((.*))?$/;
const SEARCHED = /^Searched (.*)$/;
const VIEWED = /^Viewed Image$/;
/** Input sent to, or a wait on, a command running in the background. */
const INTERACTED = /^↳ (Interacted with background terminal.*)$/;
const MORE = /^ {2}│ ?(.*)$/;
/** The status line under the prompt box, and the rule that ends a turn. */
const STATUS = /^\s*\d+% context left\b/;
const WORKED = /^─ Worked for /;
/** A line of an `Explored` cell: what kind of call, and what it named. */
const EXPLORED_LINE = /^(Read|List|Search|Run) (.*)$/;

/** Whether a text shows such a screen: a prompt and a cell of a command run or a patch. */
export function isCodexScreen(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (opensAsJson(head)) return false;
  const t = head.slice(0, 1 << 20).replace(ANSI, '');
  return (
    /^› \S/m.test(t) &&
    /^• (?:Ran \S.*\n {2}[└│]|Explored\n {2}└ (?:Read|List|Search|Run) |Edited \S.* \(\+\d+ -\d+\)$)/m.test(
      t,
    )
  );
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  /** Files named by merged `Read` lines beyond the first of each. */
  merged: number;
  /** Commands cut to their first lines. */
  cut: number;
}

/** The chat a screen shows. */
function codexScreenRead(text: string): Read {
  const lines = screenLines(text);
  const messages: ChatJsonMessage[] = [];
  const words = new Words();
  let calls = 0;
  let merged = 0;
  let cut = 0;
  // An MCP tool's arguments are shown as JSON: read as that JSON where they are whole.
  const call = (name: string, args: string, out: string | null, json = false): void => {
    const id = `codex-screen-${++calls}`;
    const v = json ? parseJson(args) : null;
    const whole =
      v !== null && v.ok && isJsonObject(v.value.value) ? printJson(v.value.value) : null;
    const fn = { name, arguments: whole ?? JSON.stringify(args) };
    messages.push({
      role: 'assistant',
      content: words.take(),
      tool_calls: [{ id, type: 'function', function: fn }],
    });
    if (out !== null) messages.push({ role: 'tool', tool_call_id: id, content: out });
  };
  for (let i = 0; i < lines.length;) {
    const line = lines[i] as string;
    const prompt = PROMPT.exec(line);
    if (prompt !== null) {
      const end = goesOn(lines, i + 1, 2);
      // The box waiting for the next prompt shows a suggestion, and the context left under it.
      if (lines.slice(i + 1, end + 3).some((l) => STATUS.test(l))) {
        i = end;
        continue;
      }
      const t = words.take();
      if (t !== null) messages.push({ role: 'assistant', content: t });
      messages.push({
        role: 'user',
        content: [prompt[1] as string, ...under(lines, i + 1, end, 2)].join('\n').trim(),
      });
      i = end;
      continue;
    }
    const interacted = INTERACTED.exec(line);
    if (interacted !== null) {
      const end = goesOn(lines, i + 1, 2);
      call(
        'write_stdin',
        [interacted[1] as string, outputOf(lines.slice(i + 1, end)) ?? ''].join('\n').trim(),
        '',
      );
      i = end;
      continue;
    }
    const b = BULLET.exec(line);
    if (b === null) {
      i++;
      continue;
    }
    const head = b[1] as string;
    const end = goesOn(lines, i + 1, 2);
    const body = lines.slice(i + 1, end);
    i = end;
    // A command run is drawn alone or with its output under `└` (its lines indented four);
    // words that begin with "Ran" go on, wrapped, indented two.
    const ran =
      body.length === 0 || /^(?: {2}[└│]| {4})/.test(body[0] ?? '') ? RAN.exec(head) : null;
    if (ran !== null) {
      // The command's further lines, then its output.
      const more: string[] = [];
      let k = 0;
      for (; k < body.length && MORE.test(body[k] as string); k++)
        more.push(MORE.exec(body[k] as string)?.[1] ?? '');
      if (more.some((m) => /^… \+\d+ lines$/.test(m.trim()))) cut++;
      const out = outputOf(body.slice(k));
      call('shell', [ran[1] as string, ...more].join('\n'), out);
      continue;
    }
    if (EXPLORED.test(head)) {
      for (const l of body.map((x) => x.replace(/^(?: {2}└ ?| {4})/, ''))) {
        const e = EXPLORED_LINE.exec(l.trim());
        if (e === null) continue;
        if (e[1] === 'Read') {
          const names = (e[2] as string).split(', ');
          merged += names.length - 1;
          for (const n of names) call('shell', `Read ${n}`, null);
        } else call('shell', `${e[1] as string} ${e[2] as string}`, null);
      }
      continue;
    }
    const patch = PATCH.exec(head);
    if (patch !== null) {
      // A patch's diff is what the model wrote: its arguments.
      call('apply_patch', [head, ...under(body, 0, body.length, 4)].join('\n').trimEnd(), '');
      continue;
    }
    if (PLAN.test(head)) {
      call('update_plan', under(body, 0, body.length, 4).join('\n').replace(/^└ ?/, '').trim(), '');
      continue;
    }
    const mcp = CALLED.exec(head);
    if (mcp !== null) {
      // Inline after the title, or on the lines under it when too long, up to its `)`.
      let invocation = mcp[1] === undefined ? '' : `${mcp[1]}(${mcp[2] ?? ''}`;
      let k = 0;
      if (mcp[1] === undefined) {
        for (; k < body.length && !/\)$/.test(invocation); k++) {
          // Wrapped where a space was.
          const l = (body[k] as string).replace(/^(?: {2}└ ?| {4})/, '');
          invocation += invocation === '' ? l : ` ${l}`;
        }
      }
      const m = /^(\S+?)\(([\s\S]*)\)$/.exec(invocation);
      if (m === null) continue;
      const rest = body.slice(k);
      call(m[1] as string, m[2] as string, rest.length === 0 ? null : outputOf(rest), true);
      continue;
    }
    const searched = SEARCHED.exec(head);
    if (searched !== null) {
      call(
        'web_search',
        [searched[1] as string, ...under(body, 0, body.length, 2)].join(' '),
        null,
      );
      continue;
    }
    if (VIEWED.test(head)) {
      call('view_image', outputOf(body) ?? '', '');
      continue;
    }
    words.add([head, ...under(body, 0, body.length, 2)].join('\n'));
  }
  const t = words.take();
  if (t !== null) messages.push({ role: 'assistant', content: t });
  return { messages, calls, merged, cut };
}

/** A command's output as the screen kept it: the lines after `└`, without their indent. */
function outputOf(body: readonly string[]): string | null {
  if (body.length === 0) return null;
  return body
    .map((l) => l.replace(/^(?: {2}└ ?| {4})/, ''))
    .join('\n')
    .trim();
}

/** A screen as the chat it shows, and a note. */
export function codexScreenAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = codexScreenRead(text);
  const merged =
    read.merged === 0
      ? ''
      : ` Codex merges reads in a row into one \`Read\` line that names each file once: ${plural(read.merged, 'file')} named there ${read.merged === 1 ? 'is' : 'are'} read as ${read.merged === 1 ? 'a call' : 'calls'} of ${read.merged === 1 ? 'its' : 'their'} own, and a file read again in a row is not seen, so such loops cannot be.`;
  const cut =
    read.cut === 0
      ? ''
      : ` ${plural(read.cut, 'command')} longer than the screen's two lines ${read.cut === 1 ? 'is' : 'are'} read as far as shown.`;
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as Codex CLI's terminal screen, copied as text: ${plural(read.calls, 'tool call')} read from its cells (\`• Ran\`, \`• Explored\`, \`• Edited\`, \`• Updated Plan\`, \`• Called\`, \`• Searched\`, \`• Viewed Image\`, \`↳ Interacted\`), each a reply of its own (the screen does not show which calls one reply made), with no call ids: a call's arguments are what the screen shows (a command, a patch, a line of an \`Explored\` cell), so signatures differ from the session's own though a repeated call still reads as a repeat, and a command's answer is what the screen kept of its output.${merged}${cut} The session's own record (\`~/.codex/sessions\`) holds the calls whole.`,
  });
}

/**
 * The part of a screen still being written that can be read now: up to its last cell or
 * prompt, which may still grow; all of it once the turn is over (`─ Worked for 2m 3s ─`, or
 * the prompt box waiting with the context left under it).
 */
export function codexScreenComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = (lines[i] as string).replace(ANSI, '');
    if (WORKED.test(l) || STATUS.test(l)) return text;
    if (indent(l) === 0 && (BULLET.test(l) || PROMPT.test(l))) return lines.slice(0, i).join('\n');
  }
  return '';
}
