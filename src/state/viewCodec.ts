/**
 * What the page shows, in the URL hash beside the config and the lanes, so a shared link
 * opens on the same place: the built-in sample (`sample`), the selected batch (`batch`), the
 * workspace tab (`tab`), the timeline's batches in view (`zoom=first-last`) and the range of
 * batches selected on it (`range=first-last`). A transcript
 * the user opened or pasted never goes into a link; `src=own` only says there was one.
 * Read back as untrusted: a part that does not parse is dropped, and the notice says which.
 */
import type { WorkspaceTab, ZoomRange } from './types';

const VIEW_HASH_KEYS = {
  sample: 'sample',
  own: 'src',
  batch: 'batch',
  tab: 'tab',
  zoom: 'zoom',
  range: 'range',
} as const;

const TABS: readonly WorkspaceTab[] = [
  'batches',
  'messages',
  'patterns',
  'detectors',
  'sweep',
  'corpus',
];
/** A sample's path under `samples/`: plain names, at most one folder, no `..`. */
const SAMPLE_PATH = /^(?:[\w-]+\/)?[\w][\w.-]{0,120}$/;
/** More batches than any transcript the page can hold. */
const MAX_INDEX = 99_999_999;

export interface ViewLink {
  /** The built-in sample the link was made on, or null. */
  readonly sample: string | null;
  /** The link was made on a transcript of the user's own, which it does not carry. */
  readonly own: boolean;
  readonly batch: number | null;
  readonly tab: WorkspaceTab | null;
  readonly zoom: ZoomRange | null;
  readonly range: ZoomRange | null;
}

export const NO_VIEW: ViewLink = {
  sample: null,
  own: false,
  batch: null,
  tab: null,
  zoom: null,
  range: null,
};

interface ViewParse {
  readonly view: ViewLink;
  readonly notice: string | null;
}

function index(text: string): number | null {
  if (!/^\d{1,8}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_INDEX ? n : null;
}

/** `first-last`, first at most last: a zoom's or a range's batches. */
function span(text: string): ZoomRange | null {
  const m = /^(\d{1,8})-(\d{1,8})$/.exec(text);
  const first = m === null ? null : index(m[1] ?? '');
  const last = m === null ? null : index(m[2] ?? '');
  return first === null || last === null || last < first ? null : { first, last };
}

/** The view part of a URL hash (with or without `#`). */
export function parseViewHash(hash: string): ViewParse {
  if (hash.length > 100_000) return { view: NO_VIEW, notice: null }; // the config says so
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const ignored: string[] = [];
  const read = <T>(key: string, parse: (v: string) => T | null): T | null => {
    const raw = p.get(key);
    if (raw === null) return null;
    const v = parse(raw);
    if (v === null) ignored.push(`${key}=${raw.slice(0, 60)}`);
    return v;
  };
  const sample = read(VIEW_HASH_KEYS.sample, (v) =>
    SAMPLE_PATH.test(v) && !v.includes('..') ? v : null,
  );
  const own = read(VIEW_HASH_KEYS.own, (v) => (v === 'own' ? true : null)) ?? false;
  const batch = read(VIEW_HASH_KEYS.batch, index);
  const tab = read(VIEW_HASH_KEYS.tab, (v) => TABS.find((t) => t === v) ?? null);
  const zoom = read(VIEW_HASH_KEYS.zoom, span);
  const range = read(VIEW_HASH_KEYS.range, span);
  return {
    view: { sample: own ? null : sample, own: own && sample === null, batch, tab, zoom, range },
    notice:
      ignored.length === 0
        ? null
        : `Ignored parts of the link that are unknown or out of range: ${ignored.join(', ')}.`,
  };
}

/** Adds the view's keys to a hash's parameters; the defaults (no batch, Batches tab) are left out. */
export function setViewParams(p: URLSearchParams, view: ViewLink): void {
  if (view.sample !== null) p.set(VIEW_HASH_KEYS.sample, view.sample);
  else if (view.own) p.set(VIEW_HASH_KEYS.own, 'own');
  if (view.batch !== null) p.set(VIEW_HASH_KEYS.batch, String(view.batch));
  if (view.tab !== null && view.tab !== 'batches') p.set(VIEW_HASH_KEYS.tab, view.tab);
  if (view.zoom !== null) p.set(VIEW_HASH_KEYS.zoom, `${view.zoom.first}-${view.zoom.last}`);
  if (view.range !== null) p.set(VIEW_HASH_KEYS.range, `${view.range.first}-${view.range.last}`);
}

/** Whether a link carries anything to restore once a transcript is open. */
export function viewWaits(view: ViewLink): boolean {
  return (
    view.sample !== null ||
    view.own ||
    view.batch !== null ||
    view.zoom !== null ||
    view.range !== null
  );
}

/**
 * What of a link's batch, zoom and range a transcript of `batches` batches can show; the rest
 * is dropped with a notice.
 */
export function fitView(
  view: Pick<ViewLink, 'batch' | 'zoom' | 'range'>,
  batches: number,
): {
  batch: number | null;
  zoom: ZoomRange | null;
  range: ZoomRange | null;
  notice: string | null;
} {
  const problems: string[] = [];
  let batch = view.batch;
  if (batch !== null && batch >= batches) {
    problems.push(`batch #${batch}`);
    batch = null;
  }
  let zoom = view.zoom;
  if (zoom !== null && zoom.last >= batches) {
    problems.push(`the zoom #${zoom.first}–${zoom.last}`);
    zoom = null;
  }
  let range = view.range;
  if (range !== null && range.last >= batches) {
    problems.push(`the range #${range.first}–${range.last}`);
    range = null;
  }
  const notice =
    problems.length === 0
      ? null
      : `The link's ${problems.join(' and ')} ${problems.length === 1 ? 'is' : 'are'} past this transcript's ${batches.toLocaleString('en-US')} ${batches === 1 ? 'batch' : 'batches'}; ignored.`;
  return { batch, zoom, range, notice };
}
