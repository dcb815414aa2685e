// What `codex exec` prints for people (not `--json`), read back as the chat it shows.
import { chatLines, type ChatJsonMessage } from './chatJson';
import { isJsonObject, ok, parseJson, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { ANSI, opensAsJson, screenLine } from './terminalText';
import { shellWords } from './shellWords';

/**
 * `codex exec` prints its run to the terminal (openai/codex `codex-rs/exec/src/
 * event_processor.rs` @9d69afcfca, later `event_processor_with_human_output.rs` @00155cc658):
 * a header `OpenAI Codex vX (research preview)`, `--------`, the settings as `key: value`,
 * `--------`, then the prompt under `User instructions:` (later `user`). Each event after it
 * opens with a header: `codex` over the agent's words, `thinking` over its reasoning, a command
 * as `exec <command> in <cwd>` (later `exec` over `<command> in <cwd>`) ended by
 * `<command> succeeded in 162ms:` or `exited 1 in 20ms:` (later the same without the command)
 * over its output, an MCP call as `tool server.tool({json})` ended by `server.tool({json})
 * success in 2ms:` or `failed` over its result as pretty JSON, a patch as `apply_patch
 * auto_approved=true:` (later `file update`) over its changes ended by `apply_patch(…) exited
 * 0 in …:`, and `tokens used: N`. Older versions open each event line with a
 * `[2025-08-31T12:37:08] ` stamp. Outputs are cut to their first 20 lines. Its newest versions
 * print items as they start and end: `exec` as above, `mcp: server/tool started` and
 * `mcp: server/tool (completed)` with no arguments, `apply patch` then `patch: completed` over
 * the paths, `web search: <query>`.
 */
const STAMP = /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?\] /;
const BANNER = /^OpenAI Codex v\S+ \(research preview\)$/;
const RULE = /^-{8}$/;
/** The most lines of a command's output, or a tool's result, the writer prints. */
const MAX_LINES = 20;
const DURATION = '(?: in \\d[^:]*)?';
/** A command's end: the command itself before the newest versions, nothing after. */
const EXEC_END = new RegExp(
  `^(.*?) ?(succeeded|exited (-?\\d+)|declined|in progress)${DURATION}:$`,
);
const MCP_BEGIN = /^tool (\S+?\.\S+?\(.*\))$/;
const MCP_END = new RegExp(
  `^(\\S+?\\.\\S+?\\(.*\\)|tool\\('[^']*'\\)) (success|failed)${DURATION}:$`,
);
const INVOCATION = /^([^.(\s]+)\.([^(\s]+)\((.*)\)$/s;
const MCP_ITEM = /^mcp: (\S+?)\/(\S+) (started|\((completed|failed|in_progress)\))$/;
const PATCH_END = new RegExp(`^apply_patch\\(.*\\) exited (-?\\d+)${DURATION}:$`);
const PATCH_STATUS = /^patch: (\S+)$/;
const WEB_SEARCH = /^(?:web search: (.*)|🌐 Searched: (.*)|🌐 Searched the web)$/;
/** Lines that open an event of their own but carry no call. */
const OTHER =
  /^(?:thinking|tokens used(?:: .*)?|file update:?|Plan update|context compacted|task interrupted|turn interrupted|task aborted.*|codex session .*|mcp(?: startup)?: .*|(?:ERROR|warning|deprecated|hook):.*|🌐 .*|collab .*)$/;

/** Whether a text holds such a run: the banner over its rule, alone or inside a longer text. */
export function isCodexExec(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  // A stamped run opens with `[`, as a JSON array would.
  if (opensAsJson(head) && !STAMP.test(head)) return false;
  return (
    runStarts(
      head
        .slice(0, 1 << 20)
        .replace(ANSI, '')
        .split(/\r?\n/),
    ).length > 0
  );
}

/** The lines where runs begin: a banner (stamped or not) with the rule right under it. */
function runStarts(lines: readonly string[]): number[] {
  const at: number[] = [];
  lines.forEach((l, i) => {
    if (BANNER.test(l.trimEnd().replace(STAMP, '')) && RULE.test((lines[i + 1] ?? '').trimEnd()))
      at.push(i);
  });
  return at;
}

/**
 * Where a run kept inside a markdown fence ends: at the fence that closes the one open at its
 * banner, fences the run's own text opens (```` ```bash ````) closing in pairs; the text's end
 * when the banner stands outside any fence.
 */
function runEnd(lines: readonly string[], start: number): number {
  let open: string | null = null;
  for (let i = 0; i < start; i++) {
    const f = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lines[i] as string);
    if (f === null) continue;
    const mark = f[1] as string;
    if (open === null) open = mark;
    else if (mark[0] === open[0] && mark.length >= open.length && (f[2] as string).trim() === '')
      open = null;
  }
  if (open === null) return lines.length;
  let inner = 0;
  for (let i = start + 1; i < lines.length; i++) {
    const f = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lines[i] as string);
    if (f === null || (f[1] as string)[0] !== open[0]) continue;
    const bare = (f[2] as string).trim() === '';
    if (!bare) inner++;
    else if (inner > 0 && (f[1] as string).length === 3 && open.length === 3) inner--;
    else if ((f[1] as string).length >= open.length) return i;
  }
  return lines.length;
}

