// The conversations of a Claude Code session file: the main chain and each subagent's.
import type { JsonValue } from '../../json/index';
import { field, obj, str } from '../access';
import type { LogRecord } from '../records';
import { plural } from '../warnings';

/**
 * The conversations of a Claude Code session file. The main chain is one; every subagent is
 * another, because each sends its own history to the model, so the reference judges them
 * apart. Older versions write subagent lines (`isSidechain: true`) into the session file
 * itself, several in parallel with no `agentId`, so they are told apart by the root each line
 * leads back to, not by adjacency; a file of sidechain lines only is one subagent's own file.
 */
export interface ChainGroup<R extends LogRecord = LogRecord> {
  /** `main` for the session's own line, else the subagent's key (agentId or root uuid). */
  readonly key: string;
  readonly subagent: boolean;
  /** The turn lines of this conversation in the order to replay them. */
  readonly turns: R[];
  readonly warnings: string[];
  /** How the lines were ordered (chain groups only). */
  readonly order?: ChainOrder;
}

/** Whether a record is a user or assistant turn with a message. */
export function isTurn(r: LogRecord): boolean {
  const t = str(r.value, 'type');
  return (t === 'user' || t === 'assistant') && obj(r.value, 'message') !== undefined;
}

export function parentOf(v: JsonValue): string | undefined {
  return str(v, 'parentUuid') ?? str(v, 'logicalParentUuid');
}

/** Each line's uuid → its place among `records` (a repeated uuid: the last line's). */
export function uuidIndex(records: readonly LogRecord[]): Map<string, number> {
  const byUuid = new Map<string, number>();
  records.forEach((r, i) => {
    const u = str(r.value, 'uuid');
    if (u !== undefined) byUuid.set(u, i);
  });
  return byUuid;
}

/** Splits a session's records into its main chain and one group per subagent (`byUuid`: `uuidIndex` of them). */
export function chainGroups<R extends LogRecord>(
  records: readonly R[],
  byUuid: ReadonlyMap<string, number> = uuidIndex(records),
  messageOf: (r: R) => JsonValue | undefined = (r) => field(r.value, 'message'),
): ChainGroup<R>[] {
  const main: number[] = [];
  const side = new Map<string, number[]>();
  const rootMemo = new Map<number, string>();
  // Sidechain lines that name no parent at all (an export that dropped the chain) cannot be
  // traced to their roots: they are grouped by the session they name instead.
  const linked = records.some(
    (r) => isTurn(r) && field(r.value, 'isSidechain') === true && parentOf(r.value) !== undefined,
  );
  records.forEach((r, i) => {
    if (!isTurn(r)) return;
    if (field(r.value, 'isSidechain') !== true) {
      main.push(i);
      return;
    }
    const key =
      str(r.value, 'agentId') ??
      (linked
        ? sidechainRoot(records, byUuid, i, rootMemo)
        : (str(r.value, 'sessionId') ?? 'sidechain'));
    const list = side.get(key);
    if (list) list.push(i);
    else side.set(key, [i]);
  });
  const groups: ChainGroup<R>[] = [];
  if (main.length > 0 || side.size === 0) {
    groups.push({
      key: 'main',
      subagent: false,
      ...orderGroup(records, byUuid, main, messageOf),
    });
  }
  for (const [key, list] of side) {
    groups.push({ key, subagent: true, ...orderGroup(records, byUuid, list, messageOf) });
  }
  for (const [key, turns] of progressAgents(records)) {
    if (side.has(key)) continue;
    groups.push({ key, subagent: true, turns, warnings: [] });
  }
  return groups;
}

/**
 * Subagents whose turns newer versions write only into the session's own `progress` lines
 * (`{ type: "progress", data: { type: "agent_progress", agentId, prompt, message } }`, the
 * `message` a whole user or assistant line of the subagent's): each agent's turns, in the
 * order written, each as a sidechain line of that agent.
 */
export function progressAgents<R extends LogRecord>(records: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  const seen = new Set<string>();
  for (const r of records) {
    const turn = agentProgressTurn(r.value);
    if (turn === null) continue;
    const uuid = str(turn.value, 'uuid');
    if (uuid !== undefined) {
      if (seen.has(uuid)) continue;
      seen.add(uuid);
    }
    // The message is read from the turn itself, not from where the line's own would stand.
    const t = { ...r, value: turn.value, messageStart: -1 } as R;
    const list = out.get(turn.agent);
    if (list) list.push(t);
    else out.set(turn.agent, [t]);
  }
  return out;
}

