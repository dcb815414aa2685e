import type { FormatId } from '../../import/types';
import type { TranscriptInput } from '../../worker/protocol';
import type { Slice } from '../types';

/** The format picker: detect the transcript's format, or force one and import again. */
export interface FormatSlice {
  /** `auto` detects; a format id forces that importer for the current transcript. */
  formatChoice: FormatId | 'auto';
  /**
   * What the worker was last asked to import, kept so a forced format can re-import the
   * same transcript (a dropped file is re-read from its handle, not from the text box).
   */
  lastInput: TranscriptInput | null;
  chooseFormat(format: FormatId | 'auto'): void;
}

export const createFormatSlice: Slice<FormatSlice> = (_deps, engine) => (set, get) => ({
  formatChoice: 'auto',
  lastInput: null,

  chooseFormat(format) {
    if (format === get().formatChoice) return;
    set({ formatChoice: format });
    const input = get().lastInput;
    if (input !== null) engine.client?.load(input, get().config, format);
  },
});
