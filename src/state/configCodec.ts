/**
 * The detector config as it is stored outside the app: in the URL hash (shareable, never
 * sent to a server because it is a fragment), in localStorage and in exported files.
 *
 * Everything read back is untrusted: parse, don't cast. A malformed or hostile value
 * falls back to the defaults field by field, with a one-line notice the user sees.
 */
import {
  DEFAULT_CONFIG,
  DEFAULT_OBSERVATION_TOOLS,
  type DetectorConfig,
  type ReplayMode,
} from '../detector/config';
import { DEFAULT_GUARD_MODE, isGuardMode, type GuardMode } from '../detector/guardMode';

/** Accepted ranges. `max_observation_steps` matches the reference's clamp [1, 100]. */
export const STRIKES_MIN = 0;
export const STRIKES_MAX = 1000;
export const OBSERVATION_MIN = 1;
export const OBSERVATION_MAX = 100;
export const MAX_PATTERNS = 500;
export const MAX_PATTERN_LENGTH = 200;

export interface ConfigParse {
  readonly config: DetectorConfig;
  /** Why some stored value was ignored, or null when everything was usable. */
  readonly notice: string | null;
}

type FieldResult<T> = { ok: true; value: T } | { ok: false; why: string };

function parseMode(v: unknown): FieldResult<ReplayMode> {
  return v === 'proxy' || v === 'agent'
    ? { ok: true, value: v }
    : { ok: false, why: 'mode must be "proxy" or "agent"' };
}

function parseGuardMode(v: unknown): FieldResult<GuardMode> {
  return isGuardMode(v)
    ? { ok: true, value: v }
    : { ok: false, why: 'loop_guard_mode must be "off", "note" or "refuse"' };
}

function parseIntIn(v: unknown, min: number, max: number, name: string): FieldResult<number> {
  const n = typeof v === 'string' && /^\d{1,7}$/.test(v.trim()) ? Number(v.trim()) : v;
  if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max) {
    return { ok: true, value: n };
  }
  return { ok: false, why: `${name} must be a whole number from ${min} to ${max}` };
}

function parseObservation(v: unknown): FieldResult<number | null> {
  if (v === null || v === 'none') return { ok: true, value: null };
  return parseIntIn(v, OBSERVATION_MIN, OBSERVATION_MAX, 'max_observation_steps');
}

function parseTools(v: unknown): FieldResult<readonly string[]> {
  if (!Array.isArray(v)) return { ok: false, why: 'observation_tools must be a list of strings' };
  if (v.length > MAX_PATTERNS) {
    return { ok: false, why: `observation_tools may hold at most ${MAX_PATTERNS} patterns` };
  }
  const out: string[] = [];
  for (const item of v as unknown[]) {
    if (typeof item !== 'string' || item.length > MAX_PATTERN_LENGTH) {
      return {
        ok: false,
        why: `each observation tool pattern must be a string of at most ${MAX_PATTERN_LENGTH} characters`,
      };
    }
    out.push(item);
  }
  return { ok: true, value: out };
}

/** Wide enough for what-if replays beyond gglib's 1–50 (the panel says when a value is one). */
const AGENT_LIMIT_MAX = 1000;

/** The agent path's own limits, only when the record has them (absent = gglib's defaults). */
function agentLimits(
  pick: <T>(key: string, parse: (v: unknown) => FieldResult<T>, fallback: T) => T,
): Pick<DetectorConfig, 'maxIterations' | 'maxParallelTools'> {
  const limit = (key: 'maxIterations' | 'maxParallelTools', name: string) =>
    pick<number | undefined>(key, (v) => parseIntIn(v, 0, AGENT_LIMIT_MAX, name), undefined);
  const maxIterations = limit('maxIterations', 'max_iterations');
  const maxParallelTools = limit('maxParallelTools', 'max_parallel_tools');
  return {
    ...(maxIterations === undefined ? {} : { maxIterations }),
    ...(maxParallelTools === undefined ? {} : { maxParallelTools }),
  };
}

/** Field-by-field parse of an object-like record; missing fields take the defaults silently. */
export function parseRecord(
  get: (key: string) => unknown,
  has: (key: string) => boolean,
): ConfigParse {
  const problems: string[] = [];
  const pick = <T>(key: string, parse: (v: unknown) => FieldResult<T>, fallback: T): T => {
    if (!has(key)) return fallback;
    const r = parse(get(key));
    if (r.ok) return r.value;
    problems.push(r.why);
    return fallback;
  };
  const config: DetectorConfig = {
    mode: pick('mode', parseMode, DEFAULT_CONFIG.mode),
    maxRepeatedBatchSteps: pick(
      'maxRepeatedBatchSteps',
      (v) => parseIntIn(v, STRIKES_MIN, STRIKES_MAX, 'max_repeated_batch_steps'),
      DEFAULT_CONFIG.maxRepeatedBatchSteps,
    ),
    maxObservationSteps: pick(
      'maxObservationSteps',
      parseObservation,
      DEFAULT_CONFIG.maxObservationSteps,
    ),
    observationTools: pick('observationTools', parseTools, DEFAULT_OBSERVATION_TOOLS),
    ...agentLimits(pick),
  };
  const guardMode = pick('guardMode', parseGuardMode, DEFAULT_GUARD_MODE);
  if (guardMode !== DEFAULT_GUARD_MODE) (config as { guardMode?: GuardMode }).guardMode = guardMode;
  return { config, notice: problems.length === 0 ? null : problems.join('; ') };
}

