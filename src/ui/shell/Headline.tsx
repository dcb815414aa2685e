import { useMemo } from 'react';
import { ZOO_DETECTORS } from '../../zoo/index';
import { actions, useReport, useZooResults } from '../../state/appStore';
import { findingHeadline } from './headline';

/** The one-line headline under the header for a loop the reference lets through. */
export function Headline() {
  const report = useReport();
  const results = useZooResults();
  const headline = useMemo(
    () => (report === null ? null : findingHeadline(report, results, ZOO_DETECTORS)),
    [report, results],
  );
  // Always rendered: the app's grid keeps a row for it.
  return (
    <div className="app-headline-row">
      {headline === null ? null : (
        <p className="app-headline" role="status">
          <button
            type="button"
            className="link-button"
            onClick={() => actions.select(headline.batchIndex)}
          >
            Select #{headline.batchIndex}
          </button>
          {/* Cut at the window's edge; the whole sentence on hover and focus. */}
          <span className="app-headline__text" title={headline.text} tabIndex={0}>
            {headline.text}
          </span>
        </p>
      )}
    </div>
  );
}
