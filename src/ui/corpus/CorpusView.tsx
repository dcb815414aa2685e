// The Corpus tab: the files dropped or opened as a corpus, their totals and their table.
import { ProxyAppliesLine } from '../config/ProxyApplies';
import type { DragEvent } from 'react';
import { useMemo, useState } from 'react';
import type { CorpusTotals } from '../../detector/index';
import { actions, useCorpus } from '../../state/appStore';
import { droppedEntries } from '../load/droppedFiles';
import { filesOf } from '../load/walkDropped';
import { FileButton } from '../load/OpenFileButton';
import { CorpusTable } from './CorpusTable';
import { LazyCorpusSweepPanel, TabLoading } from '../shell/lazyTabs';
import { diffOf, totalsOf } from './model';
import './Corpus.css';
import { formatCount, formatNumber } from '../format';

const n = formatNumber;
const plural = formatCount;

/**
 * The totals line, also the table's summary for screen readers: the same three counts as the
 * CLI's for the same files (transcripts, failed, skipped as no transcript).
 */
function totalsText(t: CorpusTotals, skipped = 0): string {
  const parts = [
    `${plural(t.transcripts, 'transcript')}${t.failed > 0 ? ` (${n(t.failed)} failed)` : ''}`,
    ...(skipped > 0 ? [`${n(skipped)} skipped`] : []),
    plural(t.messages, 'message'),
    plural(t.batches, 'batch', 'batches'),
    `${plural(t.refusals, 'refusal')} in ${plural(t.refusedTranscripts, 'transcript')}`,
    `${n(t.rescued)} rescued`,
  ];
  if (t.warnings > 0) parts.push(plural(t.warnings, 'warning'));
  return parts.join(' · ');
}

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes('Files');
}

/** The corpus: many transcripts, their verdicts under the current config, and the totals. */
export function CorpusView({ onOpened }: { onOpened: () => void }) {
  const { rows, skipped, pending, progress, corpusConfig, config, cancelled, error } = useCorpus();
  const [over, setOver] = useState(false);

  const totals = useMemo(() => totalsOf(rows), [rows]);
  const diff = useMemo(() => diffOf(rows), [rows]);
  const stale = corpusConfig !== null && corpusConfig !== config;

  const onDrop = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    // preventDefault also tells the page-wide drop handler that the files are taken here.
    e.preventDefault();
    setOver(false);
    const entries = droppedEntries(e.dataTransfer);
    if (entries !== null && entries.some((x) => x.isDirectory)) {
      void filesOf(entries).then((d) => actions.openInCorpus(d.files));
    } else actions.corpusAdd(Array.from(e.dataTransfer.files));
  };

  return (
    <section
      className={`corpus${over ? ' corpus--over' : ''}`}
      aria-label="Corpus"
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setOver(false);
      }}
      onDrop={onDrop}
    >
      <div className="corpus__bar">
        <FileButton label="Add transcripts…" multiple onFiles={(f) => actions.corpusAdd(f)} />
        <FileButton label="Add folder…" folder onFiles={(f) => actions.openInCorpus(f)} />
        <button
          type="button"
          className="button"
          disabled={rows.length === 0 && skipped.length === 0 && pending === 0}
          onClick={() => actions.corpusClear()}
        >
          Clear corpus
        </button>
        {pending > 0 && (
          <span className="corpus__progress" role="status" aria-label="Corpus progress">
            <progress
              max={progress?.total ?? 1}
              value={progress?.done ?? 0}
              aria-label={progress?.what === 'evaluate' ? 'Re-evaluating' : 'Adding transcripts'}
            />
            {progress === null
              ? 'Working…'
              : `${progress.what === 'evaluate' ? 'Re-evaluating' : 'Reading files'} ${n(progress.done)}/${n(progress.total)}`}
            <button
              type="button"
              className="button button--small"
              onClick={() => actions.corpusCancel()}
            >
              Cancel
            </button>
          </span>
        )}
      </div>
      <p className="corpus__hint muted">
        Drop files here, or add many at once (a JSONL file with one conversation a line becomes one
        row a line). Each row is replayed under the current config; click one to open it.
      </p>
      {error !== null && (
        <p className="corpus__error" role="alert">
          The corpus worker failed: {error}
        </p>
      )}
      {rows.length === 0 && skipped.length > 0 && (
        <>
          <p className="corpus__totals" aria-label="Corpus totals">
            {totalsText(totals, skipped.length)}
          </p>
          <SkippedFiles names={skipped} />
        </>
      )}
      {rows.length > 0 && (
        <>
          <p className="corpus__diff" role="status" aria-label="Corpus changes">
            {stale
              ? pending > 0
                ? 'Re-running the corpus under the new config…'
                : 'The re-run was cancelled: the rows show the previous config.'
              : `Against the defaults, this config ${diff.sentence === 'no change' ? 'makes no change' : diff.sentence}.`}
          </p>
          <ProxyAppliesLine config={config} />
          <TabLoading>
            <LazyCorpusSweepPanel />
          </TabLoading>
          <p className="corpus__totals" aria-label="Corpus totals">
            {totalsText(totals, skipped.length)}
            {cancelled ? ' · cancelled: some files were not read' : ''}
          </p>
          {skipped.length > 0 && <SkippedFiles names={skipped} />}
          <CorpusTable
            rows={rows}
            onOpen={(rowId) => {
              actions.corpusOpen(rowId);
              onOpened();
            }}
          />
        </>
      )}
    </section>
  );
}

/** The files of a folder skipped as no transcript, folded: named, never failures. */
function SkippedFiles({ names }: { names: readonly string[] }) {
  return (
    <details className="corpus__skipped">
      <summary>
        {plural(names.length, 'file')} skipped: no conversation found (not a transcript)
      </summary>
      <ul aria-label="Skipped files">
        {names.map((name, i) => (
          <li key={`${i}:${name}`}>{name}</li>
        ))}
      </ul>
    </details>
  );
}
