// What the walk reads as a turn: who speaks, and the words they say.
import { isJsonArray, isJsonObject, JsonNumber } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { displayText, narration } from '../content';
import { jsonValue } from './values';

// Roles compared in lower case: writers spell them `USER`, `User`, `AI`, `CHATBOT` as well.
const USER_ROLES = new Set(['user', 'human']);
export const ASSISTANT_ROLES: ReadonlySet<string> = new Set([
  'assistant',
  'model',
  'ai',
  'agent',
  'bot',
  'chatbot',
]);
const SYSTEM_ROLES = new Set(['system', 'developer']);
const TURN_TYPES = new Map<string, 'user' | 'assistant' | 'system'>([
  ['user', 'user'],
  ['human', 'user'],
  ['user_message', 'user'],
  ['assistant', 'assistant'],
  ['ai', 'assistant'],
  ['assistant_message', 'assistant'],
  ['agent_message', 'assistant'],
  ['system', 'system'],
  ['system_message', 'system'],
  // Pydantic AI's request parts.
  ['user-prompt', 'user'],
  ['system-prompt', 'system'],
]);
/**
 * Turns whose words stand under a member named for their type (Windsurf's Cascade transcript:
 * `{ type: "user_input", user_input: { user_response } }`; the table's `windsurf-transcript`
 * entry reads its other steps as calls).
 */
const ADJACENT_TURNS = new Map<string, { role: 'user' | 'assistant'; text: string }>([
  ['user_input', { role: 'user', text: 'user_response' }],
  ['planner_response', { role: 'assistant', text: 'response' }],
]);

export function speaker(role: string): boolean {
  const r = role.toLowerCase();
  return USER_ROLES.has(r) || ASSISTANT_ROLES.has(r) || SYSTEM_ROLES.has(r);
}

/**
 * A ShareGPT turn's speaker (`from`: `human`, `gpt`, `system`), as a role; its `observation`
 * turns are results (LLaMA-Factory's data converter reads the same tags). Undefined where `from`
 * names none of them, or the object has a `role` of its own.
 */
export function sharegptRole(o: JsonObject): string | undefined {
  const from = o.get('from');
  if (typeof from !== 'string' || !o.has('value')) return undefined;
  return SHAREGPT_ROLES.get(from);
}
const SHAREGPT_ROLES = new Map([
  ['human', 'user'],
  ['gpt', 'assistant'],
  ['system', 'system'],
  ['observation', 'tool'],
  // Hermes' function-calling data answers a `gpt` turn's calls in `tool` turns; ToolACE's
  // names its speakers by their roles.
  ['tool', 'tool'],
  ['user', 'user'],
  ['assistant', 'assistant'],
]);

/** A user, system or assistant turn, where the object says who speaks. */
export function turnOf(
  o: JsonObject,
): { kind: 'turn'; role: 'user' | 'system' | 'assistant'; text: string } | null {
  const info = o.get('info');
  // opencode keeps a message's role in its `info`, beside its `parts`; a claude.ai export
  // names it `sender`.
  const role =
    o.get('role') ??
    (isJsonObject(info) ? info.get('role') : undefined) ??
    o.get('sender') ??
    o.get('message.role') ??
    o.get('_role') ??
    kernelRole(o);
  let who: 'user' | 'system' | 'assistant' | undefined;
  const t = o.get('bubbleId') !== undefined ? o.get('type') : undefined;
  const bubble = t instanceof JsonNumber ? t.lexeme : undefined;
  if (bubble === '1' || bubble === '2') {
    // A Cursor bubble: type 1 is the user's, 2 the assistant's.
    const text = o.get('text');
    return { kind: 'turn', role: bubble === '1' ? 'user' : 'assistant', text: str(text) };
  }
  const message = o.get('message');
  if (role === undefined && o.has('requestId') && isJsonObject(message)) {
    // A VS Code chat request: the user's words, then the model's rounds and their results.
    return { kind: 'turn', role: 'user', text: str(message.get('text')) };
  }
  if (typeof role === 'string') {
    // An enum printed by Python names its value last: `<ChatRole.USER: 'user'>` (Haystack).
    const r = (/^<\w+\.\w+: '([^']*)'>$/.exec(role)?.[1] ?? role).toLowerCase();
    if (USER_ROLES.has(r)) who = 'user';
    else if (ASSISTANT_ROLES.has(r)) who = 'assistant';
    else if (SYSTEM_ROLES.has(r)) who = 'system';
  } else {
    // Letta names its messages' kind `message_type`, Pydantic AI its parts' `part_kind`.
    const type = o.get('type') ?? o.get('message_type') ?? o.get('part_kind');
    // A Windsurf transcript keeps a step's words under a member named for its type.
    const step = typeof type === 'string' ? ADJACENT_TURNS.get(type) : undefined;
    const inner = typeof type === 'string' ? o.get(type) : undefined;
    if (step !== undefined && isJsonObject(inner))
      return { kind: 'turn', role: step.role, text: str(inner.get(step.text)) };
    if (typeof type === 'string') who = TURN_TYPES.get(type);
    // AutoGen names who speaks in `source`: the user, or an agent by its own name.
    if (who === undefined && o.get('source') === 'user' && typeof o.get('content') === 'string') {
      who = 'user';
    }
  }
  const adjacent = role === undefined ? variant(o) : null;
  const turn = adjacent === null ? undefined : VARIANT_TURNS.get(adjacent.tag);
  if (turn !== undefined && isJsonObject(adjacent?.data)) {
    const parts = adjacent.data.get('content');
    return { kind: 'turn', role: turn, text: isJsonArray(parts) ? variantText(parts) : str(parts) };
  }
  // Only an object that is nothing but the variant: a member named `Agent` elsewhere is none.
  if (who === undefined && role === undefined && o.size === 1) {
    for (const [variant, turn] of ENUM_TURNS) {
      const inner = o.get(variant);
      if (!isJsonObject(inner)) continue;
      return { kind: 'turn', role: turn.role, text: enumText(inner.get(turn.text)) };
    }
  }
  // LibreChat says whether the user wrote a message; its `sender` names the model or agent.
  const byUser = o.get('isCreatedByUser');
  if (who === undefined && typeof byUser === 'boolean') who = byUser ? 'user' : 'assistant';
  if (who === undefined) return null;
  const content =
    o.get('content') ??
    o.get('_content') ??
    o.get('message.content') ??
    o.get('text') ??
    // A record that names who speaks beside the API message it wraps, which does not (`{ role,
    // message: { content } }`, as Cursor's agent transcripts write it); a message that names its
    // own role is a turn of its own when walked.
    (isJsonObject(message)
      ? message.has('role')
        ? undefined
        : message.get('content')
      : message) ??
    o.get('parts') ??
    o.get('items') ??
    kernelTexts(o.get('Items')) ??
    o.get('value') ??
    jsonTextOf(o.get('content_json'));
  const text = who === 'assistant' ? (narration(content) ?? '') : textOnly(content);
  return { kind: 'turn', role: who, text };
}

