import { strFromU8, unzipSync } from 'fflate';
import { err, ok, parseJson } from '../detector/index';
import type { Result } from '../detector/index';
import { formatLabel, FORMATS } from './formatList';
import { importSample } from './formats/inspect';
import type { Imported, ImportError } from './types';

const ZSTD = 93;

/**
 * Inspect `.eval` archives: a ZIP with `header.json` (or `_journal/start.json`) and one
 * `samples/<id>_epoch_<n>.json` per sample. Only the first sample is inflated.
 */
export function readZip(bytes: Uint8Array, name?: string): Result<Imported, ImportError> {
  const what = name ? `“${name}”` : 'The archive';
  const names: string[] = [];
  const samples: string[] = [];
  let zstd = false;
  try {
    // First pass: list the entries without inflating any.
    unzipSync(bytes, {
      filter(f) {
        names.push(f.name);
        if (/^samples\/[^/]+\.json$/.test(f.name)) {
          samples.push(f.name);
          if (f.compression === ZSTD) zstd = true;
        }
        return false;
      },
    });
  } catch (e) {
    return err({
      kind: 'invalid',
      message: `${what} is not a readable ZIP archive (${errorText(e)}).`,
    });
  }
  if (!names.includes('header.json') && !names.includes('_journal/start.json')) {
    return err({
      kind: 'unknown-format',
      message: `${what} is a ZIP archive without header.json, so it is not an Inspect .eval log; Loopscope reads no other archives.`,
      supported: FORMATS,
      seen: `a ZIP archive with ${names.length} entries`,
    });
  }
  if (samples.length === 0) return err({ kind: 'invalid', message: `${what} holds no samples.` });
  if (zstd) {
    return err({
      kind: 'invalid',
      message: `${what} stores its samples with Zstandard (ZIP method 93), which Loopscope cannot read yet; convert it with \`inspect log convert --to json\`.`,
    });
  }
  samples.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const first = samples[0] as string;
  let text: string;
  try {
    const files = unzipSync(bytes, { filter: (f) => f.name === first });
    const data = files[first];
    if (!data) return err({ kind: 'invalid', message: `${what}: ${first} could not be read.` });
    text = strFromU8(data);
  } catch (e) {
    return err({
      kind: 'invalid',
      message: `${what}: ${first} could not be inflated (${errorText(e)}).`,
    });
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return err({
      kind: 'invalid',
      message: `${what}: ${first} is not valid JSON (line ${parsed.error.line}, column ${parsed.error.column}).`,
    });
  }
  const out = importSample(parsed.value.value);
  const warnings = out.warnings.slice();
  if (samples.length > 1) {
    warnings.unshift(
      `The archive holds ${samples.length} samples; only the first (${first}) was analysed.`,
    );
  }
  return ok({
    format: 'inspect',
    formatLabel: formatLabel('inspect'),
    messages: out.messages,
    warnings,
    referenceScan: 'scanned',
  });
}

function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}
