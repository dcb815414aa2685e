// A labelled number input with its hint, committing only whole numbers in range.
import { useId, useState } from 'react';

interface Props {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange(value: number): void;
}

/**
 * A labelled integer input. The draft text is local so a half-typed or out-of-range
 * value never reaches the detector; valid values apply on every keystroke.
 */
export function NumberField({ label, hint, value, min, max, disabled = false, onChange }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    // The value changed from outside (reset, URL, import): show it.
    setSynced(value);
    setDraft(String(value));
  }
  const n = Number(draft);
  const valid = /^\d+$/.test(draft.trim()) && n >= min && n <= max;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label mono">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft}
        disabled={disabled}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const v = Number(text);
          if (/^\d+$/.test(text.trim()) && v >= min && v <= max) {
            setSynced(v);
            onChange(v);
          }
        }}
        onBlur={() => {
          if (!valid) setDraft(String(value));
        }}
      />
      <p id={`${id}-hint`} className={valid ? 'field__hint' : 'field__hint field__hint--error'}>
        {valid ? hint : `A whole number from ${min} to ${max}.`}
      </p>
    </div>
  );
}
