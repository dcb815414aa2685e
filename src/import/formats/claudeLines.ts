/**
 * A Claude Code session file (JSON Lines) read a line at a time, without its whole tree.
 *
 * The general import parses every line into a tree and keeps them all until the mapping is
 * done: for a 100 MB session that is a 100 MB tree held through the parse, which the
 * collector has to copy out of the young generation. Here each line's own fields (`type`,
 * `uuid`, `parentUuid`, …) are read first and its `message` is only stepped over; the chains
 * are chosen from those fields; then each turn's message is read where it stands, in replay
 * order, mapped, and let go. Only the messages' mapped form stays.
 *
 * It answers exactly as the general import would, or says it cannot (null): the lines are
 * numbered, skipped and warned about by the same loop (`jsonLines`), a line this reader
 * cannot read the fast way is parsed whole as the general import parses it, and a message
 * that does not read back as the JSON value it was stepped over as (the line was not valid
 * JSON after all) sends the caller to the general import. tests/unit/import/claudeLines.test.ts
 * holds it to the general import's result.
 */
import { noteArgumentsText } from '../../detector/argumentsText';
import { isJsonArray, ok } from '../../json/index';
import type { JsonObject, JsonSyntaxError, JsonValue, Result } from '../../json/index';
import { field, str } from '../access';
import { LITERAL_ANSWER_MIN } from '../build';
import type { FormatOutput } from '../format';
import {
  LinesFollower,
  NotTheSame,
  type FollowedLine,
  type FollowedRead,
  type Piece,
} from '../lineFollower';
import { skipString, skipValue, skipWs } from '../spans';
import { claudeConversations, claudeGroups, isStreamInit, TurnMapper } from './claude-code';
import { HOOK_EVENT_KEYS, hookOutput, isHookPayload } from './claudeHooks';
import {
  agentProgressTurn,
  isTurn,
  orderWarnings,
  parentOf,
  uuidIndex,
  type ChainGroup,
  type ChainOrder,
} from './claudeChains';

/**
 * One line: its own fields, and where its `message` object stands in its piece (-1: in
 * `value`). `span` is where the line is in the whole text.
 */
interface ClaudeLine extends FollowedLine {
  readonly piece: Piece;
  readonly messageStart: number;
  readonly messageEnd: number;
  /** Whether the message was read (only a message read is known to be valid JSON). */
  messageRead: boolean;
  /** Whether `value` is the whole line (else its own fields only). */
  readonly whole: boolean;
}

/** The fields of a line the chains and conversations are chosen by; others are dropped. */
const HEADER_KEYS = new Set([
  'type',
  'subtype',
  'uuid',
  'parentUuid',
  'logicalParentUuid',
  'isSidechain',
  'agentId',
  'session_id',
  'parent_tool_use_id',
  'hook_event_name',
  // A progress line's payload: a subagent's turn, where newer versions write it
  // (claudeChains.ts `progressAgents`).
  'data',
]);

/** Stands in a line's fields for a message object not read yet (it is an object). */
const UNREAD: JsonObject = new Map();

/**
 * The Claude Code import of `text`, when it is JSON Lines that the format sniffer takes for a
 * Claude Code session (or `forced`: the user chose the format); null otherwise, and null when
 * the general import must answer (see the file's comment). `warnings`: the lines' own.
 */
export function readClaudeLines(
  text: string,
  forced: boolean,
  seen: LinesSeen | null = null,
): ClaudeRead | null {
  return new ClaudeFollower(forced, seen).read(text, true);
}

/** Told of what the lines hold as they are read: a line's place excludes its break. */
export interface LinesSeen {
  /** A line read whole, when it is read. */
  line(start: number, end: number, value: JsonValue): void;
  /** A line's message object (from `messageStart` to `messageEnd`), at its first read. */
  message(
    start: number,
    end: number,
    messageStart: number,
    messageEnd: number,
    value: JsonValue,
  ): void;
}

/** What a reading gives: the format's output, and what was said of the lines. */
type ClaudeRead = FollowedRead;

