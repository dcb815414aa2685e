// Cline's and its forks' chat panel copied as text: each call a row headed `Cline wants to …`.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { opensAsJson } from './terminalText';
import { Shows, shownArgs, shownCaveats, shownCounts, type ShownCounts } from './shownInput';

/**
 * Cline draws each tool call as a row under a bold header that names the agent and says what
 * it wants to do or did (cline/cline `webview-ui/src/components/chat/ChatRow.tsx` @0014234a2d:
 * `Cline wants to read this file:`, `Cline viewed the top level files in this directory:`,
 * `Cline wants to use a tool on the \`server\` MCP server:`, `Task Completed`), over the
 * file's path (ending in U+200E), the command in a fence, or the MCP tool's name, description
 * and `Arguments`. Its forks keep the rows under their own name: Roo Code
 * (RooCodeInc/Roo-Code `webview-ui/src/i18n/locales/en/chat.json` @003a2057c1: `Roo wants to
 * edit this file`, `Roo has a question`), Kilo Code, BLACKBOX, Claude Dev. Selecting the panel
 * and copying it gives those headers as lines, the buttons' labels (`Checkpoint`, `Compare`,
 * `Restore`, `Auto-approve`) as lines of their own, and, where the row was folded, no path.
 * The tool each header stands for is the one the agent's prompt names (`read_file`,
 * `execute_command`, `use_mcp_tool`, …), with the parameters it shows.
 */
const AGENT = String.raw`([\p{L}][\p{L}\p{N}._-]*(?: [\p{Lu}][\p{L}\p{N}._-]*)?)`;

/** What a header stands for: the tool, what of its input follows the header, its parameter. */
interface Kind {
  readonly tool: string;
  /** `path`: a path on the next line; `command`: a fence or a line; `mcp`, `group`: below. */
  readonly takes: 'path' | 'line' | 'command' | 'mcp' | 'group' | 'none';
  readonly change?: boolean;
  /** The parameter the header's own text or the line under it fills. */
  readonly param?: string;
  /** Parameters the header itself says. */
  readonly fixed?: Readonly<Record<string, string>>;
  /** For a change, the parameter its fenced text under the path fills (`diff`, `content`). */
  readonly body?: string;
}

