// Importer: Claude Code session logs, web session exports and stream-json output.
import { isJsonArray, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, str } from '../access';
import { GrowingBlindSpots } from '../blindSpots';
import { Conversation } from '../build';
import { promptLabel } from '../content';
import { mapAnthropicMessage } from '../dialects/anthropic';
import type { ConversationOutput, FormatImporter, FormatOutput } from '../format';
import { logRecords } from '../records';
import type { LogRecord } from '../records';
import { plural } from '../warnings';
import { chainGroups, isTurn, type ChainGroup } from './claudeChains';
import { hookOutput, isHookPayload } from './claudeHooks';

/**
 * Claude Code session logs (`~/.claude/projects/…/*.jsonl`), the web session export
 * (`{"loglines": […]}`) and the `stream-json` output of `claude -p`. One API reply is written
 * as several lines sharing a `message.id`; they are merged back into one assistant turn. The
 * main chain and each subagent are conversations of their own (claudeChains.ts).
 */
export const importClaudeCode: FormatImporter = (doc) => {
  const records = logRecords(doc);
  // A log of hook payloads holds the calls but no session lines (claudeHooks.ts).
  if (!records.some(isTurn) && records.some((r) => isHookPayload(r.value)))
    return ok(hookOutput(records));
  return ok(claudeOutput(records, wholeMessage));
};

const wholeMessage = (r: LogRecord): JsonValue | undefined => field(r.value, 'message');

/**
 * A session's records as its conversations. `messageOf` gives a turn's `message`: a reader
 * that parsed only each line's other fields (claudeLines.ts) reads it here, once, in replay
 * order, and lets it go once mapped.
 */
function claudeOutput<R extends LogRecord>(
  records: readonly R[],
  messageOf: (r: R) => JsonValue | undefined,
): FormatOutput {
  const groups = claudeGroups(records, undefined, undefined, messageOf);
  // What a spawning Task (or Agent) call said of each prompt it sent, from the main chain.
  const prompts = new Map<string, string>();
  const mapped = groups.map((g) => {
    const m = new TurnMapper(messageOf, g.subagent ? null : prompts);
    m.map(g.turns);
    return m;
  });
  return claudeConversations(groups, mapped, prompts);
}

/** A session's conversations: its chains (claudeChains.ts), or a `stream-json` output's parts. */
export function claudeGroups<R extends LogRecord>(
  records: readonly R[],
  stream = records.some(isStreamInit),
  byUuid?: ReadonlyMap<string, number>,
  messageOf?: (r: R) => JsonValue | undefined,
): ChainGroup<R>[] {
  return stream ? streamGroups(records) : chainGroups(records, byUuid, messageOf);
}

/**
 * A system line of `claude -p --output-format stream-json`: its `init`, or the output of a
 * hook that ran before it (`hook_response`, which newer versions write first).
 */
export function isStreamInit(r: LogRecord): boolean {
  return (
    str(r.value, 'type') === 'system' &&
    /^(?:init|hook_)/.test(str(r.value, 'subtype') ?? '') &&
    field(r.value, 'session_id') !== undefined
  );
}

/** The conversations of mapped groups, labelled (a subagent by what spawned it). */
export function claudeConversations<R extends LogRecord>(
  groups: readonly ChainGroup<R>[],
  mapped: readonly TurnMapper<R>[],
  prompts: ReadonlyMap<string, string>,
): FormatOutput {
  const conversations = groups.map((g, i) => {
    const m = mapped[i] as TurnMapper<R>;
    return {
      label: groupLabel(g, m.prompt, prompts),
      messages: m.conversation.messages,
      warnings: m.warnings(g.warnings),
      blindSpots: m.blindSpots(),
    };
  });
  const first = conversations[0] as ConversationOutput;
  if (conversations.length === 1 && !(groups[0] as ChainGroup<R>).subagent) return first;
  return { messages: first.messages, warnings: first.warnings, conversations };
}

/**
 * A group's turn lines mapped in order into one conversation. It keeps what the next line's
 * mapping needs (the open reply's message.id), so a growing session maps only its new lines.
 */
