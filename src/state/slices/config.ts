// The store's config slice: the detector config, its notices, and its trips to the URL, storage and
// worker.
import { DEFAULT_CONFIG, type DetectorConfig } from '../../detector/config';
import { configToHash, parseConfigHash } from '../configCodec';
import { fullHash } from '../hash';
import { parseViewHash } from '../viewCodec';
import { joinNotices, parseZooParamsHash } from '../zooParamsCodec';
import type { ConfigSlice, Slice } from '../types';

export const createConfigSlice: Slice<ConfigSlice> = (_deps, engine) => (set, get) => {
  const apply = (config: DetectorConfig) => {
    set({ config });
    engine.client?.evaluate(config);
  };
  return {
    config: DEFAULT_CONFIG,
    configNotice: null,
    setConfig(patch) {
      apply({ ...get().config, ...patch });
    },
    resetConfig() {
      apply(DEFAULT_CONFIG);
    },
    async importConfig(text, where) {
      // The settings-file reader comes with the first import, not with the page.
      const { importConfigText } = await import('../configImport');
      const parsed = importConfigText(text, where);
      set({ configNotice: parsed.notice });
      if (parsed.config !== null) apply(parsed.config);
    },
    applyHash(hash) {
      // An edited or pasted link on the open page: same validation as at start-up. The lanes'
      // parameters come with it; the config is re-evaluated only when it changed.
      const now = get();
      if (hash.replace(/^#/, '') === fullHash(now)) return;
      const parsed = parseConfigHash(hash);
      const lanes = parseZooParamsHash(hash);
      const view = parseViewHash(hash);
      set({
        configNotice: joinNotices(joinNotices(parsed.notice, lanes.notice), view.notice),
        zooParams: lanes.params,
      });
      if (configToHash(parsed.config) !== configToHash(now.config)) apply(parsed.config);
      get().applyViewLink(view.view);
    },
    dismissConfigNotice() {
      set({ configNotice: null });
    },
  };
};
