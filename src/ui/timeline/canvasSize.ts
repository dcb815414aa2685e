// Canvas backing-store sizing: follow each element's CSS size and the device pixel ratio
// (which changes with browser zoom or another monitor without resizing the element).

export interface CanvasSize {
  readonly width: number;
  readonly height: number;
}

/** Size the canvases' backing stores now and on every change; returns the function that stops watching. */
export function watchCanvasSizes(
  canvases: readonly HTMLCanvasElement[],
  onResize: (sizes: readonly CanvasSize[], dpr: number) => void,
): () => void {
  const measure = (): void => {
    const dpr = window.devicePixelRatio || 1;
    const sizes = canvases.map((c) => {
      const r = c.getBoundingClientRect();
      c.width = Math.max(1, Math.round(r.width * dpr));
      c.height = Math.max(1, Math.round(r.height * dpr));
      return { width: r.width, height: r.height };
    });
    onResize(sizes, dpr);
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
  return () => {
    ro.disconnect();
    mq?.removeEventListener('change', onDpr);
  };
}
