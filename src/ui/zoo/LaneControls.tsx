// The detector lanes' controls: which lanes show, folded or open, and the mark key.
import { lazy, Suspense } from 'react';
import type { ZooResult } from '../../zoo/index';
import { actions, useZooView } from '../../state/appStore';
import { foldedLanesSummary } from './lanes';

// Folded on a first screen: the open lanes' picker and key load when the lanes first open.
const OpenLaneControls = lazy(() =>
  import('./OpenLaneControls').then((m) => ({ default: m.OpenLaneControls })),
);

/** "Detector lanes" open or folded to a summary, and which detectors' lanes show. */
export function LaneControls({ results }: { results: readonly ZooResult[] | null }) {
  const { visible, hidden, pending } = useZooView();
  // Busy while the worker computes this transcript's lanes, folded or open: the folded
  // summary says so in words, and the attribute tells assistive technology (and the bench).
  const busy = pending && results === null;
  return (
    <div
      className="zoo-lane-controls"
      role="group"
      aria-label="Detector lane controls"
      aria-busy={busy}
    >
      <button
        type="button"
        className="panel-button zoo-lane-toggle"
        aria-expanded={visible}
        onClick={() => actions.setLanesVisible(!visible)}
      >
        <span aria-hidden="true">{visible ? '▾' : '▸'}</span> Detector lanes
      </button>
      {visible ? (
        <Suspense
          fallback={
            <span className="zoo-muted" role="status">
              Loading…
            </span>
          }
        >
          <OpenLaneControls ready={results !== null} hidden={hidden} />
        </Suspense>
      ) : (
        <FoldedSummary text={foldedLanesSummary(results)} />
      )}
    </div>
  );
}

/** The folded lanes' findings; cut at the panel's edge, whole on hover and focus. */
function FoldedSummary({ text }: { text: string }) {
  return (
    <span className="zoo-lane-summary" title={text} tabIndex={0}>
      {text}
    </span>
  );
}
