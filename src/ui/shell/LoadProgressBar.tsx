// The progress of a large load, a chunk of its own: only a file of a megabyte or more shows it.
import { actions, usePreviewing } from '../../state/appStore';
import type { LoadProgress } from '../../worker/clientSupport';
import { describeProgress, megabytes } from './progressText';

/** The running load of a large transcript: which phase, how far, and the ways to stop. */
export function LoadProgressBar({ progress }: { progress: LoadProgress }) {
  const previewing = usePreviewing();
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
