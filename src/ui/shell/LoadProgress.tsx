import type { LoadProgress as Progress } from '../../worker/client';
import { actions, useLoadProgress } from '../../state/appStore';
import './progress.css';

/** Loads at least this big show the progress bar (smaller ones finish before it is read). */
export const PROGRESS_MIN_SIZE = 1024 * 1024;

const PHASES = ['reading', 'parsing', 'replaying'] as const;
const PHASE_LABEL = { reading: 'Reading', parsing: 'Parsing', replaying: 'Replaying' } as const;
/** Where each phase starts on the bar; reading fills its share as bytes arrive. */
const PHASE_START = { reading: 0, parsing: 30, replaying: 75 } as const;

function megabytes(n: number): string {
  return `${(n / 1_048_576).toFixed(1)} MB`;
}

/** The bar's position (0–100) and its words, from where the load stands. */
export function describeProgress(p: Progress): { value: number; text: string } {
  const step = PHASES.indexOf(p.phase) + 1;
  let value: number = PHASE_START[p.phase];
  let detail = '';
  if (p.phase === 'reading' && p.done !== null && p.total !== null && p.total > 0) {
    value += Math.round((30 * Math.min(p.done, p.total)) / p.total);
    detail = ` ${megabytes(p.done)} of ${megabytes(p.total)}`;
  }
  return { value, text: `${PHASE_LABEL[p.phase]}${detail} (step ${step} of 3)` };
}

/** The running load of a large transcript: which phase, how far, and Cancel. */
export function LoadProgress() {
  const progress = useLoadProgress();
  if (progress === null || progress.size < PROGRESS_MIN_SIZE) return null;
  const { value, text } = describeProgress(progress);
  return (
    <div className="load-progress">
      <div className="load-progress__head">
        <span className="truncate" title={progress.name}>
          Loading {progress.name} ({megabytes(progress.size)})
        </span>
        <span className="muted">{text}</span>
      </div>
      <progress
        className="load-progress__bar"
        max={100}
        value={value}
        aria-label={`Loading ${progress.name}`}
        aria-valuetext={text}
      />
    </div>
  );
}

/** Cancel for any running load: the previous transcript and its analysis stay. */
export function CancelLoadButton() {
  return (
    <button
      type="button"
      className="button button--small"
      title="Stop loading; the previous transcript stays"
      onClick={actions.cancel}
    >
      Cancel
    </button>
  );
}
