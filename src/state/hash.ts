/** The app's whole URL hash, from the store's state: what a shared link carries. */
import type { AppState } from './types';
import { setViewParams } from './viewCodec';
import { appHash } from './zooParamsCodec';

/** The fields the URL hash is made of. */
export const HASH_FIELDS = [
  'config',
  'zooParams',
  'currentSample',
  'sourceName',
  'selectedIndex',
  'selectionAuto',
  'workspaceTab',
  'timelineZoom',
  'batchRange',
  'pendingLink',
] as const satisfies readonly (keyof AppState)[];

/**
 * The whole hash: config, lanes, then the view. A link still waiting for its transcript is
 * written back as it came, so a reload before that transcript opens keeps it.
 */
export function fullHash(s: AppState): string {
  const p = new URLSearchParams(appHash(s.config, s.zooParams));
  const waiting = s.pendingLink;
  setViewParams(
    p,
    waiting !== null
      ? { ...waiting, tab: s.workspaceTab }
      : {
          sample: s.currentSample,
          own: s.currentSample === null && s.sourceName !== null,
          // The app's own landing choice is not the link's to make.
          batch: s.selectionAuto ? null : s.selectedIndex,
          tab: s.workspaceTab,
          zoom: s.timelineZoom,
          range: s.batchRange,
        },
  );
  return p.toString();
}