interface Call {
  id: string;
  name: string;
  args: string;
  /** What the command or tool gave; null while no end line is seen. */
  out: string[] | null;
  /** The end line's failure, as the result's first line. */
  failure: string | null;
  /** What names the call on its end line (the command, the invocation), if that does. */
  key: string;
}

interface Run {
  messages: ChatJsonMessage[];
  calls: number;
  unended: number;
  /** Results of exactly the writer's most lines, so maybe cut. */
  full: number;
  /** Ends matched to one of several commands running at once by their order alone. */
  byOrder: number;
  /** MCP calls whose arguments the newest versions do not print. */
  noArgs: number;
}

type Block =
  | { kind: 'user' | 'codex' | 'other'; lines: string[] }
  | { kind: 'out'; call: Call; lines: string[] }
  | { kind: 'patch'; call: Call; lines: string[] };

function readRun(lines: readonly string[], start: number, end: number, ids: { n: number }): Run {
  const stamped = STAMP.test(lines[start] as string);
  const run: Run = { messages: [], calls: 0, unended: 0, full: 0, byOrder: 0, noArgs: 0 };
  // The calls in the order they began, grouped in batches begun while all of the batch runs.
  const order: (Call[] | ChatJsonMessage)[] = [];
  const pending: Call[] = [];
  let batch: Call[] | null = null;
  let block: Block | null = null;
  // The newest versions print an output whole: one longer than the cut shows no cut was made.
  let longer = false;

  const flush = (): void => {
    if (block === null) return;
    const text = block.lines.join('\n').trim();
    if (block.kind === 'user' || block.kind === 'codex') {
      if (text !== '') {
        order.push({ role: block.kind === 'user' ? 'user' : 'assistant', content: text });
        batch = null;
      }
    } else if (block.kind === 'out') {
      const out = trimBlank(block.lines);
      block.call.out = out;
      if (out.length === MAX_LINES) run.full++;
      if (out.length > MAX_LINES) longer = true;
    } else if (block.kind === 'patch') {
      block.call.args = JSON.stringify({ changes: text });
    }
    block = null;
  };
  const begin = (name: string, args: string, key: string): Call => {
    const call: Call = { id: `codex-exec-${++ids.n}`, name, args, out: null, failure: null, key };
    run.calls++;
    if (batch === null || !batch.every((c) => c.out === null)) {
      batch = [];
      order.push(batch);
    }
    batch.push(call);
    pending.push(call);
    return call;
  };
  /** The call an end line closes: the one it names, else the first still running of its kind. */
  const ended = (key: string | null, kind: (c: Call) => boolean): Call | null => {
    let i = key === null ? -1 : pending.findIndex((c) => c.key === key && kind(c));
    if (i < 0) {
      i = pending.findIndex(kind);
      if (i >= 0 && pending.filter(kind).length > 1) run.byOrder++;
    }
    if (i < 0) return null;
    return pending.splice(i, 1)[0] as Call;
  };
  const shell = (command: string, cwd: string): Call => {
    const words = shellWords(command);
    const args = JSON.stringify({ command: words ?? [command], workdir: cwd });
    return begin('shell', args, command);
  };
  const isShell = (c: Call) => c.name === 'shell';
  const isPatch = (c: Call) => c.name === 'apply_patch';

  let i = start + 2;
  // The settings, up to the rule under them.
  while (i < end && !RULE.test(lines[i] as string)) i++;
  i++;
  for (; i < end; i++) {
    const raw = lines[i] as string;
    const isEvent = stamped ? STAMP.test(raw) : true;
    const l = stamped ? raw.replace(STAMP, '') : raw;
    if (!isEvent) {
      block?.lines.push(raw);
      continue;
    }
    if (l === 'User instructions:' || l === 'user') {
      flush();
      block = { kind: 'user', lines: [] };
    } else if (l === 'codex') {
      flush();
      block = { kind: 'codex', lines: [] };
    } else if (l === 'exec' || (stamped && l.startsWith('exec '))) {
      // The command and where it ran: on this line, or the next (which the end may follow).
      let head = l.slice(5);
      if (l === 'exec') {
        if (i + 1 >= end) {
          flush();
          block = { kind: 'other', lines: [] };
          continue;
        }
        head = lines[++i] as string;
      }
      flush();
      const tail = EXEC_END.exec(head);
      const cut = tail !== null && / in \S/.test(tail[1] as string) ? (tail[1] as string) : head;
      const at = cut.lastIndexOf(' in ');
      const call = at < 0 ? shell(cut, '') : shell(cut.slice(0, at), cut.slice(at + 4));
      if (cut !== head && tail !== null) {
        pending.splice(pending.indexOf(call), 1);
        call.failure = failureOf(tail);
        block = { kind: 'out', call, lines: [] };
      } else block = { kind: 'other', lines: [] };
    } else if (MCP_BEGIN.test(l)) {
      flush();
      const inv = (MCP_BEGIN.exec(l) as RegExpExecArray)[1] as string;
      mcp(inv);
      block = { kind: 'other', lines: [] };
    } else if (MCP_END.test(l)) {
      flush();
      const m = MCP_END.exec(l) as RegExpExecArray;
      const inv = m[1] as string;
      const call = ended(inv, (c) => !isShell(c) && !isPatch(c)) ?? endless(mcp(inv));
      if (m[2] === 'failed') call.failure = 'failed';
      block = { kind: 'out', call, lines: [] };
    } else if (MCP_ITEM.test(l)) {
      flush();
      const m = MCP_ITEM.exec(l) as RegExpExecArray;
      const name = `${m[1] as string}.${m[2] as string}`;
      if (m[3] === 'started') {
        run.noArgs++;
        begin(name, 'null', name);
        block = { kind: 'other', lines: [] };
      } else {
        const call =
          ended(name, (c) => c.name === name) ?? endless((run.noArgs++, begin(name, 'null', name)));
        if (m[4] !== 'completed') call.failure = m[4] as string;
        block = { kind: 'out', call, lines: [] };
      }
    } else if (
      /^apply_patch auto_approved=\S+:$/.test(l) ||
      l === 'file update' ||
      l === 'apply patch'
    ) {
      flush();
      const call = begin('apply_patch', JSON.stringify({ changes: '' }), 'apply_patch');
      block = { kind: 'patch', call, lines: [] };
      if (l === 'apply patch') block = { kind: 'other', lines: [] };
    } else if (PATCH_END.test(l)) {
      flush();
      const code = (PATCH_END.exec(l) as RegExpExecArray)[1] as string;
      const call = ended(null, isPatch) ?? endless(begin('apply_patch', 'null', 'apply_patch'));
      if (code !== '0') call.failure = `exited ${code}`;
      block = { kind: 'out', call, lines: [] };
    } else if (PATCH_STATUS.test(l)) {
      flush();
      const status = (PATCH_STATUS.exec(l) as RegExpExecArray)[1] as string;
      const call = ended(null, isPatch) ?? endless(begin('apply_patch', 'null', 'apply_patch'));
      if (status !== 'completed') call.failure = status;
      // The paths it changed, then the diff of the turn so far.
      const paths: string[] = [];
      while (
        i + 1 < end &&
        /^\S/.test(lines[i + 1] as string) &&
        !isHeader(lines[i + 1] as string)
      ) {
        if (/^(?:diff --git |--- |\+\+\+ )/.test(lines[i + 1] as string)) break;
        paths.push(lines[++i] as string);
      }
      call.args = JSON.stringify({ changes: paths.join('\n') });
      call.out = [status];
      block = { kind: 'other', lines: [] };
    } else if (WEB_SEARCH.test(l)) {
      flush();
      const w = WEB_SEARCH.exec(l) as RegExpExecArray;
      const query = w[1] ?? w[2] ?? '';
      const args = JSON.stringify({ query });
      // The newest versions print a search as it starts and again as it ends.
      const started = l.startsWith('web search: ')
        ? ended(args, (c) => c.name === 'web_search' && c.args === args)
        : null;
      const call = started ?? begin('web_search', args, args);
      if (started === null && l.startsWith('🌐')) pending.splice(pending.indexOf(call), 1);
      if (started !== null || l.startsWith('🌐')) call.out = [];
      block = { kind: 'other', lines: [] };
    } else if (stamped ? EXEC_END.test(l) : newEnd(l)) {
      flush();
      const m = EXEC_END.exec(l) as RegExpExecArray;
      const key = (m[1] as string).trim();
      const call = ended(key === '' ? null : key, isShell) ?? endless(shell(key, ''));
      call.failure = failureOf(m);
      block = { kind: 'out', call, lines: [] };
    } else if (stamped || OTHER.test(l) || l === 'thinking') {
      flush();
      block = { kind: 'other', lines: [] };
    } else if (
      !stamped &&
      /^diff --git /.test(l) &&
      (block === null || block.kind === 'codex' || block.kind === 'other')
    ) {
      // The turn's diff so far, printed after each patch.
      flush();
      block = { kind: 'other', lines: [] };
    } else {
      block?.lines.push(raw);
    }
  }
  flush();
  run.unended = pending.length;
  if (longer) run.full = 0;

  function mcp(inv: string): Call {
    const m = INVOCATION.exec(inv);
    if (m === null) return begin('mcp', JSON.stringify(inv), inv);
    const v = parseJson(m[3] as string);
    const args =
      v.ok && isJsonObject(v.value.value)
        ? printJson(v.value.value)
        : (m[3] as string) === ''
          ? '{}'
          : JSON.stringify(m[3]);
    return begin(`${m[1] as string}.${m[2] as string}`, args, inv);
  }
  /** A call whose begin the text lost: read from its end alone. */
  function endless(call: Call): Call {
    pending.splice(pending.indexOf(call), 1);
    return call;
  }

  for (const item of order) {
    if (!Array.isArray(item)) {
      run.messages.push(item);
      continue;
    }
    run.messages.push({
      role: 'assistant',
      content: null,
      tool_calls: item.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args },
      })),
    });
    for (const c of item) {
      if (c.out === null) continue;
      const body = c.out.join('\n');
      const content = c.failure === null ? body : `${c.failure}${body === '' ? '' : `\n${body}`}`;
      run.messages.push({ role: 'tool', tool_call_id: c.id, content });
    }
  }
  return run;
}

