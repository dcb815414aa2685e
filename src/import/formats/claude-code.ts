import { isJsonArray, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, str } from '../access';
import { Conversation } from '../build';
import { mapAnthropicMessage } from '../dialects/anthropic';
import { finish } from '../format';
import type { ConversationOutput, FormatImporter } from '../format';
import { logRecords } from '../records';
import type { LogRecord } from '../records';
import { plural } from '../warnings';
import { chainGroups, isTurn, type ChainGroup } from './claudeChains';

/**
 * Claude Code session logs (`~/.claude/projects/…/*.jsonl`), the web session export
 * (`{"loglines": […]}`) and the `stream-json` output of `claude -p`. One API reply is written
 * as several lines sharing a `message.id`; they are merged back into one assistant turn. The
 * main chain and each subagent are conversations of their own (claudeChains.ts).
 */
export const importClaudeCode: FormatImporter = (doc) => {
  const records = logRecords(doc);
  const isStream = records.some(
    (r) =>
      str(r.value, 'type') === 'system' &&
      str(r.value, 'subtype') === 'init' &&
      field(r.value, 'session_id') !== undefined,
  );
  const groups = isStream ? streamGroups(records) : chainGroups(records);
  const prompts = spawnPrompts(groups);
  const conversations = groups.map((g) => {
    const c = mapTurns(g.turns);
    for (const w of g.warnings) c.warnings.add(w);
    return { label: groupLabel(g, prompts), ...finish(c) };
  });
  const first = conversations[0] as ConversationOutput;
  if (conversations.length === 1 && !(groups[0] as ChainGroup).subagent) return ok(first);
  return ok({ messages: first.messages, warnings: first.warnings, conversations });
};

function mapTurns(turns: readonly LogRecord[]): Conversation {
  const c = new Conversation();
  let lastId: string | undefined;
  let merged = 0;
  for (const r of turns) {
    const message = field(r.value, 'message') as JsonValue;
    const role = str(message, 'role') ?? str(r.value, 'type');
    const id = str(message, 'id');
    const merge = role === 'assistant' && id !== undefined && id === lastId && c.openAssistant >= 0;
    if (merge) merged++;
    mapAnthropicMessage(withRole(message, role), c, r.span, merge);
    if (role === 'assistant') lastId = id;
    else if (!isToolResultOnly(message)) lastId = undefined;
  }
  if (merged > 0) {
    c.warnings.add(
      `Merged ${plural(merged, 'assistant line')} into the reply ${merged === 1 ? 'it belongs' : 'they belong'} to (Claude Code writes one line per content block, sharing message.id).`,
    );
  }
  return c;
}

const LABEL_PROMPT = 60;

/** The first prompt of a conversation: its first user line's text. */
function firstPrompt(turns: readonly LogRecord[]): string | undefined {
  for (const r of turns) {
    const m = field(r.value, 'message');
    if ((str(m, 'role') ?? str(r.value, 'type')) !== 'user') continue;
    const content = field(m, 'content');
    if (typeof content === 'string') return content;
    if (isJsonArray(content)) {
      const t = content.find((b) => str(b, 'type') === 'text');
      const text = str(t, 'text');
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return undefined;
}

/** What a spawning Task (or Agent) call said of each prompt it sent: its description. */
function spawnPrompts(groups: readonly ChainGroup[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of groups) {
    if (g.subagent) continue;
    for (const r of g.turns) {
      const content = field(field(r.value, 'message'), 'content');
      if (!isJsonArray(content)) continue;
      for (const b of content) {
        if (str(b, 'type') !== 'tool_use') continue;
        const input = field(b, 'input');
        const prompt = str(input, 'prompt');
        const what = str(input, 'description') ?? str(input, 'subagent_type');
        if (prompt !== undefined && what !== undefined) out.set(prompt.trim(), what);
      }
    }
  }
  return out;
}

function groupLabel(g: ChainGroup, prompts: ReadonlyMap<string, string>): string {
  if (!g.subagent) return 'main chain';
  const prompt = firstPrompt(g.turns)?.trim();
  const agentId = g.turns.map((r) => str(r.value, 'agentId')).find((a) => a !== undefined);
  const name =
    agentId ?? (prompt !== undefined ? prompts.get(prompt) : undefined) ?? g.key.slice(0, 8);
  if (prompt === undefined || prompt === '') return `subagent ${name}`;
  const short = prompt.replace(/\s+/g, ' ');
  return `subagent ${name} · ${short.length > LABEL_PROMPT ? `${short.slice(0, LABEL_PROMPT - 1)}…` : short}`;
}

function withRole(message: JsonValue, role: string | undefined): JsonValue {
  if (role === undefined || str(message, 'role') !== undefined || !(message instanceof Map))
    return message;
  const m = new Map(message);
  m.set('role', role);
  return m;
}

function isToolResultOnly(message: JsonValue): boolean {
  const content = field(message, 'content');
  return (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((b) => str(b, 'type') === 'tool_result')
  );
}

/**
 * `claude -p --output-format stream-json`: no tree; a subagent's messages carry the id of the
 * Task call that spawned it (`parent_tool_use_id`) and form a conversation of their own.
 */
function streamGroups(records: readonly LogRecord[]): ChainGroup[] {
  const main: LogRecord[] = [];
  const subs = new Map<string, LogRecord[]>();
  for (const r of records) {
    if (!isTurn(r)) continue;
    const parent = str(r.value, 'parent_tool_use_id');
    if (parent === undefined) {
      main.push(r);
      continue;
    }
    const list = subs.get(parent);
    if (list) list.push(r);
    else subs.set(parent, [r]);
  }
  const groups: ChainGroup[] = [{ key: 'main', subagent: false, turns: main, warnings: [] }];
  for (const [key, turns] of subs) groups.push({ key, subagent: true, turns, warnings: [] });
  return groups;
}
