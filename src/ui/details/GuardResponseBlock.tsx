// What gglib's proxy does with the first refusal under each loop_guard_mode, and its texts.
import {
  DEFAULT_GUARD_MODE,
  guardResponse,
  type FirstRefusal,
  type GuardMode,
  type GuardResponse,
} from '../../detector/index';
import { CopyButton } from './CopyButton';
import { TextBlock } from './TextBlock';

interface Props {
  readonly first: FirstRefusal;
  readonly mode: GuardMode | undefined;
  /** The replay's mode: on the agent path the guard mode is not gglib's answer. */
  readonly replayMode: 'proxy' | 'agent';
  /** A line under the note, when the note's words do not fit this refusal. */
  readonly caveat: string | null;
  readonly onCopy?: (label: string, text: string) => void;
}

function Texts({ r, caveat, onCopy }: { r: GuardResponse } & Pick<Props, 'caveat' | 'onCopy'>) {
  if (r.text === null) return null;
  if (r.mode === 'note') {
    return (
      <>
        <div className="dp-block-head">
          <h3>Note appended to the last message</h3>
          <CopyButton label="Copy note" text={r.text} onCopied={onCopy} />
        </div>
        <TextBlock text={r.text} limit={4000} />
        {caveat === null ? null : <p className="dp-caveat">{caveat}</p>}
      </>
    );
  }
  return (
    <>
      <div className="dp-block-head">
        <h3>HTTP 400 body</h3>
        <CopyButton label="Copy 400 body" text={r.text} onCopied={onCopy} />
      </div>
      <TextBlock text={r.text} limit={4000} />
      {r.legacyText === null || r.legacyText === r.text ? null : (
        <>
          <div className="dp-block-head">
            <h3>HTTP 400 body of releases before loop_guard_mode</h3>
            <CopyButton label="Copy older 400 body" text={r.legacyText} onCopied={onCopy} />
          </div>
          <TextBlock text={r.legacyText} limit={4000} />
        </>
      )}
    </>
  );
}

/**
 * What gglib's proxy does with the first refusal under the config's `loop_guard_mode`, with
 * the exact note or 400 body; the other modes' texts folded away below.
 */
export function GuardResponseBlock({ first, mode, replayMode, caveat, onCopy }: Props) {
  const current = mode ?? DEFAULT_GUARD_MODE;
  const trip = { kind: 'loop', signature: first.signature } as const;
  const r = guardResponse(current, trip);
  const others = (['note', 'refuse'] as const).filter((m) => m !== current);
  return (
    <>
      {replayMode === 'agent' ? (
        <p>
          On gglib’s agent path a loop ends the run with an error; loop_guard_mode is the proxy’s,
          so what follows is what the proxy would do with this history.
        </p>
      ) : null}
      <p className="dp-action">{r.sentence}</p>
      <Texts r={r} caveat={caveat} onCopy={onCopy} />
      <details className="dp-other-modes">
        <summary>What the other modes send</summary>
        {current === 'off' ? null : <p>{guardResponse('off', trip).sentence}</p>}
        {others.map((m) => {
          const o = guardResponse(m, trip);
          return (
            <div key={m}>
              <p>{o.sentence}</p>
              <Texts r={o} caveat={null} onCopy={onCopy} />
            </div>
          );
        })}
      </details>
    </>
  );
}

/** For a refusal after the first: what the proxy does with the requests that carry it. */
export function laterRefusalSentence(first: FirstRefusal, mode: GuardMode | undefined): string {
  switch (mode ?? DEFAULT_GUARD_MODE) {
    case 'note':
      return `In note mode gglib forwards every later request with the note of the first refusal (batch #${first.batchIndex}): each carries that history, so it trips there again; this later refusal shows how long the loop went on.`;
    case 'refuse':
      return `In refuse mode gglib refuses every request from the first refusal on (batch #${first.batchIndex}); this later refusal shows how long the loop would have gone on.`;
    case 'off':
      return `In off mode gglib scans nothing and forwards every request untouched; this refusal shows where a guard would have fired.`;
  }
}
