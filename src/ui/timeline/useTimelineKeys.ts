// The timeline's keys: on the canvas, and the same keys from anywhere on the page except
// while typing in a field or when the focused control uses the key itself.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { globalShortcutApplies } from './globalKeys';
import { keyToAction, type TimelineAction } from './keys';
import { applyAction } from './navigate';
import type { Latest } from './paint';
import { extendRange, type RangeStep } from './range';
import { ensureVisible, type Viewport } from './scale';
import { hideTooltip } from './tooltip';
import type { BatchRange, ViewState } from './viewState';

const RANGE_STEPS: Partial<Record<TimelineAction, RangeStep>> = {
  'extend-next': 'next',
  'extend-prev': 'prev',
  'extend-first': 'first',
  'extend-last': 'last',
};

export interface KeysDeps {
  readonly view: RefObject<ViewState>;
  readonly latest: RefObject<Latest>;
  readonly tooltip: RefObject<HTMLDivElement | null>;
  readonly moveTo: (vp: Viewport) => void;
  readonly plotWidth: () => number;
  readonly chooseRange: (range: BatchRange | null) => void;
}

export function useTimelineKeys(d: KeysDeps) {
  const depsRef = useRef(d);
  useLayoutEffect(() => {
    depsRef.current = d;
  });

  const run = (action: TimelineAction): void => {
    const { view, latest, moveTo, plotWidth, chooseRange } = depsRef.current;
    const v = view.current;
    const { model: m, selectedIndex: sel, onSelect: select } = latest.current;
    if (v.vp === null) return;
    // Escape clears a range before the selection.
    if (action === 'clear-selection' && v.range !== null) return chooseRange(null);
    const step = RANGE_STEPS[action];
    if (step !== undefined) {
      const grown = extendRange(v.range, sel, Math.ceil(v.vp.start), step, m.n);
      if (grown === null) return;
      moveTo(ensureVisible(v.vp, m.n, plotWidth(), grown.head));
      return chooseRange(grown.range);
    }
    const next = applyAction(action, { viewport: v.vp, selected: sel }, m, plotWidth());
    moveTo(next.viewport);
    if (next.selected !== sel) select(next.selected);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // The canvases' own handlers have prevented the keys they took.
      if (e.defaultPrevented) return;
      if (!globalShortcutApplies(e.key, e.target instanceof Element ? e.target : null)) return;
      const action = keyToAction(e);
      if (action === null) return;
      e.preventDefault();
      hideTooltip(depsRef.current.tooltip.current);
      run(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // run works through refs only; the listener lives as long as the component.
  }, []);

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const action = keyToAction(e);
    if (action === null) return;
    e.preventDefault();
    hideTooltip(depsRef.current.tooltip.current);
    run(action);
  };

  return { run, onKeyDown };
}
