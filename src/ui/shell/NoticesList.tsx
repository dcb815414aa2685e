// Notices as text: worker failure, input error, stored-config notice, import warnings. A
// chunk of its own, loaded by Notices.tsx.
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { actions, useAnalysis, useConfigNotice } from '../../state/appStore';
import { ImportWarnings } from '../load/ImportWarnings';

// Shown only when an input fails to read: its list of formats loads then.
const ImportErrorView = lazy(() =>
  import('../load/ImportErrorView').then((m) => ({ default: m.ImportErrorView })),
);

/**
 * Worker failure, input error, stored-config notice, import warnings: all as text, folded to
 * one line (the first notice's) with a count, opened on demand, so that banners never take
 * the timeline's room. A chunk of its own (Notices.tsx loads it when there is a notice).
 */
export function NoticesList() {
  const { result, analysisError, workerFailure } = useAnalysis();
  const configNotice = useConfigNotice();
  const warnings = result?.report.source.warnings ?? [];
  const notes = result?.report.source.notes ?? [];
  const scan = result?.report.source.referenceScan;
  const count =
    Number(workerFailure !== null) +
    Number(analysisError !== null) +
    Number(configNotice !== null) +
    Number(scan !== undefined && scan !== 'scanned') +
    warnings.length;
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();
  // Whether the folded line hides anything: only then is there something to open.
  useLayoutEffect(() => {
    const el = list.current;
    if (el === null) return;
    const check = (): void => setCut(el.scrollHeight > el.clientHeight + 1);
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    for (const child of el.children) ro.observe(child);
    return () => ro.disconnect();
  }, [count, open, warnings.length, notes.length]);
  return (
    // Notes are in no count: they only keep the list from hiding.
    <div className="notices" data-open={open} hidden={count === 0 && notes.length === 0}>
      {(cut || open) && (
        <button
          type="button"
          className="panel-button notices__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Fold notices' : `Show all (${count} ${count === 1 ? 'notice' : 'notices'})`}
        </button>
      )}
      <div className="notices__list" id={id} ref={list}>
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
            <Suspense fallback={<p role="status">Reading the error…</p>}>
              <ImportErrorView error={analysisError} />
            </Suspense>
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
        <ImportWarnings warnings={warnings} notes={notes} />
      </div>
    </div>
  );
}
