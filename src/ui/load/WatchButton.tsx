// "Watch file…": follows a session file while an agent writes it.
import { useId } from 'react';
import type { AnalysisResult } from '../../worker/clientSupport';
import { actions, useWatch } from '../../state/appStore';
import { formatCount, formatNumber } from '../format';

/**
 * "Watch file…": follows a session file while an agent writes it (Chromium's File System
 * Access API), with "Stop watching" while it runs. What the new batches bring is said in
 * `WatchNews`.
 */
export function WatchButton() {
  const { watching, unavailable } = useWatch();
  const why = useId();
  return (
    <span className="watch">
      {watching === null ? (
        <button
          type="button"
          className="button"
          disabled={unavailable !== null}
          aria-describedby={unavailable === null ? undefined : why}
          title={unavailable ?? 'Follow a session file while the agent writes it'}
          onClick={actions.watchFile}
        >
          Watch file…
        </button>
      ) : (
        <button
          type="button"
          className="button"
          title={`Stop following ${watching}`}
          onClick={actions.stopWatching}
        >
          Stop watching
        </button>
      )}
      {unavailable !== null && (
        <span id={why} className="watch__why muted">
          {unavailable}
        </span>
      )}
    </span>
  );
}

/** A live region that says, visibly and aloud, what a watched file's new batches bring. */
export function WatchNews() {
  const { news, pending } = useWatch();
  return (
    <>
      <p className="watch__news" role="status" aria-live="polite" aria-label="Watched file">
        {news}
      </p>
      {pending !== null && (
        <p className="watch__pending" data-testid="pending-batch">
          {pendingNote(pending)}
        </p>
      )}
    </>
  );
}

/** The note of a batch whose results are still coming. */
function pendingNote(p: NonNullable<AnalysisResult['pending']>): string {
  const names = [...new Set(p.calls)].join(', ') || 'no name';
  const calls = formatCount(p.calls.length, 'call');
  return `Batch #${formatNumber(p.index)} (${names}) is pending: ${formatNumber(p.answered)} of ${calls} answered so far.`;
}
