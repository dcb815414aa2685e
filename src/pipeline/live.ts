/**
 * A transcript that grows while it is read: a session file the agent is still writing, or a
 * large file read in pieces. Text is appended as it arrives; the replay continues from its
 * saved state (the detector's run, the session-wide answers map, the ledger) instead of
 * starting over, and a config change re-walks only the state machine.
 *
 * Only what is settled is replayed. JSON Lines are imported up to the last complete line; a
 * JSON document once it parses whole. Of the messages that gives, the last one, and a batch
 * whose tool results may still be coming, wait: a format that writes one reply over several
 * lines (Claude Code writes each tool call of a reply on a line of its own) could still add
 * a call to it, so a batch is shown only once something else follows it. `finish` takes
 * everything, and its report equals the whole-file replay's.
 *
 * A Claude Code session or a Codex rollout is imported a line at a time as it grows (a
 * follower, `followersFor`: only the new lines are read, and mapped onto what they extend).
 * Other formats' mappings look at the whole file, so their settled text is imported whole at
 * each step, and how often to take a step is the caller's choice. When a step's messages do not extend the ones already
 * replayed (a branch rewound, a file rewritten), the replay starts over from the new messages.
 */
import {
  replayPreparer,
  ReplayWalk,
  type ChatMessage,
  type DetectorConfig,
  type PreparedReplay,
  type ReplayPreparer,
  type Report,
  type ReportSource,
} from '../detector/index';
import { ok, printJson, type JsonValue, type Result } from '../json/index';
import {
  followedImport,
  followersFor,
  importTranscript,
  type FollowedRead,
  type SessionFollower,
} from '../import/index';
import type { Imported, ImportError, ImportOptions } from '../import/types';

/** What a step of a growing transcript gave. */
export interface LiveStep {
  /**
   * The replay of everything settled so far. Built when first read, from the replay as it is
   * then: read it before the next step.
   */
  readonly report: Report;
  /** Batches the report holds that the previous step's did not. */
  readonly newBatches: number;
  /** The messages did not extend the previous step's: the replay started over. */
  readonly restarted: boolean;
  /** The import of the settled text, or why it failed (the previous report stands). */
  readonly error: ImportError | null;
}

/**
 * Whether a message of a new import is still the one replayed before. The text before the
 * settled part never changes, so a message read from the same place is the same message; one
 * without a place is compared field by field.
 */
function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a.span !== undefined && b.span !== undefined) {
    return a.span.start === b.span.start && a.span.end === b.span.end && a.role === b.role;
  }
  return (
    a.role === b.role &&
    a.tool_call_id === b.tool_call_id &&
    printed(a.content) === printed(b.content) &&
    printed(a.tool_calls) === printed(b.tool_calls)
  );
}

function printed(v: JsonValue | undefined): string | undefined {
  return v === undefined ? undefined : printJson(v);
}

/**
 * How many of the messages are settled: all but the last (a reply written over several lines
 * may still grow), and not the batch at the end while only its tool results follow it.
 */
export function settledCount(messages: readonly ChatMessage[]): number {
  let n = messages.length;
  if (messages[n - 1]?.role === 'tool') {
    while (n > 0 && messages[n - 1]?.role === 'tool') n--;
    const m = messages[n - 1];
    if (m?.role === 'assistant' && Array.isArray(m.tool_calls)) n--;
    return n;
  }
  return Math.max(0, n - 1);
}

/** The part of a growing text that can be imported now: whole lines, or the whole document. */
function settledText(text: string): string {
  // A JSON document parses only once complete; a JSON Lines file is its complete lines.
  if (!readsAsLines(text)) return text;
  const nl = text.lastIndexOf('\n');
  return nl < 0 ? '' : text.slice(0, nl + 1);
}

/**
 * Whether the start of a text reads as lines (JSON Lines, whose first line is one whole JSON
 * value, or text that is no JSON) rather than as one JSON document still being written.
 */
export function readsAsLines(text: string): boolean {
  const first = text.search(/\S/);
  const c = first < 0 ? '' : text[first];
  if (c !== '{' && c !== '[') return true;
  const end = text.indexOf('\n', first);
  if (end < 0) return false;
  try {
    JSON.parse(text.slice(0, end));
    return true;
  } catch {
    return false;
  }
}

export class LiveTranscript {
  private text = '';
  private preparer: ReplayPreparer = replayPreparer();
  /** The messages pushed into the preparer (the settled ones of the latest step). */
  private pushed: ChatMessage[] = [];
  private walk: ReplayWalk;
  private source: ReportSource = {
    format: 'openai-chat',
    messages: 0,
    warnings: [],
    referenceScan: 'scanned',
  };
  private imported: Imported | null = null;
  private lastBatches = 0;
  private importedLength = -1;
  /** The followers still judging, or reading, the text; none once the general import answers. */
  private followers: SessionFollower[];
  /** The text not yet given to the followers (after its last line break). */
  private tail = '';
  /** The message list of the latest step. */
  private lastMessages: readonly ChatMessage[] | null = null;

  constructor(
    private config: DetectorConfig,
    private readonly opts: ImportOptions = {},
  ) {
    this.walk = new ReplayWalk(config);
    this.followers = followersFor(opts);
  }

  /** The text so far. */
  get length(): number {
    return this.text.length;
  }