const OUTSIDE = String.raw`(?: outside of the workspace| \(outside workspace\))?`;
/** Each header's words after the agent's name, in the order they are tried. */
const HEADERS: readonly [RegExp, Kind | ((m: RegExpExecArray) => Kind)][] = [
  [
    new RegExp(String.raw`^(?:wants to read this file${OUTSIDE}|read this file)$`),
    { tool: 'read_file', takes: 'path', param: 'path' },
  ],
  [
    /^wants to read (?:multiple files|this file and \d+ more)$/,
    { tool: 'read_file', takes: 'none' },
  ],
  [/^read (?:\d+ files?(?:, \d+ folders?)?|\d+ folders?)$/, { tool: 'read_file', takes: 'group' }],
  [
    new RegExp(
      String.raw`^(?:wants to edit this file${OUTSIDE}|is creating patches to edit this file|wants to edit a protected configuration file)$`,
    ),
    { tool: 'replace_in_file', takes: 'path', param: 'path', change: true, body: 'diff' },
  ],
  [
    /^wants to apply changes to multiple files$/,
    { tool: 'apply_diff', takes: 'none', change: true },
  ],
  [
    /^wants to create a new file$/,
    { tool: 'write_to_file', takes: 'path', param: 'path', change: true, body: 'content' },
  ],
  [
    /^wants to (?:insert content into this file(?: at line \d+)?|append content to the end of this file)$/,
    { tool: 'insert_content', takes: 'path', param: 'path', change: true, body: 'content' },
  ],
  [
    /^wants to delete this file$/,
    { tool: 'delete_file', takes: 'path', param: 'path', change: true },
  ],
  [/^wants to execute this command$/, { tool: 'execute_command', takes: 'command' }],
  [
    /^wants to use a tool on the (.+?) MCP server$/,
    (m) => ({ tool: 'use_mcp_tool', takes: 'mcp', fixed: { server_name: unquote(m[1]) } }),
  ],
  [
    /^wants to access a resource on the (.+?) MCP server$/,
    (m) => ({
      tool: 'access_mcp_resource',
      takes: 'line',
      param: 'uri',
      fixed: { server_name: unquote(m[1]) },
    }),
  ],
  [
    new RegExp(
      String.raw`^(?:wants to view|viewed) the top level files in this directory${OUTSIDE}$`,
    ),
    { tool: 'list_files', takes: 'path', param: 'path' },
  ],
  [
    new RegExp(
      String.raw`^(?:wants to recursively view|recursively viewed) all files in this directory${OUTSIDE}$`,
    ),
    { tool: 'list_files', takes: 'path', param: 'path', fixed: { recursive: 'true' } },
  ],
  [
    /^(?:wants to view|viewed) source code definition names used in this directory$/,
    { tool: 'list_code_definition_names', takes: 'path', param: 'path' },
  ],
  [
    new RegExp(String.raw`^(?:wants to search|searched) this directory${OUTSIDE} for (.+)$`),
    (m) => ({
      tool: 'search_files',
      takes: 'path',
      param: 'path',
      fixed: { regex: unquote(m[1]) },
    }),
  ],
  [
    /^wants to search the codebase for (.+?)(?: in (.+))?$/,
    (m) => ({
      tool: 'codebase_search',
      takes: 'none',
      fixed: { query: unquote(m[1]), ...(m[2] === undefined ? {} : { path: unquote(m[2]) }) },
    }),
  ],
  [
    /^(?:wants to fetch|fetched) content from this URL$/,
    { tool: 'web_fetch', takes: 'line', param: 'url' },
  ],
  [
    /^(?:wants to search|searched) the web for$/,
    { tool: 'web_search', takes: 'line', param: 'query' },
  ],
  [/^wants to use the browser$/, { tool: 'browser_action', takes: 'none' }],
  [
    /^(?:wants to switch|switched) to (.+?) mode(?: because: .*)?$/,
    (m) => ({ tool: 'switch_mode', takes: 'none', fixed: { mode_slug: unquote(m[1]) } }),
  ],
  [
    /^wants to create a new subtask in (.+?) mode$/,
    (m) => ({ tool: 'new_task', takes: 'none', fixed: { mode: unquote(m[1]) } }),
  ],
  [/^has a question$/, { tool: 'ask_followup_question', takes: 'line', param: 'question' }],
  [/^loaded the skill$/, { tool: 'use_skill', takes: 'line', param: 'skill' }],
];

/** Rows with no agent's name: the end of a task or a plan, as the agent's last call. */
const BARE: ReadonlyMap<string, Kind> = new Map([
  ['Task Completed', { tool: 'attempt_completion', takes: 'none' }],
  ['Plan Created', { tool: 'plan_mode_respond', takes: 'none' }],
]);

/** The panel's buttons and labels, copied as lines of their own. */
const CHROME = new Set([
  'Checkpoint',
  'Initial Checkpoint',
  'Compare',
  'Restore',
  'Thinking',
  'Auto-approve',
  'Arguments',
  'Response',
  'Completed',
  'Skipped',
  'Failed',
  'Cancelled',
  'Rejected',
  'You can try again',
  'Running',
  'Pending',
  'Command Output',
  'See more',
  'See less',
  'Plain TextRich DisplayMarkdown',
  'The model has determined this command requires explicit approval.',
]);

