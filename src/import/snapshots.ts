// Picks the request to rebuild a conversation from, out of per-call request logs.
import { arr, str } from './access';
import type { JsonlLine } from './text';
import type { Warnings } from './warnings';

/**
 * Picks the request to rebuild a conversation from, out of per-call request logs (one
 * body per line). Each request repeats the history, so concatenating them would
 * manufacture loops: take the longest. Lines that start differently are separate
 * conversations (a dataset): take the first and say so.
 */
export function pickSnapshot(
  bodies: readonly JsonlLine[],
  w: Warnings,
  key = 'messages',
): JsonlLine {
  let pick = bodies[0] as JsonlLine;
  if (bodies.length < 2) return pick;
  const count = (l: JsonlLine) => arr(l.value, key)?.length ?? 0;
  const opening = (l: JsonlLine) => {
    // Datasets often share a system prompt, so the first user turn is compared too.
    const list = arr(l.value, key) ?? [];
    const first = list[0];
    const user = list.find((m) => str(m, 'role') === 'user');
    return `${str(first, 'role') ?? ''}\u0000${str(first, 'content') ?? ''}\u0000${str(user, 'content') ?? ''}`;
  };
  const k0 = opening(pick);
  if (bodies.every((b) => opening(b) === k0)) {
    for (const b of bodies) if (count(b) >= count(pick)) pick = b;
    w.add(
      `The file holds ${bodies.length} requests of one conversation; it was rebuilt from the longest (line ${pick.line}) and its reply, not by concatenating them.`,
    );
  } else {
    w.add(
      `The file holds ${bodies.length} separate conversations (one per line); only the first (line ${pick.line}) was analysed.`,
    );
  }
  return pick;
}