  /** All the text appended so far (a reader that lets its own copy go reads it back). */
  get wholeText(): string {
    return this.text;
  }

  /** The latest import of the settled text (its format, warnings, conversations). */
  get lastImport(): Imported | null {
    return this.imported;
  }

  /** Adds text at the end and replays what it settles. */
  append(chunk: string): LiveStep {
    if (this.text.length === 0 && chunk.charCodeAt(0) === 0xfeff) this.followers = [];
    this.text += chunk;
    if (this.followers.length > 0) this.tail += chunk;
    return this.step(false);
  }

  /** Replays everything, the last line and the open batch included: the whole-file report. */
  finish(): LiveStep {
    return this.step(true);
  }

  /** A new config: the state machine walks the prepared replay again; nothing is re-read. */
  setConfig(config: DetectorConfig): Report {
    this.config = config;
    this.walk = new ReplayWalk(config);
    this.walk.advance(this.preparer.settled());
    this.lastBatches = this.walk.batchCount;
    return this.walk.report(this.source);
  }

  /** The prepared replay of what is settled: one object, grown in place by later steps. */
  get prepared(): PreparedReplay {
    return this.preparer.settled();
  }

  /** What the report of the settled part says of its source. */
  get reportSource(): ReportSource {
    return this.source;
  }

  /** The report of what is settled so far. */
  report(): Report {
    return this.walk.report(this.source);
  }

  /**
   * The import of what is settled now, or null when that is nothing new. A session a
   * follower reads is read a piece at a time: only the text appended since the last step, up
   * to its last line break, and never the whole text as one string. Anything else is
   * imported whole.
   */
  private importNow(final: boolean): Result<Imported, ImportError> | null {
    if (this.followers.length > 0) {
      const nl = final ? this.tail.length - 1 : this.tail.lastIndexOf('\n');
      const piece = this.tail.slice(0, nl + 1);
      this.tail = this.tail.slice(nl + 1);
      if (piece === '' && !final) return null;
      // A NUL is the general import's to refuse, as a byte-order mark is its to strip.
      if (piece.includes('\0')) this.followers = [];
      // Every follower sees every piece until it knows the text is not its format.
      let read: FollowedRead | null = null;
      for (const f of this.followers) {
        const r = f.readPiece(piece, final);
        read ??= r;
      }
      this.followers = this.followers.filter((f) => !f.isDead);
      if (this.followers.length === 0) this.tail = '';
      if (read !== null) return ok(followedImport(read, this.opts));
    }
    const text = final ? this.text : settledText(this.text);
    if (!final && text.length === this.importedLength) return null;
    this.importedLength = text.length;
    if (!/\S/.test(text)) return null;
    return importTranscript(text, this.opts);
  }

  private step(final: boolean): LiveStep {
    const r = this.importNow(final);
    if (r === null) return this.stepOf(0, false, null);
    if (!r.ok) {
      // A JSON document still being written does not parse yet: that is no error until the end.
      const waiting = !final && r.error.kind === 'syntax';
      return this.stepOf(0, false, waiting ? null : r.error);
    }
    this.imported = r.value;
    // The conversation asked for may not be in the text yet (a subagent not started): the
    // import falls back to the first, which is not this one.
    const absent = (this.opts.conversation ?? 0) !== r.value.conversation;
    const messages = absent ? [] : r.value.messages;
    const upto = final ? messages.length : settledCount(messages);
    let restarted = false;
    const old = this.pushed;
    let same = Math.min(old.length, upto);
    // The follower grows one list in place and never changes a message it let settle: the
    // same list again needs no comparing.
    const grown = messages === this.lastMessages;
    this.lastMessages = messages;
    for (let i = grown ? same : 0; i < same; i++) {
      if (!sameMessage(old[i] as ChatMessage, messages[i] as ChatMessage)) {
        same = i;
        break;
      }
    }
    if (same < old.length) {
      // What was replayed changed (a rewound branch, a rewritten file): start over.
      restarted = true;
      this.preparer = replayPreparer();
      this.walk = new ReplayWalk(this.config);
      this.pushed = [];
      this.lastBatches = 0;
      same = 0;
    }
    for (let i = same; i < upto; i++) {
      const m = messages[i] as ChatMessage;
      this.preparer.push(m);
      this.pushed.push(m);
    }
    // The message after the settled ones is not a tool result: the last batch has them all.
    const next = messages[upto];
    if (!final && next !== undefined && next.role !== 'tool') this.preparer.closeBatch();
    const prepared = final ? this.preparer.finish() : this.preparer.settled();
    this.walk.advance(prepared);
    this.source = {
      format: r.value.format,
      messages: final ? messages.length : upto,
      warnings: r.value.warnings,
      referenceScan: r.value.referenceScan,
    };
    const newBatches = this.walk.batchCount - this.lastBatches;
    this.lastBatches = this.walk.batchCount;
    return this.stepOf(newBatches, restarted, null);
  }

  /**
   * A step whose report is built when first read: the report lists every batch, so building
   * it costs the whole session, which a step that only appends does not otherwise pay.
   */
  private stepOf(newBatches: number, restarted: boolean, error: ImportError | null): LiveStep {
    const walk = this.walk;
    const source = this.source;
    let report: Report | null = null;
    return {
      get report(): Report {
        report ??= walk.report(source);
        return report;
      },
      newBatches,
      restarted,
      error,
    };
  }
}
