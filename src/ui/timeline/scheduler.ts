// One requestAnimationFrame loop for the timeline (after Perfetto's RafScheduler): any number of
// changes within a frame cost one redraw, and nothing runs while nothing changed.

export interface RafScheduler {
  /** Ask for a redraw on the next frame (idempotent within a frame). */
  schedule(): void;
  /** Cancel a pending frame; later schedule() calls do nothing. */
  dispose(): void;
}

export function createRafScheduler(
  run: () => void,
  raf: (cb: () => void) => number = (cb) => requestAnimationFrame(cb),
  caf: (id: number) => void = (id) => cancelAnimationFrame(id),
): RafScheduler {
  let pending: number | null = null;
  let disposed = false;
  return {
    schedule() {
      if (pending !== null || disposed) return;
      pending = raf(() => {
        pending = null;
        if (!disposed) run();
      });
    },
    dispose() {
      disposed = true;
      if (pending !== null) caf(pending);
      pending = null;
    },
  };
}
