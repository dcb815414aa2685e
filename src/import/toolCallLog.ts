// Markdown session logs that head each call `### Tool call: <name>`, read as the chat they show.
import { jsonOf, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * Playwright MCP's `--save-session` log (microsoft/playwright-mcp `src/sessionLog.ts`
 * @7e19e1e21b) appends each call as `### Tool call: <name>`, `- Args` and its arguments in a
 * ```json block, then `- Result` or `- Error` and the tool's text in a plain block; what a person
 * did in the browser meanwhile as `### User action: <name>` and its own block; code and snapshot
 * file names as `- Code` and `- Snapshot:` lines. Session exporters of other agents write the
 * same heading over a JSON block, with `## User` and `## Assistant` sections for the turns and a
 * `### Tool result` heading (or `**Tool result**`) over the answer. Amp's thread export
 * (`amp threads markdown`; the CLI's source is not public, the layout is a saved export's:
 * hamelsmu/ai-jup `_threads/011_Review_msglm_for_ai-jup_extension_improvements.md` @684250359e)
 * writes a call as ``**Tool Use:** `<name>` `` over its input's JSON block, the calls of one
 * reply one after another in its `## Assistant` section, and each answer as ``**Tool Result:**
 * `<call id>` `` over a block under `## User`.
 */
const CALL = /^(?:#{2,4} Tool [Cc]all: (.+?)|\*\*Tool Use:\*\* `([^`]+)`)\s*$/;
/** Amp's form, whose calls in a row are the calls of one reply. */
const TOOL_USE = /^\*\*Tool Use:\*\*/;
/**
 * A call named on a line of its own over its JSON input, as opencode's `/export` writes one
 * with tool details (`Tool: read`, then `**Input:**` over a JSON block, then `**Output:**`): a
 * call only where that labelled block is there (a tool's name over a block of JSON alone may
 * be its definition, as servers' READMEs list their tools).
 */
const NAMED = /^(?:\*\*)?Tool: `?([\w.:-]+)`?(?:\*\*)?\s*$/;
const INPUT_LABEL = /^\*\*Input:\*\*\s*$/;

/** Whether line `i` names a call over its labelled input's block. */
function namedCall(lines: readonly string[], i: number): RegExpExecArray | null {
  const m = NAMED.exec(lines[i] as string);
  if (m === null || !INPUT_LABEL.test(nextLine(lines, i + 1))) return null;
  return parsedBlock(lines, i) === undefined ? null : m;
}
/** A call labelled without its name, which its JSON block holds: `{ name, input }`. */
const LABEL = /^\*\*Tool [Cc]all\*\*:?\s*$/;
const RESULT =
  /^(?:#{2,4} Tool [Rr]esult\b.*|\*\*Tool (?:[Rr]esult|(Cancelled)):?\*\*.*|- (Result|Error)|\*\*Output:\*\*)\s*$/;
const USER_ACTION = /^#{2,4} User action: (.+?)\s*$/;
const TURN = /^## (?:Message \d+ - )?(User|Assistant|Agent)\b.*$/;
const HEADING = /^#{1,4} /;
const FENCE = /^(`{3,}|~{3,})/;

/** Whether a text is such a log: no JSON itself, and a call heading over a JSON block. */
export function isToolCallLog(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return false;
  const lines = text.slice(0, 1 << 20).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const label = LABEL.test(line);
    if (!label && !CALL.test(line) && namedCall(lines, i) === null) continue;
    const block = blockAt(lines, i + 1);
    const value = block === null ? undefined : jsonOf(block.text);
    if (label ? labelledCall(value) !== null : value !== undefined) return true;
  }
  return false;
}

/**
 * A labelled block's call: its name and its input (`{ name, input }`, as CodeRhapsody's
 * conversation history writes it: waywardgeek/gemini-cli
 * `cr/conversations/architectural-insight-single-queue.md` @fe77904551), or null.
 */
function labelledCall(v: unknown): { name: string; args: unknown; id: string | null } | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o['name'] !== 'string' || o['name'] === '') return null;
  const k = ['input', 'arguments', 'args'].find((x) => x in o);
  if (k === undefined) return null;
  const id = typeof o['id'] === 'string' ? o['id'] : null;
  return { name: o['name'], args: o[k], id };
}

/**
 * The part of a log still being written that holds whole entries only: all of it where it ends
 * in a blank line outside any block, as each entry does, or in a whole line of a turn's words,
 * else up to the last heading (the entry under it may still grow).
 */
export function toolCallLogComplete(text: string): string {
  let fences = 0;
  const lines = text.split('\n');
  for (const line of lines) if (FENCE.test(line)) fences++;
  if (fences % 2 === 0 && /\n\r?\n$/.test(text)) return text;
  // A turn's words at the end, on whole lines after its heading: no call or answer is still
  // coming (a block's lines are no turn's words).
  if (text.endsWith('\n')) {
    let k = lines.length - 1;
    while (k >= 0 && !/^(?:#|\*\*|- |Tool: |`{3,}|~{3,})/.test((lines[k] as string).trim())) k--;
    if (k >= 0 && TURN.test(lines[k] as string) && k < lines.length - 2) return text;
  }
  const heading = /^#{2,4} /gm;
  let at = 0;
  for (let m = heading.exec(text); m !== null; m = heading.exec(text)) at = m.index;
  return text.slice(0, at);
}

