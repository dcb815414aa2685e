// Canvas backing-store sizing: follow each element's CSS size and the device pixel ratio
// (which changes with browser zoom or another monitor without resizing the element).

export interface CanvasSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Size the canvases' backing stores now and on every change; returns the function that stops
 * watching. `resized[i]` says whether canvas i's backing store changed (and so was cleared):
 * an unchanged size is not assigned again, since assigning even the same size clears it.
 */
export function watchCanvasSizes(
  canvases: readonly HTMLCanvasElement[],
  onResize: (sizes: readonly CanvasSize[], dpr: number, resized: readonly boolean[]) => void,
): { stop: () => void } {
  const measure = (): void => {
    const dpr = window.devicePixelRatio || 1;
    // Every canvas is measured before any is resized: a resize dirties the layout, and the
    // next measurement would force it again, once per canvas.
    const sizes = canvases.map((c) => {
      const r = c.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    const resized = canvases.map((c, i) => {
      const { width, height } = sizes[i] as CanvasSize;
      const w = Math.max(1, Math.round(width * dpr));
      const h = Math.max(1, Math.round(height * dpr));
      const changed = c.width !== w || c.height !== h;
      if (changed) {
        c.width = w;
        c.height = h;
      }
      return changed;
    });
    onResize(sizes, dpr, resized);
  };
  const ro = new ResizeObserver(measure);
  for (const c of canvases) ro.observe(c);
  let mq: MediaQueryList | null = null;
  const onDpr = (): void => {
    measure();
    watchDpr();
  };
  // A resolution query matches only the current ratio; re-arm it after each change.
  const watchDpr = (): void => {
    mq?.removeEventListener('change', onDpr);
    mq = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mq.addEventListener('change', onDpr);
  };
  watchDpr();
  measure();
  return {
    stop: () => {
      ro.disconnect();
      mq?.removeEventListener('change', onDpr);
    },
  };
}
