import { describe, expect, it } from 'vitest';
import {
  globalShortcutApplies,
  isTypingTarget,
  type KeyTarget,
} from '../../../../src/ui/timeline/globalKeys';

function el(tagName: string, attrs: Record<string, string> = {}, inDialog = false): KeyTarget {
  return {
    tagName,
    getAttribute: (n) => attrs[n] ?? null,
    closest: (s) => (s === 'dialog' && inDialog ? {} : null),
  };
}

describe('page-wide timeline shortcuts', () => {
  it('act from the page body and plain content', () => {
    for (const key of ['n', 'p', 'w', 'ArrowRight', 'End', 'Escape']) {
      expect(globalShortcutApplies(key, el('BODY')), key).toBe(true);
      expect(globalShortcutApplies(key, el('DIV')), key).toBe(true);
    }
  });

  it('never while typing in a field', () => {
    expect(isTypingTarget(el('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(globalShortcutApplies('n', el('INPUT', { type: 'number' }))).toBe(false);
    expect(globalShortcutApplies('n', { ...el('DIV'), isContentEditable: true })).toBe(false);
  });

  it('letters act on buttons and checkboxes; their own keys stay with widgets', () => {
    expect(globalShortcutApplies('n', el('BUTTON'))).toBe(true);
    expect(globalShortcutApplies('n', el('INPUT', { type: 'checkbox' }))).toBe(true);
    expect(globalShortcutApplies('ArrowRight', el('INPUT', { type: 'radio' }))).toBe(false);
    expect(globalShortcutApplies('ArrowDown', el('TABLE', { role: 'grid', tabindex: '0' }))).toBe(
      false,
    );
    expect(globalShortcutApplies('Home', el('DIV', { role: 'separator', tabindex: '0' }))).toBe(
      false,
    );
  });

  it('not inside a dialog', () => {
    expect(globalShortcutApplies('n', el('BUTTON', {}, true))).toBe(false);
  });
});
