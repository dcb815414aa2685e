/**
 * Zoo lane results as they cross from the worker: marks as typed columns with their
 * sentences in a table of distinct strings, because a 100k-batch transcript gives lanes
 * with a mark on nearly every batch, and deserialising 100k small objects with a sentence
 * each is a long main-thread task. A reply to a request that already holds the
 * current results (`ZooRequest.haveResultsId`) carries no lanes at all.
 */
import type { ZooLevel, ZooMark, ZooResult } from '../zoo/index';

const LEVELS: readonly ZooLevel[] = ['warn', 'stop', 'advice'];

/** One lane, packed. */
interface PackedLane {
  readonly id: string;
  readonly firstStop: number | null;
  readonly warnings: number;
  readonly batchIndex: Int32Array;
  readonly messageIndex: Int32Array;
  /** Index into `LEVELS`. */
  readonly level: Uint8Array;
  /** Index into `PackedLanes.sentences`. */
  readonly sentence: Uint32Array;
}

/** Every lane of one result set. */
export interface PackedLanes {
  readonly lanes: readonly PackedLane[];
  readonly sentences: readonly string[];
}

/** Packs lane results (in the worker). */
export function packLanes(results: readonly ZooResult[]): PackedLanes {
  const ids = new Map<string, number>();
  const sentences: string[] = [];
  const lanes = results.map((r): PackedLane => {
    const n = r.marks.length;
    const batchIndex = new Int32Array(n);
    const messageIndex = new Int32Array(n);
    const level = new Uint8Array(n);
    const sentence = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const m = r.marks[i] as ZooMark;
      batchIndex[i] = m.batchIndex;
      messageIndex[i] = m.messageIndex;
      level[i] = LEVELS.indexOf(m.level);
      let s = ids.get(m.message);
      if (s === undefined) {
        s = sentences.length;
        ids.set(m.message, s);
        sentences.push(m.message);
      }
      sentence[i] = s;
    }
    return {
      id: r.id,
      firstStop: r.firstStop,
      warnings: r.warnings,
      batchIndex,
      messageIndex,
      level,
      sentence,
    };
  });
  return { lanes, sentences };
}

/** A lane's marks as columns: batch indexes, and levels as indexes into `MARK_LEVELS`. */
export interface MarkColumns {
  readonly batchIndex: Int32Array;
  readonly level: Uint8Array;
}

/** The levels behind `MarkColumns.level`. */
export const MARK_LEVELS = LEVELS;

const columnsOfMarks = new WeakMap<readonly ZooMark[], MarkColumns>();

/**
 * The columns an unpacked marks array came from, if it came from `unpackLanes`: views that
 * count or index 100k marks read these bytes instead of walking the objects.
 */
export function markColumnsOf(marks: readonly ZooMark[]): MarkColumns | undefined {
  return columnsOfMarks.get(marks);
}

/** Rebuilds the lane results (on the main thread). */
export function unpackLanes(packed: PackedLanes): ZooResult[] {
  return packed.lanes.map((l) => {
    const marks: ZooMark[] = new Array<ZooMark>(l.batchIndex.length);
    for (let i = 0; i < marks.length; i++) {
      marks[i] = {
        batchIndex: l.batchIndex[i] as number,
        messageIndex: l.messageIndex[i] as number,
        level: LEVELS[l.level[i] as number] as ZooLevel,
        message: packed.sentences[l.sentence[i] as number] as string,
      };
    }
    columnsOfMarks.set(marks, { batchIndex: l.batchIndex, level: l.level });
    return { id: l.id, marks, firstStop: l.firstStop, warnings: l.warnings };
  });
}

/** The buffers to transfer with packed lanes. */
export function laneTransferables(packed: PackedLanes | null): ArrayBuffer[] {
  if (packed === null) return [];
  return packed.lanes.flatMap((l) => [
    l.batchIndex.buffer as ArrayBuffer,
    l.messageIndex.buffer as ArrayBuffer,
    l.level.buffer as ArrayBuffer,
    l.sentence.buffer as ArrayBuffer,
  ]);
}