/** A progress line's subagent turn, as a sidechain line of its agent; null for any other line. */
export function agentProgressTurn(v: JsonValue): { agent: string; value: JsonValue } | null {
  if (str(v, 'type') !== 'progress') return null;
  const data = obj(v, 'data');
  if (data === undefined || str(data, 'type') !== 'agent_progress') return null;
  const agent = str(data, 'agentId');
  const inner = obj(data, 'message');
  const t = str(inner, 'type');
  if (agent === undefined || inner === undefined || (t !== 'user' && t !== 'assistant'))
    return null;
  if (obj(inner, 'message') === undefined) return null;
  const value = new Map(inner);
  value.set('isSidechain', true);
  value.set('agentId', agent);
  return { agent, value };
}

/** The uuid of the first line of the sidechain a line belongs to (its own when it has no parent). */
function sidechainRoot(
  records: readonly LogRecord[],
  byUuid: ReadonlyMap<string, number>,
  start: number,
  memo: Map<number, string>,
): string {
  const path: number[] = [];
  const seen = new Set<number>();
  let cur = start;
  let root: string | undefined;
  for (;;) {
    const known = memo.get(cur);
    if (known !== undefined) {
      root = known;
      break;
    }
    path.push(cur);
    seen.add(cur);
    const rec = records[cur] as LogRecord;
    const p = parentOf(rec.value);
    const next = p === undefined ? undefined : byUuid.get(p);
    if (
      next === undefined ||
      seen.has(next) ||
      field((records[next] as LogRecord).value, 'isSidechain') !== true
    ) {
      root = str(rec.value, 'uuid') ?? `line ${rec.line}`;
      break;
    }
    cur = next;
  }
  for (const i of path) memo.set(i, root);
  return root;
}

/** How a group's lines were ordered, which is what its warnings say. */
export interface ChainOrder {
  /** Whether any line's parent is in the file: the chain was followed, else file order. */
  readonly linked: boolean;
  /** The line the chain breaks at (its parent is not in the file), or null. */
  readonly brokenAt: number | null;
  readonly compactions: number;
  /** Lines on abandoned branches, not replayed. */
  readonly dropped: number;
  /** How many lines the group has (turns or not). */
  readonly lines: number;
  /** The line the chain was followed back from (`lastLeaf`), where it was followed. */
  readonly leaf?: number;
}

/** What the ordering of a group says: file order, a broken chain, compactions, dropped lines. */
export function orderWarnings(o: ChainOrder): string[] {
  const warnings: string[] = [];
  if (!o.linked) {
    if (o.lines > 1) {
      warnings.push(
        'The lines carry no parentUuid chain (exporters and viewers often drop it), so they were read in file order; a rewound or edited branch cannot be told apart.',
      );
    }
    return warnings;
  }
  if (o.brokenAt !== null) {
    warnings.push(
      `The parentUuid chain breaks at line ${o.brokenAt} (its parent is not in the file); the lines before it were kept in file order.`,
    );
  }
  if (o.compactions > 0) {
    warnings.push(
      `The session was compacted ${o.compactions === 1 ? 'once' : `${o.compactions} times`}; the history before each compaction is shown, but the model saw only its summary.`,
    );
  }
  if (o.dropped > 0) {
    warnings.push(
      `Skipped ${plural(o.dropped, 'message line')} on abandoned branches (edits, retries or resumed forks); followed the parentUuid chain back from the last message.`,
    );
  }
  return warnings;
}

/**
 * A group's lines in replay order: the parentUuid chain back from its last line (abandoned
 * branches dropped), or file order when the lines carry no chain at all.
 */
function orderGroup<R extends LogRecord>(
  records: readonly R[],
  byUuid: ReadonlyMap<string, number>,
  lines: readonly number[],
  messageOf: (r: R) => JsonValue | undefined,
): { turns: R[]; warnings: string[]; order: ChainOrder } {
  const pick = (list: readonly number[]) => list.map((i) => records[i] as R);
  const done = (turns: R[], order: ChainOrder) => ({
    turns,
    warnings: orderWarnings(order),
    order,
  });
  const plain = { brokenAt: null, compactions: 0, dropped: 0, lines: lines.length };
  if (lines.length === 0) return done([], { linked: false, ...plain });
  const linked = lines.some((i) => {
    const p = parentOf((records[i] as LogRecord).value);
    return p !== undefined && byUuid.has(p);
  });
  if (!linked) return done(pick(lines), { linked: false, ...plain });
  const last = lastLeaf(records, byUuid, lines, messageOf);
  const onChain = new Set<number>();
  let cur: number | undefined = last;
  let broken = false;
  let compactions = 0;
  while (cur !== undefined && !onChain.has(cur)) {
    onChain.add(cur);
    const rec = records[cur] as LogRecord;
    if (str(rec.value, 'subtype') === 'compact_boundary') compactions++;
    const p = parentOf(rec.value);
    if (p === undefined) break;
    cur = byUuid.get(p);
    if (cur === undefined) broken = true;
  }
  let earliest = last;
  for (const i of onChain) if (i < earliest) earliest = i;
  // The path holds lines that are no turn (system lines, compactions), so its size says
  // nothing of whether every turn is on it.
  const siblings = lines.some((i) => !onChain.has(i))
    ? replySiblings(records, byUuid, lines, onChain, messageOf)
    : new Set<number>();
  const kept = lines.filter((i) => onChain.has(i) || siblings.has(i) || (broken && i < earliest));
  return done(pick(kept), {
    linked: true,
    brokenAt: broken ? (records[earliest]?.line ?? 0) : null,
    compactions,
    dropped: lines.length - kept.length,
    lines: lines.length,
    leaf: last,
  });
}

