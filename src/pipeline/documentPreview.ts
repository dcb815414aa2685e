/**
 * A preview of a JSON document still being read (an OpenAI or Anthropic request body, a bare
 * messages array): its complete messages so far, replayed. Only what is settled is replayed:
 * a batch at the end whose results may continue in the next messages is held back, so a batch
 * the preview shows has all the answers it will have.
 */
import {
  evaluateReplay,
  replayPreparer,
  type ChatMessage,
  type DetectorConfig,
  type ReplayPreparer,
  type Report,
} from '../detector/index';
import { ChatPrefix } from '../import/chatPrefix';
import { importStreaming, type ImportOptions } from '../import/index';
import { splitNotes } from '../import/notes';

interface DocumentPreview {
  readonly report: Report;
  readonly formatLabel: string;
}

export class DocumentPreviewer {
  private readonly prefix = new ChatPrefix();
  private shown = -1;

  constructor(
    private readonly config: DetectorConfig,
    private readonly opts: ImportOptions,
  ) {}

  /** Whether the text so far reads as a document whose messages can be previewed. */
  get previewing(): boolean {
    return this.shown >= 0;
  }

  /** `text` (the document so far) cut after its last complete message and closed. */
  closedText(text: string): string | null {
    return this.prefix.closed(text)?.text ?? null;
  }

  /** The replay of `text` (the document so far, growing) up to its last settled batch; null when there is nothing new to show. */
  preview(text: string): DocumentPreview | null {
    const closed = this.prefix.closed(text);
    if (closed === null || closed.messages === this.shown) return null;
    this.shown = closed.messages;
    let preparer: ReplayPreparer = replayPreparer();
    let pushed = 0;
    const r = importStreaming(closed.text, { ...this.opts, onProgress: undefined }, () => {
      const p = (preparer = replayPreparer());
      pushed = 0;
      let held: [ChatMessage, string | null | undefined][] = [];
      const push = (m: ChatMessage, literal: string | null | undefined) => {
        p.push(m, literal);
        pushed++;
      };
      return (m, literal) => {
        if (m.role === 'tool' && held.length > 0) {
          held.push([m, literal]);
          return;
        }
        // Anything but a tool result settles the batch before it.
        for (const [hm, hl] of held) push(hm, hl);
        held = [];
        if (m.role === 'assistant' && Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
          held.push([m, literal]);
        } else push(m, literal);
      };
    });
    if (!r.ok) return null;
    const { format, formatLabel, warnings, referenceScan } = r.value;
    const report = evaluateReplay(preparer.finish(), this.config, {
      format,
      messages: pushed,
      ...splitNotes(warnings),
      referenceScan,
    });
    return { report, formatLabel };
  }
}
