/**
 * A transcript that grows while it is read: a session file the agent is still writing, or a
 * large file read in pieces. Text is appended as it arrives; the replay continues from its
 * saved state (the detector's run, the session-wide answers map, the ledger) instead of
 * starting over, and a config change re-walks only the state machine.
 *
 * Only what is complete is replayed. JSON Lines are imported up to the last complete line; a
 * JSON document once it parses whole. Of the messages that gives, everything is replayed but a
 * batch at the end whose tool results are still coming: that one is `pending` (its calls, and
 * how many have their result), and it is replayed once every call has its result. So a
 * session at rest, its last line written, gives the report the whole file gives. A format that
 * writes one reply over several lines (Claude Code writes each content block on a line of its
 * own) may still add to the last message replayed; the replay then starts over from the
 * grown messages, silently, as the batches already shown are unchanged. `finish` takes
 * everything, the pending batch too, and its report equals the whole-file replay's.
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
  type BatchReport,
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
  LiteralAnswer,
  type FollowedRead,
  type SessionFollower,
} from '../import/index';
import type { Imported, ImportError, ImportOptions } from '../import/types';
import { httprrComplete, isHttprr } from '../import/httprr';
import { isSpecStory, specStoryComplete } from '../import/specStory';
import { clineMarkdownComplete, isClineMarkdown } from '../import/clineMarkdown';
import { geminiShareComplete, isGeminiShare } from '../import/geminiShare';
import { settledPrint } from '../import/textInputs';
import { looksLikeYaml, yamlComplete } from '../import/yamlInput';
import { reportSource } from './prepare';

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
  /** The batch at the end still waiting for results, not in the report yet. */
  readonly pending: PendingBatch | null;
}

/** A batch whose calls are written but whose results are still coming. */
export interface PendingBatch {
  /** The index the batch will have in the report. */
  readonly index: number;
  /** Its assistant message's place among the messages. */
  readonly messageIndex: number;
  /** Its calls' tool names, in order. */
  readonly calls: readonly string[];
  /** How many of its calls have their result so far. */
  readonly answered: number;
}

