import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, describeBatch, type DetectorConfig } from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import { run } from '../import/helpers';
import { createReplayHandler } from '../../../src/worker/handle';
import { type PackedReport } from '../../../src/report/packedReport';
import { unpackReport, unpackTranscript } from '../../../src/report/lazyReport';
import type {
  LoadPhase,
  LoadRequest,
  TranscriptInput,
  WorkerResponse,
} from '../../../src/worker/protocol';

const now = () => Promise.resolve();
/** Batch indexes whose packed refused bit (16) is set. */
const refusedIn = (p: PackedReport): number[] =>
  [...p.flags].flatMap((f, i) => ((f & 16) !== 0 ? [i] : []));

const mutating = readFileSync(
  new URL('../../../public/samples/mutating-loop.json', import.meta.url),
  'utf8',
);
const text = (t: string): TranscriptInput => ({ kind: 'text', text: t, name: 'test' });
const strikes3: DetectorConfig = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 };

/** A load request: request and data version 1 and the reference defaults unless given. */
function loadRequest(
  input: TranscriptInput,
  { requestId = 1, dataVersion = 1, config = DEFAULT_CONFIG } = {},
): LoadRequest {
  return { type: 'load', requestId, dataVersion, input, config };
}

type Seen = [LoadPhase, number | null, number | null][];

/**
 * The progress after the read: parsing, then how far the text has been read (rising, within
 * its length, at least once when the messages are read one at a time), then replaying.
 */
function expectParsing(seen: Seen, length: number): void {
  expect(seen[0]).toEqual(['parsing', null, null]);
  expect(seen[seen.length - 1]).toEqual(['replaying', null, null]);
  const steps = seen.slice(1, -1);
  expect(steps.length).toBeGreaterThan(0);
  let last = 0;
  for (const [phase, done, total] of steps) {
    expect([phase, total]).toEqual(['parsing', length]);
    expect(done).toBeGreaterThan(last);
    expect(done).toBeLessThanOrEqual(length);
    last = done as number;
  }
}

function refusedOf(r: WorkerResponse): number[] {
  if (r.type !== 'loaded' && r.type !== 'evaluated')
    throw new Error(`expected a report, got ${r.type}`);
  return refusedIn(r.report);
}

