// The notices above the workspace. A first screen has none, so their code (the list, the
// import warnings' and errors' views) loads when the first notice comes, or once a transcript
// is shown, ahead of one; until it has come, the folded line says it is loading, at the
// folded list's height, so nothing moves.
import { lazy, Suspense, useEffect } from 'react';
import { useAnalysis, useConfigNotice } from '../../state/appStore';

const loadList = () => import('./NoticesList');
const NoticesList = lazy(() => loadList().then((m) => ({ default: m.NoticesList })));

export function Notices() {
  const { result, analysisError, workerFailure } = useAnalysis();
  const configNotice = useConfigNotice();
  const source = result?.report.source;
  const any =
    workerFailure !== null ||
    analysisError !== null ||
    configNotice !== null ||
    (source !== undefined &&
      ((source.referenceScan !== undefined && source.referenceScan !== 'scanned') ||
        source.warnings.length > 0 ||
        (source.notes?.length ?? 0) > 0));
  const shown = result !== null;
  useEffect(() => {
    if (shown) void loadList();
  }, [shown]);
  if (!any) return null;
  return (
    <Suspense
      fallback={
        <div className="notices" data-open="false">
          <div className="notices__list">
            <p className="notice" role="status">
              Loading notices…
            </p>
          </div>
        </div>
      }
    >
      <NoticesList />
    </Suspense>
  );
}