/**
 * The line to follow the chain back from: the last line, but for a branch of local commands
 * only. Commands run after the conversation (`/export`, a `#` memory note) write user lines
 * that hang from the session's first line, after the conversation's own last line: a branch
 * without a reply or a call, that is not where the conversation stands. Any other branch,
 * a prompt of its own included (a rewind), is.
 */
function lastLeaf<R extends LogRecord>(
  records: readonly R[],
  byUuid: ReadonlyMap<string, number>,
  lines: readonly number[],
  messageOf: (r: R) => JsonValue | undefined,
): number {
  // Lines known to lead back to the root through local commands only.
  const commands = new Set<number>();
  for (let k = lines.length - 1; k >= 0; k--) {
    const path = new Set<number>();
    let cur: number | undefined = lines[k] as number;
    while (cur !== undefined && !commands.has(cur) && !path.has(cur)) {
      const r = records[cur] as R;
      // A reply, or a line of the user's own, on the way back: the branch is the conversation's.
      if (str(r.value, 'type') === 'assistant' || !isLocalCommand(r, messageOf))
        return lines[k] as number;
      path.add(cur);
      const p = parentOf(r.value);
      cur = p === undefined ? undefined : byUuid.get(p);
    }
    for (const i of path) commands.add(i);
  }
  return lines[lines.length - 1] as number;
}

/**
 * A line Claude Code writes for the user's own doings, never sent as a prompt: the caveat
 * before them (`isMeta`), a slash command, its output, a memory note, an empty message.
 */
function isLocalCommand<R extends LogRecord>(
  r: R,
  messageOf: (r: R) => JsonValue | undefined,
): boolean {
  if (field(r.value, 'isMeta') === true) return true;
  const content = field(messageOf(r), 'content');
  return typeof content === 'string' && LOCAL_COMMAND.test(content);
}
const LOCAL_COMMAND =
  /^\s*(?:<(?:command-name|command-message|local-command-stdout|local-command-stderr|user-memory-input)>|\(no content\)\s*$)/;

/**
 * The lines off the chain that belong to a reply on it: Claude Code writes one line per
 * content block of a reply, all sharing its `message.id`, and some versions hang each of those
 * lines (with its tool result under it) on the same parent, as siblings rather than a chain.
 * The chain back from the last line then passes through one of them only; the others and the
 * tool results under them are the same reply, not an abandoned branch. A line counts only
 * where it hangs from the chain or from such a sibling, so a reply id repeated on a real
 * branch elsewhere keeps nothing. Messages are read only here, in a file that has branches.
 */
function replySiblings<R extends LogRecord>(
  records: readonly R[],
  byUuid: ReadonlyMap<string, number>,
  lines: readonly number[],
  onChain: ReadonlySet<number>,
  messageOf: (r: R) => JsonValue | undefined,
): Set<number> {
  const out = new Set<number>();
  const hangsHere = (v: JsonValue): boolean => {
    const p = parentOf(v);
    const parent = p === undefined ? undefined : byUuid.get(p);
    return parent !== undefined && (onChain.has(parent) || out.has(parent));
  };
  let replies: Set<string> | null = null;
  for (const i of lines) {
    if (onChain.has(i)) continue;
    const r = records[i] as R;
    if (!hangsHere(r.value)) continue;
    const type = str(r.value, 'type');
    if (type === 'assistant') {
      const id = str(messageOf(r), 'id');
      if (id === undefined) continue;
      if (replies === null) {
        replies = new Set();
        for (const j of onChain) {
          const o = records[j] as R;
          if (str(o.value, 'type') !== 'assistant' || !isTurn(o)) continue;
          const oid = str(messageOf(o), 'id');
          if (oid !== undefined) replies.add(oid);
        }
      }
      if (replies.has(id)) out.add(i);
    } else if (type === 'user' && isToolResultOnly(messageOf(r))) {
      // A tool result answering such a sibling hangs under it.
      const p = parentOf(r.value);
      if (p !== undefined && out.has(byUuid.get(p) ?? -1)) out.add(i);
    }
  }
  return out;
}

function isToolResultOnly(message: JsonValue | undefined): boolean {
  const content = field(message, 'content');
  return (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((b) => str(b, 'type') === 'tool_result')
  );
}