const HEADER = new RegExp(String.raw`^${AGENT} (.+?):?\s*$`, 'u');
const FENCE = /^(`{3,}|~{3,})/;
/** A path as a row shows it: the mark Cline ends it with, or a word with a slash or a suffix. */
const PATH = /^(?:.*\u200E\s*|[^\s]*[/\\][^\s]*|[^\s]+\.[A-Za-z0-9]{1,8})$/;

function unquote(s: string | undefined): string {
  return (s ?? '').replace(/^`(.*)`$/, '$1').replace(/^"(.*)"$/, '$1');
}

interface Header {
  readonly agent: string;
  readonly kind: Kind;
}

function headerAt(line: string): Header | null {
  const t = line.trim();
  const bare = BARE.get(t);
  if (bare !== undefined) return { agent: '', kind: bare };
  const m = HEADER.exec(t);
  if (m === null) return null;
  const rest = m[2] as string;
  for (const [re, kind] of HEADERS) {
    const k = re.exec(rest);
    if (k !== null)
      return { agent: m[1] as string, kind: typeof kind === 'function' ? kind(k) : kind };
  }
  return null;
}

/** The agent whose rows a text shows, where at least two rows name the same one. */
function agentOf(lines: readonly string[]): string | null {
  const seen = new Map<string, number>();
  for (const l of lines) {
    if (!/ (?:wants to|viewed|read|searched|fetched|switched|has a question|is creating)/.test(l))
      continue;
    const h = headerAt(l);
    if (h === null || h.agent === '') continue;
    const n = (seen.get(h.agent) ?? 0) + 1;
    if (n >= 2) return h.agent;
    seen.set(h.agent, n);
  }
  return null;
}

/** Whether a text is such a copy: two rows of one agent's. */
export function isClinePanel(text: string): boolean {
  if (opensAsJson(text)) return false;
  return agentOf(text.slice(0, 1 << 20).split(/\r?\n/)) !== null;
}

/**
 * The part of a copy still being written that holds whole rows only: up to its last row, whose
 * path, command or output may still be coming.
 */
export function clinePanelComplete(text: string): string {
  const lines = text.split('\n');
  const agent = agentOf(lines.map((l) => l.replace(/\r$/, '')));
  if (agent === null) return text;
  for (let i = lines.length - 1; i >= 0; i--) {
    const h = headerAt(lines[i] as string);
    if (h !== null && (h.agent === agent || h.agent === '')) return lines.slice(0, i).join('\n');
  }
  return text;
}

interface Read {
  readonly messages: ChatJsonMessage[];
  readonly calls: number;
  readonly answered: number;
  readonly counts: ShownCounts;
  readonly agent: string;
}

/** The copy's calls in order, the words between them as the agent's, its opening as the task. */
function clinePanelRead(text: string): Read {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  const agent = agentOf(lines) ?? '';
  const rows: { at: number; kind: Kind }[] = [];
  lines.forEach((l, at) => {
    const h = headerAt(l);
    if (h !== null && (h.agent === agent || h.agent === '')) rows.push({ at, kind: h.kind });
  });
  const messages: ChatJsonMessage[] = [];
  const counts = shownCounts();
  let answered = 0;
  const words = (from: number, to: number, role: 'user' | 'assistant'): void => {
    const said = lines
      .slice(from, to)
      .filter((l) => !CHROME.has(l.trim()))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (said !== '') messages.push({ role, content: said });
  };
  /** The text before the first row: the task, up to the panel's first button, then words. */
  const opening = (to: number): void => {
    let k = 0;
    while (k < to && !CHROME.has((lines[k] as string).trim())) k++;
    words(0, k, 'user');
    words(k, to, 'assistant');
  };
  /** The next line from `k` before `end` that is neither blank nor a button's label. */
  const next = (k: number, end: number): number => {
    while (
      k < end &&
      ((lines[k] as string).trim() === '' || CHROME.has((lines[k] as string).trim()))
    )
      k++;
    return k;
  };
  /** The fence opening at `k`, its text and the line after it. */
  const fence = (k: number, end: number): { body: string; after: number } | null => {
    const open = FENCE.exec(lines[k] ?? '');
    if (open === null || k >= end) return null;
    let j = k + 1;
    while (j < end && !(lines[j] as string).startsWith(open[1] as string)) j++;
    return { body: lines.slice(k + 1, j).join('\n'), after: j + 1 };
  };
  const clean = (s: string): string => s.replace(/\u200E/g, '').trim();
  let id = 0;
  const call = (kind: Kind, input: Record<string, string> | null, answer?: string): void => {
    const callId = `panel-${++id}`;
    let args: string;
    if (input === null || Object.keys(input).length === 0)
      args = shownArgs(kind.change === true ? Shows.Change : Shows.Nothing, '', callId, counts);
    else if (kind.change === true && (kind.body === undefined || input[kind.body] === undefined))
      args = shownArgs(Shows.Change, input[kind.param ?? ''] ?? '', callId, counts);
    else {
      counts.shown++;
      args = JSON.stringify(input);
    }
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: callId, type: 'function', function: { name: kind.tool, arguments: args } },
      ],
    });
    if (answer !== undefined) {
      answered++;
      messages.push({ role: 'tool', tool_call_id: callId, content: answer });
    }
  };
  let from = 0;
  rows.forEach((row, r) => {
    if (r === 0) opening(row.at);
    else words(from, row.at, 'assistant');
    const end = rows[r + 1]?.at ?? lines.length;
    const kind = row.kind;
    const input: Record<string, string> = { ...kind.fixed };
    let k = next(row.at + 1, end);
    let answer: string | undefined;
    const line = clean(lines[k] ?? '');
    if (kind.takes === 'group') {
      // A group of reads auto-approved together: a row for each file or folder listed.
      while (k < end && PATH.test(lines[k] as string) && !FENCE.test(lines[k] as string)) {
        const path = clean(lines[k] as string);
        const folder = path.endsWith('/');
        call({ tool: folder ? 'list_files' : 'read_file', takes: 'path' }, { path });
        k = next(k + 1, end);
      }
      from = k;
      return;
    }
    if (k < end && kind.takes === 'path' && PATH.test(lines[k] as string) && line !== '') {
      input[kind.param as string] = line;
      k = next(k + 1, end);
      // An edit shows its blocks' count, then the change itself in a fence.
      if (kind.body !== undefined) {
        if (/^\d+$/.test((lines[k] ?? '').trim())) k = next(k + 1, end);
        const f = fence(k, end);
        if (f !== null) {
          input[kind.body] = f.body;
          k = f.after;
        }
      }
    } else if (k < end && kind.takes === 'line' && line !== '') {
      input[kind.param as string] = line;
      k++;
    } else if (k < end && kind.takes === 'command') {
      const f = fence(k, end);
      if (f !== null) {
        input.command = f.body.trim();
        k = next(f.after, end);
        const out = fence(k, end);
        if (out !== null) {
          answer = out.body;
          k = out.after;
        }
      } else if (line !== '') {
        input.command = line;
        k++;
      }
    } else if (k < end && kind.takes === 'mcp' && /^[\w.-]+$/.test(line)) {
      input.tool_name = line;
      // Its description, then `Arguments` over their JSON, fenced or as printed.
      let a = row.at + 1;
      while (a < end && (lines[a] as string).trim() !== 'Arguments') a++;
      const at = next(a + 1, end);
      const f = a < end ? fence(at, end) : null;
      let json: string | null = f?.body ?? null;
      if (f === null && a < end && (lines[at] ?? '').trim() === '{') {
        let j = at;
        while (j < end && (lines[j] as string) !== '}') j++;
        json = lines.slice(at, j + 1).join('\n');
      }
      if (json !== null) {
        try {
          input.arguments = JSON.stringify(JSON.parse(json));
        } catch {
          input.arguments = json.trim();
        }
      }
      k = f?.after ?? k + 1;
    }
    call(kind, kind.takes === 'none' && kind.fixed === undefined ? null : input, answer);
    from = Math.min(k, end);
  });
  if (rows.length === 0) opening(lines.length);
  else words(from, lines.length, 'assistant');
  return { messages, calls: id, answered, counts, agent };
}

/** The copy as an OpenAI chat message list (JSON text) and a warning. */
export function clinePanelAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = clinePanelRead(text);
  const caveats = shownCaveats(read.counts, 'call', 'row', {
    shown: 'a path, a command, an MCP tool’s arguments',
    blind: 'a row folded before it was copied, `Task Completed`',
  });
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as ${read.agent}'s chat panel copied as text: ${plural(read.calls, 'tool call')} read from the rows that head them (\`${read.agent} wants to read this file:\`, \`Task Completed\`, …), each a reply of its own as the agent makes them, as the tool its prompt names; ${plural(read.answered, 'command')} answered by the output shown under ${read.answered === 1 ? 'it' : 'them'}, no other call's answer; the text before the first row as the task, all other words as the agent's (the copy does not mark what the user said later); no call ids.${caveats}`,
  });
}
