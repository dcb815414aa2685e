import { DEFAULT_CONFIG, type DetectorConfig } from '../../detector/config';
import { configToHash, parseConfigHash, parseConfigText } from '../configCodec';
import { appHash, joinNotices, parseZooParamsHash } from '../zooParamsCodec';
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
    importConfig(text, where) {
      const parsed = parseConfigText(text, where);
      set({ configNotice: parsed.notice });
      apply(parsed.config);
    },
    applyHash(hash) {
      // An edited or pasted link on the open page: same validation as at start-up. The lanes'
      // parameters come with it; the config is re-evaluated only when it changed.
      const now = get();
      if (hash.replace(/^#/, '') === appHash(now.config, now.zooParams)) return;
      const parsed = parseConfigHash(hash);
      const lanes = parseZooParamsHash(hash);
      set({ configNotice: joinNotices(parsed.notice, lanes.notice), zooParams: lanes.params });
      if (configToHash(parsed.config) !== configToHash(now.config)) apply(parsed.config);
    },
    dismissConfigNotice() {
      set({ configNotice: null });
    },
  };
};
