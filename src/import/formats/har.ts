// HAR captures (docs/formats.md): the model requests recorded in a browser or proxy HAR file, read
// as the bodies they carry.
import { strFromU8 } from 'fflate';
import { referenceScan } from '../../detector/index';
import { isJsonArray, ok, parseJson, printJson } from '../../json/index';
import type { JsonValue, ParsedJson } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { eventStreamAsSse } from '../awsEventStream';
import { decodeBase64 } from '../base64';
import { Conversation } from '../build';
import { displayText } from '../content';
import { isConverseList, mapConverseMessage } from '../dialects/converse';
import { mapChatMessage, mapReply, mapStreamReply } from '../dialects/embedded';
import { canonical, jsonLinesValues } from '../dialects/shape';
import { ResponsesMapper } from '../dialects/responses';
import { finish, invalid } from '../format';
import type { FormatImporter, FormatOutput } from '../format';
import type { ChatMessage } from '../../detector/index';
import { messageListDialect } from '../sniff';
import { assembleStreams, looksLikeSse, readSse } from '../sse';
import { plural } from '../warnings';
import { mapBody as mapAnthropicBody } from './anthropic';
import { mapRequest as mapGeminiRequest } from './gemini';

type BodyKind = 'openai-chat' | 'anthropic' | 'openai-responses' | 'gemini' | 'converse';

interface Candidate {
  readonly index: number;
  readonly body: ParsedJson;
  readonly kind: BodyKind;
  readonly length: number;
  readonly response: JsonValue | undefined;
}

const KEY_WARNING =
  'HTTP recordings (HAR files, test cassettes) hold API keys and cookies in their request headers: Loopscope reads them only in this tab, but do not share this file.';

/**
 * HAR captures of model API traffic. Every request carries the whole history, so a
 * conversation is the longest request body plus its response (JSON or an SSE stream),
 * never the requests concatenated. Requests whose histories share none of the user's words
 * belong to another conversation (an agent and the subagent it calls, two chats recorded in
 * one test): each is read from its own longest request.
 */
export const importHar: FormatImporter = (doc) => {
  if (doc.kind !== 'json') return invalid('A HAR file is a single JSON document.');
  const entries = arr(obj(doc.parsed.value, 'log'), 'entries') ?? [];
  const groups: Group[] = [];
  const byWords = new Map<string, Group>();
  entries.forEach((e, index) => {
    const req = obj(e, 'request');
    const text = str(obj(req, 'postData'), 'text');
    if (text === undefined) return;
    const p = parseJson(text);
    if (!p.ok) return;
    const kind = bodyKind(p.value.value, str(req, 'url') ?? '');
    if (!kind) return;
    const length = historyLength(p.value.value, kind);
    const here: Candidate = { index, body: p.value, kind, length, response: obj(e, 'response') };
    // The requests of one conversation share the user's words, whatever a client does to
    // their order; a history that shares none is another conversation's.
    const words = userWords(p.value.value, kind);
    const found = new Set<Group>();
    for (const w of words) {
      const g = byWords.get(w);
      if (g !== undefined) found.add(rootOf(g));
    }
    const [into, ...others] = [...found];
    const g: Group = into ?? { best: here, calls: 0, first: index, merged: null, members: [] };
    if (into === undefined) groups.push(g);
    for (const o of others) {
      o.merged = g;
      g.calls += o.calls;
      if (o.best.length > g.best.length) g.best = o.best;
      g.first = Math.min(g.first, o.first);
      for (const m of o.members) g.members.push(m);
    }
    g.calls++;
    g.members.push({ index, length, response: here.response });
    if (length >= g.best.length) g.best = here;
    for (const w of words) byWords.set(w, g);
  });
  const live = groups.filter((g) => g.merged === null).sort((a, b) => a.first - b.first);
  if (live.length === 0) {
    return invalid(
      `None of the ${plural(entries.length, 'entry', 'entries')} in the HAR file is a chat-completions, Messages, Responses or Gemini request with a JSON body.`,
    );
  }
  const picks = live.flatMap((g) => {
    const best = finish(conversationOf(g.best, g.calls));
    return [{ pick: g.best, ...best }, ...branches(g, best.messages, entries)];
  });
  const read = picks.map((r, i) => ({
    label: picks.length > 1 ? `conversation ${i + 1}` : 'capture',
    ...r,
  }));
  const first = read[0] as (typeof read)[number];
  const out = {
    messages: first.messages,
    warnings: first.warnings,
    referenceScan:
      first.pick.kind === 'openai-chat' ? referenceScan(first.pick.body) : ('scanned' as const),
  };
  if (read.length === 1) return ok(out);
  return ok({
    ...out,
    conversations: read.map(({ label, messages, warnings }) => ({ label, messages, warnings })),
  });
};

