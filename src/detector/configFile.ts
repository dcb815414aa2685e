/**
 * Reads back every settings file Loopscope writes (docs/report.md §5.2): its own config export
 * (camelCase keys), the reference settings it exports under gglib's snake_case names (§5.3),
 * and an exported report (its `config` member). Every value found is applied; keys it does
 * not know are named, so a typo is never silently a default; a file with no known key at all
 * is an error, not the defaults. The CLI's `--config` and the app's Import… both read here.
 */
import { parseJson } from '../json/index';
import { err, ok, type Result } from '../json/result';
import {
  isJsonArray,
  isJsonObject,
  JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/value';
import type { DetectorConfig } from './config';
import { isGuardMode } from './guardMode';

/** The settings a file may carry; a missing key keeps the default. */
export type ConfigOverrides = {
  -readonly [K in keyof DetectorConfig]?: DetectorConfig[K];
};

/** Why a config file was rejected: one line, with a position for a syntax error. */
export interface ConfigFileError {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/** Which of the files Loopscope writes this one looks like. */
export type ConfigFileForm = 'config' | 'reference-settings' | 'report';

export interface ConfigFileRead {
  readonly config: ConfigOverrides;
  /** Keys of the settings object that no form knows, in file order. */
  readonly unknownKeys: readonly string[];
  readonly form: ConfigFileForm;
}

type Field = keyof ConfigOverrides;
type Reader = (v: JsonValue | undefined, key: string) => Result<unknown, string>;

function describe(v: JsonValue | undefined): string {
  if (v === null) return 'null';
  if (v instanceof JsonNumber) return v.lexeme;
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (isJsonArray(v)) return 'an array';
  if (isJsonObject(v)) return 'an object';
  return String(v);
}

function count(v: JsonValue | undefined): number | null {
  if (!(v instanceof JsonNumber)) return null;
  const n = v.value;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const whole: Reader = (v, key) => {
  const n = count(v);
  return n === null
    ? err(`"${key}" must be a whole number of 0 or more, not ${describe(v)}`)
    : ok(n);
};

const wholeOrNull: Reader = (v, key) => {
  if (v === null) return ok(null);
  const n = count(v);
  return n === null
    ? err(`"${key}" must be a whole number of 0 or more, or null (unset), not ${describe(v)}`)
    : ok(n);
};

const tools: Reader = (v, key) => {
  if (!isJsonArray(v)) return err(`"${key}" must be an array of strings, not ${describe(v)}`);
  const out: string[] = [];
  for (let i = 0; i < v.length; i++) {
    const p = v[i];
    if (typeof p !== 'string') return err(`"${key}"[${i}] must be a string, not ${describe(p)}`);
    out.push(p);
  }
  return ok(out);
};

const replayMode: Reader = (v, key) =>
  v === 'proxy' || v === 'agent'
    ? ok(v)
    : err(`"${key}" must be "proxy" or "agent", not ${describe(v)}`);

const guardMode: Reader = (v, key) =>
  isGuardMode(v) ? ok(v) : err(`"${key}" must be "off", "note" or "refuse", not ${describe(v)}`);

/** A key a file may carry, the setting it sets, and how its value is read. */
type Entry = readonly [string, Field, Reader];

/** Every setting: Loopscope's own key, gglib's name for it (none for the mode), its reader. */
const FIELDS: readonly (readonly [Field, string | null, Reader])[] = [
  ['mode', null, replayMode],
  ['maxRepeatedBatchSteps', 'max_repeated_batch_steps', whole],
  ['maxObservationSteps', 'max_observation_steps', wholeOrNull],
  ['observationTools', 'observation_tools', tools],
  ['maxStagnationSteps', 'max_stagnation_steps', whole],
  ['guardMode', 'loop_guard_mode', guardMode],
  ['maxIterations', 'max_iterations', whole],
  ['maxParallelTools', 'max_parallel_tools', whole],
];

/** Loopscope's own keys (the config export, a report's `config`). */
const CAMEL: readonly Entry[] = FIELDS.map(([field, , read]) => [field, field, read]);

/** gglib's own names (the reference settings export, docs/detector.md §10, §8.1). */
const SNAKE: readonly Entry[] = FIELDS.flatMap(([field, snake, read]): Entry[] =>
  snake === null ? [] : [[snake, field, read]],
);

/** Known, carried for people, not settings: the reference export's notes. */
const COMMENTS = new Set(['_note']);

/** The older boolean the newest gglib folds into the mode: false is off, true is note. */
const LEGACY_SWITCH = 'proxy_loop_detection';

const ALL_KEYS = new Set([...CAMEL, ...SNAKE].map(([k]) => k));

/** The settings object: the top level, or a report's `config` when the top level has none. */
function settingsObject(root: JsonObject): { obj: JsonObject; form: ConfigFileForm | null } {
  const inner = root.get('config');
  const topHasKey = [...root.keys()].some((k) => ALL_KEYS.has(k));
  if (isJsonObject(inner) && !topHasKey) return { obj: inner, form: 'report' };
  return { obj: root, form: null };
}

/** Parses one settings file as Loopscope writes it (any of its three forms). */
export function readConfigFile(text: string): Result<ConfigFileRead, ConfigFileError> {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const e = parsed.error;
    return err({ message: `invalid JSON: ${e.message}`, line: e.line, column: e.column });
  }
  const root = parsed.value.value;
  if (!isJsonObject(root)) return err({ message: 'a config must be a JSON object' });
  const { obj, form: reportForm } = settingsObject(root);
  const config: ConfigOverrides = {};
  const setField = config as Record<Field, unknown>;
  const unknownKeys: string[] = [];
  let camel = 0;
  let snake = 0;
  for (const key of obj.keys()) {
    const entry = CAMEL.find(([k]) => k === key) ?? SNAKE.find(([k]) => k === key);
    if (entry === undefined) {
      if (!COMMENTS.has(key) && key !== LEGACY_SWITCH) unknownKeys.push(key);
      continue;
    }
    const [, field, reader] = entry;
    const r = reader(obj.get(key), key);
    if (!r.ok) return err({ message: r.error });
    setField[field] = r.value;
    if (CAMEL.includes(entry)) camel++;
    else snake++;
  }
  if (obj.has(LEGACY_SWITCH) && config.guardMode === undefined) {
    const v = obj.get(LEGACY_SWITCH);
    if (typeof v !== 'boolean') {
      return err({ message: `"${LEGACY_SWITCH}" must be true or false, not ${describe(v)}` });
    }
    config.guardMode = v ? 'note' : 'off';
  }
  if (camel + snake === 0 && config.guardMode === undefined) {
    const named = unknownKeys.length === 0 ? 'it has no keys' : `it has ${listKeys(unknownKeys)}`;
    return err({
      message: `no setting Loopscope knows in this file (${named}); expected a config export (maxRepeatedBatchSteps, …) or gglib settings (max_repeated_batch_steps, …)`,
    });
  }
  const form: ConfigFileForm = reportForm ?? (snake > camel ? 'reference-settings' : 'config');
  return ok({ config, unknownKeys, form });
}

/** `"a", "b" and 3 more`: the keys a warning names. */
export function listKeys(keys: readonly string[], max = 5): string {
  const shown = keys.slice(0, max).map((k) => JSON.stringify(k));
  const more = keys.length > max ? ` and ${keys.length - max} more` : '';
  return shown.join(', ') + more;
}

/** The one-line warning for keys a settings file carried that nothing reads, or null. */
export function unknownKeysWarning(read: ConfigFileRead): string | null {
  const n = read.unknownKeys.length;
  if (n === 0) return null;
  return `ignored ${n === 1 ? 'a key' : `${n} keys`} no setting answers to: ${listKeys(read.unknownKeys)}`;
}
