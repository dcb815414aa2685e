/**
 * The Samples menu's index (`public/samples/index.json`), fetched same-origin and parsed
 * like any other untrusted input.
 */
import { err, ok, type Result } from '../detector/result';

export interface SampleEntry {
  /** File name inside `samples/`, e.g. `mutating-loop.json`. */
  readonly file: string;
  readonly title: string;
  readonly description: string;
}

/** A plain file name: no directories, no scheme, so a sample can only come from `samples/`. */
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** Parses index.json: a list of `{file, title, description?}`; bad rows are skipped. */
export function parseSampleIndex(v: unknown): Result<SampleEntry[], string> {
  if (!Array.isArray(v)) return err('samples/index.json is not a list.');
  const out: SampleEntry[] = [];
  for (const row of v as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const r = row as Record<string, unknown>;
    const file = r['file'];
    const title = r['title'];
    const description = r['description'];
    if (typeof file !== 'string' || !SAFE_FILE.test(file) || file.includes('..')) continue;
    out.push({
      file,
      title: typeof title === 'string' && title.trim() !== '' ? title : file,
      description: typeof description === 'string' ? description : '',
    });
  }
  return out.length > 0 ? ok(out) : err('samples/index.json lists no usable sample.');
}
