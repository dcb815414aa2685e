// The progress bar of a large load, and its cancel button.
import { actions, useLoadProgress, usePreviewing } from '../../state/appStore';
import { describeProgress, megabytes } from './progressText';
import './progress.css';

/** Loads at least this big show the progress bar (smaller ones finish before it is read). */
const PROGRESS_MIN_SIZE = 1024 * 1024;

/** The running load of a large transcript: which phase, how far, and Cancel. */
export function LoadProgress() {
  const progress = useLoadProgress();
  const previewing = usePreviewing();
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
        value={value ?? undefined}
        aria-label={`Loading ${progress.name}`}
        aria-valuetext={text}
      />
      {previewing && (
        <div className="load-progress__stop" role="group" aria-label="Stop loading">
          <button
            type="button"
            className="button button--small"
            title="Stop reading and analyse the part of the file read so far"
            onClick={actions.keepRead}
          >
            Keep what was read
          </button>
          <button
            type="button"
            className="button button--small"
            title="Stop loading and go back to the transcript shown before"
            onClick={() => actions.cancel()}
          >
            Keep previous transcript
          </button>
        </div>
      )}
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
