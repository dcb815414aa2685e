// One tool call in the batch details: name, arguments, canonical form and signature.
import type { CallDetails, CallReport } from '../../detector/index';
import { CopyButton } from './CopyButton';
import { patternLabel } from './model';
import { TextBlock } from './TextBlock';

interface CallViewProps {
  position: number;
  /** What the report knows about the call (always there). */
  call: CallReport;
  /** The full call from the worker, or null while it loads. */
  details: CallDetails | null;
  /** The pattern that classifies the call under the report's config (details may predate it). */
  pattern: string | null;
  onCopied?: (label: string, text: string) => void;
}

export function CallView({ position, call, details, pattern, onCopied }: CallViewProps) {
  return (
    <article className="dp-call" aria-label={`Call ${position + 1}: ${call.name}`}>
      <h4>
        {position + 1}. <code>{call.name}</code>
      </h4>
      <dl className="dp-pairs">
        <dt>Id</dt>
        <dd>
          <code>{call.id === '' ? '(empty)' : call.id}</code>
        </dd>
        <dt>Call signature</dt>
        <dd className="dp-wrap">
          <code>{call.signature}</code>{' '}
          <CopyButton label="Copy call signature" text={call.signature} onCopied={onCopied} />
        </dd>
        <dt>Pattern</dt>
        <dd>{patternLabel({ observationPattern: pattern })}</dd>
        {details === null ? null : (
          <>
            <dt>Costly</dt>
            <dd>{details.costly ? 'yes (the ceiling is never waived for it)' : 'no'}</dd>
          </>
        )}
      </dl>
      {details === null ? (
        <p className="dp-muted">Loading arguments…</p>
      ) : (
        <>
          <div className="dp-block-head">
            <h5>Arguments</h5>
            <CopyButton label="Copy arguments" text={details.argumentsPretty} onCopied={onCopied} />
          </div>
          <TextBlock text={details.argumentsPretty} limit={4000} />
          <div className="dp-block-head">
            <h5>Canonical form (hashed into the signature)</h5>
            <CopyButton
              label="Copy canonical arguments"
              text={details.canonical}
              onCopied={onCopied}
            />
          </div>
          <TextBlock text={details.canonical} limit={4000} />
          {details.argumentsRaw !== null ? (
            <>
              <div className="dp-block-head">
                <h5>
                  {details.parsedFromString
                    ? 'As sent (a JSON string, parsed before hashing)'
                    : 'As sent (a string that is not valid JSON, hashed as a string)'}
                </h5>
              </div>
              <TextBlock text={details.argumentsRaw} limit={4000} />
            </>
          ) : null}
        </>
      )}
    </article>
  );
}
