// Store slice: the loaded transcript, its text and where it came from.
import type { Slice, TranscriptSlice } from '../types';
import { loadChoice } from './format';

/** Files up to this size are also shown in the transcript box; bigger ones go only to the worker. */
const SHOW_FILE_TEXT_MAX = 2 * 1024 * 1024;

export const createTranscriptSlice: Slice<TranscriptSlice> = (deps, engine) => (set, get) => ({
  transcriptText: '',
  transcriptNote: null,
  sourceName: null,

  setTranscriptText(text) {
    const input = { kind: 'text', text, name: 'pasted text' } as const;
    set({
      transcriptText: text,
      transcriptNote: null,
      sourceName: 'pasted text',
      currentSample: null,
      lastInput: input,
    });
    // Editing keeps a forced format: it is still the same transcript.
    engine.client?.load(input, get().config, loadChoice(get()));
  },

  loadFile(file, conversation) {
    const name = file.name || 'dropped file';
    // The worker reads the File itself: the main thread never parses the transcript.
    get().loadInput({ kind: 'blob', blob: file, name }, null, conversation);
    set({ currentSample: null });
    if (file.size <= SHOW_FILE_TEXT_MAX) {
      void deps.readFileText(file).then(
        (text) => {
          if (get().sourceName !== name) return;
          // A binary file (an Inspect .eval ZIP, a SQLite session store) decoded as text is
          // noise, and editing it would replace the file the worker read with that noise.
          const binary = binaryKind(text);
          if (binary !== null) {
            set({
              transcriptText: '',
              transcriptNote: `${name} is ${binary}, analysed without being shown here.`,
            });
          } else set({ transcriptText: text, transcriptNote: null });
        },
        () => undefined,
      );
    } else {
      set({
        transcriptText: '',
        transcriptNote: `${name} (${(file.size / 1_048_576).toFixed(1)} MB) is analysed without being shown here.`,
      });
    }
  },

  loadInput(input, text, conversation) {
    // A new file or sample is detected afresh: a format forced for the previous one is dropped.
    set({
      sourceName: input.name,
      lastInput: input,
      formatChoice: 'auto',
      conversationChoice: conversation ?? 0,
      conversationAuto: conversation === undefined,
      conversationMoved: false,
      ...(text === null ? {} : { transcriptText: text, transcriptNote: null }),
    });
    engine.client?.load(input, get().config, loadChoice(get()));
  },
});

/** What a file read as text is when it is no text (the bytes the worker reads as they are). */
function binaryKind(text: string): string | null {
  if (text.startsWith('PK\u0003\u0004')) return 'a ZIP archive';
  if (text.startsWith('SQLite format 3\u0000')) return 'a SQLite database';
  // Gzip's magic bytes as UTF-8 decodes them: 0x8b is no character.
  if (text.startsWith('\u001f\ufffd\u0008')) return 'a gzip file';
  return text.slice(0, 1024).includes('\u0000') ? 'a binary file' : null;
}
