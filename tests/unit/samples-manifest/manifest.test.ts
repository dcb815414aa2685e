// Both Samples-menu manifests, read from public/ exactly as the app reads them: every entry
// must name a file that exists, is detected as the format it claims and replays cleanly.
// A sample that silently fails to import would show an error the first time someone
// picks it from the menu; this is where that is caught instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, evaluateReplay, prepareReplay } from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import {
  loadSampleManifests,
  parseSampleIndex,
  SAMPLE_MANIFESTS,
  type SampleEntry,
} from '../../../src/state/samples';

const PUBLIC = join(__dirname, '..', '..', '..', 'public');
const SAMPLES = join(PUBLIC, 'samples');

/** The app's fetchText, served from public/ (paths are relative to the page: `samples/…`). */
const fetchText = (path: string) => Promise.resolve(readFileSync(join(PUBLIC, path), 'utf8'));

function rawRows(manifestPath: string): unknown[] {
  return JSON.parse(readFileSync(join(PUBLIC, manifestPath), 'utf8')) as unknown[];
}

function importSample(entry: SampleEntry) {
  // Bytes, as a dropped file reaches the worker; the menu sends text, which the
  // manifest's text-only files make equivalent.
  const bytes = new Uint8Array(readFileSync(join(SAMPLES, entry.file)));
  return importTranscript(bytes, { name: entry.file });
}

function replaySample(entry: SampleEntry) {
  const r = importSample(entry);
  if (!r.ok) throw new Error(`${entry.file}: ${r.error.message}`);
  const v = r.value;
  const report = evaluateReplay(prepareReplay(v.messages), DEFAULT_CONFIG, {
    format: v.format,
    messages: v.messages.length,
    warnings: v.warnings,
    referenceScan: v.referenceScan,
  });
  return { imported: v, report };
}

const all = await loadSampleManifests(fetchText);
const behaviour = all.samples.filter((s) => s.group === 'behaviour');
const formats = all.samples.filter((s) => s.group === 'formats');

describe('the sample manifests', () => {
  it('both load, behaviour samples first, and no row is dropped by the parser', () => {
    expect(all.error).toBeNull();
    for (const m of SAMPLE_MANIFESTS) {
      const parsed = parseSampleIndex(rawRows(m.path), m);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.value).toHaveLength(rawRows(m.path).length);
    }
    expect(behaviour).toHaveLength(8);
    expect(all.samples[0]?.file).toBe('mutating-loop.json');
    expect(all.samples.slice(0, 8)).toEqual(behaviour);
    expect(formats.length).toBeGreaterThanOrEqual(9);
  });

  it('titles are unique across the menu, and every entry has a description', () => {
    const titles = all.samples.map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const s of all.samples) expect(s.description.length).toBeGreaterThan(10);
  });

  it('every file in samples/formats/ is listed, and each format has one sample', () => {
    const onDisk = readdirSync(join(SAMPLES, 'formats'))
      .filter((f) => f !== 'index.json' && f !== 'README.md')
      .map((f) => `formats/${f}`);
    expect(formats.map((s) => s.file).sort()).toEqual(onDisk.sort());
    const ids = formats.map((s) => s.format);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('covers the major formats the issue names', () => {
    expect(formats.map((s) => s.format)).toEqual(
      expect.arrayContaining([
        'openai-chat',
        'anthropic',
        'openai-responses',
        'gemini',
        'claude-code',
        'codex',
        'gemini-cli',
        'otel',
        'inspect',
        'har',
      ]),
    );
  });
});

describe.each(all.samples.map((s) => [s.file, s] as const))('sample %s', (_file, entry) => {
  it('exists', () => {
    expect(statSync(join(SAMPLES, entry.file)).isFile()).toBe(true);
  });

  it('imports with the expected format and replays without error', () => {
    const { imported, report } = replaySample(entry);
    expect(imported.format).toBe(entry.format ?? 'openai-chat');
    expect(imported.referenceScan).toBe('scanned');
    expect(report.batches.length).toBeGreaterThan(0);
    expect(report.source.format).toBe(imported.format);
  });
});

describe.each(formats.map((s) => [s.format, s] as const))('format sample %s', (_id, entry) => {
  it('tells the loop-write-file story: 3 batches, the 3rd refused on strikes', () => {
    const { report } = replaySample(entry);
    expect(report.batches.map((b) => b.refused)).toEqual([false, false, true]);
    expect(report.firstRefusal).toMatchObject({ batchIndex: 2, reason: 'strikes' });
  });

  it(entry.format === 'har' ? 'warns that HAR files hold keys' : 'has no key warning', () => {
    const { imported } = replaySample(entry);
    const keyWarnings = imported.warnings.filter((w) => /API keys/.test(w));
    expect(keyWarnings).toHaveLength(entry.format === 'har' ? 1 : 0);
  });
});
