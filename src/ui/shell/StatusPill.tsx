// The header's status pill: idle, analysing, ready or failed, in words.
import { useAnalysis, usePreviewing } from '../../state/appStore';
import { WatchNews } from '../load/WatchButton';
import { CancelLoadButton, LoadProgress } from './LoadProgress';

const LABEL = {
  idle: 'No transcript',
  running: 'Analysing…',
  ready: 'Ready',
  error: 'Error',
} as const;

/** The analysis state in words, with Cancel and (for large files) a progress bar while a load runs. */
export function StatusPill() {
  const { status, loading } = useAnalysis();
  // Under a preview, the progress area offers the two ways to stop instead.
  const previewing = usePreviewing();
  return (
    <div className="status-block">
      <span className="status">
        <span
          className={`status-pill status-pill--${status}`}
          role="status"
          aria-label="Analysis status"
        >
          {LABEL[status]}
        </span>
        {loading && !previewing && <CancelLoadButton />}
      </span>
      {loading && <LoadProgress />}
      <WatchNews />
    </div>
  );
}