/** A command's end line as printed since the stamps were dropped: no command before it. */
function newEnd(l: string): boolean {
  const m = EXEC_END.exec(l);
  return m !== null && l.startsWith(' ') && (m[1] as string).trim() === '';
}

function failureOf(m: RegExpExecArray): string | null {
  const status = m[2] as string;
  if (status === 'succeeded') return null;
  if (m[3] !== undefined) return m[3] === '0' ? null : `exited ${m[3]}`;
  return status;
}

/** Whether a line, unstamped, opens an event of the newest layouts. */
function isHeader(l: string): boolean {
  return (
    l === 'codex' ||
    l === 'user' ||
    l === 'exec' ||
    l === 'apply patch' ||
    MCP_ITEM.test(l) ||
    WEB_SEARCH.test(l) ||
    OTHER.test(l)
  );
}

function trimBlank(lines: readonly string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && (lines[a] as string).trim() === '') a++;
  while (b > a && (lines[b - 1] as string).trim() === '') b--;
  return lines.slice(a, b);
}

interface Read {
  conversations: ChatJsonMessage[][];
  runs: Run[];
  /** The line a run kept inside a longer text starts on, if it is so kept. */
  inside: number | null;
}

function codexExecRead(text: string): Read {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map(screenLine);
  const starts = runStarts(lines);
  const ids = { n: 0 };
  const runs = starts.map((s, k) =>
    readRun(lines, s, Math.min(runEnd(lines, s), starts[k + 1] ?? lines.length), ids),
  );
  const first = starts[0] ?? 0;
  const inside = lines.slice(0, first).some((l) => l.trim() !== '') ? first + 1 : null;
  return { conversations: runs.map((r) => r.messages), runs, inside };
}