/** The chains of what was read so far, mapped, and what telling an extension apart needs. */
interface Grouping {
  readonly groups: ChainGroup<ClaudeLine>[];
  readonly mappers: TurnMapper<ClaudeLine>[];
  readonly prompts: Map<string, string>;
  /** The main chain's place in `groups`; -1 when there is none or the lines are stream-json. */
  readonly main: number;
  /** Every line's uuid → its index (the last line wins, as in the chains). */
  readonly byUuid: Map<string, number>;
  /** Parents some line names that no line is. */
  readonly missing: Set<string>;
  /**
   * The newest line on the main chain's path (its index; -1: none): a new turn must name it
   * as its parent. By index, not uuid: with a uuid repeated, the chain follows the last line.
   */
  head: number;
  /** Compaction lines on the path since the main chain's last turn. */
  pendingCompactions: number;
  /**
   * The reply ids (message.id) of the main chain's assistant lines left off it: a new turn
   * with one of them makes those lines part of a reply on the chain (`replySiblings`).
   */
  readonly offReplies: Set<string>;
}

/**
 * A Claude Code session read as it grows: each `read` takes the text so far (the earlier text
 * unchanged) and reads only the lines added since. New lines that extend the main chain (each
 * turn continues the newest line on its path; no sidechain, no branch) are mapped onto it;
 * anything else groups and maps the session again. Either way the result equals a whole
 * reading of the same text, which tests/unit/import/claudeLines.test.ts checks at random
 * split points.
 */
export class ClaudeFollower extends LinesFollower<ClaudeLine> {
  private grouping: Grouping | null = null;
  private groupingCount = 0;

  /** Told of the lines and messages read; only for a text read as one piece. */
  private readonly seen: LinesSeen | null;

  constructor(forced: boolean, seen: LinesSeen | null = null) {
    super('claude-code', forced);
    this.seen = seen;
  }

  /** How many times the lines were grouped into chains (the rest were extensions). */
  get groupings(): number {
    return this.groupingCount;
  }

  protected fromValue(value: JsonValue, piece: Piece): ClaudeLine {
    return line(value, piece, -1, -1, true);
  }

  protected override placed(r: ClaudeLine): void {
    if (this.seen !== null && r.whole && r.span !== undefined)
      this.seen.line(r.span.start, r.span.end, r.value);
  }

  protected override readLine(
    piece: Piece,
    start: number,
    end: number,
  ): Result<ClaudeLine, JsonSyntaxError> {
    const fields = fieldsOf(piece, start, end);
    return fields !== null ? ok(fields) : super.readLine(piece, start, end);
  }

  protected advance(from: number): FormatOutput {
    // A log of hook payloads (their lines are read whole, fieldsOf) holds no turns.
    const records = this.records;
    if (!records.some(isTurn) && records.some((r) => isHookPayload(r.value))) {
      this.grouping = null;
      return hookOutput(records);
    }
    const g = this.grouping;
    if (g === null || !this.extend(g, from)) this.regroup();
    return this.output();
  }

  /**
   * A message never read (an abandoned branch, a line that is no turn) must still be valid
   * JSON, or the general import would have skipped its line.
   */
  protected override validate(from: number): void {
    for (let i = from; i < this.records.length; i++) {
      const r = this.records[i] as ClaudeLine;
      if (r.messageStart >= 0 && !r.messageRead) readMessage(r, this.seen);
    }
  }

  protected override forget(): void {
    this.grouping = null;
  }

  /** The line `messageOf` read last, and what `contentLiterals` found in its message. */
  private literalsLine: ClaudeLine | null = null;
  private literals: (string | null)[] | null = null;

  private readonly messageOf = (r: ClaudeLine): JsonValue | undefined => {
    if (r.messageStart < 0) return field(r.value, 'message');
    const m = readMessage(r, this.seen);
    this.literalsLine = r;
    // With a key repeated, which of its values the message holds takes the parser to tell.
    const repeats = r.piece.reader.diagnostics.duplicateKey;
    this.literals = repeats ? null : contentLiterals(r.piece.text, r.messageStart, m);
    return m;
  };

  private readonly literalsOf = (r: ClaudeLine): (string | null)[] | null =>
    r === this.literalsLine ? this.literals : null;

