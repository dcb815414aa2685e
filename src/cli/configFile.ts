// --config: a settings file read in any form Loopscope writes, then merged with the flags.
import { DEFAULT_CONFIG, type DetectorConfig } from '../detector/config';
import {
  readConfigFile,
  type ConfigFileError,
  type ConfigFileRead,
  type ConfigOverrides,
} from '../detector/configFile';
import type { Result } from '../json/result';
import type { CliOptions } from './args';

export type { ConfigFileError, ConfigFileRead, ConfigOverrides };

/**
 * Reads a config file in any form Loopscope writes (docs/report.md §5.2): the app's config
 * export, the reference settings under gglib's names, an exported report. Unknown keys are
 * returned for a warning; a file with no known key is an error.
 */
export function parseConfigFile(text: string): Result<ConfigFileRead, ConfigFileError> {
  return readConfigFile(text);
}

/** Defaults, then the config file, then the command-line flags: the config the replay runs. */
export function resolveConfig(file: ConfigOverrides, flags: CliOptions): DetectorConfig {
  const stagnation = file.maxStagnationSteps;
  const guardMode = flags.guardMode ?? file.guardMode;
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
    ...(stagnation === undefined ? {} : { maxStagnationSteps: stagnation }),
    ...(guardMode === undefined ? {} : { guardMode }),
    ...(file.maxIterations === undefined ? {} : { maxIterations: file.maxIterations }),
    ...(file.maxParallelTools === undefined ? {} : { maxParallelTools: file.maxParallelTools }),
  };
}
