import { ok } from '../../json/index';
import type { Result } from '../../json/index';
import { Conversation } from '../build';
import { mapStreamReply } from '../dialects/embedded';
import { finish, invalid } from '../format';
import type { FormatImporter, FormatOutput } from '../format';
import { assembleStreams, readSse } from '../sse';
import type { ImportError } from '../types';
import { plural } from '../warnings';

/**
 * A saved server-sent event stream (`data:` lines): OpenAI chat-completions chunks,
 * Anthropic Messages events, Responses events or Gemini chunks, each reply reassembled
 * into the assistant message the non-streamed API would have returned. A capture holds
 * only the model's side: no prompt and no tool results.
 */
export function importSseText(text: string): Result<FormatOutput, ImportError> {
  const read = readSse(text);
  const s = assembleStreams(read.events);
  if (read.events.length > 0 && s.dialect === null) {
    return invalid(
      `None of the stream's ${plural(read.events.length, 'JSON payload')} is a chat-completions chunk, an Anthropic Messages event, a Responses event or a Gemini chunk.`,
    );
  }
  const c = new Conversation();
  c.warnings.addAll(read.warnings);
  c.warnings.addAll(s.warnings);
  for (const r of s.replies) mapStreamReply(r, c);
  if (s.replies.length > 1) {
    c.warnings.add(
      `The capture holds ${s.replies.length} replies (one per completion streamed); each is an assistant turn, in order, with nothing between them.`,
    );
  }
  return ok(finish(c));
}

/** The importer for a forced format: the SSE reader needs only the text. */
export const importSse: FormatImporter = (doc) => importSseText(doc.text);
