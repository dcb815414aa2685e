/**
 * Collects the import warnings a user sees: one-off sentences, plus tallies that
 * become one sentence each ("Synthesized 12 tool-call ids …") so a 100k-message
 * transcript does not produce 100k warnings.
 */
export class Warnings {
  private readonly once: string[] = [];
  private readonly seen = new Set<string>();
  private readonly tallies = new Map<string, { n: number; sentence: (n: number) => string }>();

  /** Adds a one-off sentence (duplicates are dropped). */
  add(sentence: string): void {
    if (this.seen.has(sentence)) return;
    this.seen.add(sentence);
    this.once.push(sentence);
  }

  /** Counts one occurrence of a kind of event; `sentence(n)` is rendered at the end. */
  count(key: string, sentence: (n: number) => string, by = 1): void {
    const t = this.tallies.get(key);
    if (t) t.n += by;
    else this.tallies.set(key, { n: by, sentence });
  }

  /** Appends warnings produced elsewhere (e.g. by the byte decoder). */
  addAll(sentences: readonly string[]): void {
    for (const s of sentences) this.add(s);
  }

  /** All warnings, one-offs first, in the order they were first met. */
  toArray(): string[] {
    return this.toArrayWith([]);
  }

  /** `toArray` as if the one-offs `extra` were added now; the collector itself is unchanged. */
  toArrayWith(extra: readonly string[]): string[] {
    const out = this.once.slice();
    for (const s of extra) if (!this.seen.has(s) && !out.includes(s)) out.push(s);
    for (const t of this.tallies.values()) out.push(t.sentence(t.n));
    return out;
  }
}

/** How a message names the file: its name in quotes, else what it is (`The input`). */
export function inputLabel(name: string | undefined, otherwise: string): string {
  return name ? `“${name}”` : otherwise;
}

/** "1 line" / "3 lines". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
