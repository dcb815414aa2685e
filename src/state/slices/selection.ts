import type { SelectionSlice, Slice } from '../types';

export const createSelectionSlice: Slice<SelectionSlice> = (_deps, engine) => (set, get) => ({
  selectedIndex: null,
  details: null,
  select(index) {
    if (index === get().selectedIndex) return;
    set({ selectedIndex: index, details: null });
    if (index !== null) engine.client?.details(index);
  },
});
