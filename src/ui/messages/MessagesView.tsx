// The conversation as a person reads it, virtualised, fetched from the worker a page at a time.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { Report } from '../../detector/index';
import { actions } from '../../state/appStore';
import type { MessageEntry } from '../../worker/protocol';
import { TextBlock } from '../details/TextBlock';
import { formatCount, formatNumber } from '../format';
import { isMatch } from '../search/matches';
import { MessagePageCache, PAGE } from './pages';
import './messages.css';

interface MessagesViewProps {
  report: Report;
  /** Changes with every new transcript or growth: the pages asked before are dropped. */
  dataVersion: number;
  selectedIndex: number | null;
  matches?: ArrayLike<number>;
}

const NO_MATCHES: ArrayLike<number> = [];
/** Characters of a text or of arguments shown before "Show all". */
const FOLD = 600;

const ROLE_LABEL: Record<string, string> = {
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool result',
  system: 'System',
};

/**
 * The conversation as a person reads it: user turns, assistant text, each call with its
 * arguments and each result, long ones folded, each tagged with its batch. Virtualised (rows
 * of measured height, only those on screen rendered) and fetched from the worker a page at a
 * time. Selecting a batch scrolls to its messages; a click on a message selects its batch.
 */
export function MessagesView({
  report,
  dataVersion,
  selectedIndex,
  matches = NO_MATCHES,
}: MessagesViewProps) {
  const cache = useMemo(() => {
    void dataVersion;
    return new MessagePageCache();
  }, [dataVersion]);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const scroller = useRef<HTMLDivElement>(null);
  const total = cache.total ?? report.source.messages;
  // Rows of measured height (messages differ widely): the virtualiser measures them. The page
  // is not built by the React Compiler, so its functions are not memoised behind its back.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    for (const p of cache.missing(first, Math.max(first, last))) {
      void actions.messagesPage(p * PAGE, PAGE).then((reply) => {
        cache.take(p, reply);
        bump();
      });
    }
  }, [cache, first, last]);

  // A batch chosen elsewhere: its first message comes into view, unless it is already.
  const target =
    selectedIndex === null ? null : (report.batches[selectedIndex]?.messageIndex ?? null);
  useEffect(() => {
    if (target === null) return;
    const shown = virtualizer.getVirtualItems();
    const inView =
      shown.length > 0 &&
      target > (shown[0]?.index ?? 0) &&
      target < (shown[shown.length - 1]?.index ?? 0);
    if (!inView) virtualizer.scrollToIndex(target, { align: 'start' });
    // Only a new target scrolls: the view's own scrolling must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  return (
    <section className="messages" aria-label="Messages">
      <p className="messages__count muted">
        {formatCount(total, 'message')} · {formatCount(report.batches.length, 'batch')}
      </p>
      <div ref={scroller} className="messages__scroller" tabIndex={0} aria-label="Conversation">
        <ol
          className="messages__list"
          style={{ height: virtualizer.getTotalSize() }}
          aria-rowcount={total}
        >
          {items.map((v) => {
            const m = cache.at(v.index);
            return (
              <li
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                className="messages__item"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                {m === undefined ? (
                  <p className="muted messages__loading">
                    Loading message {formatNumber(v.index)}…
                  </p>
                ) : (
                  <MessageRow
                    m={m}
                    selected={selectedIndex !== null && m.batch === selectedIndex}
                    matched={m.batch >= 0 && isMatch(matches, m.batch)}
                  />
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function MessageRow({
  m,
  selected,
  matched,
}: {
  m: MessageEntry;
  selected: boolean;
  matched: boolean;
}) {
  const role = ROLE_LABEL[m.role] ?? (m.role || 'Message');
  const tag = m.batch >= 0 ? `batch #${formatNumber(m.batch)}` : null;
  const hidden = m.textLength - m.text.length;
  return (
    <article
      className={`message message--${m.role === 'user' || m.role === 'assistant' || m.role === 'tool' ? m.role : 'other'}`}
      aria-label={`Message ${formatNumber(m.index)}: ${role}${tag === null ? '' : `, ${tag}`}`}
      data-selected={selected || undefined}
      data-matched={matched || undefined}
    >
      <header className="message__head">
        <button
          type="button"
          className="message__select link-button"
          disabled={m.near < 0}
          title={m.near < 0 ? 'No batch' : `Select batch #${formatNumber(m.near)}`}
          onClick={() => actions.select(m.near)}
        >
          <span className="message__role">{role}</span>
          <span className="muted"> · message {formatNumber(m.index)}</span>
          {tag !== null && <span className="message__batch">{tag}</span>}
          {matched && <span className="message__match">matches the search</span>}
        </button>
        {m.toolCallId !== null && (
          <span className="muted message__callid">answers {m.toolCallId}</span>
        )}
      </header>
      {m.text !== '' && <TextBlock text={m.text} limit={FOLD} className="message__text" />}
      {hidden > 0 && <p className="muted">({formatNumber(hidden)} more characters not shown)</p>}
      {m.calls.map((c, k) => (
        <div className="message__call" key={k}>
          <p className="message__callname">
            <span aria-hidden="true">→ </span>
            {c.name || '(no name)'}
            {c.id !== '' && <span className="muted"> · {c.id}</span>}
          </p>
          <TextBlock text={c.args} limit={FOLD} className="message__args" />
        </div>
      ))}
    </article>
  );
}
