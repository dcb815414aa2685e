// Windsurf's Cascade panel copied as text, read back as the chat it shows.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { opensAsJson } from './terminalText';
import { Shows, shownArgs, shownCaveats, shownCounts, type ShownCounts } from './shownInput';

/**
 * Selected and copied, the Cascade panel (Windsurf's source is not public; the layout is a
 * saved copy's: Maayavi786/thebeauty-jamaalaki `previous chat.md` @ae95b476fb) gives each of
 * the user's turns under a line `Me`, the agent's words as they are, and each tool step as a
 * line of its own naming it (`Analyzed`, `Searched filesystem`, `Ran terminal command`,
 * `Edited`, …) over what the step shows: a file, a query with the count it found (`1 result`,
 * `Searchedforfilesin<dir>with pattern<glob>`, the words run together), an edit's file and its
 * `+N` `-M` counts, a command after its prompt (`~/…/app $ npm test`) over its output up to
 * `Exit Code N`. A turn ends at `Feedback submitted`. The tools are Cascade's own, named as
 * its prompt names them (x1xhlol/system-prompts-and-models-of-ai-tools `Windsurf/Prompt.md`
 * @fcde182277).
 */
type Kind = 'file' | 'search' | 'change' | 'command' | 'none' | 'page';
const STEPS: ReadonlyMap<string, { tool: string; kind: Kind }> = new Map([
  ['Analyzed', { tool: 'view_file', kind: 'file' }],
  ['Searched filesystem', { tool: 'find_by_name', kind: 'search' }],
  ['Error while searching filesystem', { tool: 'find_by_name', kind: 'none' }],
  ['Searched codebase', { tool: 'grep_search', kind: 'search' }],
  ['Semantic searched codebase', { tool: 'codebase_search', kind: 'search' }],
  ['Created', { tool: 'write_to_file', kind: 'change' }],
  ['Edited', { tool: 'edit_file', kind: 'change' }],
  ['Ran terminal command', { tool: 'run_command', kind: 'command' }],
  ['Ran background terminal command', { tool: 'run_command', kind: 'command' }],
  ['Running background terminal command', { tool: 'run_command', kind: 'command' }],
  ['Checked command status', { tool: 'command_status', kind: 'none' }],
  ['Read page', { tool: 'read_url_content', kind: 'page' }],
  ['Searched web', { tool: 'search_web', kind: 'page' }],
]);
const ME = 'Me';
const FEEDBACK = 'Feedback submitted';
const PROMPT = /^\S.* \$ (.*)$/;
const FAILED = /^(?:Cascade error|No credits consumed on this tool call\.|Details)$/;

/** Whether a text is such a copy: the user's `Me` and two steps of different kinds. */
export function isCascadePanel(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20);
  if (!/^Me[ \t]*\r?$/m.test(head)) return false;
  const lines = head.split(/\r?\n/);
  if (!lines.some((l) => l.trimEnd() === ME)) return false;
  const kinds = new Set(lines.map((l) => l.trimEnd()).filter((l) => STEPS.has(l)));
  return kinds.size >= 2;
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  counts: ShownCounts;
}