/** The fenced block that opens within the next few lines (past `- Args` and blank ones), or null. */
function blockAt(lines: readonly string[], from: number): { text: string; end: number } | null {
  for (let i = from; i < Math.min(lines.length, from + 4); i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    const open = FENCE.exec(line);
    if (open === null) {
      if (line.trim() === '' || /^(?:- (Args|Input)|\*\*Input:\*\*)\s*$/.test(line)) continue;
      return null;
    }
    const j = blockEnd(lines, i, open[1] as string);
    return { text: lines.slice(i + 1, j).join('\n'), end: j };
  }
  return null;
}

/**
 * The line that closes the block opening at line `i` with `fence` (past the end where none
 * does). Exporters that write a tool's answer inside a fence as long as its own fences leave
 * those inner blocks in it: a fence with a language after it opens one, and the next bare fence
 * closes it, not the answer's block.
 */
function blockEnd(lines: readonly string[], i: number, fence: string): number {
  let depth = 0;
  let j = i + 1;
  for (; j < lines.length; j++) {
    const t = (lines[j] as string).replace(/\r$/, '').trimEnd();
    if (!t.startsWith(fence)) continue;
    if (t.replace(/[`~]/g, '') !== '') depth++;
    else if (depth === 0) break;
    else depth--;
  }
  return j;
}

const OMITTED = /^\[\.\.\. [\w ]+ omitted in markdown version \.\.\.\]$/;

/** A call's input with the strings its export left out made the call's own; as given if none. */
function leftOut(args: unknown, id: string): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const o = args as Record<string, unknown>;
  if (!Object.values(o).some((v) => typeof v === 'string' && OMITTED.test(v))) return args;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o))
    out[k] = typeof v === 'string' && OMITTED.test(v) ? `${v} (${id})` : v;
  return out;
}

/** The value of the block under line `i`, if it parses. */
function parsedBlock(lines: readonly string[], i: number): unknown {
  const block = blockAt(lines, i + 1);
  return block === null ? undefined : jsonOf(block.text);
}

/** The first line from `from` on that is not blank ('' past the end). */
function nextLine(lines: readonly string[], from: number): string {
  for (let i = from; i < lines.length; i++)
    if ((lines[i] as string).trim() !== '') return lines[i] as string;
  return '';
}

/** The log as an OpenAI chat message list (JSON text) and a note. */
export function toolCallLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: ChatJsonMessage[] = [];
  let calls = 0;
  let results = 0;
  let actions = 0;
  let omitted = 0;
  // The calls no result has answered yet, oldest first.
  let open: string[] = [];
  // The call whose heading was read last, until anything else is.
  let just: string | null = null;
  let turn: { role: 'user' | 'assistant'; lines: string[] } | null = null;
  const endTurn = (): void => {
    if (turn === null) return;
    const said = turn.lines.join('\n').trim();
    if (said !== '') out.push({ role: turn.role, content: said });
    turn = null;
  };
  // A new turn, or a person's action: no result after it answers a call before it.
  const breakRun = (): void => {
    endTurn();
    open = [];
    just = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const call = CALL.exec(line) ?? namedCall(lines, i);
    const labelled = call === null && LABEL.test(line) ? labelledCall(parsedBlock(lines, i)) : null;
    if (call !== null || labelled !== null) {
      endTurn();
      const block = blockAt(lines, i + 1);
      const value = block === null ? undefined : jsonOf(block.text);
      // Some exporters wrap the arguments with the call's id: `{ callId, arguments }`.
      const wrapped =
        typeof value === 'object' && value !== null && 'arguments' in value && 'callId' in value;
      const rec = value as { arguments?: unknown; callId?: unknown } | undefined;
      const id =
        labelled?.id ??
        (wrapped && typeof rec?.callId === 'string' ? rec.callId : `toolcall-${calls + 1}`);
      const given = labelled !== null ? labelled.args : wrapped ? rec?.arguments : (value ?? {});
      // Amp's export leaves an edit's strings out: two edits of a file must not read as one.
      const args = leftOut(given, id);
      if (args !== given) omitted++;
      const named = call === null ? null : ((call[1] ?? call[2]) as string);
      const c = {
        id,
        type: 'function' as const,
        function: {
          name: labelled?.name ?? (named as string),
          arguments: JSON.stringify(args ?? {}),
        },
      };
      // Each heading is a reply of its own: the logs keep no sign of which calls one reply
      // made together, and Playwright MCP's runs them one by one. Amp's calls in a row, with
      // nothing between them, are one reply's.
      const prev = out.at(-1);
      if (TOOL_USE.test(line) && just !== null && prev?.tool_calls !== undefined)
        prev.tool_calls.push(c);
      else out.push({ role: 'assistant', content: null, tool_calls: [c] });
      open.push(id);
      just = id;
      calls++;
      if (block !== null) i = block.end;
      continue;
    }
    const result = RESULT.exec(line);
    if (result !== null && open.length > 0) {
      const block = blockAt(lines, i + 1);
      // A result right under its call is that call's (Playwright MCP writes none for a call
      // that returned no text); else results answer the open calls in order.
      const k = just !== null ? open.indexOf(just) : -1;
      const id = (k >= 0 ? open.splice(k, 1)[0] : open.shift()) as string;
      just = null;
      const body = block?.text ?? '';
      const failed = result[2] === 'Error' ? 'Error' : result[1];
      out.push({
        role: 'tool',
        tool_call_id: id,
        content: failed === undefined ? body : body === '' ? failed : `${failed}: ${body}`,
      });
      results++;
      if (block !== null) i = block.end;
      if (block !== null && /^(`{3,}|~{3,})\s*$/.test(lines[i + 1] ?? '')) i++;
      continue;
    }
    const action = USER_ACTION.exec(line);
    if (action !== null) {
      // A person's action in the browser breaks the run, as a person typing does.
      breakRun();
      const block = blockAt(lines, i + 1);
      out.push({ role: 'user', content: `User action: ${action[1] as string}` });
      actions++;
      if (block !== null) i = block.end;
      continue;
    }
    const said = TURN.exec(line);
    if (said !== null) {
      // A user turn that only hands back a result (as Anthropic's API has it) continues the run.
      if (said[1] === 'User' && RESULT.test(nextLine(lines, i + 1))) {
        endTurn();
        // Results handed back so answer the open calls in order.
        just = null;
        continue;
      }
      breakRun();
      turn = { role: said[1] === 'User' ? 'user' : 'assistant', lines: [] };
      continue;
    }
    const fence = FENCE.exec(line);
    // opencode wraps each detailed call in a plain fence of its own around its inner blocks:
    // that fence opens over the call's line and closes after its output's block.
    if (fence !== null && line.trim() === fence[1] && NAMED.test(nextLine(lines, i + 1))) continue;
    if (fence !== null) {
      // A block of its own (the code a call ran, a turn's snippet) is read past whole.
      const j = blockEnd(lines, i, fence[1] as string);
      if (turn !== null) turn.lines.push(...lines.slice(i, j + 1));
      i = j;
    } else if (HEADING.test(line)) endTurn();
    else if (turn !== null) turn.lines.push(line);
  }
  endTurn();
  const input = inputLabel(name, 'the input');
  const by =
    actions > 0
      ? `; ${plural(actions, 'action')} a person took in the browser, each a user turn`
      : '';
  return ok({
    text: JSON.stringify(out),
    note: `Read ${input} as a markdown session log of ${plural(calls, 'tool call')} under \`Tool call\` headings or labels, ${results} with a result (numbered where it names no id)${by}.${omitted > 0 ? ` ${plural(omitted, 'call')} ${omitted === 1 ? 'has' : 'have'} input the export left out (\`[... omitted in markdown version ...]\`): each is read as a call of its own, never a repeat of another.` : ''}`,
  });
}
