/**
 * The Samples menu's manifests, fetched same-origin and parsed like any other untrusted
 * input: `samples/index.json` lists the detector-behaviour samples (the app opens on the
 * first), `samples/formats/index.json` one small transcript per major input format.
 */
import { isFormatId } from '../import/formatNames';
import type { FormatId } from '../import/types';
import { err, ok, type Result } from '../json/result';

/** The menu group a sample is listed in. */
export type SampleGroup = 'behaviour' | 'formats';

export interface SampleEntry {
  /** Path inside `samples/`, e.g. `mutating-loop.json` or `formats/anthropic.json`. */
  readonly file: string;
  readonly title: string;
  readonly description: string;
  readonly group: SampleGroup;
  /** The format the sample is written in, when the manifest states it (format samples). */
  readonly format?: FormatId;
}

/** One manifest: where it lives, and the folder (under `samples/`) its files are in. */
interface SampleManifest {
  readonly path: string;
  readonly group: SampleGroup;
  /** Prefix of every file it lists, relative to `samples/` ('' or 'formats/'). */
  readonly folder: string;
}

/** The manifests in menu order: behaviour samples first, then one sample per format. */
export const SAMPLE_MANIFESTS: readonly SampleManifest[] = [
  { path: 'samples/index.json', group: 'behaviour', folder: '' },
  { path: 'samples/formats/index.json', group: 'formats', folder: 'formats/' },
];

/** A plain file name: no directories, no scheme, so a sample can only come from `samples/`. */
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/**
 * Parses one manifest: a list of `{file, title, description?, format?}`; bad rows are
 * skipped. `file` is a plain name inside the manifest's folder.
 */
export function parseSampleIndex(
  v: unknown,
  manifest: SampleManifest = SAMPLE_MANIFESTS[0] as SampleManifest,
): Result<SampleEntry[], string> {
  const where = manifest.path;
  if (!Array.isArray(v)) return err(`${where} is not a list.`);
  const out: SampleEntry[] = [];
  for (const row of v as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const r = row as Record<string, unknown>;
    const file = r['file'];
    const title = r['title'];
    const description = r['description'];
    const format = r['format'];
    if (typeof file !== 'string' || !SAFE_FILE.test(file) || file.includes('..')) continue;
    out.push({
      file: `${manifest.folder}${file}`,
      title: typeof title === 'string' && title.trim() !== '' ? title : file,
      description: typeof description === 'string' ? description : '',
      group: manifest.group,
      ...(typeof format === 'string' && isFormatId(format) ? { format } : {}),
    });
  }
  return out.length > 0 ? ok(out) : err(`${where} lists no usable sample.`);
}

/**
 * Fetches and parses every manifest. The behaviour samples are required (their failure is
 * the error); a missing or broken formats manifest only leaves its group out, and says so.
 */
export async function loadSampleManifests(
  fetchText: (path: string) => Promise<string>,
): Promise<{ samples: SampleEntry[]; error: string | null }> {
  const results = await Promise.all(
    SAMPLE_MANIFESTS.map(async (m): Promise<Result<SampleEntry[], string>> => {
      try {
        return parseSampleIndex(JSON.parse(await fetchText(m.path)), m);
      } catch (e) {
        return err(`${m.path} could not be read: ${e instanceof Error ? e.message : String(e)}`);
      }
    }),
  );
  const samples: SampleEntry[] = [];
  let error: string | null = null;
  // In manifest order, so the behaviour manifest's error is the one reported.
  for (const r of results) {
    if (r.ok) samples.push(...r.value);
    else error ??= r.error;
  }
  return { samples, error };
}
