// Canvas backing-store sizing: follow each element's CSS size and the device pixel ratio
// (which changes with browser zoom or another monitor without resizing the element).

export interface CanvasSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Size the canvases' backing stores now and on every change; returns the function that stops
 * watching, and `sync`, which measures at once. `resized[i]` says whether canvas i's backing store changed (and so was cleared):
 * an unchanged size is not assigned again, since assigning even the same size clears it.
 */
export function watchCanvasSizes(
  canvases: readonly HTMLCanvasElement[],
  onResize: (sizes: readonly CanvasSize[], dpr: number, resized: readonly boolean[]) => void,
): { stop: () => void; sync: () => void } {
  const measure = (): void => {
    const dpr = window.devicePixelRatio || 1;
    const resized: boolean[] = [];
    const sizes = canvases.map((c) => {
      const r = c.getBoundingClientRect();
      const w = Math.max(1, Math.round(r.width * dpr));
      const h = Math.max(1, Math.round(r.height * dpr));
      const changed = c.width !== w || c.height !== h;
      if (changed) {
        c.width = w;
        c.height = h;
      }
      resized.push(changed);
      return { width: r.width, height: r.height };
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
    // Measures now (a forced layout if the page changed): a redraw that follows a layout shift
    // (a new transcript's legend is taller) sizes its canvases first, instead of painting at
    // the old size and again when the ResizeObserver reports the new one a frame later.
    sync: measure,
  };
}
