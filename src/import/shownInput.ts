// Calls read from what a pasted screen or an export shows of their input: arguments and notes.
import { plural } from './warnings';

/** How much of a call's input a screen or an export shows. */
export const enum Shows {
  /** What it was given, or enough of it that a repeat reads as one (a path, a query). */
  Input,
  /** A change (an edit, a file written) by its file at most: never a repeat of another. */
  Change,
  /** Nothing of its input. */
  Nothing,
}

/** How many calls a reader read of each kind. */
export interface ShownCounts {
  shown: number;
  changes: number;
  blind: number;
}

export const shownCounts = (): ShownCounts => ({ shown: 0, changes: 0, blind: 0 });

/**
 * A call's arguments from what is shown of its input: the text shown, so a repeat still reads
 * as one; for a change, whose content is not shown, and a call that shows nothing, arguments
 * that name the call (`id`), so it is never taken for a repeat of another.
 */
export function shownArgs(shows: Shows, shown: string, id: string, counts: ShownCounts): string {
  if (shows === Shows.Change) {
    counts.changes++;
    const change = `not shown (${id})`;
    return JSON.stringify(shown === '' ? { change } : { shown, change });
  }
  if (shown === '') {
    counts.blind++;
    return JSON.stringify({ input: `not shown (${id})` });
  }
  counts.shown++;
  return JSON.stringify(shown);
}

/**
 * What the note says of such calls: `noun` names one (`call`, `step`), `where` what shows it
 * (`message`, `line`), and the examples stand in parentheses.
 */
export function shownCaveats(
  c: ShownCounts,
  noun: string,
  where: string,
  examples: { shown: string; blind: string },
): string {
  const one = (n: number, a: string, b: string): string => (n === 1 ? a : b);
  let out = '';
  if (c.shown > 0)
    out += ` ${plural(c.shown, noun)} ${one(c.shown, 'is', 'are')} read from what ${one(c.shown, 'its', 'their')} ${where} shows of ${one(c.shown, 'its', 'their')} input (${examples.shown}), so signatures differ from the session's own though a repeated ${noun} still reads as a repeat.`;
  if (c.changes > 0)
    out += ` ${plural(c.changes, 'edit or file written', 'edits or files written')} ${one(c.changes, 'shows', 'show')} at most ${one(c.changes, 'its', 'their')} file, not the change: each is read as a call of its own, never a repeat of another.`;
  if (c.blind > 0)
    out += ` ${plural(c.blind, noun)} ${one(c.blind, 'shows', 'show')} nothing of ${one(c.blind, 'its', 'their')} input (${examples.blind}): each is read as a call of its own, never a repeat.`;
  return out;
}
