import { DEFAULT_CONFIG, type DetectorConfig, type ReplayMode } from '../detector/config';
import { parseJson } from '../json/index';
import { err, ok, type Result } from '../json/result';
import {
  isJsonArray,
  isJsonObject,
  JsonNumber,
  type JsonObject,
  type JsonValue,
} from '../json/value';
import type { CliOptions } from './args';

/** The settings a config file may carry; a missing key keeps the default. */
export type ConfigOverrides = {
  -readonly [K in keyof DetectorConfig]?: DetectorConfig[K];
};

/** Why a config file was rejected: one line, with a position for a syntax error. */
export interface ConfigFileError {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

const KEYS = ['mode', 'maxRepeatedBatchSteps', 'maxObservationSteps', 'observationTools'] as const;

function count(v: JsonValue | undefined): number | null {
  if (!(v instanceof JsonNumber)) return null;
  const n = v.value;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function describe(v: JsonValue | undefined): string {
  if (v === null) return 'null';
  if (v instanceof JsonNumber) return v.lexeme;
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (isJsonArray(v)) return 'an array';
  if (isJsonObject(v)) return 'an object';
  return String(v);
}

/** The config object: the top level, or a report's `config` (an exported report works too). */
function configObject(root: JsonValue): JsonObject | null {
  if (!isJsonObject(root)) return null;
  const inner = root.get('config');
  if (isJsonObject(inner) && !KEYS.some((k) => root.has(k))) return inner;
  return root;
}

/**
 * Parses a config file as the UI exports it (`{mode, maxRepeatedBatchSteps, maxObservationSteps,
 * observationTools}`). Every key is optional and checked; unknown keys are ignored so a newer
 * export still loads.
 */
export function parseConfigFile(text: string): Result<ConfigOverrides, ConfigFileError> {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const e = parsed.error;
    return err({ message: `invalid JSON: ${e.message}`, line: e.line, column: e.column });
  }
  const obj = configObject(parsed.value.value);
  if (obj === null) return err({ message: 'a config must be a JSON object' });
  const out: ConfigOverrides = {};

  if (obj.has('mode')) {
    const mode = obj.get('mode');
    if (mode !== 'proxy' && mode !== 'agent') {
      return err({ message: `"mode" must be "proxy" or "agent", not ${describe(mode)}` });
    }
    out.mode = mode satisfies ReplayMode;
  }
  if (obj.has('maxRepeatedBatchSteps')) {
    const n = count(obj.get('maxRepeatedBatchSteps'));
    if (n === null) {
      return err({
        message: `"maxRepeatedBatchSteps" must be a whole number of 0 or more, not ${describe(obj.get('maxRepeatedBatchSteps'))}`,
      });
    }
    out.maxRepeatedBatchSteps = n;
  }
  if (obj.has('maxObservationSteps')) {
    const v = obj.get('maxObservationSteps');
    const n = v === null ? null : count(v);
    if (v !== null && n === null) {
      return err({
        message: `"maxObservationSteps" must be a whole number of 0 or more, or null (unset), not ${describe(v)}`,
      });
    }
    out.maxObservationSteps = n;
  }
  if (obj.has('observationTools')) {
    const v = obj.get('observationTools');
    if (!isJsonArray(v)) {
      return err({ message: `"observationTools" must be an array of strings, not ${describe(v)}` });
    }
    const tools: string[] = [];
    for (let i = 0; i < v.length; i++) {
      const p = v[i];
      if (typeof p !== 'string') {
        return err({ message: `"observationTools"[${i}] must be a string, not ${describe(p)}` });
      }
      tools.push(p);
    }
    out.observationTools = tools;
  }
  return ok(out);
}

/** Defaults, then the config file, then the command-line flags: the config the replay runs. */
export function resolveConfig(file: ConfigOverrides, flags: CliOptions): DetectorConfig {
  return {
    mode: flags.mode ?? file.mode ?? DEFAULT_CONFIG.mode,
    maxRepeatedBatchSteps:
      flags.strikes ?? file.maxRepeatedBatchSteps ?? DEFAULT_CONFIG.maxRepeatedBatchSteps,
    maxObservationSteps:
      flags.obs !== undefined
        ? flags.obs
        : file.maxObservationSteps !== undefined
          ? file.maxObservationSteps
          : DEFAULT_CONFIG.maxObservationSteps,
    observationTools: flags.patterns ?? file.observationTools ?? DEFAULT_CONFIG.observationTools,
  };
}