  /** Groups and maps every line read so far. */
  private regroup(): void {
    this.groupingCount++;
    const records = this.records;
    // A log of hook payloads is read whole by the general import (claudeHooks.ts).
    if (!records.some(isTurn) && records.some((r) => isHookPayload(r.value)))
      throw new NotTheSame();
    const stream = records.some(isStreamInit);
    // A record's index is its place among the records, so one index serves the chains too.
    const byUuid = uuidIndex(records);
    const groups = claudeGroups(records, stream, byUuid, this.messageOf);
    const prompts = new Map<string, string>();
    const mappers = groups.map((g) => {
      const m = new TurnMapper(this.messageOf, g.subagent ? null : prompts, this.literalsOf);
      m.map(g.turns);
      return m;
    });
    const missing = new Set<string>();
    for (const r of records) {
      const p = parentOf(r.value);
      if (p !== undefined && !byUuid.has(p)) missing.add(p);
    }
    const main = stream ? -1 : groups.findIndex((x) => !x.subagent);
    const g: Grouping = {
      groups,
      mappers,
      prompts,
      main,
      byUuid,
      missing,
      head: -1,
      pendingCompactions: 0,
      offReplies: new Set(),
    };
    const chain = groups[main];
    if (chain?.order !== undefined && chain.order.dropped > 0) {
      const kept = new Set(chain.turns);
      for (const r of records) {
        if (kept.has(r) || !isTurn(r) || field(r.value, 'isSidechain') === true) continue;
        const id = replyId(r, this.seen);
        if (id !== undefined) g.offReplies.add(id);
      }
    }
    const last = chain?.turns[chain.turns.length - 1];
    // A line after the last turn that others could name as their parent might sit on the
    // path in ways only a walk of the chain tells (a repeated uuid can make it loop): the next
    // turn then groups the session again.
    // So does a chain followed back from a line before its last turn (a repeated uuid that
    // loops it through later lines).
    if (last !== undefined && chain?.order?.linked === true && chain.order.leaf === last.index) {
      const later = records.slice(last.index + 1).some((r) => str(r.value, 'uuid') !== undefined);
      g.head = later ? -1 : last.index;
    }
    this.grouping = g;
  }

  /**
   * Maps the lines from `from` on as an extension of the main chain; false, with nothing
   * changed, when they are not one and the session must be grouped again.
   */
  private extend(g: Grouping, from: number): boolean {
    const main = g.groups[g.main];
    const order = main?.order;
    if (main === undefined || order === undefined) return false;
    const records = this.records;
    const turns: ClaudeLine[] = [];
    let compactions = order.compactions;
    let head = g.head;
    let pending = g.pendingCompactions;
    const added = new Map<string, number>();
    const missing: string[] = [];
    for (let i = from; i < records.length; i++) {
      const r = records[i] as ClaudeLine;
      const v = r.value;
      if (field(v, 'isSidechain') === true || isStreamInit(r) || agentProgressTurn(v) !== null)
        return false;
      const u = str(v, 'uuid');
      if (u !== undefined && (g.byUuid.has(u) || added.has(u) || g.missing.has(u))) return false;
      const p = parentOf(v);
      const parent = p === undefined ? undefined : (g.byUuid.get(p) ?? added.get(p));
      if (p !== undefined && parent === undefined) missing.push(p);
      if (u !== undefined) added.set(u, i);
      const compact = str(v, 'subtype') === 'compact_boundary' ? 1 : 0;
      if (isTurn(r)) {
        if (g.offReplies.size > 0) {
          const id = replyId(r, this.seen);
          if (id !== undefined && g.offReplies.has(id)) return false;
        }
        if (order.linked) {
          if (parent === undefined || parent !== head) return false;
          compactions += pending + compact;
          pending = 0;
          head = i;
        } else if (parent !== undefined) return false;
        turns.push(r);
      } else if (order.linked && parent !== undefined && parent === head && u !== undefined) {
        head = i;
        pending += compact;
      }
    }
    for (const [u, i] of added) g.byUuid.set(u, i);
    for (const p of missing) if (!g.byUuid.has(p)) g.missing.add(p);
    g.head = head;
    g.pendingCompactions = pending;
    const grown: ChainOrder = { ...order, compactions, lines: order.lines + turns.length };
    // The group's list grows in place: copying it at every step would cost the whole session.
    for (const t of turns) main.turns.push(t);
    g.groups[g.main] = { ...main, warnings: orderWarnings(grown), order: grown };
    (g.mappers[g.main] as TurnMapper<ClaudeLine>).map(turns);
    return true;
  }

