// The batch details panel: the selected batch's verdict, calls, answers and lane findings.
import { useTheme } from '../../state/appStore';
import { useId } from 'react';
import type { BatchDetails, BatchReport, Report } from '../../detector/index';
import { explainBatch, observationPatternFor, runPosition } from '../../detector/index';
import { batchColor } from '../colors';
import { verdictKind } from '../table/labels';
import { AnswerView } from './AnswerView';
import { CallView } from './CallView';
import { CopyButton } from './CopyButton';
import { GuardResponseBlock, laterRefusalSentence } from './GuardResponseBlock';
import { detailsFor, noteCaveat, runStateItems } from './model';
import { TextBlock } from './TextBlock';
import './DetailsPanel.css';

export interface LaneFinding {
  readonly label: string;
  readonly kind: 'peer' | 'advisory';
  readonly level: 'stop' | 'warn' | 'advice';
  readonly message: string;
}

interface DetailsPanelProps {
  report: Report;
  batchIndex: number | null;
  /** From the detector's `describeBatch`, fetched by the app; null while loading. */
  details: BatchDetails | null;
  /** The detector lanes' marks at this batch, with their lane's name. */
  findings?: readonly LaneFinding[];
  /** Called after a successful copy, with the button's label and the copied text. */
  onCopy?: (label: string, text: string) => void;
}

/** Everything about one batch: its calls, the answers it got, its run state and the verdict in words. */
export function DetailsPanel({
  report,
  batchIndex,
  details,
  findings = [],
  onCopy,
}: DetailsPanelProps) {
  const headingId = useId();
  const batch = batchIndex === null ? undefined : report.batches[batchIndex];
  const loaded = batch === undefined ? null : detailsFor(details, batch.index);
  return (
    <section
      className="details-panel"
      aria-labelledby={headingId}
      aria-busy={batch !== undefined && loaded === null}
    >
      <h2 id={headingId}>Batch details</h2>
      {batchIndex === null ? (
        <p className="dp-muted">
          Select a batch on the timeline or in the table to see its calls, answers and verdict.
        </p>
      ) : batch === undefined ? (
        <p className="dp-muted">Batch #{batchIndex} is not in this report.</p>
      ) : (
        <BatchBody
          key={batch.index}
          report={report}
          batch={batch}
          details={loaded}
          findings={findings}
          onCopy={onCopy}
        />
      )}
    </section>
  );
}

/** Where the first refusal stands in the reference's own behaviour, in one or two sentences. */
function firstRefusalContext(report: Report): string {
  const base =
    report.config.mode === 'proxy'
      ? 'This is the first refusal: the proxy’s scan stops here, and every later request in this conversation trips at the same batch.'
      : 'This is the first refusal: the agent path stops its run here.';
  const v = report.referenceVerdict;
  return v.kind === 'stagnation'
    ? `${base} The stagnation check trips earlier, at message ${v.messageIndex} (the same response ${v.count} times, limit ${v.maxSteps}), so that is what the reference reports first.`
    : base;
}

interface BodyProps {
  report: Report;
  batch: BatchReport;
  details: BatchDetails | null;
  findings: readonly LaneFinding[];
  onCopy?: (label: string, text: string) => void;
}

const LEVEL_WORD = { stop: 'would stop', warn: 'warns', advice: 'flags' } as const;

function BatchBody({ report, batch, details, findings, onCopy }: BodyProps) {
  const theme = useTheme();
  const kind = verdictKind(batch, report);
  const first = report.firstRefusal;
  const calls = batch.calls.length;
  return (
    <>
      <p className="dp-subtitle">
        Batch #{batch.index} · message {batch.messageIndex} · {calls}{' '}
        {calls === 1 ? 'call' : 'calls'}
        {runPosition(batch) === null ? null : ` · ${runPosition(batch)}`}
      </p>
      <p className={`dp-verdict dp-verdict-${kind}`}>{explainBatch(batch, report.config)}</p>
      {findings.length > 0 ? (
        <div className="dp-findings" role="group" aria-label="Detector lanes at this batch">
          <h3>Detector lanes at this batch</h3>
          <ul>
            {findings.map((f) => (
              <li key={`${f.label}:${f.message}`}>
                <strong>
                  {f.label} ({f.kind}) {LEVEL_WORD[f.level]}:
                </strong>{' '}
                {f.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {kind === 'first-refusal' && first !== null ? (
        <div className="dp-first" role="group" aria-label="What the reference sends">
          <p>{firstRefusalContext(report)}</p>
          <GuardResponseBlock
            first={first}
            mode={report.config.guardMode}
            replayMode={report.config.mode}
            caveat={noteCaveat(first, batch)}
            onCopy={onCopy}
          />
        </div>
      ) : null}
      {kind === 'refused' && first !== null ? (
        <p className="dp-muted">{laterRefusalSentence(first, report.config.guardMode)}</p>
      ) : null}

      <div className="dp-block-head">
        <h3>Signature</h3>
        <CopyButton label="Copy signature" text={batch.signature} onCopied={onCopy} />
      </div>
      <p className="dp-signature">
        <span
          className="dp-swatch"
          aria-hidden="true"
          style={{ backgroundColor: batchColor(report, batch.index, theme) }}
        />
        <code>{batch.signature}</code>
      </p>

      <h3>Run state</h3>
      <dl className="dp-pairs dp-run">
        {runStateItems(batch).map((item) => (
          <div key={item.term}>
            <dt>{item.term}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>

      <h3>Calls</h3>
      {batch.calls.map((call, i) => (
        <CallView
          key={`${i}:${call.signature}`}
          position={i}
          call={call}
          details={details?.calls[i] ?? null}
          pattern={observationPatternFor(call.name, report.config.observationTools)}
          onCopied={onCopy}
        />
      ))}

      <h3>Answers</h3>
      {details === null ? (
        <p className="dp-muted">Loading answers…</p>
      ) : details.answers.length === 0 ? (
        <p className="dp-muted">No tool message followed this batch, so its answers are unknown.</p>
      ) : (
        details.answers.map((a, i) => (
          <AnswerView
            key={`${a.messageIndex}:${i}`}
            position={i}
            answer={a}
            calls={details.calls}
          />
        ))
      )}

      {details !== null && details.narration.trim() !== '' ? (
        <>
          <h3>Assistant text with the batch</h3>
          <TextBlock text={details.narration} limit={1500} />
        </>
      ) : null}
    </>
  );
}
