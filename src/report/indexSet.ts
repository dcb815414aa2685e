/**
 * A read-only set of batch indexes over one byte per batch. A config change can change the
 * verdict of most of 100k batches; a `Set` of them costs a hash insert per batch, and marking
 * them on the timeline pyramid a walk up every level per batch. Here membership is a byte,
 * and consumers that know the type (`withChanged`) read the bytes directly.
 */
export class IndexSet implements ReadonlySet<number> {
  readonly size: number;

  /**
   * `marks[i] !== 0` means index `i` is in the set; the array is kept, not copied. A caller
   * that counted the marks as it set them passes the count (no second pass over 100k bytes).
   */
  constructor(
    readonly marks: Uint8Array,
    size?: number,
  ) {
    if (size === undefined) {
      size = 0;
      for (let i = 0; i < marks.length; i++) if (marks[i] !== 0) size++;
    }
    this.size = size;
  }

  has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && this.marks[index] !== undefined
      ? this.marks[index] !== 0
      : false;
  }

  *values(): SetIterator<number> {
    for (let i = 0; i < this.marks.length; i++) if (this.marks[i] !== 0) yield i;
  }

  keys(): SetIterator<number> {
    return this.values();
  }

  *entries(): SetIterator<[number, number]> {
    for (const i of this.values()) yield [i, i];
  }

  [Symbol.iterator](): SetIterator<number> {
    return this.values();
  }

  forEach(
    fn: (value: number, key: number, set: ReadonlySet<number>) => void,
    thisArg?: unknown,
  ): void {
    for (const i of this.values()) fn.call(thisArg, i, i, this);
  }
}
