// The editor of the observation-tool patterns: a list to add to, edit and remove from.
import { useId, useState, type KeyboardEvent } from 'react';
import { DEFAULT_OBSERVATION_TOOLS } from '../../detector/config';
import { splitPatternList } from '../../state/configCodec';
import { patternRefusal } from './patternRefusal';

interface Props {
  patterns: readonly string[];
  onChange(patterns: readonly string[]): void;
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** The non-empty entries: an empty pattern would match every tool name (substring ""). */
const applied = (draft: readonly string[]) => draft.filter((p) => p !== '');

/**
 * `observation_tools` as an editable list. The rows are a local draft so an entry being
 * retyped (briefly empty) keeps its row; the detector gets the non-empty entries.
 */
export function PatternListEditor({ patterns, onChange }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<readonly string[]>(patterns);
  const [newPattern, setNewPattern] = useState('');
  const [pasted, setPasted] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  // The list is one tab stop: arrows move the current entry, which the field below edits.
  const [active, setActive] = useState(0);
  if (!same(applied(draft), patterns)) setDraft(patterns); // changed from outside
  const current = Math.min(active, draft.length - 1);

  const update = (next: readonly string[]) => {
    setDraft(next);
    const a = applied(next);
    if (!same(a, patterns)) onChange(a);
  };
  const isDefault = same(patterns, DEFAULT_OBSERVATION_TOOLS);
  const add = () => {
    const items: string[] = [];
    let why: string | null = null;
    for (const p of splitPatternList(newPattern)) {
      const r = patternRefusal(p, [...draft, ...items]);
      if (r === null) items.push(p);
      else why ??= r;
    }
    setRefused(why);
    if (items.length === 0) return;
    update([...draft, ...items]);
    setActive(draft.length + items.length - 1);
    setNewPattern('');
  };
  const remove = (i: number) => {
    update(draft.filter((_, j) => j !== i));
    setActive(Math.max(0, Math.min(i, draft.length - 2)));
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = draft.length - 1;
    const to: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      Home: 0,
      End: last,
    };
    if (e.key in to) {
      e.preventDefault();
      setActive(to[e.key] as number);
      document.getElementById(`${id}-opt-${to[e.key]}`)?.scrollIntoView({ block: 'nearest' });
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && current >= 0) {
      e.preventDefault();
      remove(current);
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      document.getElementById(`${id}-edit`)?.focus();
    }
  };
  const currentText = draft[current];

  return (
    <fieldset className="pattern-editor">
      <legend className="field__label mono">observation_tools</legend>
      <p className="field__hint">
        {patterns.length} {patterns.length === 1 ? 'pattern' : 'patterns'}
        {isDefault ? ' (the defaults)' : ''}; a tool name containing one is read-only.
      </p>
      <ul
        className="pattern-editor__list"
        role="listbox"
        aria-label="Observation tool patterns"
        tabIndex={0}
        aria-activedescendant={current >= 0 ? `${id}-opt-${current}` : undefined}
        onKeyDown={onListKey}
      >
        {draft.map((p, i) => (
          <li
            key={i}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === current}
            className="pattern-editor__row mono"
            onClick={() => setActive(i)}
          >
            <span className="pattern-editor__text">{p === '' ? '(empty)' : p}</span>
            {/* For the pointer; the keyboard has Delete and the Remove button below. */}
            <span
              className="pattern-editor__remove"
              aria-hidden="true"
              title="Remove"
              onClick={(e) => {
                e.stopPropagation();
                remove(i);
              }}
            >
              ×
            </span>
          </li>
        ))}
      </ul>
      {currentText === undefined ? null : (
        <div className="pattern-editor__edit">
          <input
            id={`${id}-edit`}
            type="text"
            className="mono"
            value={currentText}
            aria-label={`Pattern ${current + 1}`}
            spellCheck={false}
            onChange={(e) => update(draft.map((q, j) => (j === current ? e.target.value : q)))}
          />
          <button
            type="button"
            className="button button--small"
            aria-label={`Remove pattern ${currentText === '' ? current + 1 : currentText}`}
            onClick={() => remove(current)}
          >
            Remove
          </button>
        </div>
      )}
      <div className="pattern-editor__add">
        <input
          type="text"
          className="mono"
          value={newPattern}
          aria-label="New pattern"
          placeholder="new pattern"
          spellCheck={false}
          aria-describedby={`${id}-refused`}
          onChange={(e) => {
            setNewPattern(e.target.value);
            setRefused(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--small" onClick={add}>
          Add pattern
        </button>
      </div>
      <p id={`${id}-refused`} className="field__hint pattern-editor__refused" role="status">
        {refused ?? ''}
      </p>
      <div className="pattern-editor__paste">
        <label htmlFor={`${id}-paste`} className="field__hint">
          Paste a list (comma- or newline-separated)
        </label>
        <textarea
          id={`${id}-paste`}
          className="mono"
          rows={2}
          value={pasted}
          spellCheck={false}
          onChange={(e) => setPasted(e.target.value)}
        />
        <div className="row-gap">
          <button
            type="button"
            className="button button--small"
            disabled={pasted.trim() === ''}
            onClick={() => {
              update(splitPatternList(pasted));
              setPasted('');
            }}
          >
            Replace list
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={isDefault}
            onClick={() => update(DEFAULT_OBSERVATION_TOOLS)}
          >
            Reset to defaults
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={patterns.length === 0}
            onClick={() => update([])}
          >
            Clear
          </button>
        </div>
      </div>
    </fieldset>
  );
}
