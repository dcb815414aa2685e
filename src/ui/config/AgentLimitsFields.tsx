// The agent path's limits in the config panel: max_iterations and max_parallel_tools.
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_PARALLEL_TOOLS,
  type DetectorConfig,
} from '../../detector/config';
import { actions } from '../../state/appStore';
import { NumberField } from './NumberField';
import { iterationsSource, parallelToolsSource } from './settingSources';

/** Wide enough for what-if replays beyond gglib's 1–50; the hint says when a value is one. */
const LIMIT_MAX = 1000;

/** The agent path's own limits, shown in agent mode only (the proxy has neither). */
export function AgentLimitsFields({ config }: { config: DetectorConfig }) {
  if (config.mode !== 'agent') return null;
  const iterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const parallel = config.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS;
  return (
    <>
      <NumberField
        label="max_iterations"
        hint={iterationsSource(iterations)}
        value={iterations}
        min={0}
        max={LIMIT_MAX}
        onChange={(v) => actions.setConfig({ maxIterations: v })}
      />
      <NumberField
        label="max_parallel_tools"
        hint={parallelToolsSource(parallel)}
        value={parallel}
        min={0}
        max={LIMIT_MAX}
        onChange={(v) => actions.setConfig({ maxParallelTools: v })}
      />
    </>
  );
}
