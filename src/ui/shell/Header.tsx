import { useMemo } from 'react';
import type { Report } from '../../detector/index';
import { configToJson } from '../../state/configCodec';
import { columnsOf } from '../../worker/reportColumns';
import { actions, useAnalysis, useConfig, useTheme, useTranscript } from '../../state/appStore';
import { OpenFileButton } from '../load/OpenFileButton';
import { SamplesMenu } from '../load/SamplesMenu';
import { downloadText, fileStem } from './download';

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
  if (result === null) return null;
  const r = result.report;
  return (
    <dl className="header-counts" aria-label="Summary">
      <div className="count-format" title={result.formatLabel}>
        <dt>Format</dt>
        <dd>{result.formatLabel}</dd>
      </div>
      <div className="count-optional">
        <dt>Messages</dt>
        <dd>{r.source.messages.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Batches</dt>
        <dd>{r.batches.length.toLocaleString('en-US')}</dd>
      </div>
      <div className={refused > 0 ? 'count-refused' : undefined}>
        <dt>Refused</dt>
        <dd>{refused}</dd>
      </div>
      <div className="count-optional">
        <dt>Rescued</dt>
        <dd>{rescued}</dd>
      </div>
      {r.firstRefusal !== null && (
        <div className="count-first">
          <dt>First refusal</dt>
          <dd>
            <button
              type="button"
              className="link-button"
              title="Select the batch the reference refuses first"
              aria-label={`Select batch ${r.firstRefusal.batchIndex}, the first refusal (${r.firstRefusal.reason})`}
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

export function Header() {
  const { result } = useAnalysis();
  const config = useConfig();
  const theme = useTheme();
  const { sourceName } = useTranscript();
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
        <button
          type="button"
          className="button"
          disabled={result === null}
          onClick={() => {
            if (result === null) return;
            downloadText(
              `${fileStem(sourceName)}.loopscope-report.json`,
              `${JSON.stringify(result.report, null, 2)}\n`,
            );
          }}
        >
          Export report
        </button>
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
