// The config panel's folded "Peer detectors" section. Its content (every lane's words and
// parameters) is a chunk of its own, loaded when the section is first opened.
import { lazy, memo, Suspense, useState } from 'react';

const ZooParams = lazy(() => import('./ZooParams').then((m) => ({ default: m.ZooParams })));

function ZooParamsSectionImpl() {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="zoo-params"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Peer detectors</summary>
      {opened ? (
        <Suspense
          fallback={
            <p className="zoo-hint" role="status">
              Loading…
            </p>
          }
        >
          <ZooParams />
        </Suspense>
      ) : null}
    </details>
  );
}

/** Memoised: the parent re-renders on every status change; equal props skip this subtree. */
export const ZooParamsSection = memo(ZooParamsSectionImpl);
