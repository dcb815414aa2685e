/**
 * The stagnation detector (docs/detector.md §11): counts how often the same assistant prose
 * occurs in a sliding window of the last `max(maxSteps × 4, 1)` recorded turns.
 */

/** The reference's `StagnationDetected{count, max_steps}`. */
export interface StagnationDetected {
  readonly count: number;
  readonly maxSteps: number;
}

/**
 * The reference hashes the text with FNV-1a; equality of the texts themselves (or of
 * interned text ids) is the same test without the collision risk.
 */
export class StagnationDetector {
  private readonly window: (string | number)[] = [];
  private readonly size: number;

  constructor(private readonly maxSteps: number) {
    this.size = Math.max(maxSteps * 4, 1);
  }

  /**
   * Records one assistant turn. Empty text and tool-calling turns (`didWork`) leave no
   * trace. Trips when the text occurs more than `maxSteps` times in the window.
   */
  record(text: string, didWork: boolean): StagnationDetected | null {
    if (didWork || text === '') return null;
    return this.recordKey(text);
  }

  /** `record` for a non-empty, non-working turn already reduced to an exact key. */
  recordKey(key: string | number): StagnationDetected | null {
    const w = this.window;
    w.push(key);
    if (w.length > this.size) w.shift();
    let count = 0;
    for (const k of w) if (k === key) count++;
    return count > this.maxSteps ? { count, maxSteps: this.maxSteps } : null;
  }

  /** Empties the window (the proxy does this at any non-assistant, non-tool message). */
  clear(): void {
    this.window.length = 0;
  }
}
