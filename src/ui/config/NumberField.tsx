// A labelled number input with its hint, committing only whole numbers in range.
import { useId } from 'react';
import { useWholeNumber } from './useWholeNumber';

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
  const { draft, valid, onChange: typed, onBlur } = useWholeNumber(value, min, max, onChange);
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
        onChange={typed}
        onBlur={onBlur}
      />
      <p id={`${id}-hint`} className={valid ? 'field__hint' : 'field__hint field__hint--error'}>
        {valid ? hint : `A whole number from ${min} to ${max}.`}
      </p>
    </div>
  );
}