/** One conversation's requests: the longest so far, and how many. */
interface Group {
  best: Candidate;
  calls: number;
  /** Every request of it, without its body (read again for the few that are branches). */
  members: Member[];
  /** The entry its first request stands at. */
  first: number;
  /** The group it was found to be part of, once a request joined two. */
  merged: Group | null;
}

interface Member {
  readonly index: number;
  readonly length: number;
  readonly response: JsonValue | undefined;
}

/**
 * The requests of one group whose replies no history goes on from: the same history answered
 * again (a test that records one prompt several times, a retry after which the client kept
 * another answer). Each such reply that makes calls is a run of its own, read as its request's
 * history plus that reply; a reply whose calls stand in a longer history is that history's.
 * Longest first, so a branch that later requests continue is read once, from its longest.
 */
function branches(
  g: Group,
  best: readonly ChatMessage[],
  entries: readonly JsonValue[],
): ({ pick: Candidate } & FormatOutput)[] {
  if (g.members.length < 2) return [];
  // The ids the replies gave their calls. A history's call under an id no reply gave was
  // renamed by the client that sent it back (a fresh id of its own, the Responses item's `id`
  // for its `call_id`, a number for a Gemini call that had none): it stands for one reply's
  // call of its name and arguments.
  const replies = new Map<number, Conversation>();
  const given = new Set<string>();
  for (const m of g.members) {
    const reply = new Conversation();
    mapResponse(m.response, reply);
    replies.set(m.index, reply);
    for (const c of callsOf(reply.messages)) if (c.id !== null) given.add(c.id);
  }
  const seen = new Set<string>();
  const unclaimed = new Map<string, number>();
  const note = (messages: readonly ChatMessage[]): void => {
    for (const c of callsOf(messages)) {
      if (c.id !== null) seen.add(c.id);
      if (c.id === null || !given.has(c.id))
        unclaimed.set(c.shape, (unclaimed.get(c.shape) ?? 0) + 1);
    }
  };
  note(best);
  const out: ({ pick: Candidate } & FormatOutput)[] = [];
  const others = g.members
    .filter((m) => m.index !== g.best.index)
    .sort((a, b) => b.length - a.length || a.index - b.index);
  const callsAt = (m: Member): { id: string | null; shape: string }[] =>
    callsOf((replies.get(m.index) as Conversation).messages);
  // Whether a renamed history call is left to stand for one of these reply calls; it is taken.
  const claim = (calls: readonly { shape: string }[]): boolean => {
    const renamed = calls.find((c) => (unclaimed.get(c.shape) ?? 0) > 0);
    if (renamed === undefined) return false;
    unclaimed.set(renamed.shape, (unclaimed.get(renamed.shape) as number) - 1);
    return true;
  };
  // A renamed call of the longest history stands first for the reply recorded nearest before
  // it: a client sends a reply back in its next request.
  const held = new Set<number>();
  for (const m of [...others].sort((a, b) => b.index - a.index)) {
    if (m.index > g.best.index) continue;
    const calls = callsAt(m);
    if (!calls.some((c) => c.id !== null && seen.has(c.id)) && claim(calls)) held.add(m.index);
  }
  for (const m of others) {
    if (held.has(m.index)) continue;
    const calls = callsAt(m);
    if (calls.length === 0 || calls.some((c) => c.id !== null && seen.has(c.id))) continue;
    if (claim(calls)) continue;
    const req = obj(entries[m.index], 'request');
    const p = parseJson(str(obj(req, 'postData'), 'text') ?? '');
    const kind = p.ok ? bodyKind(p.value.value, str(req, 'url') ?? '') : null;
    if (!p.ok || kind === null) continue;
    const pick: Candidate = { ...m, body: p.value, kind };
    const read = finish(conversationOf(pick, 1));
    note(read.messages);
    out.push({ pick, ...read });
  }
  return out;
}

