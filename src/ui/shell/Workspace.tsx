import { useDeferredValue, useId } from 'react';
import { actions, useAnalysis, useSelection, useWorkspaceTab } from '../../state/appStore';
import type { WorkspaceTab as Tab } from '../../state/types';
import { CorpusView } from '../corpus/CorpusView';
import { DetailsPanel } from '../details/DetailsPanel';
import { PatternExplorer } from '../explorer/PatternExplorer';
import { BatchTable } from '../table/BatchTable';
import { SweepPanel } from '../sweep/SweepPanel';
import { ComparisonTable } from '../zoo/ComparisonTable';
import { ZooTimeline } from '../zoo/ZooTimeline';

/** The main area: timeline on top; batches + details, or the pattern explorer, below. */
export function Workspace({ changedBatches }: { changedBatches: ReadonlySet<number> }) {
  const { result, status } = useAnalysis();
  const { selectedIndex, details } = useSelection();
  const tab = useWorkspaceTab();
  const setTab = actions.setWorkspaceTab;
  const id = useId();
  // The table follows a new result in a render of its own, after the timeline and header have
  // committed: a store update renders synchronously, and at 100k batches the table's view
  // order and rows made that one render a long task. A deferred value re-renders at
  // transition priority, in a separate task that input can interrupt.
  const tableReport = useDeferredValue(result?.report ?? null);
  const tableChanged = useDeferredValue(changedBatches);
  if (result === null) {
    return (
      <main className="workspace workspace--empty">
        <p className="muted">
          {status === 'running'
            ? 'Analysing…'
            : 'Paste a transcript, open a file, drop one anywhere, or pick a sample.'}
        </p>
      </main>
    );
  }
  const report = result.report;
  const tabs: readonly { id: Tab; label: string }[] = [
    { id: 'batches', label: 'Batches' },
    { id: 'patterns', label: 'Patterns' },
    { id: 'detectors', label: 'Detectors' },
    { id: 'sweep', label: 'Sweep' },
    { id: 'corpus', label: 'Corpus' },
  ];
  return (
    <main className="workspace">
      <div className="workspace__timeline">
        <ZooTimeline
          report={report}
          selectedIndex={selectedIndex}
          onSelect={actions.select}
          changedBatches={changedBatches}
        />
      </div>
      <div className="workspace__tabs" role="tablist" aria-label="Views">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="tab"
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
                const at = tabs.findIndex((x) => x.id === tab);
                setTab(tabs[(at + step) % tabs.length]?.id ?? 'batches');
              }
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'detectors' || tab === 'sweep' ? (
        <div
          className="workspace__explorer"
          role="tabpanel"
          id={`${id}-${tab}`}
          aria-labelledby={`${id}-${tab}-tab`}
        >
          {tab === 'detectors' ? <ComparisonTable /> : <SweepPanel />}
        </div>
      ) : tab === 'corpus' ? (
        <div
          className="workspace__explorer"
          role="tabpanel"
          id={`${id}-corpus`}
          aria-labelledby={`${id}-corpus-tab`}
        >
          <CorpusView onOpened={() => setTab('batches')} />
        </div>
      ) : tab === 'batches' ? (
        <div
          className="workspace__split"
          role="tabpanel"
          id={`${id}-batches`}
          aria-labelledby={`${id}-batches-tab`}
        >
          <div className="workspace__table">
            <BatchTable
              report={tableReport ?? report}
              selectedIndex={selectedIndex}
              onSelect={actions.select}
              changedBatches={tableChanged}
            />
          </div>
          <div className="workspace__details">
            <DetailsPanel report={report} batchIndex={selectedIndex} details={details} />
          </div>
        </div>
      ) : (
        <div
          className="workspace__explorer"
          role="tabpanel"
          id={`${id}-patterns`}
          aria-labelledby={`${id}-patterns-tab`}
        >
          <PatternExplorer report={report} config={report.config} />
        </div>
      )}
    </main>
  );
}
