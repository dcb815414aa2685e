import { proxyFieldNote, type ProxyFixedField } from '../../detector/proxyApplies';
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
