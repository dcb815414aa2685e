// The headline under the header: the clearest finding of the report.
import { useMemo } from 'react';
import { loopCostLine, TOKEN_ESTIMATE_TEXT } from '../../detector/index';
import { ZOO_LANES } from '../../zoo/lanes';
import { actions, useReport, useZooResults } from '../../state/appStore';
import { findingHeadline } from './headline';

/**
 * The headline under the header: for a loop the reference lets through, the clearest finding
 * of the lanes in a sentence of the loop itself, or that none fired; for one it refuses, what
 * the loop cost after that. Its row keeps the same height whatever it holds.
 */
export function Headline() {
  const report = useReport();
  const results = useZooResults();
  const headline = useMemo(
    () => (report === null ? null : findingHeadline(report, results, ZOO_LANES)),
    [report, results],
  );
  // A loop stopped at its refusal cost nothing more: no line for that.
  const cost =
    report === null || (report.loopCost?.calls ?? 0) === 0 ? null : loopCostLine(report.loopCost);
  // Always rendered: the app's grid keeps a row for it.
  return (
    <div
      className={report === null ? 'app-headline-row app-headline-row--empty' : 'app-headline-row'}
    >
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
      {headline === null && cost === null && report?.firstRefusal ? (
        // A loop stopped at its refusal: the row says so rather than standing empty.
        <p className="app-headline app-headline--none" role="status">
          <button
            type="button"
            className="link-button"
            onClick={() => actions.select(report.firstRefusal?.batchIndex ?? 0)}
          >
            Select #{report.firstRefusal.batchIndex}
          </button>
          <span className="app-headline__text">
            Refused at #{report.firstRefusal.batchIndex} ({report.firstRefusal.reason}); the loop
            repeats no call after it.
          </span>
        </p>
      ) : null}
      {headline === null ? null : headline.batchIndex < 0 ? (
        <p className="app-headline app-headline--none" role="status">
          <span className="app-headline__text">{headline.text}</span>
        </p>
      ) : (
        <p className="app-headline" role="status">
          <button
            type="button"
            className="link-button"
            onClick={() => actions.select(headline.batchIndex)}
          >
            Select #{headline.batchIndex}
          </button>
          {/* Wraps: the row keeps room for two lines, so nothing below moves. */}
          <span className="app-headline__text">{headline.text}</span>
        </p>
      )}
    </div>
  );
}
