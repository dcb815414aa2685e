// Picks the request to rebuild a conversation from, out of per-call request logs.
import { printJson, type JsonValue } from '../json/index';
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

/**
 * Per-call request logs grouped by conversation, in the order each first appears: requests
 * whose messages agree up to the first reply (the first two where none has one) are one
 * conversation as it grew, and a request of one message joins the conversation that message
 * opens. Two runs of one prompt part at the reply, a system prompt before it or not.
 */
export function snapshotGroups(bodies: readonly JsonlLine[], key = 'messages'): JsonlLine[][] {
  const groups = new Map<string, JsonlLine[]>();
  // The first group each opening message starts, for the requests of one message.
  const byFirst = new Map<string, JsonlLine[]>();
  const short: [string, JsonlLine][] = [];
  for (const b of bodies) {
    const list = arr(b.value, key) ?? [];
    const first = printJson((list[0] ?? null) as JsonValue);
    if (list.length < 2) {
      short.push([first, b]);
      continue;
    }
    // The opening up to the first reply: a shared system prompt and prompt are not enough,
    // since two runs of one prompt part at the reply. A greeting the assistant opens with
    // (a bot's, before the user says anything) is part of the opening, not a reply.
    const asked = list.findIndex((m) => str(m, 'role') === 'user');
    const reply = list.findIndex((m, i) => i >= 1 && i > asked && str(m, 'role') === 'assistant');
    const upTo = reply < 0 ? 1 : reply;
    let k = first;
    for (let i = 1; i <= upTo; i++) k += `\u0000${printJson(list[i] as JsonValue)}`;
    const g = groups.get(k);
    if (g !== undefined) g.push(b);
    else {
      const made = [b];
      groups.set(k, made);
      if (!byFirst.has(first)) byFirst.set(first, made);
    }
  }
  const out = [...groups.values()];
  for (const [first, b] of short) {
    const home = byFirst.get(first);
    if (home !== undefined) home.push(b);
    else {
      const made = [b];
      out.push(made);
      byFirst.set(first, made);
    }
  }
  return out
    .map((g) => g.sort((a, b) => a.line - b.line))
    .sort((a, b) => (a[0] as JsonlLine).line - (b[0] as JsonlLine).line);
}
