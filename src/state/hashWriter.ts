/**
 * Paces the page's URL writes. replaceState costs 3–5 ms a call in Chromium (measured at 100k
 * batches), which a zoom or pan paid on every step of a gesture. A single change is written in
 * the next task; a burst at most once every `minGapMs`, its last state always.
 */
export interface HashWriter {
  /** Asks for `hash` to be written; a later ask before the write replaces it. */
  write(hash: string): void;
  /** Drops what waits (a link the user followed is newer). */
  cancel(): void;
}

export function createHashWriter(
  replace: (hash: string) => void,
  minGapMs: number,
  now: () => number = () => performance.now(),
): HashWriter {
  let pending: string | null = null;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const hash = pending;
    pending = null;
    if (hash === null) return;
    last = now();
    replace(hash);
  };
  return {
    write(hash) {
      pending = hash;
      if (timer === null) timer = setTimeout(flush, Math.max(0, last + minGapMs - now()));
    },
    cancel() {
      pending = null;
    },
  };
}