/**
 * Who speaks in a message of Semantic Kernel's .NET `ChatHistory` as System.Text.Json writes
 * it: its `AuthorRole` struct, `Role: { Label }`; else ShareGPT's speaker, if any.
 */
function kernelRole(o: JsonObject): JsonValue | undefined {
  const r = o.get('Role');
  const label = isJsonObject(r) ? r.get('Label') : undefined;
  return typeof label === 'string' ? label : sharegptRole(o);
}

/** The words of such a message's `Items`: its `TextContent` items' `Text`. */
function kernelTexts(v: JsonValue | undefined): JsonValue[] | undefined {
  if (!isJsonArray(v)) return undefined;
  const texts: JsonValue[] = [];
  for (const p of v) {
    const t = isJsonObject(p) && p.get('$type') === 'TextContent' ? p.get('Text') : undefined;
    if (typeof t === 'string') texts.push(t);
  }
  return texts;
}

/** A member that keeps a message's content as JSON text (goose's `content_json`), parsed. */
function jsonTextOf(v: JsonValue | undefined): JsonValue | undefined {
  return typeof v === 'string' ? jsonValue(v) : undefined;
}

/**
 * Messages as serde writes a Rust enum, one member naming the variant: who speaks, and the
 * member of the variant's value that holds the words.
 */
const ENUM_TURNS = new Map<string, { role: 'user' | 'assistant'; text: string }>([
  // Amazon Q Developer CLI: `{ Prompt: { prompt } }`, `{ Response: { message_id, content } }`.
  ['Prompt', { role: 'user', text: 'prompt' }],
  ['Response', { role: 'assistant', text: 'content' }],
  // Zed's agent threads: `{ User: { id, content: [{ Text }] } }`, `{ Agent: { content, tool_results } }`.
  ['User', { role: 'user', text: 'content' }],
  ['Agent', { role: 'assistant', text: 'content' }],
]);

/**
 * Records as serde writes a Rust enum with its tag beside its content (`#[serde(tag = "kind",
 * content = "data")]`): the variant's name, and its value. Kiro CLI's session log is made of
 * them, lines and content blocks alike.
 */
export function variant(o: JsonObject): { tag: string; data: JsonValue } | null {
  const tag = o.get('kind');
  const data = o.get('data');
  if (typeof tag !== 'string' || data === undefined) return null;
  if (o.size > 3 || (o.size === 3 && !o.has('version'))) return null;
  return { tag, data };
}

/** Kiro CLI's turns: `{ kind: "Prompt" | "AssistantMessage", data: { content: [blocks] } }`. */
const VARIANT_TURNS = new Map<string, 'user' | 'assistant'>([
  ['Prompt', 'user'],
  ['AssistantMessage', 'assistant'],
]);

/** The words of a list of variant blocks: its `text` variants' (thinking is not said). */
function variantText(parts: readonly JsonValue[]): string {
  const texts: string[] = [];
  for (const p of parts) {
    const v = isJsonObject(p) ? variant(p) : null;
    if (v?.tag === 'text' && typeof v.data === 'string') texts.push(v.data);
  }
  return texts.join('\n');
}

/** An enum turn's words: a string, or the `{ Text }` variants of a list of them. */
function enumText(v: JsonValue | undefined): string {
  if (typeof v === 'string') return v;
  if (!isJsonArray(v)) return '';
  const texts: string[] = [];
  for (const p of v) {
    const t = isJsonObject(p) ? p.get('Text') : undefined;
    if (typeof t === 'string') texts.push(t);
  }
  return texts.join('\n');
}

function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** A user's words: text parts only (the results a user message carries are read as results). */
function textOnly(v: JsonValue | undefined): string {
  if (typeof v === 'string') return v;
  if (!isJsonArray(v)) return '';
  const parts = v.filter(
    (p) =>
      typeof p === 'string' ||
      (isJsonObject(p) &&
        (p.get('type') === 'text' ||
          // The Responses API's message parts.
          p.get('type') === 'input_text' ||
          p.get('type') === 'output_text' ||
          // Semantic Kernel's `TextContent` item.
          (p.get('content_type') === 'text' && typeof p.get('text') === 'string') ||
          // A Gemini part: `{ text }` with no type.
          (p.get('type') === undefined && typeof p.get('text') === 'string'))),
  );
  return parts.length === 0 ? '' : displayText(parts);
}
