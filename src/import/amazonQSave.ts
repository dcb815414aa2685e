// Amazon Q Developer CLI's conversation saved with `/save`: its history, and the calls its
// transcript alone still names.
import { isJsonArray, isJsonObject, parseJson, printJson, type JsonValue } from '../json/index';
import { err, ok, type Result } from '../json/index';
import { Shows, shownArgs, shownCounts } from './shownInput';
import { readDoc } from './text';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * `/save` writes the chat's `ConversationState` as serde prints it
 * (aws/amazon-q-developer-cli crates/chat-cli/src/cli/chat/conversation.rs @87f4f71db7, the
 * same struct in Kiro CLI and in the CLI's own database): `conversation_id`, `next_message`,
 * `history`, `valid_history_range`, `transcript`, … in that order. `history` holds exchanges,
 * `{ user, assistant, request_metadata }` or, in earlier versions, `[user, assistant]`; a user
 * message's `content` is `{ Prompt: { prompt } }`, `{ ToolUseResults: { tool_use_results } }` or
 * `{ CancelledToolUses: { prompt, tool_use_results } }`, a reply `{ Response: { content } }` or
 * `{ ToolUse: { content, tool_uses: [{ id, name, args }] } }` (`message.rs`). `transcript` is a
 * log of the same chat for people: the user's prompts as `> ` lines and each reply as its words
 * then `[Tool uses: a,b]` (`none` for no call), written as every reply is pushed to the history,
 * but never cut when `/compact` or `/clear` empties the history. Its replies are the history's
 * last ones; those before them are known by their tools' names only.
 */
const HEAD = /^\{\s*"conversation_id"\s*:\s*"[^"\\]*"\s*,\s*"next_message"\s*:/;
const USES = /\n?\[Tool uses: ([^\]\n]*)\]\s*$/;

/** Whether a text is such a saved conversation (serde's field order, checked on its head). */
export function isAmazonQSave(text: string): boolean {
  return HEAD.test(
    text
      .slice(0, 4096)
      .replace(/^\uFEFF/, '')
      .trimStart(),
  );
}

const field = (v: JsonValue | undefined, k: string): JsonValue | undefined =>
  isJsonObject(v) ? v.get(k) : undefined;
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');

/** A transcript entry: a prompt of the user's, or a reply with the names of its calls. */
type Entry = { user: string } | { words: string; names: string[] };

function entries(transcript: readonly JsonValue[]): Entry[] {
  const out: Entry[] = [];
  for (const t of transcript) {
    if (typeof t !== 'string') continue;
    if (t.startsWith('> ')) {
      // A prompt's line breaks are written as `> \n`. Every line typed is logged: commands
      // (`/save`), shell escapes (`!ls`) and the `y`/`t` that let a call run are no prompt.
      const said = t.slice(2).replace(/> \n/g, '\n');
      if (!/^[/!]/.test(said) && !/^\s*[yt]\s*$/i.test(said)) out.push({ user: said });
    } else {
      const m = USES.exec(t);
      // Anything else is an error or a notice the CLI posted, no message of the model's.
      if (m === null) continue;
      const list = (m[1] as string).split(',').map((s) => s.trim());
      const names = list.length === 1 && list[0] === 'none' ? [] : list.filter((s) => s !== '');
      out.push({ words: t.slice(0, m.index).trim(), names });
    }
  }
  return out;
}

/** An exchange's two halves, in either form the history was saved in. */
function halves(e: JsonValue): [JsonValue | undefined, JsonValue | undefined] {
  if (isJsonArray(e)) return [e[0], e[1]];
  return [field(e, 'user'), field(e, 'assistant')];
}

/** The reply's variant: `ToolUse` or `Response`, and its fields. */
function variant(a: JsonValue | undefined): JsonValue | undefined {
  return field(a, 'ToolUse') ?? field(a, 'Response');
}

function toolUses(a: JsonValue | undefined): JsonValue[] {
  const uses = field(field(a, 'ToolUse'), 'tool_uses');
  return isJsonArray(uses) ? uses : [];
}

/** A result's blocks (`{ Text }`, `{ Json }`) as the text of a tool result. */
function resultText(r: JsonValue): string {
  const blocks = field(r, 'content');
  return (isJsonArray(blocks) ? blocks : [])
    .map((b) => {
      const t = field(b, 'Text');
      if (typeof t === 'string') return t;
      const j = field(b, 'Json');
      return j === undefined ? '' : printJson(j);
    })
    .join('\n');
}

/**
 * The messages are written as Anthropic's, which mark a failed call as the CLI does
 * (`status: "Error"`), and as JSON values, so a call's arguments keep the text they were saved
 * with.
 */
const obj = (entries: [string, JsonValue][]): JsonValue => new Map(entries);
const textBlock = (t: string): JsonValue =>
  obj([
    ['type', 'text'],
    ['text', t],
  ]);
const message = (role: string, content: JsonValue[]): JsonValue =>
  obj([
    ['role', role],
    ['content', content],
  ]);
const toolUse = (id: string, name: string, input: JsonValue): JsonValue =>
  obj([
    ['type', 'tool_use'],
    ['id', id],
    ['name', name],
    ['input', input],
  ]);

