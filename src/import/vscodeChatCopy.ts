// VS Code's chat copied with "Copy All" (GitHub Copilot's agent), read back as the chat it shows.
import { closesFence, fenceOpening } from './fences';
import type { ChatJsonMessage } from './chatJson';
import { ok, parseJson, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { opensAsJson, screenLines, Words } from './terminalText';
import { Shows, shownArgs, shownCaveats, shownCounts, type ShownCounts } from './shownInput';

/**
 * VS Code copies a chat (microsoft/vscode `src/vs/workbench/contrib/chat/browser/actions/
 * chatCopyActions.ts`, `stringifyItem`) as its requests and responses two newlines apart, each
 * `<name>: <text>`: the user's account name, then the responder's (`GitHub Copilot`). A response
 * is its parts as text, blocks two newlines apart (`common/model/chatModel.ts`, `partsToRepr`
 * @8c0354598a): the model's markdown, and each tool call as a block of its own, the message its
 * tool gave for it (past tense where it has one: `Read [](file:///…), lines 1 to 80`; `Using
 * "<display name>"` where it has none; `Ran terminal command: <command>` for the terminal), then
 * `Completed with input: <json>` on the next line where the tool reported its input (MCP
 * tools). Edits add one `Made changes.` at the response's end; what a tool gave is not copied.
 * The messages are the Copilot Chat extension's (microsoft/vscode-copilot-chat
 * `src/extension/tools/node/*.tsx` @31acd00a86) and VS Code's own (MCP tools `Ran \`<name>\``,
 * the terminal, the todo list). Copies pasted into notes often lose the blank lines between
 * blocks, so a message is also read on the line after another.
 */
const RESPONDER = /^(?:\*\*)?GitHub Copilot:(?:\*\*)?(?: (.*))?$/;
/** A request's header: a name (an account's, `User`, or none), as a heading where edited. */
const HEADER = /^(?:#{1,3} )?(?:\*\*)?([^\s:`#>*|-][^:\n]{0,38})?:(?:\*\*)? /;
const INPUT = /^Completed with input: ?(.*)$/;
/** An empty link: how a tool's message shows a file, a cell or a browser tab. */
const WIDGET = /\[\]\((?:file|vscode-[a-z-]+|untitled):/;

interface Form {
  readonly re: RegExp;
  /** The name the model calls the tool by (`ToolName` in `src/extension/tools/common/toolNames.ts`). */
  readonly tool: string;
  readonly shows: Shows;
}

const W = String.raw`\[[^\]\n]*\]\([^)\n]*\)`;
const verb = (past: string, now: string, rest: string): RegExp =>
  new RegExp(`^(?:${past}|${now}) ${rest}$`);
/** What a search or a check found, at its message's end: the call's answer, not its input. */
const FOUND =
  /^(.*?),? (no results|\d+ results?|no matches|\d+ match(?:es)?|no problems found|\d+ problems? found(?: in .*)?|none found|\d+ files? found)$/;

/** The messages of the tools, most particular first; `(.*)` is what a message shows of the input. */
const FORMS: readonly Form[] = [
  { re: /^Ran terminal command: *(.*)$/, tool: 'run_in_terminal', shows: Shows.Input },
  {
    re: verb('Checked', 'Checking', '(?:background )?terminal output'),
    tool: 'get_terminal_output',
    shows: Shows.Nothing,
  },
  { re: /^(?:Killed|Killing) terminal$/, tool: 'kill_terminal', shows: Shows.Nothing },
  {
    re: /^(?:Awaited|Awaiting) terminal completion$/,
    tool: 'await_terminal',
    shows: Shows.Nothing,
  },
  { re: /^Sent (`.*`) to terminal$/, tool: 'send_to_terminal', shows: Shows.Input },
  { re: /^(`[^`]+`) task (?:finished|started|failed).*$/, tool: 'run_task', shows: Shows.Input },
  {
    re: verb('Read', 'Reading', '(cell output|output of .*)'),
    tool: 'read_notebook_cell_output',
    shows: Shows.Input,
  },
  {
    re: verb('Read', 'Reading', '(project structure)'),
    tool: 'read_project_structure',
    shows: Shows.Input,
  },
  {
    re: verb('Read', 'Reading', '(changed files in .*)'),
    tool: 'get_changed_files',
    shows: Shows.Input,
  },
  {
    re: verb('Read|Deleted|Updated|Renamed', 'Reading|Deleting|Updating|Renaming', '(memory.*)'),
    tool: 'memory',
    shows: Shows.Input,
  },
  {
    re: verb('Created|Inserted into', 'Creating|Inserting into', '(memory file .*)'),
    tool: 'memory',
    shows: Shows.Change,
  },
  // The todo list: what it shows of the list is all that tells one change from another.
  {
    re: /^((?:Starting|Completed):? (?:\(\d+\/\d+\) )?[*_].*[*_](?: \(\d+\/\d+\))?|(?:Created|Added) \d+ todos?|Updated todo list|Read todo list)$/,
    tool: 'manage_todo_list',
    shows: Shows.Input,
  },
  // A file, or lines of one (`, lines 1 to 80`); copies may drop the file (`Read , lines …`).
  {
    re: verb(
      'Read',
      'Reading',
      `((?:skill |binary file )?(?:\`[^\`]*\`: )?(?:${W}.*|, lines \\d+ to \\d+))`,
    ),
    tool: 'read_file',
    shows: Shows.Input,
  },
  { re: verb('Viewed', 'Viewing', `image (${W}.*)`), tool: 'view_image', shows: Shows.Input },
  {
    re: verb('Searched', 'Searching', 'for files matching (.+)'),
    tool: 'file_search',
    shows: Shows.Input,
  },
  {
    re: verb('Searched', 'Searching', '(?:for )?(?:text|regex) (?:for )?([`"].+)'),
    tool: 'grep_search',
    shows: Shows.Input,
  },
  {
    re: verb('Searched', 'Searching', 'codebase for (.+)'),
    tool: 'semantic_search',
    shows: Shows.Input,
  },
  {
    re: verb('Searched', 'Searching', 'VS Code API for (.+)'),
    tool: 'get_vscode_api',
    shows: Shows.Input,
  },
  { re: /^Searching '(.+)' for relevant code snippets$/, tool: 'github_repo', shows: Shows.Input },
  {
    re: verb('Searched', 'Searching', 'for ([`"].+)'),
    tool: 'search_workspace_symbols',
    shows: Shows.Input,
  },
  {
    re: verb('Checked', 'Checking', '(.+? for test related files.*|.+?, \\d+ files? found)'),
    tool: 'test_search',
    shows: Shows.Input,
  },
  {
    re: verb('Checked', 'Checking', `((?:workspace|${W}).*)`),
    tool: 'get_errors',
    shows: Shows.Input,
  },
  {
    re: verb('Created', 'Creating', `((?:${W}|file).*)`),
    tool: 'create_file',
    shows: Shows.Change,
  },
  { re: /^Generating patch\b(.*)$/, tool: 'apply_patch', shows: Shows.Change },
  { re: /^(Replacing \d+ lines.*)$/, tool: 'replace_string_in_file', shows: Shows.Change },
  {
    re: verb('Edited', 'Editing|Edit', `(${W}.*)`),
    tool: 'insert_edit_into_file',
    shows: Shows.Change,
  },
  { re: verb('Ran', 'Running', `(${W})`), tool: 'run_notebook_cell', shows: Shows.Input },
  {
    re: verb('Fetched', 'Fetching', `(${W}.*|https?://\\S+.*|\\d+ resources?)`),
    tool: 'fetch_webpage',
    shows: Shows.Input,
  },
  { re: /^Opened Simple Browser at (.+)$/, tool: 'open_simple_browser', shows: Shows.Input },
  {
    re: /^(Found test failures|Finding test failures)$/,
    tool: 'test_failure',
    shows: Shows.Nothing,
  },
  { re: /^(?:Switched|Switching) to (.+) agent$/, tool: 'switch_agent', shows: Shows.Input },
  { re: /^Analyzing your answers\.\.\.$/, tool: 'vscode_askQuestions', shows: Shows.Nothing },
];

/** Display names of the tools that give no message (`Using "<display name>"`), by model name. */
const BY_DISPLAY_NAME: ReadonlyMap<string, string> = new Map([
  ['Replace String in File', 'replace_string_in_file'],
  ['Multi-Replace String in Files', 'multi_replace_string_in_file'],
  ['Edit File', 'insert_edit_into_file'],
  ['Apply Patch', 'apply_patch'],
  ['Create File', 'create_file'],
  ['Create Directory', 'create_directory'],
  ['Create New Workspace', 'create_new_workspace'],
  ['Edit Notebook', 'edit_notebook_file'],
  ['Fetch Web Page', 'fetch_webpage'],
  ['Read File', 'read_file'],
  ['List Dir', 'list_dir'],
  ['Find Files', 'file_search'],
  ['Find Text In Files', 'grep_search'],
  ['Codebase', 'semantic_search'],
  ['Get Problems', 'get_errors'],
  ['Git Changes', 'get_changed_files'],
  ['Run VS Code Command', 'run_vscode_command'],
  ['Install Extension in VS Code', 'install_extension'],
  ['Search GitHub Repository', 'github_repo'],
]);
/** Tools whose calls change something `Using "…"` does not show. */
const CHANGES = new Set([
  'replace_string_in_file',
  'multi_replace_string_in_file',
  'insert_edit_into_file',
  'apply_patch',
  'create_file',
  'create_new_workspace',
  'edit_notebook_file',
]);

interface Call {
  readonly tool: string;
  readonly shows: Shows;
  /** What the message shows of the input (`Shows.Input`), else a file where it shows one. */
  readonly args: string;
  /** What the message says the call found (a count of results), where it says so. */
  readonly found: string | null;
}

/** A message line as copied, without the escapes a markdown paste may add to its link. */
const plain = (line: string): string => line.replace(/\\([[\]])/g, '$1');

/** The call a message stands for, or null where the line is none of the messages known. */
function messageCall(raw: string): Call | null {
  const line = plain(raw).trimEnd();
  const using = /^Using "([^"]+)"$/.exec(line);
  if (using !== null) {
    const tool = BY_DISPLAY_NAME.get(using[1] as string) ?? (using[1] as string);
    return { tool, shows: CHANGES.has(tool) ? Shows.Change : Shows.Nothing, args: '', found: null };
  }
  // An MCP server's tool, by its name; its input follows (`Completed with input:`).
  const mcp = /^(?:Ran|Running) `([^`\n]+)`\s*(?:Completed with input:.*)?$/.exec(raw.trimEnd());
  if (mcp !== null) return { tool: mcp[1] as string, shows: Shows.Nothing, args: '', found: null };
  for (const f of FORMS) {
    const m = f.re.exec(line);
    if (m === null) continue;
    const shown = (m[1] ?? '').trim();
    const r = f.shows === Shows.Input || f.tool === 'get_errors' ? FOUND.exec(shown) : null;
    return {
      tool: f.tool,
      shows: f.shows,
      args: r === null ? shown : (r[1] as string),
      found: r === null ? null : (r[2] as string),
    };
  }
  return null;
}

/**
 * A message no table names, known by what stands under or in it: `Completed with input:` on the
 * next line (a tool that reported its input, as MCP tools titled `Ran Navigate to a URL` and
 * Python's environment tools do), or an empty link to a file in a line of its own.
 */
function otherCall(lines: readonly string[], i: number): Call | null {
  const line = plain(lines[i] as string).trim();
  if (line === '' || line.length > 160 || !/^[\p{Lu}`]/u.test(line)) return null;
  if (INPUT.test(lines[i + 1] ?? '')) {
    const ran = /^Ran (.+)$/.exec(line);
    return {
      tool: ran !== null ? (ran[1] as string) : line,
      shows: Shows.Nothing,
      args: '',
      found: null,
    };
  }
  const w = WIDGET.exec(line);
  if (w !== null && w.index > 0 && (lines[i + 1] ?? '').trim() === '')
    return {
      tool: line.slice(0, w.index).trim(),
      shows: Shows.Input,
      args: line.slice(w.index),
      found: null,
    };
  return null;
}

