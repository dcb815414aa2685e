// Key → action, kept apart from what the actions do (navigate.ts) so both can be tested alone.

export type TimelineAction =
  | 'zoom-in'
  | 'zoom-out'
  | 'pan-left'
  | 'pan-right'
  | 'fit'
  | 'next-refusal'
  | 'prev-refusal'
  | 'next-same-signature'
  | 'prev-same-signature'
  | 'next-batch'
  | 'prev-batch'
  | 'first-batch'
  | 'last-batch'
  | 'clear-selection'
  | 'extend-next'
  | 'extend-prev'
  | 'extend-first'
  | 'extend-last';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  readonly shiftKey?: boolean;
}

const MAP: Readonly<Record<string, TimelineAction>> = {
  w: 'zoom-in',
  s: 'zoom-out',
  '+': 'zoom-in',
  '=': 'zoom-in',
  '-': 'zoom-out',
  a: 'pan-left',
  d: 'pan-right',
  f: 'fit',
  n: 'next-refusal',
  p: 'prev-refusal',
  ']': 'next-same-signature',
  '[': 'prev-same-signature',
  ArrowRight: 'next-batch',
  ArrowLeft: 'prev-batch',
  Home: 'first-batch',
  End: 'last-batch',
  Escape: 'clear-selection',
};

/** With Shift, the keys that move the selection grow a range from it instead. */
const SHIFTED: Readonly<Record<string, TimelineAction>> = {
  ArrowRight: 'extend-next',
  ArrowLeft: 'extend-prev',
  Home: 'extend-first',
  End: 'extend-last',
};

/** The action for a key press, or null (modified keys stay with the browser: Ctrl+W must still close the tab). */
export function keyToAction(e: KeyLike): TimelineAction | null {
  if (e.ctrlKey === true || e.metaKey === true || e.altKey === true) return null;
  if (e.shiftKey === true && e.key in SHIFTED) return SHIFTED[e.key] ?? null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return MAP[key] ?? null;
}

/** The key map as text, for the help line and `aria-keyshortcuts`. */
export const KEY_HELP: readonly (readonly [string, string])[] = [
  ['W / S', 'zoom'],
  ['A / D', 'pan'],
  ['F', 'fit'],
  ['N / P', 'next / previous refusal'],
  ['] / [', 'same signature'],
  ['← / →', 'batch'],
  ['Home / End', 'first / last'],
  ['Shift+← / →', 'grow or shrink a range of batches from the selected one'],
  ['Shift+Home / End', 'range to the first / last batch'],
  ['Shift+drag', 'select a range on the timeline or the overview strip'],
];

export const ARIA_KEYSHORTCUTS =
  'W S A D F N P ] [ ArrowLeft ArrowRight Home End Escape Shift+ArrowLeft Shift+ArrowRight Shift+Home Shift+End';