/** Such a run as the chat it shows, and a note. */
export function codexExecAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = codexExecRead(text);
  const sum = (f: (r: Run) => number) => read.runs.reduce((n, r) => n + f(r), 0);
  const calls = sum((r) => r.calls);
  const runs =
    read.runs.length === 1
      ? ''
      : ` It holds ${read.runs.length} runs, each read as a conversation.`;
  const inside =
    read.inside === null
      ? ''
      : ` The run is read from inside a longer text, from its banner on line ${read.inside}.`;
  const full = sum((r) => r.full);
  const cut =
    full === 0
      ? ''
      : ` ${plural(full, 'result')} ${full === 1 ? 'shows' : 'show'} exactly ${MAX_LINES} lines, the most the writer prints of an output: ${full === 1 ? 'it is' : 'they are'} likely cut.`;
  const byOrder = sum((r) => r.byOrder);
  const order =
    byOrder === 0
      ? ''
      : ` ${plural(byOrder, 'end line')} of commands run at once ${byOrder === 1 ? 'names' : 'name'} no command: ${byOrder === 1 ? 'it is' : 'they are'} matched to the commands in the order they began.`;
  const noArgs = sum((r) => r.noArgs);
  const bare =
    noArgs === 0
      ? ''
      : ` ${plural(noArgs, 'MCP call')} ${noArgs === 1 ? 'is' : 'are'} printed without ${noArgs === 1 ? 'its' : 'their'} arguments (\`mcp: server/tool started\`): repeats of one tool cannot be told from calls with other arguments.`;
  const unended = sum((r) => r.unended);
  const open =
    unended === 0
      ? ''
      : ` ${plural(unended, 'call')} ${unended === 1 ? 'has' : 'have'} no end line: the run stops before ${unended === 1 ? 'its' : 'their'} result.`;
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as the output of Codex CLI's \`codex exec\` (printed for people, not \`--json\`): ${plural(calls, 'tool call')} read from its \`exec\`, \`tool\`, \`apply_patch\` and \`web search\` events, with no call ids: a command is read as Codex's \`shell\` tool with the command's words and the directory it ran in, an MCP call as \`server.tool\` with the JSON arguments it prints, a result as what is printed under the call's end line, a failure (\`exited 1\`, \`failed\`) as the result's first line. Calls begun before any of them ended are read as one batch.${cut}${order}${bare}${open}${runs}${inside} The session's own record (\`~/.codex/sessions\`) or \`codex exec --json\` holds the calls whole.`,
  });
}

