// The walk's findings: lists of steps, and the turns, calls and results each step holds.
import type { JsonValue } from '../../json/index';
import type { DialectId } from '../dialects/table';

/**
 * The first half of the reader by shape (docs/formats.md §25): a walk of a file's JSON that
 * finds the lists holding tool calls (message lists, event lists, step lists, span trees) and,
 * in each, what every item says, in order: a turn of the user or the assistant, a call (seen
 * through the dialect table, as the census sees it), a result.
 */
export type ShapeEvent =
  | {
      readonly kind: 'turn';
      readonly role: 'user' | 'system' | 'assistant';
      readonly text: string;
      /** A user message's `content` text as written, as the census hears it (`wordsApart`). */
      readonly words?: string;
    }
  | ShapeCall
  | ShapeResult;

export interface ShapeCall {
  readonly kind: 'call';
  readonly dialect: DialectId;
  readonly id: string | null;
  readonly name: string;
  /** The arguments as the dialect reads them (what the census compares). */
  readonly args: unknown;
  /** The arguments to hand on: the dialect's, else the object's own argument member. */
  readonly input: JsonValue;
  readonly echo: boolean | 'fallback';
  /** The answer the call object carries itself (a step's `output`, a part's `state.output`). */
  readonly output: JsonValue | undefined;
  /** That answer says the tool failed. */
  readonly failed: boolean;
  /** Where it stands in its list's items (`[*]` for every index), as the census spells it. */
  readonly path: string;
  /** The object it was read from, where that one object holds several calls. */
  readonly holder?: object;
  /** The model turn the call's record names: consecutive calls of one turn are one reply. */
  readonly turn?: string;
  /** What stands for arguments the writer did not keep (`FoundCall.shown`). */
  readonly shown?: string;
}

export interface ShapeResult {
  readonly kind: 'result';
  readonly id: string | null;
  readonly name: string | undefined;
  readonly content: JsonValue | undefined;
  readonly error: boolean;
}

/** One item of a list: its events, and the session it names, if any. */
export interface ShapeStep {
  readonly events: ShapeEvent[];
  readonly session: string | null;
  /**
   * A trace's span (what it holds happened within it) or one whole reply of a model API: its
   * calls are no earlier step's.
   */
  readonly apart?: true;
}

/** A list of steps: where it is, and its items (a span tree's nested lists inlined). */
export interface ShapeList {
  readonly path: string;
  readonly steps: ShapeStep[];
  /** The session the object holding the list names, if any. */
  readonly session: string | null;
  /** The order its first item was met in the file. */
  readonly order: number;
  /** The `title` of the nearest object holding it (a chat's), if any: what a user calls it. */
  readonly title?: string;
  /** The run it stands in: an item of a list of runs (an eval log's samples), where it is one. */
  readonly run: number | null;
  /** Its items are an object's members keyed by id (`keyedById`), not an array's. */
  readonly keyed?: true;
  /** The calls the API ran itself that its steps hold (by id), left out of its steps. */
  readonly server: Set<string>;
}
