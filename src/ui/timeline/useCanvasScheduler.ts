// One frame scheduler for the timeline's canvases, and their sizes following the elements.
import { useEffect, type RefObject } from 'react';
import { watchCanvasSizes } from './canvasSize';
import { createRafScheduler, type RafScheduler } from './scheduler';
import { P_ALL, P_LANES, P_OVERVIEW, type ViewState } from './viewState';

/**
 * One frame scheduler for the timeline's canvases, and their sizes following the elements and
 * the device pixel ratio: a resized canvas was cleared, so its part is painted again.
 */
export function useCanvasScheduler(
  canvases: readonly [
    RefObject<HTMLCanvasElement | null>,
    RefObject<HTMLCanvasElement | null>,
    RefObject<HTMLCanvasElement | null>,
  ],
  viewRef: RefObject<ViewState>,
  schedulerRef: RefObject<RafScheduler | null>,
  paint: () => void,
): void {
  useEffect(() => {
    const s = createRafScheduler(() => paint());
    schedulerRef.current = s;
    const elements = canvases
      .map((r) => r.current)
      .filter((c): c is HTMLCanvasElement => c !== null);
    const sizes = watchCanvasSizes(elements, ([main, ov, lanesCanvas], dpr, resized) => {
      const v = viewRef.current;
      v.dpr = dpr;
      v.width = main?.width ?? 0;
      v.height = main?.height ?? 0;
      v.ovWidth = ov?.width ?? 0;
      v.ovHeight = ov?.height ?? 0;
      v.lanesWidth = lanesCanvas?.width ?? 0;
      // The bars' size also sets the scale the lanes use.
      const [mainResized, ovResized, lanesResized] = resized;
      v.dirty |=
        (mainResized ? P_ALL : 0) | (ovResized ? P_OVERVIEW : 0) | (lanesResized ? P_LANES : 0);
      if (v.dirty !== 0) s.schedule();
    });
    return () => {
      sizes.stop();
      s.dispose();
      schedulerRef.current = null;
    };
    // paint reads everything through refs; the scheduler lives as long as the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
