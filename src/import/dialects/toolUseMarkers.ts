// Calls a tool flattened into text markers: `[tool_use:Bash {"command": "ls"}]`.
import type { JsonValue } from '../../json/index';
import { isJsonObject, parseJson } from '../../json/index';
import { objectEnd } from './shape';

/**
 * Tools that turn an Anthropic message's content blocks into plain text (session exporters,
 * sanitizers, summaries, chat relays) write each `tool_use` block as a marker: its name in
 * brackets after `tool_use:`, and its input as JSON inside the brackets or after them, on the
 * same line or the next (`[tool_use:Read {…}]`, `[tool_use:Read] {…}`, `[tool_use:Read]\n{…}`),
 * some with the block's id before the name (`[tool_use:toolu_01:Read] {…}`) or after it in
 * parentheses (`[tool_use: bash (toolu_01)]`). No writer owns the form; it is the block's own
 * fields spelled out. A marker whose input is kept is a call; one that keeps only the name
 * cannot be signed (every such call would look alike), so it is counted and never read.
 */
export interface MarkerCall {
  readonly type: 'tool_use_marker';
  readonly id?: string;
  readonly name: string;
  /** The input; absent where the marker kept none. */
  readonly arguments?: JsonValue;
}

const OPEN = '[tool_use:';
/** What a line of JSON Lines may hold such a marker by, in its raw text (censusInput.ts). */
export const MARKER_CLUE = String.raw`\[tool_use:`;
/** What may follow the prefix: an optional id and colon, the name, an optional `(id)`. */
const HEAD = /^[ \t]*(?:([\w.-]+):)?([A-Za-z_][\w.:/-]*?)(?:[ \t]+\(([\w.-]+)\))?[ \t]*(?=[\]{])/;

/** Whether a text holds such a marker (one search). */
export function holdsToolUseMarkers(s: string): boolean {
  return s.includes(OPEN);
}

/** The markers of a text, in order, each as the call it spells. */
export function toolUseMarkers(s: string): MarkerCall[] {
  const out: MarkerCall[] = [];
  for (let at = s.indexOf(OPEN); at >= 0; at = s.indexOf(OPEN, at + OPEN.length)) {
    const from = at + OPEN.length;
    const head = HEAD.exec(s.slice(from, from + 300));
    if (head === null) continue;
    const id = head[1] ?? head[3];
    const name = head[2] as string;
    let i = from + head[0].length;
    let input: JsonValue | undefined;
    if (s[i] === '{') {
      // The input inside the brackets.
      const end = objectEnd(s, i);
      if (end < 0) continue;
      input = objectAt(s, i, end);
      i = end;
      while (s[i] === ' ' || s[i] === '\t') i++;
      if (s[i] !== ']' || input === undefined) continue;
    } else {
      // After them: spaces, at most one line break, then the object.
      let j = i + 1;
      while (s[j] === ' ' || s[j] === '\t') j++;
      if (s[j] === '\r') j++;
      if (s[j] === '\n') j++;
      if (s[j] === '{') {
        const end = objectEnd(s, j);
        if (end >= 0) input = objectAt(s, j, end);
      }
    }
    out.push({
      type: 'tool_use_marker',
      ...(id === undefined ? {} : { id }),
      name,
      ...(input === undefined ? {} : { arguments: input }),
    });
  }
  return out;
}

function objectAt(s: string, from: number, end: number): JsonValue | undefined {
  const p = parseJson(s.slice(from, end));
  return p.ok && isJsonObject(p.value.value) ? p.value.value : undefined;
}
