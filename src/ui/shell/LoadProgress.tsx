// A large load's progress (its bar a chunk of its own) and the cancel button of any load.
import { lazy, Suspense, useEffect } from 'react';
import { actions, useLoadProgress } from '../../state/appStore';
// With the status block's own layout: the first screen needs it, the bar's rules are small.
import './progress.css';

const loadBar = () => import('./LoadProgressBar');
const LoadProgressBar = lazy(() => loadBar().then((m) => ({ default: m.LoadProgressBar })));

/** Loads at least this big show the progress bar (smaller ones finish before it is read). */
const PROGRESS_MIN_SIZE = 1024 * 1024;

/** The running load of a large transcript: which phase, how far, and Cancel. */
export function LoadProgress() {
  const progress = useLoadProgress();
  // Fetched once the first screen is idle, so a large file's phases show from its first
  // moment: a load that ends before the chunk came would otherwise show only "Loading…".
  useEffect(() => {
    const id = setTimeout(() => void loadBar(), 2000);
    return () => clearTimeout(id);
  }, []);
  if (progress === null || progress.size < PROGRESS_MIN_SIZE) return null;
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          Loading {progress.name}…
        </p>
      }
    >
      <LoadProgressBar progress={progress} />
    </Suspense>
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
