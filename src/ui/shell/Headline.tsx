import { useMemo } from 'react';
import { loopCostLine, TOKEN_ESTIMATE_TEXT } from '../../detector/index';
import { ZOO_DETECTORS } from '../../zoo/index';
import { actions, useReport, useZooResults } from '../../state/appStore';
import { findingHeadline } from './headline';

/**
 * The one-line headline under the header: for a loop the reference lets through, the lanes'
 * strongest finding; for one it refuses, what the loop cost after that.
 */
export function Headline() {
  const report = useReport();
  const results = useZooResults();
  const headline = useMemo(
    () => (report === null ? null : findingHeadline(report, results, ZOO_DETECTORS)),
    [report, results],
  );
  // A loop stopped at its refusal cost nothing more: no line for that.
  const cost =
    report === null || (report.loopCost?.calls ?? 0) === 0 ? null : loopCostLine(report.loopCost);
  // Always rendered: the app's grid keeps a row for it.
  return (
    <div className="app-headline-row">
      {headline === null && cost !== null ? (
        <p className="app-headline app-headline--cost" role="status">
          <span
            className="app-headline__text"
            title={`Repeated calls of each refused loop after the reference refuses it, and the tokens their answers brought back, ${TOKEN_ESTIMATE_TEXT}.`}
            tabIndex={0}
          >
            {cost[0]?.toUpperCase()}
            {cost.slice(1)} (estimate: answer bytes ÷ 4)
          </span>
        </p>
      ) : null}
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