/** A user message of the history: its tool results, then any prompt. */
function userMessage(u: JsonValue | undefined, out: JsonValue[]): void {
  const c = field(u, 'content');
  const prompt = field(c, 'Prompt');
  if (prompt !== undefined) {
    out.push(message('user', [textBlock(str(field(prompt, 'prompt')))]));
    return;
  }
  const v = field(c, 'ToolUseResults') ?? field(c, 'CancelledToolUses');
  const results = field(v, 'tool_use_results');
  const blocks = (isJsonArray(results) ? results : []).map((r) =>
    obj([
      ['type', 'tool_result'],
      ['tool_use_id', str(field(r, 'tool_use_id'))],
      ['content', resultText(r)],
      ['is_error', str(field(r, 'status')) === 'Error'],
    ]),
  );
  const said = field(v, 'prompt');
  if (typeof said === 'string' && said !== '') blocks.push(textBlock(said));
  if (blocks.length > 0) out.push(message('user', blocks));
}

/** A reply: its words, then its calls. */
function reply(words: string, calls: JsonValue[]): JsonValue {
  return message('assistant', [...(words === '' ? [] : [textBlock(words)]), ...calls]);
}

/** Whether the transcript's replies from `from` on are the history's, call for call. */
function sameReplies(replies: readonly Entry[], history: readonly JsonValue[]): boolean {
  return history.every((e, k) => {
    const r = replies[k];
    if (r === undefined || !('names' in r)) return false;
    const names = toolUses(halves(e)[1]).map((u) => str(field(u, 'name')));
    return names.length === r.names.length && names.every((n, i) => n === r.names[i]);
  });
}

/** The saved conversation as an OpenAI chat message list (JSON text) and a note. */
export function amazonQSaveAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const doc = readDoc(text, name);
  if (!doc.ok) return doc;
  const root = doc.value.kind === 'json' ? doc.value.parsed.value : null;
  const historyV = field(root ?? undefined, 'history');
  const transcriptV = field(root ?? undefined, 'transcript');
  const history = isJsonArray(historyV) ? historyV : [];
  const all = entries(isJsonArray(transcriptV) ? transcriptV : []);
  const replies = all.filter((e) => 'names' in e);
  const label = inputLabel(name, 'the input');
  if (!isJsonArray(historyV) && !isJsonArray(transcriptV)) {
    return err({
      kind: 'not-transcript',
      seen: 'an Amazon Q Developer CLI conversation with no history and no transcript',
      message: `${inputLabel(name, 'The input')} is an Amazon Q Developer CLI conversation with neither a history nor a transcript: it holds no tool call.`,
    });
  }
  // The transcript's replies before the history's first are those the history lost.
  const lost = Math.max(0, replies.length - history.length);
  const aligned = sameReplies(replies.slice(lost), history);
  const out: JsonValue[] = [];
  const counts = shownCounts();
  if (aligned && lost > 0) {
    let seen = 0;
    for (const e of all) {
      if ('user' in e) {
        out.push(message('user', [textBlock(e.user)]));
        continue;
      }
      if (seen++ === lost) break;
      const calls = e.names.map((n) => {
        const id = `transcript-${counts.blind + 1}`;
        const input = parseJson(shownArgs(Shows.Nothing, '', id, counts));
        return toolUse(id, n, input.ok ? input.value.value : null);
      });
      out.push(reply(e.words, calls));
    }
    // The prompt the transcript shows after its last lost reply opens the history too.
    const opens = history.length > 0 ? halves(history[0] as JsonValue)[0] : undefined;
    const last = out.at(-1);
    if (field(field(opens, 'content'), 'Prompt') !== undefined && field(last, 'role') === 'user')
      out.pop();
  }
  let calls = 0;
  for (const e of history) {
    const [u, a] = halves(e);
    userMessage(u, out);
    const uses = toolUses(a);
    calls += uses.length;
    const made = uses.map((t) =>
      toolUse(str(field(t, 'id')), str(field(t, 'name')), field(t, 'args') ?? obj([])),
    );
    out.push(reply(str(field(variant(a), 'content')), made));
  }
  // Results gathered for the last reply's calls, not yet sent when the chat was saved.
  const next = field(root ?? undefined, 'next_message');
  if (isJsonObject(next)) userMessage(next, out);
  const head = `Read ${label} as an Amazon Q Developer CLI conversation saved with \`/save\`:`;
  const kept = `${plural(calls, 'tool call')} in ${plural(history.length, 'exchange')} of its history`;
  const named = counts.blind;
  const unplaced = aligned
    ? 0
    : replies.slice(0, lost).reduce((n, e) => n + ('names' in e ? e.names.length : 0), 0);
  let note = `${head} ${kept}.`;
  if (named > 0) {
    const them = named === 1 ? 'it shows nothing of its' : 'they show nothing of their';
    const where =
      history.length === 0
        ? `its history is empty (compacted or cleared), so its ${plural(named, 'tool call')} ${named === 1 ? 'is the one' : 'are those'} its transcript names by tool alone`
        : `${kept}, and before them ${plural(named, 'tool call')} its transcript names by tool alone (the history was compacted)`;
    note = `${head} ${where}: ${them} input, so each is read as a call of its own, never a repeat, with no answer.`;
  } else if (unplaced > 0) {
    note = `${head} ${kept}; its transcript names ${plural(unplaced, 'earlier tool call')} whose replies do not line up with the history's, and ${unplaced === 1 ? 'it is' : 'they are'} not read.`;
  }
  return ok({ text: printJson(out), note });
}
