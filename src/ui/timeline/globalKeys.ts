// Which key presses the page-wide timeline shortcuts take: every one outside a text field,
// except the keys the focused widget itself uses (arrows in the grid, tabs, splitter, radios).

/** The parts of an event target the decision reads (an Element in the browser). */
export interface KeyTarget {
  readonly tagName: string;
  readonly isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  closest?(selector: string): unknown;
}

const TEXT_INPUTS = new Set([
  'text',
  'search',
  'number',
  'email',
  'url',
  'tel',
  'password',
  'date',
  'time',
  '',
]);

/** Keys a focused control may use for itself: they stay with it. */
const WIDGET_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Escape',
]);

/** Whether the user is typing into `t` (a text input, textarea, select or editable element). */
export function isTypingTarget(t: KeyTarget | null): boolean {
  if (t === null) return false;
  const tag = t.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable === true) return true;
  if (tag !== 'INPUT') return false;
  return TEXT_INPUTS.has((t.getAttribute('type') ?? '').toLowerCase());
}

/** Whether `t` is the page itself or plain content, not a control with keys of its own. */
function isPlain(t: KeyTarget | null): boolean {
  if (t === null) return true;
  const tag = t.tagName.toUpperCase();
  if (tag === 'BODY' || tag === 'HTML') return true;
  if (['INPUT', 'BUTTON', 'A', 'SUMMARY', 'SELECT', 'TEXTAREA', 'CANVAS'].includes(tag))
    return false;
  return t.getAttribute('role') === null && t.getAttribute('tabindex') === null;
}

/** Whether a page-wide shortcut should act on a key pressed with focus on `t`. */
export function globalShortcutApplies(key: string, t: KeyTarget | null): boolean {
  if (isTypingTarget(t)) return false;
  if (t?.closest?.('dialog') != null) return false;
  return !WIDGET_KEYS.has(key) || isPlain(t);
}
