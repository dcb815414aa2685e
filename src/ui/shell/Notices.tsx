import { actions, useAnalysis, useConfigNotice } from '../../state/appStore';
import { ImportErrorView } from '../load/ImportErrorView';
import { ImportWarnings } from '../load/ImportWarnings';

/** Worker failure, input error, stored-config notice, import warnings: all as text. */
export function Notices() {
  const { result, analysisError, workerFailure } = useAnalysis();
  const configNotice = useConfigNotice();
  const warnings = result?.report.source.warnings ?? [];
  const scan = result?.report.source.referenceScan;
  return (
    <div className="notices">
      {workerFailure !== null && (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>The analysis stopped.</strong> {workerFailure}
            {result !== null && ' The last analysis stays on screen.'}
          </p>
          <button type="button" className="button button--primary" onClick={actions.retry}>
            Retry
          </button>
        </div>
      )}
      {analysisError !== null && (
        <section className="notice notice--error" aria-label="Input error">
          <ImportErrorView error={analysisError} />
          {result !== null && (
            <p className="muted">
              Showing the previous analysis ({result.name}); your text is kept.
            </p>
          )}
        </section>
      )}
      {configNotice !== null && (
        <div className="notice notice--warn" role="status">
          <p>{configNotice}</p>
          <button type="button" className="button" onClick={actions.dismissConfigNotice}>
            Dismiss
          </button>
        </div>
      )}
      {scan !== undefined && scan !== 'scanned' && (
        <p className="notice notice--warn">
          The reference proxy would not scan this body (it fails open): {scan.failOpen}
        </p>
      )}
      <ImportWarnings warnings={warnings} />
    </div>
  );
}
