// The store's selection slice: the selected batch, kept across config changes and loads.
import type { SelectionSlice, Slice } from '../types';

export const createSelectionSlice: Slice<SelectionSlice> = (_deps, engine) => (set, get) => ({
  selectedIndex: null,
  selectionAuto: false,
  details: null,
  select(index) {
    if (index === get().selectedIndex) {
      set({ selectionAuto: false });
      return;
    }
    set({ selectedIndex: index, details: null, selectionAuto: false });
    if (index !== null) engine.client?.details(index);
  },
});
