// Importer: Cline's API conversation history.
import { isJsonArray, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, hasKeys, str } from '../access';
import { Conversation, type CallInput } from '../build';
import { displayText } from '../content';
import { assistantParts, mapAnthropicMessage } from '../dialects/anthropic';
import { clineXmlCall, holdsClineXml } from '../dialects/clineXml';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { elementSpans } from '../spans';
import { plural } from '../warnings';
import { clineUiOutput, isClineUiMessage } from './clineUi';

/**
 * The first line of a result Cline writes as user text: `[read_file for 'a.ts'] Result:`.
 * The name is read leniently (`[subagents]`, an MCP server's name) and the part after `for` is
 * not split on quotes (a command shows whole).
 */
const RESULT_HEADER = /^\[([^\]\n]+?)(?: for [^\n]*)?\] Result:[^\S\n]*(?:\n|$)/;

/** Text a person wrote, as Cline wraps it: the task, feedback, answers, a new message. */
const HUMAN_TEXT = /<(task|feedback|answer|user_message)>/;

/** Whether a value is a Cline or Roo Code task history (`api_conversation_history.json`). */
export function isClineHistory(list: readonly JsonValue[]): boolean {
  for (const m of list) {
    if (str(m, 'role') === 'assistant' && (hasKeys(m, 'modelInfo') || hasKeys(m, 'metrics')))
      return true;
    for (const text of texts(field(m, 'content'))) {
      if (str(m, 'role') !== 'user') continue;
      if (RESULT_HEADER.test(text) || text.startsWith('<task>')) return true;
      if (text.trimStart().startsWith('<environment_details>')) return true;
    }
  }
  return false;
}

function texts(content: JsonValue | undefined): string[] {
  if (typeof content === 'string') return [content];
  if (!isJsonArray(content)) return [];
  const out: string[] = [];
  for (const b of content) {
    if (str(b, 'type') !== 'text') continue;
    const t = str(b, 'text');
    if (t !== undefined) out.push(t);
  }
  return out;
}

/**
 * Cline and Roo Code task histories: Anthropic messages whose tool results Cline stores (and
 * sends to most providers) as user text, one `[name for 'arg'] Result:` block per call. Read as
 * sent, every result is a user turn, which breaks the run, so the reference can never refuse
 * such a session; `clineResults: 'tool'` reads those blocks as the tool messages they stand
 * for, so the loops in the session can be seen.
 */
export const importCline: FormatImporter = (doc, opts) => {
  if (doc.kind !== 'json' || !isJsonArray(doc.parsed.value))
    return invalid('A Cline task history is one JSON array of messages.');
  const list = doc.parsed.value;
  const spans = elementSpans(doc.text, null);
  if (list.slice(0, 20).some(isClineUiMessage)) return ok(clineUiOutput(list, spans));
  const useSpans = spans !== null && spans.length === list.length;
  const c = new Conversation();
  const asTool = opts.clineResults === 'tool';
  let calls: string[] = [];
  let read = 0;
  let dropped = 0;
  for (let i = 0; i < list.length; i++) {
    const m = list[i] as JsonValue;
    const span = useSpans ? spans[i] : undefined;
    const role = str(m, 'role');
    if (asTool && role === 'user' && calls.length > 0) {
      const r = readResults(m, calls, c, span);
      read += r.read;
      dropped += r.dropped;
      calls = r.unanswered;
      if (r.read > 0) continue;
    }
    const xml = role === 'assistant' ? xmlCalls(m) : [];
    if (xml.length > 0) {
      c.assistant(assistantParts(field(m, 'content'), c).text, xml, span);
      calls = xml.map((x) => x.name);
      continue;
    }
    mapAnthropicMessage(m, c, span);
    if (role === 'assistant') calls = callIds(m);
    else if (role === 'user') calls = [];
  }
  const extra: string[] = [];
  if (asTool) {
    extra.push(
      `Read ${plural(read, 'result')} that Cline wrote as user text as tool messages (not what the reference sees: it gets them as user turns, which break every run).`,
    );
    if (dropped > 0)
      extra.push(
        `Left out ${plural(dropped, 'block')} of editor state and reminders sent beside the results (environment details, task progress), so they do not break the runs.`,
      );
  }
  return ok(finish(c, extra));
};

/**
 * The calls a reply without `tool_use` blocks wrote as XML into its text (clineXml.ts): one a
 * text block, as the census counts them.
 */
function xmlCalls(m: JsonValue): CallInput[] {
  const content = field(m, 'content');
  const texts = typeof content === 'string' ? [content] : isJsonArray(content) ? content : [];
  const out: CallInput[] = [];
  for (const b of texts) {
    if (typeof b !== 'string' && str(b, 'type') === 'tool_use') return [];
    const text = typeof b === 'string' ? b : str(b, 'type') === 'text' ? str(b, 'text') : undefined;
    const call = text !== undefined && holdsClineXml(text) ? clineXmlCall(text) : null;
    if (call !== null) out.push({ id: undefined, name: call.name, args: new Map(call.params) });
  }
  return out;
}

function callIds(m: JsonValue): string[] {
  const content = field(m, 'content');
  if (!isJsonArray(content)) return [];
  const out: string[] = [];
  for (const b of content) if (str(b, 'type') === 'tool_use') out.push(str(b, 'name') ?? '');
  return out;
}

/**
 * A user message's `[name] Result:` blocks as tool results of the previous reply's calls, the
 * k-th block answering the k-th call. A block that ends at its header has its body in the next
 * block. A person's words stay a user turn; editor state sent beside the results is left out.
 */
function readResults(
  m: JsonValue,
  calls: readonly string[],
  c: Conversation,
  span: { start: number; end: number } | undefined,
): { read: number; dropped: number; unanswered: string[] } {
  const content = field(m, 'content');
  const blocks = typeof content === 'string' ? [content] : isJsonArray(content) ? content : [];
  let read = 0;
  let dropped = 0;
  const human: JsonValue[] = [];
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as JsonValue;
    const text = typeof b === 'string' ? b : str(b, 'type') === 'text' ? str(b, 'text') : undefined;
    const header = text === undefined ? null : RESULT_HEADER.exec(text);
    if (header === null || read >= calls.length) {
      if (text !== undefined && !HUMAN_TEXT.test(text)) dropped++;
      else human.push(b);
      continue;
    }
    let body = (text as string).slice(header[0].length);
    const next = blocks[k + 1];
    const nextText = typeof next === 'string' ? next : str(next, 'text');
    if (body.trim() === '' && nextText !== undefined && !RESULT_HEADER.test(nextText)) {
      body = nextText;
      k++;
    }
    c.result(undefined, calls[read], body, span);
    read++;
  }
  if (read > 0 && human.length > 0) c.message('user', displayText(human), span);
  return { read, dropped: read > 0 ? dropped : 0, unanswered: calls.slice(read) };
}