  private output(): FormatOutput {
    const g = this.grouping as Grouping;
    return claudeConversations(g.groups, g.mappers, g.prompts);
  }
}

/**
 * A line's own fields, its `message` object stepped over; null when the line is not a plain
 * object of members this reads (it is then parsed whole, which also gives the exact error).
 */
function fieldsOf(piece: Piece, start: number, end: number): ClaudeLine | null {
  const { text, reader } = piece;
  let i = skipWs(text, start);
  if (text.charCodeAt(i) !== 0x7b /* { */) return null;
  const fields: JsonObject = new Map();
  let messageStart = -1;
  let messageEnd = -1;
  i = skipWs(text, i + 1);
  if (text.charCodeAt(i) === 0x7d /* } */) i++;
  else {
    for (;;) {
      if (text.charCodeAt(i) !== 0x22 /* " */) return null;
      let key = plainString(text, i, end);
      if (key !== null) i = plainEnd;
      else {
        if (reader.read(i) !== null || reader.end > end) return null;
        key = reader.value as string;
        i = reader.end;
      }
      // A hook payload is read whole: its tool fields are what its import maps.
      if (HOOK_EVENT_KEYS.has(key)) return null;
      i = skipWs(text, i);
      if (text.charCodeAt(i) !== 0x3a /* : */) return null;
      i = skipWs(text, i + 1);
      const c = text.charCodeAt(i);
      if (key === 'message' && c === 0x7b) {
        const e = skipValue(text, i);
        if (e < 0 || e > end) return null;
        fields.set(key, UNREAD);
        messageStart = i;
        messageEnd = e;
        i = e;
      } else {
        let value: JsonValue;
        const plain = c === 0x22 ? plainString(text, i, end) : null;
        if (plain !== null) {
          value = plain;
          i = plainEnd;
        } else if (c === 0x6e /* n */ && text.startsWith('null', i)) {
          value = null;
          i += 4;
        } else if (c === 0x74 /* t */ && text.startsWith('true', i)) {
          value = true;
          i += 4;
        } else if (c === 0x66 /* f */ && text.startsWith('false', i)) {
          value = false;
          i += 5;
        } else {
          if (reader.read(i) !== null || reader.end > end) return null;
          value = reader.value;
          i = reader.end;
        }
        if (key === 'message') {
          // A repeated key: the last one is the line's, as in the parser.
          fields.set(key, value);
          messageStart = messageEnd = -1;
        } else if (HEADER_KEYS.has(key)) fields.set(key, value);
      }
      i = skipWs(text, i);
      const d = text.charCodeAt(i);
      if (d === 0x2c /* , */) {
        i = skipWs(text, i + 1);
        continue;
      }
      if (d !== 0x7d) return null;
      i++;
      break;
    }
  }
  if (skipWs(text, i) < end) return null;
  return line(fields, piece, messageStart, messageEnd, false);
}

/** A line's record, one shape for all (its place is set once it is read). */
function line(
  value: JsonValue,
  piece: Piece,
  messageStart: number,
  messageEnd: number,
  whole: boolean,
): ClaudeLine {
  return {
    value,
    line: 0,
    span: undefined,
    index: 0,
    piece,
    messageStart,
    messageEnd,
    messageRead: false,
    whole,
  };
}

// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const CONTROL = /[\u0000-\u001f]/;

/** Where the last `plainString` ended. */
let plainEnd = 0;

/**
 * The string at `i` (a quote) when it has no escape and no control character and ends before
 * `end`, its end in `plainEnd`; else null (the parser reads it). Most of a line's own fields
 * are such strings, which this reads without the parser's set-up for a value.
 */
function plainString(text: string, i: number, end: number): string | null {
  const q = text.indexOf('"', i + 1);
  if (q < 0 || q >= end) return null;
  const s = text.slice(i + 1, q);
  if (s.includes('\\') || CONTROL.test(s)) return null;
  plainEnd = q + 1;
  return s;
}

