// The keyboard help dialog: every shortcut of the page, by where it works.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../timeline/globalKeys';
import './keyboardHelp.css';

const KeyboardHelpSections = lazy(() =>
  import('./KeyboardHelpSections').then((m) => ({ default: m.KeyboardHelpSections })),
);

const listeners = new Set<() => void>();

/** Opens the keyboard help (from a button anywhere). */
export function openKeyboardHelp(): void {
  for (const l of listeners) l();
}

/** The keyboard-help dialog: `?` anywhere opens it, Escape closes it, focus returns. */
export function KeyboardHelp() {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const open = () => {
      const d = ref.current;
      if (d === null || d.open) return;
      setShown(true);
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
      <Suspense fallback={<p role="status">Loading…</p>}>
        {shown ? <KeyboardHelpSections /> : null}
      </Suspense>
    </dialog>
  );
}