/** Parses a config object (an exported file, localStorage) already read from JSON. */
export function parseConfigValue(v: unknown, where: string): ConfigParse {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return {
      config: DEFAULT_CONFIG,
      notice: `The config in ${where} is not an object; using the defaults.`,
    };
  }
  const rec = v as Record<string, unknown>;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(rec, k);
  const r = parseRecord((k) => (has(k) ? rec[k] : undefined), has);
  return r.notice === null
    ? r
    : {
        config: r.config,
        notice: `Ignored part of the config in ${where}: ${r.notice}; using the defaults there.`,
      };
}

/** Parses config JSON text (an imported file); `where` names it in the notice. */
export function parseConfigText(text: string, where: string): ConfigParse {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return {
      config: DEFAULT_CONFIG,
      notice: `The config in ${where} is not valid JSON; using the defaults.`,
    };
  }
  return parseConfigValue(v, where);
}

/** Parses the text stored in localStorage (null = nothing stored). */
export function parseStoredConfig(text: string | null): ConfigParse {
  if (text === null) return { config: DEFAULT_CONFIG, notice: null };
  return parseConfigText(text, 'this browser’s storage');
}

/** Serialises a config for localStorage and for "Export config" (docs/report.md §3.2 shape). */
export function configToJson(c: DetectorConfig): string {
  return JSON.stringify(
    {
      mode: c.mode,
      maxRepeatedBatchSteps: c.maxRepeatedBatchSteps,
      maxObservationSteps: c.maxObservationSteps,
      observationTools: c.observationTools,
      guardMode: c.guardMode ?? DEFAULT_GUARD_MODE,
      ...(c.maxStagnationSteps === undefined ? {} : { maxStagnationSteps: c.maxStagnationSteps }),
      maxIterations: c.maxIterations,
      maxParallelTools: c.maxParallelTools,
    },
    null,
    2,
  );
}

/** URL hash keys: short, readable, and only the fields that differ from the defaults. */
const HASH_KEYS = {
  mode: 'mode',
  strikes: 'strikes',
  obs: 'obs',
  tools: 'tools',
  guard: 'guard',
  iterations: 'iters',
  parallel: 'par',
} as const;

function sameTools(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** The hash for a config (without `#`); empty when the config is the defaults. */
export function configToHash(c: DetectorConfig): string {
  const p = new URLSearchParams();
  if (c.mode !== DEFAULT_CONFIG.mode) p.set(HASH_KEYS.mode, c.mode);
  if (c.maxRepeatedBatchSteps !== DEFAULT_CONFIG.maxRepeatedBatchSteps) {
    p.set(HASH_KEYS.strikes, String(c.maxRepeatedBatchSteps));
  }
  if (c.maxObservationSteps !== DEFAULT_CONFIG.maxObservationSteps) {
    p.set(HASH_KEYS.obs, c.maxObservationSteps === null ? 'none' : String(c.maxObservationSteps));
  }
  if (!sameTools(c.observationTools, DEFAULT_OBSERVATION_TOOLS)) {
    // JSON keeps patterns containing commas or newlines intact.
    p.set(HASH_KEYS.tools, JSON.stringify(c.observationTools));
  }
  if ((c.guardMode ?? DEFAULT_GUARD_MODE) !== DEFAULT_GUARD_MODE) {
    p.set(HASH_KEYS.guard, c.guardMode ?? DEFAULT_GUARD_MODE);
  }
  if (c.maxIterations !== undefined) p.set(HASH_KEYS.iterations, String(c.maxIterations));
  if (c.maxParallelTools !== undefined) p.set(HASH_KEYS.parallel, String(c.maxParallelTools));
  return p.toString();
}

/** Whether a URL hash carries any config key (otherwise the stored config applies). */
export function hashHasConfig(hash: string): boolean {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  return Object.values(HASH_KEYS).some((k) => p.has(k));
}

/** Parses a URL hash (with or without `#`). */
export function parseConfigHash(hash: string): ConfigParse {
  if (hash.length > 100_000) {
    return {
      config: DEFAULT_CONFIG,
      notice: 'The config in the URL is too long; using the defaults.',
    };
  }
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const problems: string[] = [];
  const toolsValue = (): unknown => {
    const raw = p.get(HASH_KEYS.tools) ?? '';
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      problems.push('tools is not a JSON list');
      return DEFAULT_OBSERVATION_TOOLS;
    }
  };
  const keyFor: Record<string, string> = {
    mode: HASH_KEYS.mode,
    maxRepeatedBatchSteps: HASH_KEYS.strikes,
    maxObservationSteps: HASH_KEYS.obs,
    observationTools: HASH_KEYS.tools,
    guardMode: HASH_KEYS.guard,
    maxIterations: HASH_KEYS.iterations,
    maxParallelTools: HASH_KEYS.parallel,
  };
  const r = parseRecord(
    (k) => (k === 'observationTools' ? toolsValue() : p.get(keyFor[k] ?? '')),
    (k) => p.has(keyFor[k] ?? ''),
  );
  const all = [...problems, ...(r.notice === null ? [] : [r.notice])];
  return all.length === 0
    ? r
    : {
        config: r.config,
        notice: `Ignored part of the config in the URL: ${all.join('; ')}; using the defaults there.`,
      };
}

/** Splits pasted text into patterns: commas or newlines, trimmed, empty pieces dropped. */
export function splitPatternList(text: string): string[] {
  return text
    .split(/[,\n\r]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
