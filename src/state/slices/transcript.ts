import type { Slice, TranscriptSlice } from '../types';

/** Files up to this size are also shown in the transcript box; bigger ones go only to the worker. */
export const SHOW_FILE_TEXT_MAX = 2 * 1024 * 1024;

export const createTranscriptSlice: Slice<TranscriptSlice> = (deps, engine) => (set, get) => ({
  transcriptText: '',
  transcriptNote: null,
  sourceName: null,

  setTranscriptText(text) {
    set({
      transcriptText: text,
      transcriptNote: null,
      sourceName: 'pasted text',
      currentSample: null,
    });
    engine.client?.load({ kind: 'text', text, name: 'pasted text' }, get().config);
  },

  loadFile(file) {
    const name = file.name || 'dropped file';
    // The worker reads the File itself: the main thread never parses the transcript.
    get().loadInput({ kind: 'blob', blob: file, name }, null);
    set({ currentSample: null });
    if (file.size <= SHOW_FILE_TEXT_MAX) {
      void deps.readFileText(file).then(
        (text) => {
          if (get().sourceName === name) set({ transcriptText: text, transcriptNote: null });
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

  loadInput(input, text) {
    set({
      sourceName: input.name,
      ...(text === null ? {} : { transcriptText: text, transcriptNote: null }),
    });
    engine.client?.load(input, get().config);
  },
});