/** An assistant line's reply id (its message.id). */
function replyId(r: ClaudeLine, seen: LinesSeen | null): string | undefined {
  if (str(r.value, 'type') !== 'assistant') return undefined;
  return str(r.messageStart < 0 ? field(r.value, 'message') : readMessage(r, seen), 'id');
}

/** A line's message object, read where it stands; it must end where it was stepped over to. */
function readMessage(r: ClaudeLine, seen: LinesSeen | null): JsonValue {
  const reader = r.piece.reader;
  if (reader.read(r.messageStart) !== null || reader.end !== r.messageEnd) throw new NotTheSame();
  if (!r.messageRead && seen !== null && r.span !== undefined)
    seen.message(r.span.start, r.span.end, r.messageStart, r.messageEnd, reader.value);
  r.messageRead = true;
  return reader.value;
}

/** What `contentLiterals` looks for in a content block; 0: nothing. */
function wanted(b: JsonValue | undefined): number {
  if (!(b instanceof Map)) return 0;
  const type = b.get('type');
  if (type === 'tool_use') {
    const input = b.get('input');
    return input instanceof Map || Array.isArray(input) ? 1 : 0;
  }
  if (type === 'tool_result') {
    const content = b.get('content');
    return typeof content === 'string' && content.length >= LITERAL_ANSWER_MIN ? 2 : 0;
  }
  return 0;
}

/**
 * What a message read at `start` (valid JSON without a repeated key, `message` its value)
 * holds as text: each `tool_result` block's string content as its literal (by block; null
 * when there is none), and each `tool_use` block's input, noted for the prepare step, which
 * knows a repeated input by its text. Each literal is stepped over once.
 */
function contentLiterals(
  text: string,
  start: number,
  message: JsonValue,
): (string | null)[] | null {
  const content = message instanceof Map ? message.get('content') : undefined;
  if (!isJsonArray(content) || !content.some((b) => wanted(b) !== 0)) return null;
  const at = memberValue(text, start, 'content');
  if (at < 0 || text.charCodeAt(at) !== 0x5b /* [ */) return null;
  let literals: (string | null)[] | null = null;
  let i = skipWs(text, at + 1);
  for (let k = 0; k < content.length; k++) {
    const block = content[k] as JsonObject;
    const want = wanted(block);
    const s = want === 0 ? -1 : memberValue(text, i, want === 1 ? 'input' : 'content');
    if (s < 0) i = skipValue(text, i);
    else {
      const e = skipValue(text, s);
      if (want === 1) noteArgumentsText(block.get('input') as JsonValue, text.slice(s, e));
      else {
        literals ??= new Array<string | null>(content.length).fill(null);
        literals[k] = text.slice(s, e);
      }
      i = objectRest(text, e);
    }
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== 0x2c /* , */) break;
    i = skipWs(text, i + 1);
  }
  return literals;
}

/**
 * Where the value of member `key` starts in the object at `open`; -1 when it has none (or
 * spells it with an escape). The object repeats no key and is valid JSON.
 */
function memberValue(text: string, open: number, key: string): number {
  if (text.charCodeAt(open) !== 0x7b /* { */) return -1;
  let i = skipWs(text, open + 1);
  while (text.charCodeAt(i) === 0x22 /* " */) {
    const e = skipString(text, i);
    const named = e - i - 2 === key.length && text.startsWith(key, i + 1);
    i = skipWs(text, skipWs(text, e) + 1);
    if (named) return i;
    i = skipWs(text, skipValue(text, i));
    if (text.charCodeAt(i) !== 0x2c /* , */) break;
    i = skipWs(text, i + 1);
  }
  return -1;
}

/** Just past the object whose member value ends at `i` (its remaining members stepped over). */
function objectRest(text: string, i: number): number {
  let j = skipWs(text, i);
  while (text.charCodeAt(j) === 0x2c /* , */) {
    j = skipWs(text, skipString(text, skipWs(text, j + 1)));
    j = skipWs(text, skipValue(text, skipWs(text, j + 1)));
  }
  return j + 1;
}
