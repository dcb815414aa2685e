import { ok } from '../../detector/index';
import type { JsonValue } from '../../detector/index';
import { field, obj, str } from '../access';
import { Conversation } from '../build';
import { mapAnthropicMessage } from '../dialects/anthropic';
import { finish } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';
import type { LogRecord } from '../records';
import { plural } from '../warnings';

/**
 * Claude Code session logs (`~/.claude/projects/…/*.jsonl`) and the `stream-json`
 * output of `claude -p`. One API reply is written as several lines sharing a
 * `message.id`; they are merged back into one assistant turn. The file is a tree
 * (`parentUuid`): the chain from the last message back to the root is followed.
 */
export const importClaudeCode: FormatImporter = (doc) => {
  const records = logRecords(doc);
  const c = new Conversation();
  const isStream = records.some(
    (r) =>
      str(r.value, 'type') === 'system' &&
      str(r.value, 'subtype') === 'init' &&
      field(r.value, 'session_id') !== undefined,
  );
  const turns = isStream ? streamTurns(records, c) : chainTurns(records, c);
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
  return ok(finish(c));
};

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

function isTurn(r: LogRecord): boolean {
  const t = str(r.value, 'type');
  return (t === 'user' || t === 'assistant') && obj(r.value, 'message') !== undefined;
}

/** `claude -p --output-format stream-json`: no tree, subagent messages carry `parent_tool_use_id`. */
function streamTurns(records: readonly LogRecord[], c: Conversation): LogRecord[] {
  const out: LogRecord[] = [];
  let sub = 0;
  for (const r of records) {
    if (!isTurn(r)) continue;
    const parent = field(r.value, 'parent_tool_use_id');
    if (parent !== undefined && parent !== null) {
      sub++;
      continue;
    }
    out.push(r);
  }
  if (sub > 0) {
    c.warnings.add(
      `Skipped ${plural(sub, 'subagent message')} (parent_tool_use_id set); they belong to a separate transcript.`,
    );
  }
  return out;
}

/** The session's main line: the parentUuid chain back from the last message, sidechains apart. */
function chainTurns(records: readonly LogRecord[], c: Conversation): LogRecord[] {
  const byUuid = new Map<string, number>();
  records.forEach((r, i) => {
    const u = str(r.value, 'uuid');
    if (u !== undefined) byUuid.set(u, i);
  });
  const main: number[] = [];
  let side = 0;
  const agents = new Set<string>();
  records.forEach((r, i) => {
    if (!isTurn(r)) return;
    if (field(r.value, 'isSidechain') === true) {
      side++;
      const a = str(r.value, 'agentId');
      if (a !== undefined) agents.add(a);
      return;
    }
    main.push(i);
  });
  if (side > 0) {
    const names = agents.size > 0 ? ` (agent ${[...agents].slice(0, 5).join(', ')})` : '';
    c.warnings.add(
      `Skipped ${plural(side, 'sidechain line')}${names}: subagent traffic is a separate transcript; open its own file to analyse it.`,
    );
  }
  const last = main[main.length - 1];
  if (last === undefined || byUuid.size === 0 || str(records[last]?.value, 'uuid') === undefined) {
    return main.map((i) => records[i] as LogRecord);
  }
  const onChain = new Set<number>();
  let cur: number | undefined = last;
  let broken = false;
  let compactions = 0;
  while (cur !== undefined && !onChain.has(cur)) {
    onChain.add(cur);
    const rec = records[cur] as LogRecord;
    if (str(rec.value, 'subtype') === 'compact_boundary') compactions++;
    const p = str(rec.value, 'parentUuid') ?? str(rec.value, 'logicalParentUuid');
    if (p === undefined) break;
    cur = byUuid.get(p);
    if (cur === undefined) broken = true;
  }
  let earliest = last;
  for (const i of onChain) if (i < earliest) earliest = i;
  const kept = main.filter((i) => onChain.has(i) || (broken && i < earliest));
  if (broken) {
    c.warnings.add(
      `The parentUuid chain breaks at line ${records[earliest]?.line ?? 0} (its parent is not in the file); the lines before it were kept in file order.`,
    );
  }
  if (compactions > 0) {
    c.warnings.add(
      `The session was compacted ${compactions === 1 ? 'once' : `${compactions} times`}; the history before each compaction is shown, but the model saw only its summary.`,
    );
  }
  const dropped = main.length - kept.length;
  if (dropped > 0) {
    c.warnings.add(
      `Skipped ${plural(dropped, 'message line')} on abandoned branches (edits, retries or resumed forks); followed the parentUuid chain back from the last message.`,
    );
  }
  return kept.map((i) => records[i] as LogRecord);
}