describe('createReplayHandler', () => {
  it('reads a file in phases, reporting each, and sends the defaults once when asked for them', async () => {
    const seen: Seen = [];
    const h = createReplayHandler({
      onProgress: (_req, phase, done, total) => seen.push([phase, done, total]),
    });
    const blob = new Blob([mutating]);
    const r = await h.handle(loadRequest({ kind: 'blob', blob, name: 'm.json' }));
    if (r.type !== 'loaded') throw new Error(`expected loaded, got ${r.type}`);
    expect(seen.slice(0, 2)).toEqual([
      ['reading', null, blob.size],
      ['reading', blob.size, blob.size],
    ]);
    expectParsing(seen.slice(2), mutating.length);
    expect(r.defaultReport).toBeNull();
    expect(refusedIn(r.report)).toEqual([3]);
  });

  it('reads a large file whole, reporting its size before and after, into the same text', async () => {
    const seen: [LoadPhase, number | null, number | null][] = [];
    const h = createReplayHandler({
      onProgress: (_req, phase, done, total) => seen.push([phase, done, total]),
    });
    // 20 MB of padding the replay must see whole, before the mutating loop.
    const big = JSON.stringify({
      messages: [
        { role: 'user', content: 'é'.repeat(10_000_000) },
        ...JSON.parse(mutating).messages,
      ],
    });
    const blob = new Blob([big]);
    const r = await h.handle(loadRequest({ kind: 'blob', blob, name: 'big.json' }));
    if (r.type !== 'loaded') throw new Error(`expected loaded, got ${r.type}`);
    // Read in 1 MB pieces (progressive.ts), the bar moving with each.
    const reads = seen.filter(([phase]) => phase === 'reading');
    expect(reads[0]).toEqual(['reading', null, blob.size]);
    expect(reads.length).toBe(1 + Math.ceil(blob.size / 1_048_576));
    expect(reads.at(-1)).toEqual(['reading', blob.size, blob.size]);
    expectParsing(seen.slice(reads.length), big.length);
    // The same verdicts as the file without the padding: the text arrived whole.
    expect(refusedIn(r.report)).toEqual([3]);
  });

  it('reads a file as text where it can, and as bytes where the bytes matter', async () => {
    const load = async (parts: BlobPart[]) => {
      const r = await createReplayHandler().handle(
        loadRequest({ kind: 'blob', blob: new Blob(parts), name: 'f.json' }),
      );
      if (r.type !== 'loaded') throw new Error(`expected loaded, got ${r.type}`);
      return { warnings: r.report.head.source.warnings, batches: r.report.batchCount };
    };
    const plain = await load([mutating]);
    expect(plain.warnings).toEqual([]);
    // A BOM is dropped on both paths.
    expect(await load([new Uint8Array([0xef, 0xbb, 0xbf]), mutating])).toEqual(plain);
    // A real U+FFFD is text, not an invalid byte: no warning.
    const withReplacement = mutating.replace('"content": "', '"content": "\uFFFD ');
    expect(withReplacement).toContain('\uFFFD');
    expect((await load([withReplacement])).warnings).toEqual([]);
    // An invalid byte is warned about with its offset, as the byte decoder does.
    const at = mutating.indexOf('"content": "') + 12;
    const bad = await load([mutating.slice(0, at), new Uint8Array([0xff]), mutating.slice(at)]);
    expect(bad.warnings).toEqual([
      `The file is not valid UTF-8 (the first bad byte is at offset ${at}); invalid sequences were replaced with U+FFFD.`,
    ]);
    expect(bad.batches).toBe(plain.batches);
  });

  it('loads a transcript and reports for the config and the defaults', async () => {
    const h = createReplayHandler();
    const r = await h.handle(loadRequest(text(mutating), { config: strikes3 }));
    expect(r.type).toBe('loaded');
    if (r.type !== 'loaded') return;
    expect(r.requestId).toBe(1);
    expect(r.dataVersion).toBe(1);
    const t = await unpackTranscript(r.transcript, now);
    const report = await unpackReport(r.report, t, now);
    expect(report.source.format).toBe('openai-chat');
    expect(report.config.maxRepeatedBatchSteps).toBe(3);
    expect(report.batches.filter((b) => b.refused)).toEqual([]);
    if (r.defaultReport === null) throw new Error('expected a separate default report');
    const defaults = await unpackReport(r.defaultReport, t, now);
    expect(defaults.config.maxRepeatedBatchSteps).toBe(2);
    expect(defaults.batches.filter((b) => b.refused).map((b) => b.index)).toEqual([3]);
    expect(r.formatLabel.length).toBeGreaterThan(0);
  });

  it('re-evaluates the cached transcript for a config change', async () => {
    const h = createReplayHandler();
    await h.handle(loadRequest(text(mutating), { dataVersion: 7 }));
    const a = await h.handle({ type: 'evaluate', requestId: 2, dataVersion: 7, config: strikes3 });
    expect(a.type).toBe('evaluated');
    expect(refusedOf(a)).toEqual([]);
    const b = await h.handle({
      type: 'evaluate',
      requestId: 3,
      dataVersion: 7,
      config: DEFAULT_CONFIG,
    });
    expect(refusedOf(b)).toEqual([3]);
  });

  it('reads a Blob and bytes the same as text', async () => {
    const h = createReplayHandler();
    const blob = await h.handle(
      loadRequest({ kind: 'blob', blob: new Blob([mutating]), name: 'm.json' }),
    );
    expect(refusedOf(blob)).toEqual([3]);
    const bytes = await h.handle(
      loadRequest(
        { kind: 'bytes', bytes: new TextEncoder().encode(mutating), name: 'm.json' },
        { requestId: 2, dataVersion: 2 },
      ),
    );
    expect(refusedOf(bytes)).toEqual([3]);
  });

  it('describes one batch of the latest report', async () => {
    const h = createReplayHandler();
    await h.handle(loadRequest(text(mutating)));
    const d = await h.handle({ type: 'details', requestId: 2, dataVersion: 1, batchIndex: 3 });
    expect(d.type).toBe('details');
    if (d.type !== 'details') return;
    expect(d.batchIndex).toBe(3);
    expect(d.details.batchIndex).toBe(3);
    expect(d.details.messageIndex).toBe(8);
    expect(d.details.calls.map((c) => c.name)).toEqual(['write_file']);
  });

  it.each([
    'mutating-loop.json',
    'observation-loop.json',
    'formats/openai-chat.json',
    'formats/anthropic.json',
  ])(
    'describes every batch of %s as the imported messages do, whether it keeps them or their places',
    async (file) => {
      const t = readFileSync(new URL(`../../../public/samples/${file}`, import.meta.url), 'utf8');
      const imported = importTranscript(t, { name: file });
      if (!imported.ok) throw new Error(imported.error.message);
      const { messages } = imported.value;
      const report = run(imported.value);
      expect(imported.value.spanText !== undefined).toBe(file !== 'formats/anthropic.json');
      const h = createReplayHandler();
      await h.handle(loadRequest(text(t)));
      const expectDetails = async () => {
        // Last batch first, so the answers cannot all come from rebuilding in order.
        for (let i = report.batches.length - 1; i >= 0; i--) {
          const d = await h.handle({
            type: 'details',
            requestId: 2,
            dataVersion: 1,
            batchIndex: i,
          });
          if (d.type !== 'details') throw new Error(`expected details, got ${d.type}`);
          expect(d.details).toEqual(describeBatch(messages, report, i));
        }
      };
      await expectDetails();
      // The lanes' input takes the parsed messages and lets them go; details come out the same.
      const zoo = await h.handle({ type: 'zoo', requestId: 3, dataVersion: 1, params: {} });
      expect(zoo.type).toBe('zoo');
      await expectDetails();
    },
  );

  it('returns a syntax error with line and column, and keeps the previous transcript', async () => {
    const h = createReplayHandler();
    await h.handle(loadRequest(text(mutating)));
    const bad = await h.handle(
      loadRequest(text('{\n  "messages": [\n    {"role": "user",, }\n  ]\n}'), {
        requestId: 2,
        dataVersion: 2,
      }),
    );
    expect(bad.type).toBe('error');
    if (bad.type !== 'error') return;
    expect(bad.requestType).toBe('load');
    expect(bad.error.kind).toBe('import');
    if (bad.error.kind !== 'import' || bad.error.error.kind !== 'syntax')
      throw new Error('not a syntax error');
    expect(bad.error.error.line).toBe(3);
    expect(bad.error.error.column).toBeGreaterThan(1);
    expect(bad.error.error.lineText).toContain('"role": "user",,');
    // The previous transcript (version 1) still answers config changes.
    const again = await h.handle({
      type: 'evaluate',
      requestId: 3,
      dataVersion: 1,
      config: strikes3,
    });
    expect(again.type).toBe('evaluated');
  });

  it('lists the supported formats for an unknown one', async () => {
    const h = createReplayHandler();
    const r = await h.handle(loadRequest(text('{"hello": "world"}')));
    expect(r.type).toBe('error');
    if (r.type !== 'error' || r.error.kind !== 'import')
      throw new Error('expected an import error');
    expect(r.error.error.kind).toBe('unknown-format');
    if (r.error.error.kind !== 'unknown-format') return;
    expect(r.error.error.supported.map((f) => f.id)).toContain('anthropic');
  });

  it('answers a request for another transcript version as stale', async () => {
    const h = createReplayHandler();
    const none = await h.handle({
      type: 'evaluate',
      requestId: 1,
      dataVersion: 1,
      config: DEFAULT_CONFIG,
    });
    expect(none.type === 'error' && none.error.kind).toBe('stale');
    await h.handle(loadRequest(text(mutating), { requestId: 2, dataVersion: 5 }));
    const old = await h.handle({
      type: 'evaluate',
      requestId: 3,
      dataVersion: 4,
      config: DEFAULT_CONFIG,
    });
    expect(old).toMatchObject({
      type: 'error',
      requestId: 3,
      dataVersion: 4,
      requestType: 'evaluate',
      error: { kind: 'stale' },
    });
    const details = await h.handle({
      type: 'details',
      requestId: 4,
      dataVersion: 4,
      batchIndex: 0,
    });
    expect(details).toMatchObject({
      type: 'error',
      requestType: 'details',
      error: { kind: 'stale' },
    });
  });

  it('rejects a batch index outside the report', async () => {
    const h = createReplayHandler();
    await h.handle(loadRequest(text(mutating)));
    for (const batchIndex of [-1, 4, 1.5]) {
      const r = await h.handle({ type: 'details', requestId: 2, dataVersion: 1, batchIndex });
      expect(r).toMatchObject({ type: 'error', error: { kind: 'bad-request' } });
    }
  });

  it('runs requests in arrival order, so details follow the load before them', async () => {
    const h = createReplayHandler();
    const load = h.handle(
      loadRequest({ kind: 'blob', blob: new Blob([mutating]), name: 'm.json' }),
    );
    const details = h.handle({ type: 'details', requestId: 2, dataVersion: 1, batchIndex: 3 });
    expect((await load).type).toBe('loaded');
    expect((await details).type).toBe('details');
  });

  it('turns an exception inside the core into an internal error instead of throwing', async () => {
    const h = createReplayHandler();
    const broken = {
      kind: 'blob',
      name: 'x',
      blob: { arrayBuffer: () => Promise.reject(new Error('disk gone')) },
    } as unknown as TranscriptInput;
    const r = await h.handle(loadRequest(broken));
    expect(r).toMatchObject({ type: 'error', error: { kind: 'internal' } });
    if (r.type === 'error')
      expect(r.error.kind === 'internal' && r.error.message).toContain('disk gone');
  });
});
