// The store's link slice: opening what a shared link names (its sample, batch, zoom and range),
// and
// saying when it cannot; the timeline's zoom and range as they are now.
import { fitView, viewWaits } from '../viewCodec';
import { joinNotices } from '../zooParamsCodec';
import type { AppState, LinkSlice, Slice } from '../types';

const OWN_TRANSCRIPT =
  'This link was made on a transcript opened from a file or pasted, which links never carry: ' +
  'open it again to see the linked batch and zoom.';

export const createLinkSlice: Slice<LinkSlice> = () => (set, get) => {
  const notify = (text: string) => set({ configNotice: joinNotices(get().configNotice, text) });

  /** Opens the waiting link's sample; false when there is none to open (or it is unknown). */
  const openLinked = (s: AppState): boolean => {
    const sample = s.pendingLink?.sample ?? null;
    if (sample === null) return false;
    if (s.samples.some((x) => x.file === sample)) {
      void s.openSample(sample);
      return true;
    }
    set({ pendingLink: null });
    notify(
      `The link's sample ${sample} is not one of the built-in samples; its batch and zoom are ignored.`,
    );
    return false;
  };

  return {
    pendingLink: null,
    timelineZoom: null,
    zoomRequest: null,

    batchRange: null,

    setBatchRange(range) {
      const now = get().batchRange;
      if (now?.first === range?.first && now?.last === range?.last) return;
      set({ batchRange: range });
    },

    setTimelineZoom(range) {
      const now = get().timelineZoom;
      if (now?.first === range?.first && now?.last === range?.last) return;
      set({ timelineZoom: range });
    },

    applyViewLink(view) {
      if (view.tab !== null) set({ workspaceTab: view.tab });
      if (!viewWaits(view)) return;
      set({ pendingLink: view });
      if (view.own) notify(OWN_TRANSCRIPT);
      // Before the samples are listed, start() opens the link's sample instead of the first.
      if (get().samples.length > 0) openLinked(get());
    },

    startFromLink() {
      const s = get();
      if (s.pendingLink?.own === true) return true; // the user opens the transcript again
      return openLinked(s);
    },

    restoreLink(result) {
      const link = get().pendingLink;
      if (link === null) return;
      set({ pendingLink: null });
      // A sample's batch and zoom are about that sample, not whatever was opened instead.
      if (link.sample !== null && get().currentSample !== link.sample) return;
      const fit = fitView(link, result.report.batches.length);
      if (fit.notice !== null) notify(fit.notice);
      if (fit.zoom !== null) {
        set({ zoomRequest: { dataVersion: result.dataVersion, range: fit.zoom } });
      }
      if (fit.range !== null) set({ batchRange: fit.range });
      if (fit.batch !== null) get().select(fit.batch);
    },
  };
};
