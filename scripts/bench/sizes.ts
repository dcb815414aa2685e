// The --sizes option of npm run bench: "1,10,100,100x100k" = three realistic transcripts (the
// generator's own batch count) and one of 100 MB with exactly 100,000 batches.

export interface SizeSpec {
  readonly mb: number;
  /** A fixed batch count (texts scaled to fit), or undefined for the realistic generator. */
  readonly batches?: number;
}

export const DEFAULT_SIZES = '1,10,100,100x100k';

/** "100000", "100k" or "1m" as a positive integer, or null. */
function count(raw: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(raw.trim());
  if (m === null) return null;
  const unit = m[2]?.toLowerCase();
  const n = Number(m[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Parses "MB" and "MBxBATCHES" items separated by commas; throws on anything else. */
export function parseSizeList(raw: string): SizeSpec[] {
  return raw.split(',').map((item) => {
    const [mbRaw = '', batchesRaw, extra] = item.trim().split(/x/i);
    const mb = Number(mbRaw);
    if (extra !== undefined || mbRaw.trim() === '' || !Number.isFinite(mb) || mb <= 0) {
      throw new Error(`--sizes wants MB or MBxBATCHES items (e.g. 1,10,100x100k), got "${raw}"`);
    }
    if (batchesRaw === undefined) return { mb };
    const batches = count(batchesRaw);
    if (batches === null) throw new Error(`--sizes: "${batchesRaw}" is not a batch count`);
    return { mb, batches };
  });
}

/** The --sizes value from argv ("--sizes X" or "--sizes=X"), parsed; the default without one. */
export function sizesFromArgv(argv: readonly string[]): SizeSpec[] {
  const i = argv.indexOf('--sizes');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--sizes='))?.slice(8);
  return parseSizeList(raw ?? DEFAULT_SIZES);
}

/** A short label: "100 MB" or "100 MB × 100k batches". */
export function sizeLabel(s: SizeSpec): string {
  if (s.batches === undefined) return `${s.mb} MB`;
  const b = s.batches % 1000 === 0 ? `${s.batches / 1000}k` : String(s.batches);
  return `${s.mb} MB × ${b} batches`;
}
