import { printJson } from '../../../src/json/index';
import type { ChatMessage } from '../../../src/detector/index';
import type { FormatOutput } from '../../../src/import/format';
import type { SessionFollower } from '../../../src/import/lineFollower';
import { blindSpots } from '../../../src/import/blindSpots';
import { sniff } from '../../../src/import/sniff';
import { readDoc } from '../../../src/import/text';
import type { FormatId } from '../../../src/import/types';
import type { Doc } from '../../../src/import/text';
import fc from 'fast-check';
import { expect } from 'vitest';

/** A message as the replay and the details panel read it, span included. */
function shown(m: ChatMessage): string {
  return printJson(
    new Map([
      ['role', m.role ?? null],
      ['content', m.content ?? null],
      ['tool_calls', m.tool_calls ?? null],
      ['tool_call_id', m.tool_call_id ?? null],
      ['span', m.span === undefined ? null : `${m.span.start}-${m.span.end}`],
    ]),
  );
}

/**
 * A format's output as a test compares it: every conversation, its label, warnings, messages
 * and what the detector cannot see in it (as the format counted it, or else worked out from
 * the messages; `fresh`: always worked out, the yardstick).
 */
export function outputOf(out: FormatOutput, lineWarnings: readonly string[], fresh = false) {
  const list = out.conversations ?? [
    { label: '', messages: out.messages, warnings: out.warnings, blindSpots: out.blindSpots },
  ];
  const conversations = list.map((c) => ({
    label: c.label,
    warnings: c.warnings,
    messages: c.messages.map(shown),
    blind: (fresh ? undefined : c.blindSpots) ?? blindSpots(c.messages, 'codex'),
  }));
  return { lineWarnings, many: out.conversations !== undefined, conversations };
}

/**
 * What the general import (every line parsed whole) reads from `text` as `format`; null if
 * the text is not JSON Lines of that format.
 */
export function general(
  text: string,
  format: FormatId,
  importer: (
    doc: Doc,
  ) => { ok: true; value: FormatOutput } | { ok: false; error: { message: string } },
) {
  const doc = readDoc(text);
  if (!doc.ok || doc.value.kind !== 'jsonl') return null;
  if (sniff(doc.value).format !== format) return null;
  const out = importer(doc.value);
  if (!out.ok) throw new Error(out.error.message);
  return outputOf(out.value, doc.value.warnings, true);
}

/**
 * Feeds `text` to `follower` in pieces ending at `ends` (line ends), then the rest; at each
 * step what it read must be what the general import reads from the text so far.
 */
export function expectFollowed(
  follower: SessionFollower,
  text: string,
  ends: readonly number[],
  whole: (text: string) => ReturnType<typeof general>,
): void {
  let from = 0;
  for (const end of ends) {
    const r = follower.readPiece(text.slice(from, end), false);
    if (r !== null) expect(outputOf(r.out, r.warnings)).toEqual(whole(text.slice(0, end)));
    from = end;
  }
  const r = follower.readPiece(text.slice(from), true);
  if (r !== null) expect(outputOf(r.out, r.warnings)).toEqual(whole(text));
}

/** The ends of every line of `text`, or of the lines at the given shares of it. */
export function lineEnds(text: string, cuts: readonly number[] | null): number[] {
  if (cuts === null) return [...text.matchAll(/\n/g)].map((m) => m.index + 1);
  return cuts
    .map((c) => text.lastIndexOf('\n', Math.floor(c * text.length)) + 1)
    .filter((e) => e > 0)
    .sort((a, b) => a - b);
}

/**
 * The property every follower holds: a text from `texts`, fed after every line or at a few
 * random places, reads at every step as the text so far read whole.
 */
export function assertFollows(
  texts: fc.Arbitrary<string>,
  follower: () => SessionFollower,
  whole: (text: string) => ReturnType<typeof general>,
): void {
  const cuts = fc.oneof(
    fc.constant(null),
    fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
  );
  fc.assert(
    fc.property(texts, cuts, (text, at) => {
      expectFollowed(follower(), text, lineEnds(text, at), whole);
    }),
    { numRuns: 300 },
  );
}
