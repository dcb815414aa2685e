/**
 * Text files that are not transcripts Loopscope reads: chat logs with no structured tool calls
 * (nothing to replay), and YAML (a recorded HTTP cassette). Named plainly instead of failing as
 * invalid JSON. docs/formats.md §1.
 */
import type { ImportError } from './types';

/** How far into the text the header is looked for: leading blank lines and a BOM at most. */
const HEAD = 512;

/**
 * Aider's `.aider.chat.history.md` opens every session with this header line
 * (`InputOutput.__init__` in aider/io.py, written after a blank line), then `#### ` user
 * lines, `> ` tool output and the assistant's markdown.
 */
const AIDER_HEADER = /^# aider chat started at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[ \t]*\r?$/;

/**
 * A recorded HTTP cassette: vcrpy (and the libraries that reuse its format: pytest-recording,
 * pydantic-ai's and OpenLLMetry's test cassettes) writes `interactions:` of `request:` and
 * `response:`; Ruby's VCR writes `http_interactions:`. It is YAML, not JSON.
 */
const CASSETTE = /^(http_)?interactions:[ \t]*\r?$/m;
/** A YAML document's first line: a `---` marker, or a `key:` mapping entry. */
const YAML_START = /^(---|[A-Za-z_][\w.-]*:([ \t]|\r?$))/;
/** The fields of a server-sent event stream, whose lines look like YAML entries. */
const SSE_FIELD = /^(data|event|id|retry):/;

/** The error for a chat log this text opens as, or null: looks at the first line only. */
export function chatLogError(text: string, name?: string): ImportError | null {
  const head = text.slice(0, HEAD).replace(/^\uFEFF/, '');
  const first = head.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'));
  const input = name ? `“${name}”` : 'The input';
  if (first !== undefined && YAML_START.test(first) && !SSE_FIELD.test(first)) {
    // A cassette's `interactions:` may follow other top-level keys.
    const cassette = CASSETTE.test(text.slice(0, 64 * 1024));
    const seen = cassette ? 'a recorded HTTP cassette (YAML)' : 'YAML';
    return {
      kind: 'not-transcript',
      message: cassette
        ? `${input} is ${seen}, as vcrpy and Ruby's VCR write them: Loopscope reads JSON. Its request and response bodies are what to import; save them as JSON, or record the traffic as a HAR file.`
        : `${input} is ${seen}, not JSON: Loopscope reads JSON and JSON Lines transcripts.`,
      seen,
    };
  }
  const firstLine = head.split('\n').find((l) => l.trim() !== '');
  if (firstLine === undefined || !AIDER_HEADER.test(firstLine)) return null;
  const seen = "Aider's markdown chat history";
  return {
    kind: 'not-transcript',
    message: `${input} is ${seen} (.aider.chat.history.md): a chat log with no structured tool calls, so there is nothing for the loop detector to replay.`,
    seen,
  };
}