/** The JSON of `Completed with input:` from line `i`: its text and the line after it. */
function inputAt(
  lines: readonly string[],
  i: number,
  first: string,
): { json: string; end: number } {
  let text = first;
  let j = i + 1;
  // Pretty-printed input runs on until it parses, or up to a blank line.
  while (!parseJson(text).ok && j < lines.length && (lines[j] as string).trim() !== '')
    text += `\n${lines[j++] as string}`;
  return { json: text, end: j };
}

/** A line without the responder's name, where a response opens on it. */
const body = (l: string): string => {
  const r = RESPONDER.exec(l);
  return r === null ? l : (r[1] ?? '');
};

/** Whether line `i` opens a block: first, after a blank line, or after the responder's name. */
const blockStart = (lines: readonly string[], i: number): boolean =>
  i === 0 ||
  (lines[i - 1] as string).trim() === '' ||
  RESPONDER.test(lines[i - 1] as string) ||
  RESPONDER.test(lines[i] as string);

/** The user's name: the request's header above the first response, if the copy has one. */
function userHeader(lines: readonly string[]): string | null {
  const first = lines.findIndex((l) => RESPONDER.test(l));
  for (let i = first - 1; i >= 0; i--) {
    const h = HEADER.exec(lines[i] as string);
    if (h !== null && blockStart(lines, i)) return (h[1] ?? '').trim();
  }
  return null;
}

