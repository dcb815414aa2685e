// The load progress bar's position and words, apart from the component so it needs no store.
import type { LoadProgress as Progress } from '../../worker/clientSupport';

const PHASES = ['reading', 'parsing', 'replaying'] as const;
const PHASE_LABEL = { reading: 'Reading', parsing: 'Parsing', replaying: 'Replaying' } as const;
/** Where each phase starts on the bar; reading fills its share as bytes arrive. */
const PHASE_START = { reading: 0, parsing: 30, replaying: 75 } as const;

export function megabytes(n: number): string {
  return `${(n / 1_048_576).toFixed(1)} MB`;
}

/**
 * The bar's position (0–100) and its words, from where the load stands. While a file is read
 * whole nothing says how far it got: the position is then null (an indeterminate bar, not one
 * standing at 0 for the second a 100 MB file takes).
 */
export function describeProgress(p: Progress): { value: number | null; text: string } {
  const step = PHASES.indexOf(p.phase) + 1;
  const known = p.done !== null && p.total !== null && p.total > 0;
  if (p.phase === 'reading' && !known) return { value: null, text: 'Reading (step 1 of 3)' };
  let value: number = PHASE_START[p.phase];
  let detail = '';
  if (known) {
    const share = Math.min(p.done, p.total) / p.total;
    if (p.phase === 'reading') {
      value += Math.round(30 * share);
      detail = ` ${megabytes(p.done)} of ${megabytes(p.total)}`;
    } else if (p.phase === 'parsing') {
      // The text's length in UTF-16 units is not the file's bytes: say how far, not how much.
      value += Math.round((PHASE_START.replaying - PHASE_START.parsing) * share);
      detail = ` ${Math.floor(100 * share)} %`;
    }
  }
  const text = `${PHASE_LABEL[p.phase]}${detail} (step ${step} of 3)`;
  if (p.phase !== 'reading' || p.preview === undefined) return { value, text };
  // Say what to expect on screen meanwhile: a JSON document cannot be shown until whole.
  const more =
    p.preview === 'growing'
      ? 'batches appear as it is read'
      : 'a JSON document: batches appear once it is read whole';
  return { value, text: `${text} · ${more}` };
}
