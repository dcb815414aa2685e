// Windsurf's and Antigravity's markdown export of a Cascade chat, read back as the chat it shows.
import { closesFence, fenceOpening } from './fences';
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { Shows, shownArgs, shownCaveats, shownCounts, type ShownCounts } from './shownInput';

/**
 * Windsurf's Cascade panel and Google Antigravity export a conversation as markdown (their
 * source is not public; the layout is saved exports': markashton480/sum-platform
 * `docs/dev/M4/M4-011_chat.md` @0ebfaa33d8 and the other chats beside it): `# Chat Conversation` (or `# Cascade Chat Conversation`), a note that it "is purely
 * the output of the chat conversation", then `### User Input` and `### Planner Response`
 * sections, and each tool step between them as a line in italics that summarises it:
 * `*Viewed [a.ts](file:///…) *`, `*User accepted the command \`make test\`*`, `*Edited
 * relevant file*`, `*Checked command status*`. The tools are Cascade's own, named as its
 * prompt names them (x1xhlol/system-prompts-and-models-of-ai-tools `Windsurf/Prompt.md`
 * @fcde182277: `view_file`, `run_command`, `command_status`, `grep_search`, `find_by_name`,
 * `codebase_search`, `list_dir`, `search_web`, `read_url_content`, `edit_file`, …).
 */
const HEADER = /^# (?:Cascade )?Chat Conversation[ \t]*$/;
export const CASCADE_NOTE = 'This is purely the output of the chat conversation';
const TURN = /^### (User Input|Planner Response)\s*$/;
const STEP = /^\*(\S[\s\S]*?)\s*\*$/;
const LINK = /\[([^\]]*)\]\(([^)\s]+)\)/;

interface Form {
  readonly re: RegExp;
  readonly tool: string;
  readonly shows: Shows;
}

