/**
 * Builds the one app store from its slices and connects it to the worker client and to
 * the places the config is persisted (URL hash and localStorage). Middleware-like wiring
 * happens only here, where the slices are combined.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { configToJson, hashHasConfig, parseConfigHash, parseStoredConfig } from './configCodec';
import { createAnalysisSlice } from './slices/analysis';
import { createConfigSlice } from './slices/config';
import { createCorpusSlice } from './slices/corpus';
import { createFormatSlice } from './slices/format';
import { createSelectionSlice } from './slices/selection';
import { createTranscriptSlice } from './slices/transcript';
import { createLinkSlice } from './slices/link';
import { createUiSlice } from './slices/ui';
import { createSearchSlice, wireSearch } from './slices/search';
import { createSweepSlice, wireSweep } from './slices/sweep';
import { createZooSlice, wireZoo } from './slices/zoo';
import { createWatchSlice } from './slices/watch';
import { watchNews } from './watchNews';
import type { AppDeps, AppState, Engine, Theme } from './types';
import { fullHash, HASH_FIELDS } from './hash';
import { parseViewHash } from './viewCodec';
import { joinNotices, parseZooParamsHash } from './zooParamsCodec';

export const CONFIG_STORAGE_KEY = 'loopscope.config';
export const THEME_STORAGE_KEY = 'loopscope.theme';

function readStorage(deps: AppDeps, key: string): string | null {
  try {
    return deps.storage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled by the browser: behave as if empty
  }
}

function writeStorage(deps: AppDeps, key: string, value: string): void {
  try {
    deps.storage?.setItem(key, value);
  } catch {
    // quota or privacy mode: the URL still carries the config
  }
}

/** The initial config: the URL wins (a shared link), else this browser's saved config. */
function initialConfig(deps: AppDeps) {
  const hash = deps.hash?.read() ?? '';
  if (hashHasConfig(hash)) return parseConfigHash(hash);
  return parseStoredConfig(readStorage(deps, CONFIG_STORAGE_KEY));
}

export function createAppStore(deps: AppDeps, initialTheme: Theme = 'light'): StoreApi<AppState> {
  const engine: Engine = { client: null };
  const store = createStore<AppState>()((...a) => ({
    ...createTranscriptSlice(deps, engine)(...a),
    ...createConfigSlice(deps, engine)(...a),
    ...createAnalysisSlice(deps, engine)(...a),
    ...createSelectionSlice(deps, engine)(...a),
    ...createUiSlice(deps, engine)(...a),
    ...createCorpusSlice(deps, engine)(...a),
    ...createFormatSlice(deps, engine)(...a),
    ...createZooSlice(deps, engine)(...a),
    ...createSweepSlice(deps, engine)(...a),
    ...createLinkSlice(deps, engine)(...a),
    ...createSearchSlice(deps, engine)(...a),
    ...createWatchSlice(deps, engine)(...a),
  }));

  const { config, notice } = initialConfig(deps);
  const lanes = parseZooParamsHash(deps.hash?.read() ?? '');
  const view = parseViewHash(deps.hash?.read() ?? '');
  const storedTheme = readStorage(deps, THEME_STORAGE_KEY);
  const theme: Theme =
    storedTheme === 'dark' || storedTheme === 'light' ? storedTheme : initialTheme;
  store.setState({
    config,
    configNotice: joinNotices(joinNotices(notice, lanes.notice), view.notice),
    zooParams: lanes.params,
    theme,
  });
  store.getState().applyViewLink(view.view);

  engine.client = deps.createClient(store.getState().listener);
  wireZoo(store, engine);
  wireSweep(store, engine);
  wireSearch(store, engine);

  store.subscribe((s, prev) => {
    if (s.config !== prev.config) writeStorage(deps, CONFIG_STORAGE_KEY, configToJson(s.config));
    if (HASH_FIELDS.some((k) => s[k] !== prev[k])) deps.hash?.write(fullHash(s));
    if (s.theme !== prev.theme) writeStorage(deps, THEME_STORAGE_KEY, s.theme);
    // A watched file grew: say what its new batches are worth saying (the live region).
    const r = s.result;
    if (r !== prev.result && r?.grown !== undefined && s.watching !== null) {
      const news = r.grown.restarted
        ? `${s.watching}: the history no longer extends what was shown; replayed anew.`
        : watchNews(prev.result?.report ?? null, r.report);
      if (news !== null) store.setState({ watchNews: news });
    }
  });
  return store;
}
