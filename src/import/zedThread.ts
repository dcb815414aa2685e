// Zed's agent threads saved as markdown, read as the chat they show.
import { closesFence } from './fences';
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * Zed's agent panel saves a thread as markdown (zed-industries/zed
 * `crates/acp_thread/src/acp_thread.rs` @f74aa241ed, `AgentThreadEntry::to_markdown`): a user
 * message as `## User` and its text, an assistant's as `## Assistant` and its text (thoughts in
 * `<thinking>` blocks), each tool call as `**Tool Call: <label>**`, `Status: <status>` and its
 * content (a file's text in a block, a diff, a command's output) up to the next entry. The label
 * is the title the tool gave itself (``Read file `a.ts` ``, ``Search files for regex `x` ``, a
 * command), not its name and arguments, and the thread keeps no call id.
 */
const TURN = /^## (User|Assistant)(?: \([^)\n]*\))?[ \t]*$/;
const CALL = '**Tool Call: ';
/** How many lines a label may run over (a command of several lines is shown whole). */
const MAX_LABEL_LINES = 200;
const STATUS = /^Status: (.+?)[ \t]*$/;
/** Other entries (`## Plan`, a compaction mark) end what came before and say nothing to replay. */
const OTHER = /^(?:## Plan[ \t]*|--- Context Compacted ---[ \t]*)$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
/** The statuses under which the call ran; any other (`Canceled`, `Rejected`) is its answer. */
const RAN = new Set(['Completed', 'Failed']);

/** Whether a text is such a thread: a turn heading first, and a call with its status after. */
export function isZedThread(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const first = start.slice(0, start.indexOf('\n') >>> 0).replace(/\r$/, '');
  return (
    TURN.test(first) && /\n\*\*Tool Call: [^\n]*\*\*\r?\nStatus: /.test(start.slice(0, 1 << 20))
  );
}

/**
 * The part of a thread still being written that holds whole entries only: all of it, but a
 * last call (its content may still grow) or a block still open, which wait for the next entry.
 */
export function zedThreadComplete(text: string): string {
  const lines = text.split('\n');
  let at = 0;
  // Where the last entry starts, and whether it is a call.
  let entry = 0;
  let call = false;
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (closesFence(fence, line)) fence = null;
    } else if (open !== null) fence = open[1] as string;
    else if (TURN.test(line) || OTHER.test(line)) [entry, call] = [at, false];
    else if (line.startsWith(CALL) && labelAt(lines, i) !== null) [entry, call] = [at, true];
    at += (lines[i] as string).length + 1;
  }
  return fence !== null || call ? text.slice(0, entry) : text;
}

/** The name a call is shown under: its label's words outside code spans, else the label. */
function nameOf(label: string): string {
  if (!label.includes('`')) return label;
  const words = label
    .replace(/`[^`]*`/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words === '' ? label : words;
}

/**
 * The label of the call whose line opens at `i` (it ends a line in `**`, the status on the
 * next), the status, and the label's last line; null where no status follows.
 */
function labelAt(
  lines: readonly string[],
  i: number,
): { text: string; status: string; end: number } | null {
  for (let j = i; j < Math.min(lines.length - 1, i + MAX_LABEL_LINES); j++) {
    const line = (lines[j] as string).trimEnd();
    const status = STATUS.exec(lines[j + 1] as string);
    if (!line.endsWith('**') || status === null) continue;
    const text = [...lines.slice(i, j), line].join('\n').slice(CALL.length, -2);
    return { text, status: status[1] as string, end: j + 1 };
  }
  return null;
}

/** The thread as an OpenAI chat message list (JSON text) and a warning. */
export function zedThreadAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  const out: ChatJsonMessage[] = [];
  let calls = 0;
  let answered = 0;
  // What is being read: a turn's text, or a call's content.
  let turn: { role: 'user' | 'assistant'; lines: string[] } | null = null;
  let call: { id: string; status: string; lines: string[] } | null = null;
  const end = (): void => {
    if (call !== null) {
      const body = call.lines.join('\n').trim();
      const said = RAN.has(call.status) ? body : [call.status, body].filter((x) => x).join(': ');
      if (said !== '') {
        out.push({ role: 'tool', tool_call_id: call.id, content: said });
        answered++;
      }
      call = null;
    }
    if (turn !== null) {
      const said = turn.lines
        .join('\n')
        .replace(/<thinking>[\s\S]*?<\/thinking>/g, '')
        .trim();
      if (said !== '') out.push({ role: turn.role, content: said });
      turn = null;
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line);
    if (fence !== null) {
      // A block (a file's text, a diff) is read past whole: its headings are not entries.
      let j = i + 1;
      while (j < lines.length && !closesFence(fence[1] as string, lines[j] as string)) j++;
      (call?.lines ?? turn?.lines)?.push(...lines.slice(i, j + 1));
      i = j;
      continue;
    }
    const heading = TURN.exec(line);
    const label = line.startsWith(CALL) ? labelAt(lines, i) : null;
    if (heading !== null) {
      end();
      turn = { role: heading[1] === 'User' ? 'user' : 'assistant', lines: [] };
    } else if (label !== null) {
      end();
      const shown = label.text;
      const id = `zed-${calls + 1}`;
      // A call is a reply of its own: the thread does not say which calls one reply made.
      out.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: nameOf(shown), arguments: JSON.stringify({ title: shown }) },
          },
        ],
      });
      calls++;
      call = { id, status: label.status, lines: [] };
      // What follows is the call's content, up to the next entry.
      i = label.end;
    } else if (OTHER.test(line)) end();
    else (call?.lines ?? turn?.lines)?.push(line);
  }
  end();
  const input = inputLabel(name, 'the input');
  return ok({
    text: JSON.stringify(out),
    note: `Read ${input} as a Zed agent thread saved as markdown: ${plural(calls, 'tool call')}, each named and signed by the title Zed showed for it (\`**Tool Call: …**\`), not by the tool's own name and arguments, so calls shown with one title are one signature; each a reply of its own (the thread does not say which calls one reply made); ${answered} with an answer.`,
  });
}
