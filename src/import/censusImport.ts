// Joins the census to an import: the calls the import kept against the calls the file holds.
import type { ChatMessage } from '../detector/index';
import { censusWarnings, type CensusScan, type ReadCall } from './census';
import type { Imported } from './types';

/** The calls of a message as the census compares them: id and name. */
export function noteCalls(m: ChatMessage, into: ReadCall[]): void {
  const tc = m.tool_calls;
  if (!Array.isArray(tc)) return;
  for (const c of tc) {
    if (!(c instanceof Map)) {
      into.push({ id: null, name: '' });
      continue;
    }
    const id = c.get('id');
    const f = c.get('function');
    const name = f instanceof Map ? f.get('name') : undefined;
    into.push({
      id: typeof id === 'string' ? id : null,
      name: typeof name === 'string' ? name : '',
    });
  }
}

/**
 * The file's imports with the census of the file: the same census in every conversation, and
 * where the calls read (over all conversations) are another number, the warning that says so.
 * `read`: the calls read, when the caller counted them as they went by. `false`: no census
 * (the caller asked for none).
 */
export function withCensus(
  list: Imported[],
  scan: CensusScan | false,
  read?: readonly ReadCall[],
): Imported[] {
  if (scan === false) return list;
  let calls = read;
  if (calls === undefined) {
    const all: ReadCall[] = [];
    for (const c of list) for (const m of c.messages) noteCalls(m, all);
    calls = all;
  }
  const census = scan.census(calls);
  const warnings = censusWarnings(census, calls.length, namelessCalls(calls));
  return list.map((c) => ({ ...c, census, warnings: [...c.warnings, ...warnings] }));
}

/** How many of the calls read have no name. */
export function namelessCalls(calls: readonly ReadCall[]): number {
  let n = 0;
  for (const c of calls) if (c.name === '') n++;
  return n;
}
