// The sidebar (transcript box and settings) folds to a narrow rail, by a button or the B key,
// and stays folded on the next visit: the timeline gets the width.
import { useCallback, useEffect, useState } from 'react';
import { globalShortcutApplies } from '../timeline/globalKeys';
import { readLocal, writeLocal } from './localStore';

const KEY = 'loopscope.sidebar-folded';
/** The page-wide key that folds and unfolds the sidebar. */
const SIDEBAR_KEY = 'b';

/** Whether the sidebar is folded, and the toggle (also bound to the B key). */
export function useSidebarFold(): readonly [boolean, () => void] {
  const [folded, setFolded] = useState(() => readLocal(KEY) === 'true');
  const toggle = useCallback(() => {
    setFolded((f) => {
      writeLocal(KEY, String(!f));
      return !f;
    });
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key.toLowerCase() !== SIDEBAR_KEY) return;
      if (!globalShortcutApplies(e.key, e.target instanceof Element ? e.target : null)) return;
      e.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toggle]);
  return [folded, toggle];
}

/** The fold button at the top of the sidebar (the whole rail when folded). */
export function SidebarFoldButton({
  folded,
  onToggle,
  controls,
}: {
  folded: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <button
      type="button"
      className="panel-button sidebar__fold"
      aria-expanded={!folded}
      aria-controls={controls}
      aria-keyshortcuts="B"
      title={folded ? 'Show the sidebar (B)' : 'Hide the sidebar (B)'}
      onClick={onToggle}
    >
      <span aria-hidden="true">{folded ? '»' : '«'}</span>
      <span className="sr-only">{folded ? 'Show sidebar' : 'Hide sidebar'}</span>
    </button>
  );
}