/**
 * The calls in messages, each by its id (null where build.ts made one up, `syn-…`, for a call
 * that had none, as Gemini's have not) and by its name and arguments.
 */
function callsOf(messages: readonly ChatMessage[]): { id: string | null; shape: string }[] {
  const out: { id: string | null; shape: string }[] = [];
  for (const m of messages) {
    const calls = m.tool_calls;
    if (!Array.isArray(calls)) continue;
    for (const c of calls) {
      if (!(c instanceof Map)) continue;
      const id = c.get('id');
      const f = c.get('function');
      const shape =
        f instanceof Map ? `${String(f.get('name'))}\u0000${canonical(f.get('arguments'))}` : '';
      out.push({ id: typeof id === 'string' && !id.startsWith('syn-') ? id : null, shape });
    }
  }
  return out;
}

/** The group a group was merged into, through every merge since. */
function rootOf(g: Group): Group {
  let r = g;
  while (r.merged !== null) r = r.merged;
  return r;
}

/** How many of a history's first user messages stand for it. */
const USER_WORDS = 3;

/**
 * What the user said at the start of a request's history (its first user messages, or Gemini
 * user contents, or Responses input items), each as JSON; the first item where none is the
 * user's. Every later request of the same conversation repeats them.
 */
function userWords(body: JsonValue, kind: BodyKind): string[] {
  // Chat and Messages bodies share one `messages` list: a first request whose blocks say
  // nothing of either (a user's text) may be told as the other dialect.
  const list = kind === 'gemini' ? 'contents' : kind === 'openai-responses' ? 'input' : 'messages';
  const items = field(body, list);
  const all = isJsonArray(items) ? items : items === undefined ? [] : [items];
  const said = all.filter((m) => str(m, 'role') === 'user' || typeof m === 'string');
  const head = (said.length > 0 ? said : all).slice(0, USER_WORDS);
  // The words, however spelled: a client may send a turn's text as a string once and as a
  // list of text blocks the next time (the Bedrock SDK does).
  return head.map((m) => {
    const content = field(m, 'content') ?? field(m, 'parts');
    return `${list}\u0000${content === undefined ? printJson(m) : displayText(content)}`;
  });
}

