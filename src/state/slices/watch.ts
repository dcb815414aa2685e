// Store slice: following a session file while an agent writes it.
import type { FileWatcher } from '../watcher';
import type { Slice, WatchSlice } from '../types';
import { loadChoice } from './format';

/** Why watching cannot work here, or null: it needs the File System Access API. */
export const WATCH_UNAVAILABLE = 'Watching needs the File System Access API (Chromium).';

export const createWatchSlice: Slice<WatchSlice> = (deps, engine) => (set, get) => {
  let watcher: FileWatcher | null = null;
  return {
    watching: null,
    watchUnavailable: deps.pickWatchFile === undefined ? WATCH_UNAVAILABLE : null,
    watchNews: null,

    async watchFile() {
      const handle = (await deps.pickWatchFile?.()) ?? null;
      if (handle === null) return; // the picker was closed
      // The watcher's code loads with the first watch: a first screen never needs it.
      const { FileWatcher: Watcher } = await import('../watcher');
      watcher?.stop();
      const w = new Watcher(handle, {
        start(file, why) {
          const name = file.name || 'watched file';
          const input = { kind: 'blob', blob: file, name } as const;
          set({
            watching: name,
            sourceName: name,
            lastInput: input,
            formatChoice: 'auto',
            conversationChoice: 0,
            currentSample: null,
            transcriptText: '',
            transcriptNote: `Watching ${name}: batches appear as they are written.`,
            watchNews:
              why === null ? `Watching ${name}.` : `${name} was rewritten (${why}): starting over.`,
          });
          engine.client?.load(input, get().config, loadChoice(get()), true);
        },
        // Taken only once the watched file serves (its first load landed).
        grow: (bytes) => engine.client?.append?.(bytes) ?? false,
        rest: () => engine.client?.append?.(new Blob([]), true) ?? false,
        fail(message) {
          set({
            watching: null,
            watchNews: `Stopped watching: the file could not be read (${message}).`,
          });
        },
      });
      watcher = w;
      await w.start();
    },

    stopWatching() {
      watcher?.stop();
      watcher = null;
      const name = get().watching;
      if (name !== null) set({ watching: null, watchNews: `Stopped watching ${name}.` });
    },
  };
};
