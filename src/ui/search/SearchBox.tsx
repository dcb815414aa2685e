// The search box: finds batches by tool name, argument or answer text.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { actions, useSearch, useSelection } from '../../state/appStore';
import { isTypingTarget } from '../timeline/globalKeys';
import { matchCountText } from './matches';
import './search.css';

/**
 * One box that finds batches by tool name, argument text or answer text (the worker searches
 * the whole transcript). Enter and Shift+Enter step through the matches; `/` focuses it.
 */
export function SearchBox() {
  const { query, found } = useSearch();
  const { selectedIndex } = useSelection();
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = found?.batches ?? null;
  const none = matches === null || matches.length === 0;

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (e.key !== '/' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target instanceof Element ? e.target : null)) return;
      e.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.stepMatch(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape' && query !== '') {
      e.preventDefault();
      actions.setSearchQuery('');
    }
  };

  return (
    <div
      className="search-box"
      role="search"
      data-search-state={query === '' ? 'idle' : found === null ? 'searching' : 'done'}
    >
      <input
        ref={inputRef}
        type="search"
        className="search-box__input"
        aria-label="Search batches"
        aria-keyshortcuts="/"
        placeholder="Search tools, arguments, answers  /"
        spellCheck={false}
        value={query}
        onChange={(e) => actions.setSearchQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="search-box__count" role="status">
        {matchCountText(query, matches, selectedIndex)}
      </span>
      <button
        type="button"
        className="search-box__step"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={none}
        onClick={() => actions.stepMatch(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="search-box__step"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={none}
        onClick={() => actions.stepMatch(1)}
      >
        ↓
      </button>
    </div>
  );
}
