// Says, beside a changed threshold, whether gglib's proxy can be given it.
import type { DetectorConfig } from '../../detector/config';
import {
  PROXY_SWEEP_NOTE,
  proxyAppliesLine,
  proxyFieldNote,
  type ProxyFixedField,
} from '../../detector/proxyApplies';
import { useConfig } from '../../state/appStore';

/**
 * Beside a threshold changed in proxy mode: gglib's proxy cannot be given it (it always runs
 * the defaults), and what replaying the value shows. Nothing at the default or in agent mode.
 */
export function ProxyApplies({ field }: { field: ProxyFixedField }) {
  const config = useConfig();
  const note = proxyFieldNote(config, field);
  if (note === null) return null;
  return (
    <p className="field__applies" role="note" aria-label={`Where ${field} applies`}>
      {note}
    </p>
  );
}

/** The one line for a whole config (the Corpus): nothing when the proxy runs it as it is. */
export function ProxyAppliesLine({ config }: { config: DetectorConfig }) {
  const line = proxyAppliesLine(config);
  if (line === null) return null;
  return (
    <p className="field__applies" role="note" aria-label="Where this config applies">
      {line}
    </p>
  );
}

/** For the Sweep in proxy mode: only the defaults' cell is what gglib's proxy runs. */
export function ProxySweepNote({ mode }: { mode: DetectorConfig['mode'] }) {
  if (mode !== 'proxy') return null;
  return (
    <p className="field__applies" role="note" aria-label="Where these thresholds apply">
      {PROXY_SWEEP_NOTE}
    </p>
  );
}
