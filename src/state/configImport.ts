/**
 * Import… of a settings file. Apart from the codec because it reads any settings file
 * Loopscope writes with the lossless JSON reader (`detector/configFile.ts`), which the page
 * loads only when a file is imported (the config slice imports this module on demand).
 */
import { DEFAULT_CONFIG, type DetectorConfig } from '../detector/config';
import { readConfigFile, unknownKeysWarning } from '../detector/configFile';
import { parseRecord } from './configCodec';

/** What Import… makes of a file: the config to apply (null: keep the settings), and a notice. */
export interface ConfigImport {
  readonly config: DetectorConfig | null;
  readonly notice: string | null;
}

/**
 * Reads a file for Import…: any settings file Loopscope writes (its config export, the gglib
 * reference settings, a report), the same reader as `loopscope --config`. Every value in it
 * is applied over the defaults; unknown keys are named; a file with no known key, or a value
 * out of the panel's range, leaves the settings as they are.
 */
export function importConfigText(text: string, where: string): ConfigImport {
  const read = readConfigFile(text);
  if (!read.ok) {
    const at =
      read.error.line === undefined
        ? ''
        : ` (line ${read.error.line}, column ${read.error.column ?? 0})`;
    return {
      config: null,
      notice: `Could not import ${where}${at}: ${read.error.message}. The settings are unchanged.`,
    };
  }
  const merged: Record<string, unknown> = { ...DEFAULT_CONFIG, ...read.value.config };
  const has = (k: string) => merged[k] !== undefined;
  const checked = parseRecord((k) => merged[k], has);
  if (checked.notice !== null) {
    return {
      config: null,
      notice: `Could not import ${where}: ${checked.notice}. The settings are unchanged.`,
    };
  }
  const stagnation = read.value.config.maxStagnationSteps;
  const config: DetectorConfig =
    stagnation === undefined
      ? checked.config
      : { ...checked.config, maxStagnationSteps: stagnation };
  const warning = unknownKeysWarning(read.value);
  return { config, notice: warning === null ? null : `Imported ${where}, but ${warning}.` };
}
