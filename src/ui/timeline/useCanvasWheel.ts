// Wheel zoom on the timeline's canvases, without scrolling the page.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Wheel events on the canvases, listened to non-passively so the page does not scroll while
 * the wheel zooms. The handler may change every render; the listeners stay.
 */
export function useCanvasWheel(
  canvases: readonly RefObject<HTMLCanvasElement | null>[],
  handler: (e: WheelEvent) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const els = canvases.map((r) => r.current).filter((c) => c !== null);
    const on = (e: WheelEvent): void => latest.current(e);
    for (const el of els) el.addEventListener('wheel', on, { passive: false });
    return () => {
      for (const el of els) el.removeEventListener('wheel', on);
    };
    // The canvases are mounted once and live as long as the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