function cascadePanelRead(text: string): Read {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const read: Read = { messages: [], calls: 0, counts: shownCounts() };
  let words: string[] = [];
  const takeWords = (): string | null => {
    const t = words.join('\n').trim();
    words = [];
    return t === '' ? null : t;
  };
  const isStep = (l: string | undefined): boolean => l !== undefined && STEPS.has(l.trimEnd());
  const ends = (l: string | undefined): boolean =>
    l === undefined || isStep(l) || l.trimEnd() === ME || l.trimEnd() === FEEDBACK;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trimEnd();
    if (line === ME) {
      // Before the first turn stands the panel's own chrome (`Cascade | Write mode`).
      const t = takeWords();
      if (t !== null && read.messages.length > 0)
        read.messages.push({ role: 'assistant', content: t });
      // The user's words: the paragraph under `Me`.
      let j = i + 1;
      while (j < lines.length && (lines[j] as string).trim() === '') j++;
      const asked: string[] = [];
      while (j < lines.length && (lines[j] as string).trim() !== '' && !ends(lines[j]))
        asked.push(lines[j++] as string);
      read.messages.push({ role: 'user', content: asked.join('\n').trim() });
      i = j - 1;
      continue;
    }
    if (line === FEEDBACK) continue;
    // A web search stands on one line: `Searched <site> for "<query>"`.
    const web = /^Searched (\S+ for ".*")$/.exec(line);
    const step = web !== null ? { tool: 'search_web', kind: 'inline' as const } : STEPS.get(line);
    if (step === undefined) {
      words.push(line);
      continue;
    }
    const id = `cascade-panel-${++read.calls}`;
    let j = i + 1;
    const next = (): string => {
      while (j < lines.length && (lines[j] as string).trim() === '') j++;
      return ends(lines[j]) ? '' : ((lines[j++] as string).trim() ?? '');
    };
    let shown = web !== null ? (web[1] as string) : '';
    let answer: string | null = null;
    if (step.kind === 'file' || step.kind === 'page') {
      shown = next();
      if ((lines[j] ?? '').trim() === 'View Page') j++;
    } else if (step.kind === 'search') {
      answer = /^\d+ results?$/.test((lines[j] ?? '').trim())
        ? (lines[j++] as string).trim()
        : null;
      if (/^(?:Semantic )?[Ss]earched/.test((lines[j] ?? '').trim()))
        shown = (lines[j++] as string).trim();
    } else if (step.kind === 'change') {
      shown = next();
      while (j < lines.length && /^(?:[+-]\d+|\s*\d+|Open diff)$/.test(lines[j] as string)) j++;
    } else if (step.kind === 'command') {
      const p = PROMPT.exec((lines[j] ?? '').trim());
      if (p !== null) {
        shown = p[1] as string;
        j++;
        const out: string[] = [];
        while (j < lines.length && !ends(lines[j])) {
          const l = lines[j++] as string;
          if (/^Exit Code -?\d+$/.test(l.trim())) {
            out.push(l);
            break;
          }
          if (l.trim() === 'Open in terminal') break;
          out.push(l);
        }
        answer = out.join('\n').trim();
        while (
          j < lines.length &&
          /^(?:Open in terminal|Auto-run|)$/.test((lines[j] as string).trim())
        )
          j++;
      }
    }
    // A step that failed says so under it.
    const failed: string[] = [];
    while (j < lines.length && FAILED.test((lines[j] as string).trim()))
      failed.push((lines[j++] as string).trim());
    if (failed.length > 0) answer = failed.join('\n');
    const shows = step.kind === 'change' ? Shows.Change : Shows.Input;
    const args = shownArgs(shows, shown, id, read.counts);
    read.messages.push({
      role: 'assistant',
      content: takeWords(),
      tool_calls: [{ id, type: 'function', function: { name: step.tool, arguments: args } }],
    });
    if (answer !== null) read.messages.push({ role: 'tool', tool_call_id: id, content: answer });
    i = j - 1;
  }
  const t = takeWords();
  if (t !== null) read.messages.push({ role: 'assistant', content: t });
  return read;
}

/** A copy as the chat it shows, and a note. */
export function cascadePanelAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = cascadePanelRead(text);
  const caveats = shownCaveats(read.counts, 'step', 'panel', {
    shown: 'a file, a query run together, a command',
    blind: '`Checked command status`',
  });
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as Windsurf's Cascade panel copied as text: ${plural(read.calls, 'tool step')} read from the lines that name them (\`Analyzed\`, \`Ran terminal command\`, …), each a reply of its own; a command is answered by its output, a search by its count; no call ids.${caveats}`,
  });
}
