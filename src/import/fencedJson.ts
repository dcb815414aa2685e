// Markdown that keeps transcripts in fenced ```json blocks, read as the JSON they hold.
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural } from './warnings';

/**
 * People save runs into notes and reports as markdown with the JSON pasted in a fenced block
 * (a ChatGPT conversation a file under its title, an agents SDK's history per run, a swarm's
 * messages): no writer of its own, so no format; what matters is the JSON. A block counts
 * when its fence names JSON and its text parses; only a text that is no JSON itself, and
 * whose blocks name a tool call somewhere, is read this way.
 */
const FENCE = /^(`{3,}|~{3,})[ \t]*(?:json|jsonc|json5)?[ \t]*\r?$/i;
const OPEN_JSON = /^(`{3,}|~{3,})[ \t]*json[ \t]*\r?$/i;
/** Words every tool-call dialect spells somewhere (the census's own marker, src/import/census.ts). */
const MARKER = /tool|unction|Call|call_id|recipient/;

/** The JSON texts of a markdown text's ```json blocks that parse, and how many blocks there were. */
function blocks(text: string): { json: string[]; fenced: number } {
  const json: string[] = [];
  let fenced = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN_JSON.exec(lines[i] as string);
    if (open === null) continue;
    const fence = open[1] as string;
    let j = i + 1;
    // A block ends at a fence of the same character at least as long (CommonMark).
    while (j < lines.length) {
      const close = FENCE.exec(lines[j] as string);
      if (close !== null && close[1]?.[0] === fence[0] && (close[1]?.length ?? 0) >= fence.length)
        break;
      j++;
    }
    fenced++;
    const body = lines.slice(i + 1, j).join('\n');
    try {
      const v: unknown = JSON.parse(body);
      if (typeof v === 'object' && v !== null) json.push(body);
    } catch {
      // An example cut short, or JSON with comments: not a transcript.
    }
    i = j;
  }
  return { json, fenced };
}

/** Whether a text is markdown whose ```json blocks hold what looks like tool calls. */
export function isFencedJson(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[') || !/^(`{3,}|~{3,})[ \t]*json/im.test(text))
    return false;
  return blocks(text).json.some((b) => MARKER.test(b));
}

/**
 * The blocks' JSON: one block as it is; several as JSON Lines, a block a line (a newline in
 * JSON text is only ever whitespace between tokens, so each is put on one line unchanged).
 */
export function fencedJsonAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const { json, fenced } = blocks(text.replace(/\r\n/g, '\n'));
  const input = name ? `“${name}”` : 'the input';
  const skipped = fenced - json.length;
  const rest =
    skipped === 0
      ? ''
      : `; ${plural(skipped, 'other block')} did not parse and ${skipped === 1 ? 'was' : 'were'} left out`;
  return ok({
    text:
      json.length === 1 ? (json[0] as string) : json.map((b) => b.replace(/\n/g, ' ')).join('\n'),
    note: `Read the JSON in ${plural(json.length, 'fenced `json` block')} of ${input}, a markdown text${rest}: what stands outside them is not read.`,
  });
}
