// The store's ui slice: the page's own state: theme, workspace tab, the samples list and which
// sample is open.
import { pickedFile } from '../../import/folder';
import { loadSampleManifests } from '../samples';
import type { Slice, UiSlice } from '../types';

export const createUiSlice: Slice<UiSlice> = (deps) => (set, get) => {
  let started = false;
  let opening: string | null = null;
  return {
    theme: 'light',
    toggleTheme() {
      set({ theme: get().theme === 'light' ? 'dark' : 'light' });
    },

    workspaceTab: 'batches',
    setWorkspaceTab(tab) {
      set({ workspaceTab: tab });
    },
    openInCorpus(files) {
      // The CLI's rule for a folder (src/import/folder.ts): a file found in one is read when
      // its path says transcript; one the user chose (no folder path) whatever its name.
      get().corpusAdd(files.filter((f) => pickedFile(f.webkitRelativePath).candidate));
      set({ workspaceTab: 'corpus' });
    },

    samples: [],
    samplesError: null,
    currentSample: null,

    async loadSampleIndex() {
      // Behaviour samples first (the app opens on the first), then one sample per format.
      const { samples, error } = await loadSampleManifests(deps.fetchText);
      set({ samplesError: error, ...(samples.length > 0 ? { samples } : {}) });
    },

    async start() {
      if (started) return; // React StrictMode runs mount effects twice
      started = true;
      await get().loadSampleIndex();
      if (get().sourceName === null && get().startFromLink()) return;
      const first = get().samples[0];
      if (first !== undefined && get().sourceName === null) await get().openSample(first.file);
    },

    async openSample(file) {
      const entry = get().samples.find((s) => s.file === file);
      if (entry === undefined) return;
      // A link's sample and the same one chosen by hand while it is fetched: loading it twice
      // would replace the first analysis under whoever is already reading it.
      if (opening === file && get().currentSample === file) return;
      opening = file;
      set({ currentSample: file });
      try {
        const text = await deps.fetchText(`samples/${entry.file}`);
        if (get().currentSample !== file) return; // another source was chosen meanwhile
        get().loadInput({ kind: 'text', text, name: entry.title }, text);
        set({ currentSample: file });
      } catch (e) {
        set({
          samplesError: `The sample ${entry.file} could not be read: ${e instanceof Error ? e.message : String(e)}`,
        });
      } finally {
        if (opening === file) opening = null;
      }
    },
  };
};