/**
 * Whether a text is such a copy: the responder's turn and a tool's message, or (a response
 * copied alone) three messages of the tools.
 */
export function isVscodeChatCopy(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (opensAsJson(head)) return false;
  const lines = screenLines(head.slice(0, 1 << 20));
  const responder = lines.some((l) => RESPONDER.test(l));
  let n = 0;
  for (let i = 0; i < lines.length; i++)
    if (
      blockStart(lines, i) &&
      messageCall(body(lines[i] as string)) !== null &&
      ++n >= (responder ? 1 : 3)
    )
      return true;
  return false;
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  counts: ShownCounts;
  exact: number;
  answered: number;
}

function vscodeChatCopyRead(text: string): Read {
  const lines = screenLines(text);
  const read: Read = { messages: [], calls: 0, counts: shownCounts(), exact: 0, answered: 0 };
  const name = userHeader(lines);
  const isRequest = (l: string): boolean => {
    const h = HEADER.exec(l);
    return h !== null && (h[1] ?? '').trim() === name && !RESPONDER.test(l);
  };
  const words = new Words();
  let para: string[] = [];
  let asker: string[] | null = null;
  let fence = '';
  let afterCall = false;
  let last: { tool: string; index: number; blind: boolean } | null = null;
  const endPara = (): void => {
    // An edit's code block, emptied in the copy, says nothing.
    if (para.some((l) => l.trim() !== '' && fenceOpening(l) === null)) words.add(para.join('\n'));
    para = [];
  };
  const endTurn = (): void => {
    endPara();
    if (asker !== null) {
      read.messages.push({ role: 'user', content: asker.join('\n').trim() });
      asker = null;
    }
    const t = words.take();
    if (t !== null) read.messages.push({ role: 'assistant', content: t });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence === '') {
      if (name !== null && isRequest(line) && blockStart(lines, i)) {
        endTurn();
        asker = [line.slice((HEADER.exec(line) as RegExpExecArray)[0].length)];
        afterCall = false;
        last = null;
        continue;
      }
      if (RESPONDER.test(line)) {
        endTurn();
        afterCall = false;
        last = null;
      }
      const l = body(line);
      const opens = asker === null && (blockStart(lines, i) || afterCall);
      const call = opens ? (messageCall(l) ?? otherCall(lines, i)) : null;
      if (call !== null) {
        endPara();
        let args = call.args;
        let exact = false;
        let j = i + 1;
        // A command runs on over the lines under it, up to a blank line or the next message.
        if (call.tool === 'run_in_terminal')
          while (
            j < lines.length &&
            (lines[j] as string).trim() !== '' &&
            !INPUT.test(lines[j] as string) &&
            messageCall(lines[j] as string) === null
          )
            args += `\n${lines[j++] as string}`;
        const inline = /Completed with input: ?(.*)$/.exec(l);
        const given = inline ?? INPUT.exec(lines[j] ?? '');
        if (given !== null) {
          const at = inputAt(lines, inline !== null ? i : j, given[1] as string);
          const p = parseJson(at.json);
          // A failed command's text comes back as its input: the command, not JSON.
          if (p.ok) {
            args = printJson(p.value.value);
            exact = true;
          }
          j = Math.max(j, at.end);
        }
        i = j - 1;
        afterCall = true;
        // `Using "Fetch Web Page"` and then what it fetched: one call, its message after it.
        if (last !== null && last.blind && last.tool === call.tool && !exact) {
          const m = read.messages[last.index];
          const c = m?.tool_calls?.[0];
          if (c !== undefined) {
            c.function.arguments = JSON.stringify(args);
            read.counts.blind--;
            read.counts.shown++;
          }
          last = null;
          continue;
        }
        const id = `vscode-chat-${++read.calls}`;
        // Whether it showed nothing of its input, as `shownArgs` counts it.
        const hidden = read.counts.blind;
        if (exact) read.exact++;
        else args = shownArgs(call.shows, args, id, read.counts);
        const blind = read.counts.blind > hidden;
        last = { tool: call.tool, index: read.messages.length, blind };
        read.messages.push({
          role: 'assistant',
          content: words.take(),
          tool_calls: [{ id, type: 'function', function: { name: call.tool, arguments: args } }],
        });
        if (call.found !== null) {
          read.answered++;
          read.messages.push({ role: 'tool', tool_call_id: id, content: call.found });
        }
        continue;
      }
      afterCall = false;
      if (line.trim() !== '') last = null;
      fence = fenceOpening(line) ?? '';
      if (asker !== null) asker.push(line);
      else if (l.trim() === '') endPara();
      else if (l.trim() !== 'Made changes.') para.push(l);
    } else {
      if (closesFence(fence, line)) fence = '';
      if (asker !== null) asker.push(line);
      else para.push(line);
    }
  }
  endTurn();
  return read;
}

