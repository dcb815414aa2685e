import { actions, useAnalysis } from '../../state/appStore';

const LABEL = {
  idle: 'No transcript',
  running: 'Analysing…',
  ready: 'Ready',
  error: 'Error',
} as const;

/** The analysis state in words, with Cancel while a load runs. */
export function StatusPill() {
  const { status, loading } = useAnalysis();
  return (
    <span className="status">
      <span
        className={`status-pill status-pill--${status}`}
        role="status"
        aria-label="Analysis status"
      >
        {LABEL[status]}
      </span>
      {status === 'running' && loading && (
        <button type="button" className="button button--small" onClick={actions.cancel}>
          Cancel
        </button>
      )}
    </span>
  );
}
