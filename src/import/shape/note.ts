// What a report says of a file read by shape: from which dialects, and why.
import { dialectEntry } from '../dialects/table';
import { formatLabel } from '../formatList';
import { plural } from '../warnings';
import type { ShapeRead } from './read';

/**
 * What a report says of a file read by shape: from which dialects, and why. It names forms and
 * counts only, never an argument.
 */
export function byShapeNote(
  r: ShapeRead,
  instead: string | null,
  readBefore: number | null,
): string {
  const forms = r.dialects.map((d) =>
    d === 'unknown' ? 'unknown call-like objects' : (dialectEntry(d)?.label ?? d),
  );
  const why =
    instead === null
      ? 'no importer knows this layout'
      : `read as ${formatLabel(instead)} it gave ${plural(readBefore ?? 0, 'tool call')} of ${r.calls}`;
  const twins =
    r.twins === 0
      ? ''
      : `; ${plural(r.twins, 'list')} that rendered another's run again, the same calls with fewer arguments, read once`;
  return `Read by shape from ${forms.join(', ')}: ${why}, so the calls were read from the lists that hold them (${plural(r.calls, 'tool call')} in ${plural(r.conversations.length, 'conversation')}${twins}).`;
}
