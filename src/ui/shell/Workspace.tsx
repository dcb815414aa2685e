// The main area: the timeline on top; the batches and details, or the pattern explorer, below.
import { useDeferredValue, useId, useMemo } from 'react';
import { ZOO_LANES } from '../../zoo/lanes';
import {
  actions,
  useAnalysis,
  useBatchRange,
  useSearch,
  useSelection,
  useViewKey,
  useWatch,
  useWorkspaceTab,
  useZoomRequest,
  useZooResults,
} from '../../state/appStore';
import type { WorkspaceTab as Tab } from '../../state/types';
import type { LaneFinding } from '../details/DetailsPanel';
import { DetailsPanel } from '../details/DetailsPanel';
import { SearchBox } from '../search/SearchBox';
import { BATCH_TABLE_ID, BatchTable } from '../table/BatchTable';
import {
  LazyComparisonTable,
  LazyCorpusView,
  LazyMessagesView,
  LazyPatternExplorer,
  LazySweepPanel,
  TabLoading,
} from './lazyTabs';
import { ZooTimeline } from '../zoo/ZooTimeline';
import { VerticalSplit } from './VerticalSplit';

/** The lanes' marks at batch `at`, in lane order. */
function findingsAt(
  results:
    | readonly {
        id: string;
        marks: readonly { batchIndex: number; level: LaneFinding['level']; message: string }[];
      }[]
    | null,
  at: number | null,
): LaneFinding[] {
  if (results === null || at === null) return [];
  const out: LaneFinding[] = [];
  for (const d of ZOO_LANES) {
    const mark = results.find((r) => r.id === d.id)?.marks.find((m) => m.batchIndex === at);
    if (mark !== undefined)
      out.push({ label: d.label, kind: d.kind, level: mark.level, message: mark.message });
  }
  return out;
}

/**
 * The timeline's first height, in pixels: its canvas gets 40 % of the window (44 %, so that a folded banner line still leaves 40 %), plus the
 * toolbar, legend, overview and key around it (TIMELINE_CHROME); the views get the rest.
 */
const TIMELINE_CHROME = 144;
function timelineDefaultSize(): number {
  const h = typeof window === 'undefined' ? 800 : window.innerHeight;
  return Math.round(0.44 * h + TIMELINE_CHROME);
}

/** The main area: timeline on top; batches + details, or the pattern explorer, below. */
export function Workspace({ changedBatches }: { changedBatches: ReadonlySet<number> }) {
  const { result, status } = useAnalysis();
  const { selectedIndex, details } = useSelection();
  const tab = useWorkspaceTab();
  const zoomRequest = useZoomRequest();
  const range = useBatchRange();
  const setTab = actions.setWorkspaceTab;
  const id = useId();
  // The table follows a new result in a render of its own, after the timeline and header have
  // committed: a store update renders synchronously, and at 100k batches the table's view
  // order and rows made that one render a long task. A deferred value re-renders at
  // transition priority, in a separate task that input can interrupt.
  const tableResult = useDeferredValue(result);
  const tableReport = tableResult?.report ?? null;
  const tableChanged = useDeferredValue(changedBatches);
  const zooResults = useZooResults();
  const viewKey = useViewKey();
  // Deferred with the table's result: the table starts anew with a new transcript only.
  const tableView = useDeferredValue(viewKey);
  const matches = useSearch().found?.batches;
  // A watched file's batch still waiting for results, drawn pending on the timeline.
  const { pending } = useWatch();
  const findings = useMemo(
    () => findingsAt(zooResults, selectedIndex),
    [zooResults, selectedIndex],
  );
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
    { id: 'messages', label: 'Messages' },
    { id: 'patterns', label: 'Patterns' },
    { id: 'detectors', label: 'Detectors' },
    { id: 'sweep', label: 'Sweep' },
    { id: 'corpus', label: 'Corpus' },
  ];
  return (
    <main className="workspace">
      {/* The split between the timeline and the views below, remembered in this browser. */}
      <VerticalSplit
        storageKey="loopscope.workspace-split"
        label="Resize the timeline and the views"
        defaultTop={timelineDefaultSize()}
        minTop={140}
        minBottom={200}
        className="workspace__group"
        topClassName="workspace__timeline"
        bottomClassName="workspace__views"
        splitterClassName="workspace__splitter"
        top={
          <ZooTimeline
            report={report}
            selectedIndex={selectedIndex}
            onSelect={actions.select}
            changedBatches={changedBatches}
            transcript={viewKey}
            tableId={tab === 'batches' ? BATCH_TABLE_ID : undefined}
            zoom={zoomRequest?.dataVersion === result.dataVersion ? zoomRequest.range : null}
            onZoom={actions.setTimelineZoom}
            range={range}
            onRange={actions.setBatchRange}
            pending={pending}
            {...(matches === undefined ? {} : { matches })}
          />
        }
        bottom={
          <>
            <div className="workspace__bar">
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
              <SearchBox />
            </div>
            {tab === 'detectors' || tab === 'sweep' ? (
              <div
                className="workspace__explorer"
                role="tabpanel"
                id={`${id}-${tab}`}
                aria-labelledby={`${id}-${tab}-tab`}
              >
                <TabLoading>
                  {tab === 'detectors' ? <LazyComparisonTable /> : <LazySweepPanel />}
                </TabLoading>
              </div>
            ) : tab === 'messages' ? (
              <div
                className="workspace__messages"
                role="tabpanel"
                id={`${id}-messages`}
                aria-labelledby={`${id}-messages-tab`}
              >
                <TabLoading>
                  <LazyMessagesView
                    report={report}
                    dataVersion={result.dataVersion}
                    selectedIndex={selectedIndex}
                    {...(matches === undefined ? {} : { matches })}
                  />
                </TabLoading>
              </div>
            ) : tab === 'corpus' ? (
              <div
                className="workspace__explorer"
                role="tabpanel"
                id={`${id}-corpus`}
                aria-labelledby={`${id}-corpus-tab`}
              >
                <TabLoading>
                  <LazyCorpusView onOpened={() => setTab('batches')} />
                </TabLoading>
              </div>
            ) : tab === 'batches' ? (
              <div
                className="workspace__split"
                role="tabpanel"
                id={`${id}-batches`}
                aria-labelledby={`${id}-batches-tab`}
              >
                <div className="workspace__table">
                  {/* A new transcript starts a new table: no stale filter, sort or scroll; a
                    watched file that grew keeps them. */}
                  <BatchTable
                    key={tableView}
                    report={tableReport ?? report}
                    busy={tableResult !== result}
                    selectedIndex={selectedIndex}
                    onSelect={actions.select}
                    changedBatches={tableChanged}
                    range={range}
                    {...(matches === undefined ? {} : { matches })}
                  />
                </div>
                <div className="workspace__details">
                  <DetailsPanel
                    report={report}
                    batchIndex={selectedIndex}
                    details={details}
                    findings={findings}
                  />
                </div>
              </div>
            ) : (
              <div
                className="workspace__explorer"
                role="tabpanel"
                id={`${id}-patterns`}
                aria-labelledby={`${id}-patterns-tab`}
              >
                <TabLoading>
                  <LazyPatternExplorer report={report} config={report.config} />
                </TabLoading>
              </div>
            )}
          </>
        }
      />
    </main>
  );
}