/** A copy as the chat it shows, and a note. */
export function vscodeChatCopyAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = vscodeChatCopyRead(text);
  const caveats = shownCaveats(read.counts, 'call', 'message', {
    shown: 'a path and lines, a query, a command',
    blind: '`Using "…"`, `Checked terminal output`',
  });
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as a VS Code chat copied as text (Copy All): ${plural(read.calls, 'tool call')} read from the messages its tools showed, each a reply of its own (the copy does not show which calls one reply made); the copy keeps no call ids, and no answers but what a search or a check found (\`, 3 results\`, read as its answer for ${plural(read.answered, 'call')}), so a changed answer can rarely reset a run.${read.exact > 0 ? ` ${plural(read.exact, 'call')} ${read.exact === 1 ? 'has its' : 'have their'} input whole (\`Completed with input:\`).` : ''}${caveats} The session's own record (\`chatSessions/*.json\` in VS Code's workspace storage) holds the calls whole.`,
  });
}

/**
 * The part of a copy still being written that can be read now: up to its last call, whose
 * message, command or input may still grow (and a `Using "…"` just above it, which that call
 * may turn out to be the message of); all of it once a paragraph of words follows that call.
 */
export function vscodeChatCopyComplete(text: string): string {
  const lines = screenLines(text);
  let last = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = body(lines[i] as string);
    if ((blockStart(lines, i) && messageCall(l) !== null) || INPUT.test(lines[i + 1] ?? ''))
      last = i;
  }
  if (last < 0) return text;
  for (let m = last + 2; m < lines.length - 1; m++) {
    const l = lines[m] as string;
    if ((lines[m - 1] as string).trim() === '' && l.trim() !== '' && !INPUT.test(l)) return text;
  }
  let cut = last;
  for (let k = last - 1; k >= 0; k--) {
    if ((lines[k] as string).trim() === '') continue;
    if (/^Using "[^"]+"$/.test(body(lines[k] as string))) cut = k;
    break;
  }
  return text.split('\n').slice(0, cut).join('\n');
}
