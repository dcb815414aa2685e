import { useId, useState } from 'react';
import { DEFAULT_OBSERVATION_TOOLS } from '../../detector/config';
import { splitPatternList } from '../../state/configCodec';

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
  if (!same(applied(draft), patterns)) setDraft(patterns); // changed from outside

  const update = (next: readonly string[]) => {
    setDraft(next);
    const a = applied(next);
    if (!same(a, patterns)) onChange(a);
  };
  const isDefault = same(patterns, DEFAULT_OBSERVATION_TOOLS);
  const add = () => {
    const items = splitPatternList(newPattern);
    if (items.length === 0) return;
    update([...draft, ...items]);
    setNewPattern('');
  };

  return (
    <fieldset className="pattern-editor">
      <legend className="field__label mono">observation_tools</legend>
      <p className="field__hint">
        {patterns.length} {patterns.length === 1 ? 'pattern' : 'patterns'}
        {isDefault ? ' (the defaults)' : ''}; a tool name containing one is read-only.
      </p>
      <ul className="pattern-editor__list" aria-label="Observation tool patterns">
        {draft.map((p, i) => (
          <li key={i} className="pattern-editor__row">
            <input
              type="text"
              className="mono"
              value={p}
              aria-label={`Pattern ${i + 1}`}
              spellCheck={false}
              onChange={(e) => update(draft.map((q, j) => (j === i ? e.target.value : q)))}
            />
            <button
              type="button"
              className="button button--icon button--small"
              aria-label={`Remove pattern ${p === '' ? i + 1 : p}`}
              title="Remove"
              onClick={() => update(draft.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="pattern-editor__add">
        <input
          type="text"
          className="mono"
          value={newPattern}
          aria-label="New pattern"
          placeholder="new pattern"
          spellCheck={false}
          onChange={(e) => setNewPattern(e.target.value)}
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
