// The timeline's toolbar: buttons for what the keys do.
import type { ReactNode } from 'react';
import { openKeyboardHelp } from '../shell/KeyboardHelp';
import type { TimelineAction } from './keys';

/** Buttons for what the keys do, so mouse-only and screen-reader users have them too. */
export function TimelineToolbar(props: {
  run: (action: TimelineAction) => void;
  empty: boolean;
  hasRefusals: boolean;
  rangeRef: React.Ref<HTMLSpanElement>;
  /** More controls on the same row (the lane toggle): every row given to the toolbar is taken from the bars. */
  children?: ReactNode;
}): React.JSX.Element {
  const { run, empty, hasRefusals, rangeRef, children } = props;
  return (
    <div className="ls-tl-toolbar">
      <div className="ls-tl-buttons" role="group" aria-label="Timeline controls">
        <button
          type="button"
          onClick={() => run('zoom-in')}
          disabled={empty}
          aria-label="Zoom in"
          title="Zoom in (W)"
        >
          +
        </button>
        <button
          type="button"
          onClick={() => run('zoom-out')}
          disabled={empty}
          aria-label="Zoom out"
          title="Zoom out (S)"
        >
          −
        </button>
        <button type="button" onClick={() => run('fit')} disabled={empty} title="Fit (F)">
          Fit
        </button>
        <span className="ls-tl-sep" aria-hidden="true" />
        <button
          type="button"
          onClick={() => run('prev-refusal')}
          disabled={!hasRefusals}
          title="Previous refusal (P)"
        >
          <span aria-hidden="true">◀ </span>Previous refusal
        </button>
        <button
          type="button"
          onClick={() => run('next-refusal')}
          disabled={!hasRefusals}
          title="Next refusal (N)"
        >
          Next refusal<span aria-hidden="true"> ▶</span>
        </button>
      </div>
      {children}
      {/* Filled imperatively on every redraw: the visible range changes without React renders. */}
      <span className="ls-tl-range" ref={rangeRef} />
      <button type="button" className="panel-button ls-tl-keys-button" onClick={openKeyboardHelp}>
        Keyboard shortcuts <kbd>?</kbd>
      </button>
    </div>
  );
}
