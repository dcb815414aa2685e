// The keyboard help dialog: every shortcut of the page, by where it works.
import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../timeline/globalKeys';
import { KEY_HELP } from '../timeline/keys';
import './keyboardHelp.css';

type Row = readonly [keys: string, what: string];

/** Every shortcut of the page, by where it works. */
const SECTIONS: readonly { title: string; rows: readonly Row[] }[] = [
  {
    title: 'Anywhere on the page (not while typing in a field)',
    rows: [
      ...KEY_HELP,
      ['/', 'search batches by tool, arguments or answers'],
      ['B', 'fold or unfold the sidebar (transcript and settings)'],
      ['Esc', 'clear the selection'],
      ['?', 'this help'],
    ],
  },
  {
    title: 'Search box',
    rows: [
      ['Enter / Shift+Enter', 'next / previous match'],
      ['Esc', 'clear the search'],
    ],
  },
  {
    title: 'Detector lanes (when open and focused)',
    rows: [
      ['↑ / ↓', 'previous / next lane'],
      ['← / →', 'previous / next mark in the lane'],
      ['Home / End', 'first / last mark'],
      ['Enter / Space', 'select the mark’s batch'],
    ],
  },
  {
    title: 'Batches table',
    rows: [
      ['↑ / ↓', 'previous / next row'],
      ['PgUp / PgDn', 'a page up / down'],
      ['Home / End', 'first / last row'],
      ['← / →', 'into the row’s tools and signature, whole'],
    ],
  },
  {
    title: 'Elsewhere',
    rows: [
      ['← / →', 'views tabs: previous / next tab'],
      ['↑ / ↓', 'splitter: move the split; observation patterns: previous / next'],
      ['Delete', 'observation patterns: remove the current one'],
    ],
  },
];

const listeners = new Set<() => void>();

/** Opens the keyboard help (from a button anywhere). */
export function openKeyboardHelp(): void {
  for (const l of listeners) l();
}

/** The keyboard-help dialog: `?` anywhere opens it, Escape closes it, focus returns. */
export function KeyboardHelp() {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const open = () => {
      const d = ref.current;
      if (d === null || d.open) return;
      opener.current = document.activeElement;
      d.showModal();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTypingTarget(e.target instanceof Element ? e.target : null)) return;
      e.preventDefault();
      open();
    };
    listeners.add(open);
    document.addEventListener('keydown', onKey);
    return () => {
      listeners.delete(open);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const onClose = () => {
    const back = opener.current;
    opener.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  return (
    <dialog ref={ref} className="key-help" aria-labelledby="key-help-title" onClose={onClose}>
      <div className="key-help__head">
        <h2 id="key-help-title">Keyboard shortcuts</h2>
        <button type="button" className="button" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          <dl>
            {s.rows.map(([keys, what]) => (
              <div key={`${keys}:${what}`}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </dialog>
  );
}
