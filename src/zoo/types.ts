/**
 * The detector zoo's shared input and output.
 *
 * A transcript is turned into `ZooStep`s once (`zooInput`); every peer detector and advisory
 * lane is a pure function of those steps and its numeric parameters, returning marks that the
 * UI draws as one lane under the timeline.
 */
import type { JsonValue } from '../json/index';

/** One tool call of a batch, with the identities the different peers key on. */
export interface ZooCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as read by `domainCalls` (a string when they did not parse). */
  readonly args: JsonValue;
  /** The reference's stable repr (keys sorted, depth cap 16): what sorted-key peers compare. */
  readonly argsCanonical: string;
  /**
   * `JSON.stringify(JSON.parse(arguments))` as a JS agent would print it: keys in their
   * original order (integer-like keys first, as JS objects order them). Gemini CLI keys on this.
   */
  readonly argsJson: string;
  /**
   * The arguments as a JavaScript peer with sorted keys compares them (`jsSortedJson`, keys
   * rebuilt into an object as Cline does): numbers by value, no depth cap. An arguments string
   * that does not parse is the string itself.
   */
  readonly argsJsSorted: string;
  /** `name + ':' + argsCanonical`: the sorted-key call identity. */
  readonly key: string;
}

/** An assistant message with one or more tool calls (a reference "batch"). */
export interface ZooBatch {
  readonly kind: 'batch';
  /** The batch's position among all batches (the Report's `batchIndex`). */
  readonly batchIndex: number;
  readonly messageIndex: number;
  readonly calls: readonly ZooCall[];
  /** The reference's batch signature (order-independent). */
  readonly signature: string;
  /** Per call: the answer text from the contiguous tool window (docs/detector.md §7.5), or null if unanswered. */
  readonly answers: readonly (string | null)[];
  /**
   * Per call: whether the answer is an error: the transcript's own mark (`ChatMessage.error`)
   * where the format has one, else the text guess `looksLikeError`.
   */
  readonly answerError: readonly boolean[];
  /** Per call: whether `answerError` came from the transcript's mark rather than the guess. */
  readonly answerErrorMarked: readonly boolean[];
  /** The assistant text beside the calls (the "thought" some peers compare). */
  readonly narration: string;
}

/** A message that is not a batch: a user turn, any other non-assistant role, or prose. */
interface ZooEvent {
  readonly kind: 'user' | 'system' | 'prose';
  readonly messageIndex: number;
  readonly text: string;
}

/** The zoo's input: batches and the events between them, in transcript order. */
export type ZooStep = ZooBatch | ZooEvent;

/** How strongly a lane reacts at a batch: a peer's warning, a peer's stop, or an advisory. */
export type ZooLevel = 'warn' | 'stop' | 'advice';

/** One mark on a lane. At most one per batch per detector (the strongest one). */
export interface ZooMark {
  readonly batchIndex: number;
  readonly messageIndex: number;
  readonly level: ZooLevel;
  /** One plain sentence naming the rule, e.g. "Cline: 3rd consecutive identical `x` call (soft limit 3)". */
  readonly message: string;
}

/** One numeric parameter of a detector (its label is in laneWords.ts). Toggles are 0/1. */
export interface ParamSpec {
  readonly id: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** Parameter values by id. Missing ids take the spec's default. */
export type ZooParams = Readonly<Record<string, number>>;

/** What a lane's rule does, in words (laneWords.ts). */
export interface LaneWords {
  readonly description: string;
  /**
   * What of the peer's rule a transcript cannot show (a rule off by default, retries, an
   * in-session disable, a model-judged tier), said beside the description.
   */
  readonly cannotSee?: string;
  /** Each parameter's label, by its id, for the config panel. */
  readonly params: Readonly<Record<string, string>>;
}

/** One lane as the page shows it: its name and parameters, without the code that runs it. */
export interface ZooLane {
  readonly id: string;
  readonly label: string;
  /** `peer`: another project's documented detector; `advisory`: a blind spot of the reference. */
  readonly kind: 'peer' | 'advisory';
  readonly params: readonly ParamSpec[];
}

/** One lane of the zoo with its runner (the worker's; the page needs only the `ZooLane`). */
export interface ZooDetector extends ZooLane {
  /** Pure: the same steps and params always give the same marks, ordered by batch. */
  run(steps: readonly ZooStep[], params: ZooParams): ZooMark[];
}

/** One lane's outcome over a transcript. */
export interface ZooResult {
  readonly id: string;
  readonly marks: readonly ZooMark[];
  /** The batch index of the first `stop` mark, or null. */
  readonly firstStop: number | null;
  /** How many `warn` and `advice` marks the lane placed. */
  readonly warnings: number;
}
