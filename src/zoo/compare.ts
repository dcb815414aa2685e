/** The zoo's comparison table: per lane, first stop, warnings and the batches only it flags. */
import type { ZooResult } from './types';

/** One row of the comparison table. */
export interface ZooComparison {
  readonly id: string;
  readonly firstStop: number | null;
  readonly warnings: number;
  readonly stops: number;
  /** Batches this lane marks (any level). */
  readonly flagged: number;
  /** Batches this lane marks that no other lane marks and the reference did not refuse, ascending. */
  readonly onlyHere: readonly number[];
}

/**
 * Compares lanes with each other and with the reference's refused batches: what each one
 * flags that nothing else does.
 */
export function compareZoo(
  results: readonly ZooResult[],
  referenceRefusedBatches: ReadonlySet<number>,
): ZooComparison[] {
  // How many lanes mark each batch.
  const markedBy = new Map<number, number>();
  for (const r of results) {
    for (const b of new Set(r.marks.map((m) => m.batchIndex))) {
      markedBy.set(b, (markedBy.get(b) ?? 0) + 1);
    }
  }
  return results.map((r) => {
    const own = Array.from(new Set(r.marks.map((m) => m.batchIndex))).sort((a, b) => a - b);
    return {
      id: r.id,
      firstStop: r.firstStop,
      warnings: r.warnings,
      stops: r.marks.filter((m) => m.level === 'stop').length,
      flagged: own.length,
      onlyHere: own.filter((b) => markedBy.get(b) === 1 && !referenceRefusedBatches.has(b)),
    };
  });
}