/** Cascade's steps as its export words them; `(.*)` is what a line shows of the input. */
const FORMS: readonly Form[] = [
  { re: /^User accepted the command `([\s\S]*)`$/, tool: 'run_command', shows: Shows.Input },
  {
    re: /^Ran (?:background )?(?:terminal )?command `(.*)`$/,
    tool: 'run_command',
    shows: Shows.Input,
  },
  { re: /^Checked command status$/, tool: 'command_status', shows: Shows.Nothing },
  { re: /^Read terminal output(?:: (.*))?$/, tool: 'read_terminal', shows: Shows.Input },
  { re: /^Viewed (\[.*)$/, tool: 'view_file', shows: Shows.Input },
  { re: /^Analyzed (\[.*)$/, tool: 'view_file_outline', shows: Shows.Input },
  { re: /^Viewed code item(?: (.*))?$/, tool: 'view_code_item', shows: Shows.Input },
  { re: /^Listed directory (\[.*)$/, tool: 'list_dir', shows: Shows.Input },
  { re: /^Searched filesystem$/, tool: 'find_by_name', shows: Shows.Nothing },
  { re: /^Grep searched codebase$/, tool: 'grep_search', shows: Shows.Nothing },
  { re: /^Semantic searched codebase$/, tool: 'codebase_search', shows: Shows.Nothing },
  { re: /^Searched web(?: for (.*))?$/, tool: 'search_web', shows: Shows.Input },
  {
    re: /^Read (?:URL content from|URL|page|web page)(?: (.*))?$/,
    tool: 'read_url_content',
    shows: Shows.Input,
  },
  { re: /^Edited relevant file$/, tool: 'edit_file', shows: Shows.Change },
  { re: /^(?:Edited|Created) (?:file )?(\[.*)$/, tool: 'edit_file', shows: Shows.Change },
  { re: /^Proposed code$/, tool: 'propose_code', shows: Shows.Change },
  {
    re: /^(?:Planned for action|Updated (?:the )?plan)$/,
    tool: 'update_plan',
    shows: Shows.Nothing,
  },
  { re: /^Updated todo list$/, tool: 'todo_list', shows: Shows.Nothing },
  {
    re: /^(?:Created|Updated|Deleted) memory(?: (.*))?$/,
    tool: 'create_memory',
    shows: Shows.Input,
  },
  { re: /^Running MCP tool$/, tool: 'mcp_tool', shows: Shows.Nothing },
  { re: /^Read resource from (.*)$/, tool: 'read_resource', shows: Shows.Input },
];
/** A step no form names: a line in italics whose first word is a past tense. */
const OTHER = /^([A-Z][a-z]+(?:ed|Read|Ran))\b(.*)$/;

interface Step {
  readonly tool: string;
  readonly shows: Shows;
  readonly args: string;
}

function stepOf(line: string): Step | null {
  const m = STEP.exec(line.trim());
  if (m === null) return null;
  const said = (m[1] as string).trim();
  for (const f of FORMS) {
    const s = f.re.exec(said);
    if (s === null) continue;
    const shown = (s[1] ?? '').trim();
    // A file is shown as a link: its target is the input, whatever its label.
    const link = LINK.exec(shown);
    return { tool: f.tool, shows: f.shows, args: link !== null ? (link[2] as string) : shown };
  }
  const o = OTHER.exec(said);
  return o === null ? null : { tool: said, shows: Shows.Nothing, args: '' };
}

/** Whether a text is such an export: its header, its note and a step. */
export function isCascadeExport(text: string): boolean {
  const start = text.slice(0, 1024).replace(/^\uFEFF/, '');
  const first = start.split('\n').find((l) => l.trim() !== '') ?? '';
  if (!HEADER.test(first.trimEnd()) || !start.includes(CASCADE_NOTE)) return false;
  return text
    .slice(0, 1 << 20)
    .split('\n')
    .some((l) => stepOf(l) !== null);
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  counts: ShownCounts;
}

function cascadeRead(text: string): Read {
  const read: Read = { messages: [], calls: 0, counts: shownCounts() };
  let role: 'user' | 'assistant' | null = null;
  let said: string[] = [];
  let fence = '';
  const flush = (): void => {
    const t = said.join('\n').trim();
    if (role !== null && t !== '') read.messages.push({ role, content: t });
    said = [];
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    // A command of several lines runs on to the line that closes its backticks and italics.
    if (fence === '' && /^\*User accepted the command `/.test(line) && !/`\s*\*\s*$/.test(line)) {
      let j = i + 1;
      while (j < lines.length && !/`\s*\*\s*$/.test(lines[j] as string)) j++;
      if (j < lines.length) {
        line = lines.slice(i, j + 1).join('\n');
        i = j;
      }
    }
    if (fence !== '') {
      said.push(line);
      if (closesFence(fence, line)) fence = '';
      continue;
    }
    const turn = TURN.exec(line);
    if (turn !== null) {
      flush();
      role = turn[1] === 'User Input' ? 'user' : 'assistant';
      continue;
    }
    const step = stepOf(line);
    if (step !== null) {
      // The words before a step are the reply that made it.
      const words = role === 'assistant' ? said.join('\n').trim() : '';
      if (role === 'user') flush();
      said = [];
      role = 'assistant';
      const id = `cascade-${++read.calls}`;
      const args = shownArgs(step.shows, step.args, id, read.counts);
      read.messages.push({
        role: 'assistant',
        content: words === '' ? null : words,
        tool_calls: [{ id, type: 'function', function: { name: step.tool, arguments: args } }],
      });
      continue;
    }
    fence = fenceOpening(line) ?? '';
    if (role !== null) said.push(line);
  }
  flush();
  return read;
}

/** An export as the chat it shows, and a note. */
export function cascadeExportAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = cascadeRead(text);
  const caveats = shownCaveats(read.counts, 'step', 'line', {
    shown: 'a file, a command',
    blind: '`Checked command status`, `Grep searched codebase`',
  });
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as a Windsurf (Cascade) or Antigravity chat export: ${plural(read.calls, 'tool step')} read from its lines in italics, each a reply of its own, with no answers and no call ids, so a changed answer cannot reset a run.${caveats}`,
  });
}