/** Whether a batch shown before reads the same after a replay started over. */
function sameBatch(a: BatchReport, b: BatchReport | undefined): boolean {
  return (
    b !== undefined &&
    a.signature === b.signature &&
    a.refused === b.refused &&
    a.count === b.count &&
    a.messageIndex === b.messageIndex &&
    a.calls.length === b.calls.length
  );
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

/** What tells a message grown in place (a reply's further lines merged in) from before. */
function fingerprint(m: ChatMessage | undefined): string {
  if (m === undefined) return '';
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls.length : -1;
  const text = typeof m.content === 'string' ? m.content.length : (printed(m.content)?.length ?? 0);
  return `${m.span?.end ?? -1}:${calls}:${text}`;
}

function printed(v: JsonValue | undefined): string | undefined {
  return v === undefined ? undefined : printJson(v);
}

/** A call's id and tool name, as far as the message gives them. */
function callOf(c: JsonValue | undefined): { id: string | null; name: string } {
  if (!(c instanceof Map)) return { id: null, name: '' };
  const id = c.get('id');
  const fn = c.get('function');
  const name = fn instanceof Map ? fn.get('name') : undefined;
  return { id: typeof id === 'string' ? id : null, name: typeof name === 'string' ? name : '' };
}

/**
 * How many of the messages can be replayed now: all of them, but a batch at the end whose
 * calls do not all have their result yet. That batch is returned as `pending`, its index
 * being `batches`, the number of batches before it.
 */
export function completeCount(
  messages: readonly ChatMessage[],
  batches: number,
): { upto: number; pending: PendingBatch | null } {
  const n = messages.length;
  let a = n - 1;
  while (a >= 0 && messages[a]?.role === 'tool') a--;
  const m = messages[a];
  const tc = m?.tool_calls;
  if (m?.role !== 'assistant' || !Array.isArray(tc) || tc.length === 0) {
    return { upto: n, pending: null };
  }
  const calls = tc.map(callOf);
  const answeredIds = new Set<string>();
  for (let i = a + 1; i < n; i++) {
    const id = messages[i]?.tool_call_id;
    if (typeof id === 'string') answeredIds.add(id);
  }
  // Calls without an id are answered in order: count the results instead.
  const answered = calls.every((c) => c.id !== null)
    ? calls.filter((c) => answeredIds.has(c.id as string)).length
    : Math.min(calls.length, n - a - 1);
  if (answered === calls.length) return { upto: n, pending: null };
  return {
    upto: a,
    pending: { index: batches, messageIndex: a, calls: calls.map((c) => c.name), answered },
  };
}

/** The part of a growing text that can be imported now: whole lines, or the whole document. */
export function settledText(text: string): string {
  // A recording of HTTP exchanges is its complete exchanges.
  if (isHttprr(text)) return httprrComplete(text);
  // A chat an app or a framework printed, read before YAML as the import reads it: a Zed
  // agent thread saved as markdown, a Trae or VS Code chat copied as text, LangChain's,
  // smolagents', LlamaIndex's and CrewAI's consoles, a markdown log of `Tool call:` headings.
  const printed = settledPrint(text);
  if (printed !== null) return printed;
  // A YAML document is its whole top-level entries: one cut inside an entry still parses.
  if (looksLikeYaml(text)) return yamlComplete(text);
  // A SpecStory export is its whole messages: the last may still be written.
  if (isSpecStory(text)) return specStoryComplete(text);
  // So is a Cline or Roo Code markdown export.
  if (isClineMarkdown(text)) return clineMarkdownComplete(text);
  // So is Gemini CLI's markdown export of a chat.
  if (isGeminiShare(text)) return geminiShareComplete(text);
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
  // A document may be one JSON string too (a result saved with its JSON encoded again).
  if (c !== '{' && c !== '[' && c !== '"') return true;
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
  /** The batch at the end still waiting for results, as of the latest step. */
  private pendingBatch: PendingBatch | null = null;
  /** What the last message replayed was when replayed (it may grow in place). */
  private tipPrint = '';
  /** The message list of the latest step. */
  private lastMessages: readonly ChatMessage[] | null = null;
  /** What the followers read as of the latest step that read anything. */
  private lastRead: FollowedRead | null = null;
  /** The length of the settled text the last census was of. */
  private censusLength = -1;

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

  /**
   * How many characters of JSON Lines follow the last line break (a line not finished, or
   * cut short); 0 when none, or when the text is one JSON document.
   */
  get unfinishedLine(): number {
    const nl = this.text.lastIndexOf('\n');
    const rest = this.text.length - nl - 1;
    if (rest === 0 || !/\S/.test(this.text.slice(nl + 1))) return 0;
    return readsAsLines(this.text) ? rest : 0;
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

  /**
   * The text has stopped growing for now: what the followers read is held to its census, as a
   * whole import is. A step skips it (a scan of all the text at every step would cost more
   * than the step), so the census is of the text as it was at its last rest; a step that
   * grows the text drops it until the next.
   */
  rest(): LiveStep {
    const read = this.lastRead;
    const text = settledText(this.text);
    if (read === null || this.followers.length === 0 || text.length === this.censusLength) {
      return this.stepOf(0, false, null);
    }
    this.censusLength = text.length;
    const { imported, fewer } = followedImport(read, this.opts, text);
    const whole = fewer ? this.readsByShape(text) : null;
    // What the followers cannot read is read whole from now on, as opening the file reads it.
    if (whole !== null) return this.step(false, whole);
    this.imported = imported;
    this.source = reportSource({ ...imported, messages: { length: this.source.messages } });
    return this.stepOf(0, false, null);
  }

  /**
   * The whole import of `text` when it reads the file by shape (a file the followers took
   * for their format, whose calls they do not see): the followers then step aside.
   */
  private readsByShape(text: string): Result<Imported, ImportError> | null {
    const whole = importTranscript(text, this.opts);
    if (!whole.ok || whole.value.census?.readByShape === undefined) return null;
    this.followers = [];
    this.tail = '';
    this.importedLength = text.length;
    return whole;
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
      // No new line: nothing for a follower, but a JSON document may have just been closed,
      // or a text the followers have read nothing of (a markdown export) settled its end.
      if (piece === '' && !final) {
        return readsAsLines(this.text) && this.lastRead !== null ? null : this.importWhole(false);
      }
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
      if (read !== null) {
        // The first read and the last are held to the census of what they read, as opening
        // the file is: a file the followers took for their format but cannot read is then
        // read whole. Steps between are not (a scan of everything would cost more than the
        // step), so such a file is found at its first rest at the latest.
        const first = this.lastRead === null;
        this.lastRead = read;
        const whole = final ? this.text : first ? settledText(this.text) : undefined;
        // A rest with nothing new since takes no census again.
        if (whole !== undefined && !final) this.censusLength = whole.length;
        const { imported, fewer } = followedImport(read, this.opts, whole);
        return (fewer && whole !== undefined ? this.readsByShape(whole) : null) ?? ok(imported);
      }
    }
    return this.importWhole(final);
  }

  /** The general import of what is settled: whole lines, or the whole document. */
  private importWhole(final: boolean): Result<Imported, ImportError> | null {
    const text = final ? this.text : settledText(this.text);
    if (!final && text.length === this.importedLength) return null;
    this.importedLength = text.length;
    if (!/\S/.test(text)) return null;
    return importTranscript(text, this.opts);
  }

  private step(final: boolean, given?: Result<Imported, ImportError>): LiveStep {
    const r = given ?? this.importNow(final);
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
    const old = this.pushed;
    let same = old.length;
    // The follower grows one list in place and never changes a message it let settle: the
    // same list again needs no comparing but for the last message replayed, which a reply
    // written over several lines may have grown.
    const grown = messages === this.lastMessages;
    this.lastMessages = messages;
    for (let i = grown ? same : 0; i < same; i++) {
      const m = messages[i];
      if (m === undefined || !sameMessage(old[i] as ChatMessage, m)) {
        same = i;
        break;
      }
    }
    // A reply written over several lines grows in place: its message is the same object.
    if (same > 0 && same === old.length && fingerprint(messages[same - 1]) !== this.tipPrint) {
      same--;
    }
    if (same < old.length) {
      // What was replayed changed (a reply grown, a rewound branch, a rewritten file): start
      // over. Only a change to a batch already shown is news.
      const before = this.walk.report(this.source).batches;
      this.preparer = replayPreparer();
      this.walk = new ReplayWalk(this.config);
      this.pushed = [];
      const step = this.replay(messages, r.value, final, 0);
      const after = this.walk.report(this.source).batches;
      const restarted = before.some((b, i) => !sameBatch(b, after[i]));
      const newBatches = restarted ? after.length : Math.max(0, after.length - before.length);
      this.lastBatches = this.walk.batchCount;
      return this.stepOf(newBatches, restarted, null, step);
    }
    const pending = this.replay(messages, r.value, final, same);
    const newBatches = this.walk.batchCount - this.lastBatches;
    this.lastBatches = this.walk.batchCount;
    return this.stepOf(newBatches, false, null, pending);
  }

  /** Pushes `messages[from…]` that are complete and walks them; returns the pending batch. */
  private replay(
    messages: readonly ChatMessage[],
    imported: Imported,
    final: boolean,
    from: number,
  ): PendingBatch | null {
    const cut = final ? { upto: messages.length, pending: null } : completeCount(messages, 0);
    for (let i = from; i < cut.upto; i++) {
      const m = messages[i] as ChatMessage;
      // An answer kept as its literal is passed on as that, with its size.
      if (m instanceof LiteralAnswer) this.preparer.push(m, m.literal, m.bytes);
      else this.preparer.push(m);
      this.pushed.push(m);
    }
    this.tipPrint = fingerprint(this.pushed[this.pushed.length - 1]);
    // Every call of the last batch has its result: it is complete.
    if (!final) this.preparer.closeBatch();
    const prepared = final ? this.preparer.finish() : this.preparer.settled();
    this.walk.advance(prepared);
    this.source = reportSource({ ...imported, messages: { length: cut.upto } });
    // The pending batch comes after every batch replayed.
    const pending = cut.pending && { ...cut.pending, index: this.walk.batchCount };
    this.pendingBatch = pending;
    return pending;
  }

  /**
   * A step whose report is built when first read: the report lists every batch, so building
   * it costs the whole session, which a step that only appends does not otherwise pay.
   */
  private stepOf(
    newBatches: number,
    restarted: boolean,
    error: ImportError | null,
    pending: PendingBatch | null = this.pendingBatch,
  ): LiveStep {
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
      pending,
    };
  }
}