/**
 * The part of a run still being written that can be read now: up to its last event line,
 * whose text may still grow; all of it once the run has printed its tokens used or the fence
 * around it is closed.
 */
export function codexExecComplete(text: string): string {
  const lines = text.split('\n');
  const plain = lines.map(screenLine);
  const starts = runStarts(plain);
  const last = starts[starts.length - 1];
  if (last === undefined) return '';
  if (runEnd(plain, last) < plain.length) return text;
  const stamped = STAMP.test(plain[last] as string);
  for (let i = plain.length - 1; i > last + 1; i--) {
    const l = plain[i] as string;
    if (stamped ? STAMP.test(l) : opensEvent(l)) return lines.slice(0, i).join('\n');
  }
  return lines.slice(0, last).join('\n');
}

/** Whether an unstamped line opens an event, one that carries a call or not. */
function opensEvent(l: string): boolean {
  return (
    isHeader(l) ||
    l === 'thinking' ||
    l === 'file update' ||
    /^apply_patch auto_approved=\S+:$/.test(l) ||
    MCP_BEGIN.test(l) ||
    MCP_END.test(l) ||
    PATCH_END.test(l) ||
    PATCH_STATUS.test(l) ||
    newEnd(l) ||
    l.startsWith('diff --git ')
  );
}
