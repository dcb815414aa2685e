// Markdown exports that give each call a heading `#### Tool: <name>`, read as those calls.
import { chatLines, printedArguments, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { opensAsJson } from './terminalText';
import { blocksOf } from './fences';
import { plural, inputLabel } from './warnings';

/**
 * Many exporters of agent sessions write markdown with a heading per call, `#### Tool: <name>`,
 * what the call was given under it and then what it gave back: a "Codex Conversation Export"
 * of Codex rollouts (`### Turn N`, `#### 👤 User Prompt`, `#### 🤖 <model>`; a command as a
 * `sh` fence, other arguments as a `json` fence, then `Output:` over a fence), and exporters of
 * Claude Code and opencode sessions (`**Input**:` or `Input:` over a fence, `**Result**:` or
 * `Output:`, a `<details>` block summarised `Tool Result`, or a `#### Tool result` heading over
 * quoted lines). The export shows what each writer chose to show of a call's input, not always
 * its arguments whole, and never which calls one reply made or their ids; so a call's arguments
 * are the JSON of its input where that is a JSON object, else the input's text, and each call is
 * a reply of its own.
 */
const TOOL = /^#{2,6} +(?:🔧 *)?Tool: +`?([^`\s]+)`?(?: +(?:\[\w+\]|\(\w+\)))?\s*$/u;
const RESULT_HEADING = /^#{2,6} +Tool result\b/i;
const HEADING = /^(#{1,6}) +(.*)$/;
/** A label over a call's input, or over what it gave. */
const INPUT = /^(?:\*\*)?(?:Input|Arguments|Parameters|Args)(?:\*\*)?:(?:\*\*)?\s*$/i;
const OUTPUT =
  /^(?:\*\*)?(?:Output|Result|Output Preview|Tool Result|Response)(?:\*\*)?:(?:\*\*)?\s*(.*)$/i;
const SUMMARY = /^<summary>\s*(?:Tool Result|Output|Result)\s*<\/summary>$/i;
/** A turn's heading: who speaks under it. */
const USER = /(?:👤|\bUser\b|\bHuman\b|\bYou\b)/i;
const ASSISTANT = /(?:🤖|\bAssistant\b|\bClaude\b|\bgpt-)/i;
/** A speaker's name in bold on a line of its own (`**human**`, `**assistant** 10:02`). */
const SPEAKER = /^\*\*(human|user|you|assistant|claude|ai)\*\*:?(?:\s.*)?$/i;

/**
 * Whether a text is such an export: a `Tool: <name>` heading outside any fence with what the
 * call gave under it (a document that describes tools under such headings shows no output).
 */
export function isToolHeadings(text: string): boolean {
  if (opensAsJson(text)) return false;
  let underTool = false;
  for (const b of blocksOf(text.slice(0, 1 << 20))) {
    if (b.kind === 'fence') continue;
    const l = b.text;
    if (TOOL.test(l)) underTool = true;
    else if (underTool && (RESULT_HEADING.test(l) || OUTPUT.test(l) || SUMMARY.test(l)))
      return true;
    else if (HEADING.test(l)) underTool = false;
  }
  return false;
}

interface Read {
  readonly messages: ChatJsonMessage[];
  readonly calls: number;
  readonly answered: number;
  readonly texts: number;
}

function toolHeadingsRead(text: string): Read {
  const blocks = blocksOf(text);
  const messages: ChatJsonMessage[] = [];
  let calls = 0;
  let answered = 0;
  let texts = 0;
  // Who speaks under the last turn heading; what a call was given and gave, while it is open.
  let speaker: 'user' | 'assistant' | null = null;
  let words: string[] = [];
  let call: { name: string; input: string[]; output: string[] | null; id: string } | null = null;
  let expect: 'input' | 'output' | null = null;
  const flushWords = (): void => {
    const said = words.join('\n').trim();
    words = [];
    if (said === '' || speaker === null) return;
    messages.push({ role: speaker, content: said });
  };
  const closeCall = (): void => {
    if (call === null) return;
    const input = call.input.join('\n').trim();
    const args = input === '' ? '{}' : printedArguments(input);
    if (/^"/.test(args)) texts++;
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: call.id, type: 'function', function: { name: call.name, arguments: args } },
      ],
    });
    if (call.output !== null) {
      answered++;
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: call.output.join('\n').trim(),
      });
    }
    call = null;
    expect = null;
  };
  for (const b of blocks) {
    if (b.kind === 'fence') {
      if (call === null) words.push(b.text);
      else if (expect === 'output' || (call.output !== null && call.output.length === 0))
        (call.output ??= []).push(b.text);
      else if (call.input.length === 0 || expect === 'input') {
        call.input.push(b.text);
        expect = null;
      } else (call.output ??= []).push(b.text);
      continue;
    }
    const l = b.text;
    const t = TOOL.exec(l);
    if (t !== null) {
      closeCall();
      flushWords();
      call = { name: t[1] as string, input: [], output: null, id: `heading-${++calls}` };
      continue;
    }
    if (call !== null && RESULT_HEADING.test(l)) {
      call.output = [];
      expect = 'output';
      continue;
    }
    const h = HEADING.exec(l);
    if (h !== null) {
      closeCall();
      flushWords();
      const title = h[2] as string;
      // A turn's heading says who speaks; others (a turn's number, a document's sections) do not.
      if (USER.test(title)) speaker = 'user';
      else if (ASSISTANT.test(title)) speaker = 'assistant';
      continue;
    }
    if (call !== null) {
      if (INPUT.test(l)) {
        expect = 'input';
        continue;
      }
      const o = OUTPUT.exec(l) ?? (SUMMARY.test(l) ? ['', ''] : null);
      if (o !== null) {
        call.output = o[1] !== undefined && o[1] !== '' ? [o[1]] : [];
        expect = 'output';
        continue;
      }
      if (/^<\/?details>$/.test(l)) continue;
      // Blank lines before the input or the output shows.
      if (l === '' && (call.output === null ? call.input.length === 0 : call.output.length === 0))
        continue;
      // Quoted lines under a result heading; a list or text given as the input.
      if (call.output !== null) call.output.push(l.replace(/^> ?/, ''));
      else call.input.push(l);
      continue;
    }
    const who = SPEAKER.exec(l);
    if (who !== null) {
      flushWords();
      speaker = /^(?:human|user|you)$/i.test(who[1] as string) ? 'user' : 'assistant';
      continue;
    }
    // Metadata lines of a turn (`- Time: …`) are no words.
    if (/^- (?:Time|Timestamp): /.test(l)) continue;
    words.push(l);
  }
  closeCall();
  flushWords();
  return { messages, calls, answered, texts };
}

/** The export as an OpenAI chat message list (JSON Lines of one conversation), and a note. */
export function toolHeadingsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = toolHeadingsRead(text);
  const shown =
    read.texts === 0
      ? ''
      : ` The input of ${plural(read.texts, 'call')} is text as the export shows it (a command, a list), not the arguments the model sent: such calls repeat when the text does.`;
  return ok({
    text: chatLines([read.messages]),
    note: `Read ${inputLabel(name, 'the input')} as a markdown export with a \`Tool: <name>\` heading per call: ${plural(read.calls, 'tool call')}, each a reply of its own (the export shows no call ids and not which calls one reply made), ${plural(read.answered, 'call')} answered by the output under ${read.answered === 1 ? 'it' : 'them'}; turns by their headings.${shown}`,
  });
}
