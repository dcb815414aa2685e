// The draft of a whole-number input: what is typed stays local until it is a valid value.
import { useState, type ChangeEvent } from 'react';

interface WholeNumberInput {
  /** The text shown, and whether it is a whole number from `min` to `max`. */
  readonly draft: string;
  readonly valid: boolean;
  /** The input's props: every valid keystroke commits; leaving an invalid draft restores. */
  readonly onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  readonly onBlur: () => void;
}

/**
 * A half-typed or out-of-range draft never reaches `commit`; a value changed from outside
 * (a reset, the URL, an import) replaces the draft.
 */
export function useWholeNumber(
  value: number,
  min: number,
  max: number,
  commit: (value: number) => void,
): WholeNumberInput {
  const [draft, setDraft] = useState(String(value));
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    setDraft(String(value));
  }
  const ok = (t: string) => /^\d+$/.test(t.trim()) && Number(t) >= min && Number(t) <= max;
  const valid = ok(draft);
  return {
    draft,
    valid,
    onChange: (e) => {
      const t = e.target.value;
      setDraft(t);
      if (ok(t)) {
        setSynced(Number(t));
        commit(Number(t));
      }
    },
    onBlur: () => {
      if (!valid) setDraft(String(value));
    },
  };
}
