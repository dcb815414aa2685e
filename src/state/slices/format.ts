// Store slice: how the current transcript is imported (its format and conversation).
import type { FormatId } from '../../import/types';
import type { LoadChoice } from '../../worker/clientSupport';
import type { TranscriptInput } from '../../worker/protocol';
import type { Slice } from '../types';

/**
 * How the current transcript is imported: its format (detected, or forced by hand), which of a
 * file's conversations is on screen, and how Cline's text results are read. Each change
 * imports the same transcript again.
 */
export interface FormatSlice {
  /** `auto` detects; a format id forces that importer for the current transcript. */
  formatChoice: FormatId | 'auto';
  /** Which conversation of a file that holds several is analysed (0 = the first). */
  conversationChoice: number;
  /**
   * The conversation was not chosen by the user (a file just opened): the first result may
   * move to a conversation that refuses, once.
   */
  conversationAuto: boolean;
  /**
   * The last result moved to another conversation on its own, and why (the picker says so): it
   * refuses, or it is the first with tool calls; false when it stayed.
   */
  conversationMoved: false | 'refuses' | 'calls';
  /** Cline / Roo Code results: as sent (user turns) or read as tool messages. */
  clineResults: 'user' | 'tool';
  /**
   * What the worker was last asked to import, kept so a forced format can re-import the
   * same transcript (a dropped file is re-read from its handle, not from the text box).
   */
  lastInput: TranscriptInput | null;
  chooseFormat(format: FormatId | 'auto'): void;
  chooseConversation(index: number): void;
  chooseClineResults(mode: 'user' | 'tool'): void;
}

/** The load choice the slice's fields make. */
export function loadChoice(
  s: Pick<FormatSlice, 'formatChoice' | 'conversationChoice' | 'clineResults'>,
): LoadChoice {
  return {
    format: s.formatChoice,
    ...(s.conversationChoice === 0 ? {} : { conversation: s.conversationChoice }),
    ...(s.clineResults === 'user' ? {} : { clineResults: s.clineResults }),
  };
}

export const createFormatSlice: Slice<FormatSlice> = (_deps, engine) => (set, get) => {
  const reload = () => {
    const input = get().lastInput;
    if (input !== null) engine.client?.load(input, get().config, loadChoice(get()));
  };
  return {
    formatChoice: 'auto',
    conversationChoice: 0,
    conversationAuto: false,
    conversationMoved: false,
    clineResults: 'user',
    lastInput: null,

    chooseFormat(format) {
      if (format === get().formatChoice) return;
      // Another format may read other conversations: start again at the first.
      set({ formatChoice: format, conversationChoice: 0 });
      reload();
    },
    chooseConversation(index) {
      if (index === get().conversationChoice) return;
      set({ conversationChoice: index, conversationAuto: false, conversationMoved: false });
      reload();
    },
    chooseClineResults(mode) {
      if (mode === get().clineResults) return;
      set({ clineResults: mode });
      reload();
    },
  };
};