/** One conversation: the chosen request's history and its response. */
function conversationOf(pick: Candidate, calls: number): Conversation {
  const c = new Conversation();
  c.warnings.add(KEY_WARNING);
  const body = pick.body.value;
  if (pick.kind === 'openai-chat')
    for (const m of arr(body, 'messages') ?? []) mapChatMessage(m, c);
  else if (pick.kind === 'anthropic') mapAnthropicBody(body, null, c);
  else if (pick.kind === 'gemini') mapGeminiRequest(body, null, c);
  else if (pick.kind === 'converse') {
    for (const m of arr(body, 'system') ?? []) c.message('system', str(m, 'text') ?? '');
    for (const m of arr(body, 'messages') ?? []) mapConverseMessage(m, c);
  } else {
    const r = new ResponsesMapper(c);
    const input = field(body, 'input');
    if (typeof input === 'string') c.message('user', input);
    for (const it of isJsonArray(input) ? input : []) r.item(it);
  }
  mapResponse(pick.response, c);
  if (calls > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${calls} model requests (entry ${pick.index + 1}) plus its response; each repeats the history, so they were not concatenated.`,
    );
  }
  return c;
}

function bodyKind(body: JsonValue, url: string): BodyKind | null {
  if (isJsonArray(field(body, 'contents'))) return 'gemini';
  if (field(body, 'input') !== undefined && field(body, 'messages') === undefined)
    return 'openai-responses';
  const messages = field(body, 'messages');
  if (!isJsonArray(messages)) return null;
  // Bedrock's Converse (and Amazon Nova's InvokeModel, which takes its messages): camelCase
  // settings, or `toolUse` / `toolResult` blocks.
  if (
    field(body, 'toolConfig') !== undefined ||
    field(body, 'inferenceConfig') !== undefined ||
    isConverseList(messages)
  )
    return 'converse';
  if (/\/v1\/messages\b/.test(url) || field(body, 'system') !== undefined) return 'anthropic';
  // A gateway or proxy may serve the Messages API under any path: its blocks tell.
  return messageListDialect(messages) === 'anthropic' ? 'anthropic' : 'openai-chat';
}

function historyLength(body: JsonValue, kind: BodyKind): number {
  const key = kind === 'gemini' ? 'contents' : kind === 'openai-responses' ? 'input' : 'messages';
  return arr(body, key)?.length ?? 0;
}

/** Maps the chosen entry's response: a JSON reply, or every reply of an SSE stream. */
function mapResponse(response: JsonValue | undefined, c: Conversation): void {
  const content = obj(response, 'content');
  let text = str(content, 'text');
  if (text === undefined || text === '') {
    c.warnings.add(
      'The chosen request has no response body in the HAR file (browsers often drop streamed bodies), so its reply is missing.',
    );
    return;
  }
  if (str(content, 'encoding') === 'base64') {
    const bytes = decodeBase64(text);
    if (!bytes) return;
    // Bedrock's streamed responses are AWS event-stream messages, kept as bytes.
    text = eventStreamAsSse(bytes) ?? strFromU8(bytes);
  }
  if (looksLikeSse(text) || (str(content, 'mimeType') ?? '').includes('event-stream')) {
    const read = readSse(text);
    const s = assembleStreams(read.events);
    c.warnings.addAll(read.warnings);
    c.warnings.addAll(s.warnings);
    for (const r of s.replies) mapStreamReply(r, c);
    return;
  }
  const p = parseJson(text);
  if (p.ok) {
    mapReply(p.value.value, c);
    return;
  }
  const reply = jsonLinesReply(text);
  if (reply !== null) mapReply(reply, c);
}

/** A line's JSON value, or undefined where the line is none. */
function lineValue(line: string): JsonValue | undefined {
  const r = parseJson(line);
  return r.ok ? r.value.value : undefined;
}

/**
 * A reply streamed as JSON Lines (Ollama's `/api/chat`, `application/x-ndjson`): each line a
 * piece of `message`, its text in pieces, its calls whole in the line that has them. Put back
 * together as the one `{ message }` the same request without streaming returns; null when the
 * text is no such stream.
 */
function jsonLinesReply(text: string): JsonValue | null {
  const chunks = jsonLinesValues(text, lineValue);
  if (chunks === null) return null;
  let content = '';
  const calls: JsonValue[] = [];
  for (const chunk of chunks) {
    const m = obj(chunk, 'message');
    if (m === undefined) return null;
    content += str(m, 'content') ?? '';
    calls.push(...(arr(m, 'tool_calls') ?? []));
  }
  const message = new Map<string, JsonValue>([
    ['role', 'assistant'],
    ['content', content],
  ]);
  if (calls.length > 0) message.set('tool_calls', calls);
  return new Map([['message', message]]);
}
