// The picker for a file of several conversations, most refusals first.
import { useEffect, useId, useRef } from 'react';
import { actions, useAnalysis, useImportChoice } from '../../state/appStore';
import type { ConversationSummary, TranscriptInput } from '../../worker/protocol';
import { formatCount } from '../format';

/** The list order: most refusals first, then the file's own order. */
function conversationOrder(list: readonly ConversationSummary[]): number[] {
  return list
    .map((_, i) => i)
    .sort((a, b) => (list[b]?.refusals ?? 0) - (list[a]?.refusals ?? 0) || a - b);
}

/** The loaded transcript as a File, for the corpus view (which reads files). */
function asFile(input: TranscriptInput): File {
  if (input.kind === 'blob') {
    return input.blob instanceof File ? input.blob : new File([input.blob], input.name);
  }
  return new File([input.kind === 'text' ? input.text : (input.bytes as BlobPart)], input.name);
}

const count = formatCount;

/**
 * A file that holds several conversations (a Claude Code session and its subagents, an
 * Inspect log's samples): every one listed with its batches and refusals under the current
 * config, the one on the timeline marked, and all of them one click from the corpus view.
 */
export function ConversationPicker() {
  const { result, loading } = useAnalysis();
  const { lastInput, conversationMoved } = useImportChoice();
  const id = useId();
  const list = result?.conversations ?? [];
  const shown = result?.conversation ?? -1;
  const current = useRef<HTMLButtonElement>(null);
  // The conversation on the timeline is in view in the list, however long the list.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, list.length]);
  if (result === null || list.length < 2) return null;
  return (
    <section className="conversations" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`} className="section-title">
          Conversations
        </h2>
        <span className="muted">{list.length} in this file</span>
      </div>
      {conversationMoved !== false && (
        <p className="note" role="status">
          {conversationMoved === 'refuses'
            ? 'Opened on the conversation the reference refuses; the others are listed here.'
            : 'Opened on the first conversation with tool calls; the others are listed here.'}
        </p>
      )}
      <ul className="conversations__list">
        {conversationOrder(list).map((i) => {
          const c = list[i] as ConversationSummary;
          return (
            <li key={i}>
              <button
                type="button"
                className="conversations__item"
                aria-current={i === shown ? 'true' : undefined}
                ref={i === shown ? current : undefined}
                disabled={loading}
                title={c.label}
                onClick={() => actions.chooseConversation(i)}
              >
                <span className="conversations__label">{c.label}</span>
                <span className="conversations__counts">
                  {count(c.batches, 'batch', 'batches')} ·{' '}
                  <span className={c.refusals > 0 ? 'conversations__refused' : undefined}>
                    {count(c.refusals, 'refusal')}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {lastInput !== null && (
        <button
          type="button"
          className="button"
          onClick={() => actions.openInCorpus([asFile(lastInput)])}
        >
          Open all {list.length} in Corpus
        </button>
      )}
    </section>
  );
}

/** Cline and Roo Code store tool results as user text: read them as sent, or as tool messages. */
export function ClineResultsPicker() {
  const { result } = useAnalysis();
  const { clineResults } = useImportChoice();
  const id = useId();
  if (result?.report.source.format !== 'cline') return null;
  return (
    <div className="format-picker">
      <label htmlFor={id} className="format-picker__label">
        Cline results
      </label>
      <select
        id={id}
        className="format-picker__select"
        value={clineResults}
        onChange={(e) => actions.chooseClineResults(e.target.value === 'tool' ? 'tool' : 'user')}
      >
        <option value="user">As sent: user turns (the reference never refuses)</option>
        <option value="tool">As tool messages (shows the loops)</option>
      </select>
    </div>
  );
}
