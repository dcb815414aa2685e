/**
 * The detector lanes' parameter overrides in the URL hash (key `zoo`), so a shared link shows
 * the same lanes: `zoo=cycles.repeats:20,openclaw.warning:3`, only values that differ from
 * each parameter's default. Read back as untrusted: unknown detectors or parameters and values
 * out of range are dropped, and the notice says which.
 */
import type { DetectorConfig } from '../detector/config';
import { ZOO_LANES } from '../zoo/lanes';
import type { ParamSpec } from '../zoo/types';
import type { ZooParamsById } from '../worker/zoo/protocol';
import { configToHash } from './configCodec';

const ZOO_HASH_KEY = 'zoo';
/** Longer than every parameter set at once, short enough to refuse junk quickly. */
const MAX_VALUE_LENGTH = 4000;

function specOf(detectorId: string, paramId: string): ParamSpec | undefined {
  return ZOO_LANES.find((d) => d.id === detectorId)?.params.find((p) => p.id === paramId);
}

/** The `zoo` value for these overrides; empty when every value is its default. */
export function zooParamsToHashValue(params: ZooParamsById): string {
  const parts: string[] = [];
  for (const d of ZOO_LANES) {
    for (const p of d.params) {
      const v = params[d.id]?.[p.id];
      if (v !== undefined && v !== p.default) parts.push(`${d.id}.${p.id}:${v}`);
    }
  }
  return parts.join(',');
}

interface ZooParamsParse {
  readonly params: ZooParamsById;
  /** Why some part was ignored, or null. */
  readonly notice: string | null;
}

/** Parses a `zoo` value (null: no key, no overrides). */
export function parseZooParamsHashValue(value: string | null): ZooParamsParse {
  if (value === null || value === '') return { params: {}, notice: null };
  if (value.length > MAX_VALUE_LENGTH) {
    return { params: {}, notice: 'The detector lane settings in the URL are too long; ignored.' };
  }
  const out: Record<string, Record<string, number>> = {};
  const ignored: string[] = [];
  for (const part of value.split(',')) {
    const m = /^([\w-]+)\.([\w-]+):(\d{1,7})$/.exec(part.trim());
    const spec = m === null ? undefined : specOf(m[1] as string, m[2] as string);
    const v = m === null ? NaN : Number(m[3]);
    if (m === null || spec === undefined || v < spec.min || v > spec.max) {
      ignored.push(part.slice(0, 60));
      continue;
    }
    (out[m[1] as string] ??= {})[m[2] as string] = v;
  }
  return {
    params: out,
    notice:
      ignored.length === 0
        ? null
        : `Ignored detector lane settings in the URL that are unknown or out of range: ${ignored.join(', ')}.`,
  };
}

/** The app's URL hash (without `#`): the config's keys, then the lanes' overrides. */
export function appHash(config: DetectorConfig, params: ZooParamsById): string {
  const p = new URLSearchParams(configToHash(config));
  const zoo = zooParamsToHashValue(params);
  if (zoo !== '') p.set(ZOO_HASH_KEY, zoo);
  return p.toString();
}

/** The lanes' overrides in a URL hash (with or without `#`). */
export function parseZooParamsHash(hash: string): ZooParamsParse {
  return parseZooParamsHashValue(new URLSearchParams(hash.replace(/^#/, '')).get(ZOO_HASH_KEY));
}

/** Two notices as one (either may be null). */
export function joinNotices(a: string | null, b: string | null): string | null {
  return a === null ? b : b === null ? a : `${a} ${b}`;
}