export class TurnMapper<R extends LogRecord> {
  readonly conversation = new Conversation();
  /** The conversation's first prompt: its first user line's text. */
  prompt: string | undefined;
  private prompted = false;
  private lastId: string | undefined;
  private merged = 0;
  private readonly blind = new GrowingBlindSpots();

  constructor(
    private readonly messageOf: (r: R) => JsonValue | undefined,
    /** Where a main chain notes what its spawning calls said of their prompts; null for a subagent. */
    private readonly prompts: Map<string, string> | null,
    /**
     * By content block of the message `messageOf` gave last, a `tool_result`'s string content
     * as written in the text; null when not known.
     */
    private readonly literalsOf: (r: R) => readonly (string | null)[] | null = () => null,
  ) {}

  map(turns: readonly R[]): void {
    const c = this.conversation;
    for (const r of turns) {
      const message = this.messageOf(r) as JsonValue;
      const role = str(message, 'role') ?? str(r.value, 'type');
      if (!this.prompted && role === 'user') {
        this.prompted = true;
        this.prompt = promptOf(message);
      }
      if (this.prompts !== null) notePrompts(message, this.prompts);
      const id = str(message, 'id');
      const merge =
        role === 'assistant' && id !== undefined && id === this.lastId && c.openAssistant >= 0;
      if (merge) this.merged++;
      mapAnthropicMessage(withRole(message, role), c, r.span, merge, this.literalsOf(r));
      if (role === 'assistant') this.lastId = id;
      else if (!isToolResultOnly(message)) this.lastId = undefined;
    }
  }

  /** `blindSpots` of the conversation, in time proportional to what was mapped since. */
  blindSpots(): string[] {
    return this.blind.of(this.conversation, 'claude-code');
  }

  /** The conversation's warnings: the mapping's, the merged lines', then `more` (its group's). */
  warnings(more: readonly string[]): string[] {
    const merged = this.merged;
    const extra =
      merged > 0
        ? [
            `Merged ${plural(merged, 'assistant line')} into the reply ${merged === 1 ? 'it belongs' : 'they belong'} to (Claude Code writes one line per content block, sharing message.id).`,
            ...more,
          ]
        : more;
    return this.conversation.warnings.toArrayWith(extra);
  }
}

/** A user message's prompt: its text, or its first text block's. */
function promptOf(m: JsonValue): string | undefined {
  const content = field(m, 'content');
  if (typeof content === 'string') return content;
  if (isJsonArray(content)) {
    const t = content.find((b) => str(b, 'type') === 'text');
    return str(t, 'text');
  }
  return undefined;
}

/** Notes what each spawning call in a message said of the prompt it sent: its description. */
function notePrompts(m: JsonValue, out: Map<string, string>): void {
  const content = field(m, 'content');
  if (!isJsonArray(content)) return;
  for (const b of content) {
    if (str(b, 'type') !== 'tool_use') continue;
    const input = field(b, 'input');
    const prompt = str(input, 'prompt');
    const what = str(input, 'description') ?? str(input, 'subagent_type');
    if (prompt !== undefined && what !== undefined) out.set(prompt.trim(), what);
  }
}

function groupLabel(
  g: ChainGroup,
  first: string | undefined,
  prompts: ReadonlyMap<string, string>,
): string {
  if (!g.subagent) return 'main chain';
  const prompt = first?.trim();
  const agentId = g.turns.map((r) => str(r.value, 'agentId')).find((a) => a !== undefined);
  const name =
    agentId ?? (prompt !== undefined ? prompts.get(prompt) : undefined) ?? g.key.slice(0, 8);
  if (prompt === undefined || prompt === '') return `subagent ${name}`;
  return `subagent ${name} · ${promptLabel(prompt)}`;
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
function streamGroups<R extends LogRecord>(records: readonly R[]): ChainGroup<R>[] {
  const main: R[] = [];
  const subs = new Map<string, R[]>();
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
  const groups: ChainGroup<R>[] = [{ key: 'main', subagent: false, turns: main, warnings: [] }];
  for (const [key, turns] of subs) groups.push({ key, subagent: true, turns, warnings: [] });
  return groups;
}
