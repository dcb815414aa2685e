// The page header: the counts that fold to fit, and the actions.
import { useMemo, useRef, useState } from 'react';
import type { Report } from '../../detector/index';
import { runPosition } from '../../detector/index';
import { configToJson } from '../../state/configCodec';
import { columnsOf } from '../../report/reportColumns';
import { actions, useAnalysis, useConfig, useTheme, useTranscript } from '../../state/appStore';
import { OpenFileButton, OpenFolderButton } from '../load/OpenFileButton';
import { WatchButton } from '../load/WatchButton';
import { SamplesMenu } from '../load/SamplesMenu';
import { downloadText, downloadUrl, fileStem } from './download';
import { formatNumber } from '../format';
import { useFoldToFit } from './useFoldToFit';

/**
 * What folds first when the header is short of room. Batches, refusals and the first refusal
 * (a button: folded, it would take focus unseen) never fold.
 */
const FOLD_ORDER = ['format', 'rescued', 'messages'] as const;

/** Refused and rescued batches: counted in the worker as it packed the verdicts. */
function verdictCounts(report: Report | null): { refused: number; rescued: number } {
  if (report === null) return { refused: 0, rescued: 0 };
  return columnsOf(report).verdicts.tally;
}

function Counts() {
  const { result } = useAnalysis();
  const report = result?.report ?? null;
  // Once per report, over its packed flags: the header re-renders on every status change.
  const { refused, rescued } = useMemo(() => verdictCounts(report), [report]);
  const rowRef = useRef<HTMLDListElement>(null);
  // Whole values or none: what does not fit folds, last in importance first.
  useFoldToFit(rowRef, FOLD_ORDER, [result, refused, rescued]);
  if (result === null) return null;
  const r = result.report;
  return (
    <dl className="header-counts" aria-label="Summary" ref={rowRef}>
      <div className="count-format" data-fold="format">
        <dt>Format</dt>
        <dd>{result.formatLabel}</dd>
      </div>
      <div data-fold="messages">
        <dt>Messages</dt>
        <dd>{formatNumber(r.source.messages)}</dd>
      </div>
      <div>
        <dt>Batches</dt>
        <dd>{formatNumber(r.batches.length)}</dd>
      </div>
      <div className={refused > 0 ? 'count-refused' : undefined}>
        <dt>Refused</dt>
        <dd>{formatNumber(refused)}</dd>
      </div>
      <div data-fold="rescued">
        <dt>Rescued</dt>
        <dd>{formatNumber(rescued)}</dd>
      </div>
      {r.firstRefusal !== null && (
        <div className="count-first">
          <dt>First refusal</dt>
          <dd>
            <button
              type="button"
              className="link-button"
              title={`Select the batch the reference refuses first${firstRun(r)}`}
              // The name starts with the visible text, so speech input can say what it sees.
              aria-label={`#${r.firstRefusal.batchIndex} · ${r.firstRefusal.reason}: select the first refusal`}
              onClick={() => actions.select(r.firstRefusal?.batchIndex ?? null)}
            >
              #{r.firstRefusal.batchIndex} · {r.firstRefusal.reason}
            </button>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Export report: the worker builds the file (tens of MB of JSON at 100k batches, one long
 * main-thread task if the page stringified its report; docs/benchmarks.md §5). If the worker
 * cannot answer (its transcript was replaced meanwhile), the page's report is saved instead.
 */
function ExportReportButton() {
  const { result } = useAnalysis();
  const { sourceName } = useTranscript();
  const [exporting, setExporting] = useState(false);
  const save = async () => {
    if (result === null) return;
    setExporting(true);
    const name = `${fileStem(sourceName)}.loopscope-report.json`;
    try {
      const url = await actions.exportReport();
      if (url !== null) downloadUrl(name, url);
      else downloadText(name, `${JSON.stringify(result.report, null, 2)}\n`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <button
      type="button"
      className="button"
      disabled={result === null || exporting}
      aria-busy={exporting}
      onClick={() => void save()}
    >
      {exporting ? 'Exporting…' : 'Export report'}
    </button>
  );
}

export function Header() {
  const config = useConfig();
  const theme = useTheme();
  return (
    <header className="app-header">
      <h1 className="app-title">
        <span className="app-logo" aria-hidden="true" />
        Loopscope
      </h1>
      <Counts />
      <div className="header-actions">
        <SamplesMenu />
        <OpenFileButton />
        <OpenFolderButton />
        <WatchButton />
        <ExportReportButton />
        <button
          type="button"
          className="button"
          onClick={() => downloadText('loopscope-config.json', `${configToJson(config)}\n`)}
        >
          Export config
        </button>
        <button
          type="button"
          className="button button--icon"
          aria-label="Dark theme"
          aria-pressed={theme === 'dark'}
          title={theme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme'}
          onClick={actions.toggleTheme}
        >
          {theme === 'dark' ? '☾' : '☀'}
        </button>
      </div>
    </header>
  );
}

/** ": the 3rd `write_file` in a row" for the first refusal, or nothing. */
function firstRun(r: Pick<Report, 'firstRefusal' | 'batches'>): string {
  const b = r.firstRefusal === null ? undefined : r.batches[r.firstRefusal.batchIndex];
  const run = b === undefined ? null : runPosition(b);
  return run === null ? '' : `: ${run}`;
}
