import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Report } from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import { unpackReport, unpackTranscript } from '../../../src/report/lazyReport';
import type {
  LoadedResponse,
  LoadRequest,
  PartialResponse,
  TranscriptInput,
  WorkerResponse,
} from '../../../src/worker/protocol';
import { codexSession } from '../../e2e/codexSession';

const now = () => Promise.resolve();
const MB = 1_048_576;

function loadRequest(input: TranscriptInput, dataVersion = 1): LoadRequest {
  return { type: 'load', requestId: dataVersion, dataVersion, input, config: DEFAULT_CONFIG };
}

async function reportOf(r: LoadedResponse | PartialResponse): Promise<Report> {
  return unpackReport(r.report, await unpackTranscript(r.transcript, now), now);
}

function loaded(r: WorkerResponse): LoadedResponse {
  if (r.type !== 'loaded') throw new Error(`expected loaded, got ${r.type}`);
  return r;
}

/** What a batch says, without the report's timings. */
const batchesOf = (r: Report) => r.batches.map((b) => ({ ...b }));

describe('a large file read in pieces', () => {
  const session = codexSession(5.5 * MB);
  const blob = new Blob([session]);

  it('previews at doubling sizes, each a prefix of the final report, which is the whole load', async () => {
    const partials: PartialResponse[] = [];
    const shapes = new Set<string | undefined>();
    const h = createReplayHandler({
      onPartial: (p) => partials.push(p),
      onProgress: (_req, phase, _d, _t, preview) => {
        if (phase === 'reading') shapes.add(preview);
      },
    });
    const final = loaded(await h.handle(loadRequest({ kind: 'blob', blob, name: 's.jsonl' })));
    // After 1, 2 and 4 MB of a 5.5 MB file.
    expect(partials.map((p) => p.read)).toEqual([1 * MB, 2 * MB, 4 * MB]);
    expect(shapes).toEqual(new Set([undefined, 'growing']));
    const whole = await reportOf(final);
    const text = loaded(
      await createReplayHandler().handle(
        loadRequest({ kind: 'text', text: session, name: 's.jsonl' }),
      ),
    );
    expect(batchesOf(whole)).toEqual(batchesOf(await reportOf(text)));
    expect(whole.firstRefusal?.batchIndex).toBe(2);
    let last = 0;
    for (const p of partials) {
      const r = await reportOf(p);
      expect(r.batches.length).toBeGreaterThan(last);
      last = r.batches.length;
      expect(r.firstRefusal?.batchIndex).toBe(2);
      expect(batchesOf(r)).toEqual(batchesOf(whole).slice(0, r.batches.length));
    }
    expect(last).toBeLessThan(whole.batches.length);
    expect(final.cut).toBeUndefined();
  });

  it('stops when cut after a preview and keeps the whole lines read so far', async () => {
    const partials: PartialResponse[] = [];
    // The read waits after each piece from the first preview on, until the test cuts it.
    let release: (() => void) | null = null;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const h = createReplayHandler({
      onPartial: (p) => partials.push(p),
      afterPiece: () => (partials.length > 0 ? new Promise<void>(() => undefined) : now()),
    });
    const reply = h.handle(loadRequest({ kind: 'blob', blob, name: 's.jsonl' }));
    while (partials.length === 0) await new Promise((r) => setTimeout(r, 1));
    (release as unknown as () => void)();
    await paused;
    expect(await h.handle({ type: 'cut', requestId: 9, dataVersion: 1 })).toEqual({
      type: 'cut',
      requestId: 9,
      dataVersion: 1,
    });
    const cut = loaded(await reply);
    expect(cut.cut).toEqual({ read: 1 * MB, total: blob.size });
    const kept = await reportOf(cut);
    const preview = await reportOf(partials[0] as PartialResponse);
    const full = await reportOf(
      loaded(await createReplayHandler().handle(loadRequest({ kind: 'blob', blob, name: 's' }, 2))),
    );
    // The preview held back the open batch; the kept report has every whole line of 1 MB, so
    // its last batch may lack the answer the next line held.
    const n = kept.batches.length - 1;
    expect(n).toBeGreaterThanOrEqual(preview.batches.length);
    expect(n).toBeLessThan(full.batches.length);
    expect(batchesOf(kept).slice(0, n)).toEqual(batchesOf(full).slice(0, n));
    expect(partials).toHaveLength(1);
  });

  it('a cut before any preview is no stop: the file is read whole', async () => {
    const h = createReplayHandler();
    await h.handle({ type: 'cut', requestId: 9, dataVersion: 1 });
    const r = loaded(await h.handle(loadRequest({ kind: 'blob', blob, name: 's.jsonl' })));
    expect(r.cut).toBeUndefined();
  });

  it('a request body is previewed from its first messages, each preview a prefix of the load', async () => {
    // 12 MB of batches: a file read at 1 MB a piece, previewed over its first eighth.
    const messages: unknown[] = [{ role: 'user', content: 'fix the build' }];
    for (let i = 0; messages.length < 6_000; i++) {
      const id = `c${i}`;
      const args = JSON.stringify({ cmd: 'make', pass: i % 5, pad: 'p'.repeat(1_000) });
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: { name: 'run', arguments: args } }],
      });
      messages.push({ role: 'tool', tool_call_id: id, content: `fail ${'x'.repeat(900)}` });
    }
    const partials: PartialResponse[] = [];
    const shapes: (string | undefined)[] = [];
    const h = createReplayHandler({
      onPartial: (p) => partials.push(p),
      onProgress: (_req, phase, _d, _t, preview) => {
        if (phase === 'reading') shapes.push(preview);
      },
    });
    const doc = new Blob([JSON.stringify({ model: 'm', messages })]);
    const final = await reportOf(
      loaded(await h.handle(loadRequest({ kind: 'blob', blob: doc, name: 'd.json' }))),
    );
    expect(partials.length).toBeGreaterThan(0);
    for (const p of partials) {
      const r = await reportOf(p);
      expect(r.batches.length).toBeGreaterThan(0);
      expect(batchesOf(r)).toEqual(batchesOf(final).slice(0, r.batches.length));
    }
    // The first preview holds the first refusal, long before the end.
    expect((await reportOf(partials[0] as PartialResponse)).firstRefusal).toEqual(
      final.firstRefusal,
    );
    expect(shapes).toContain('growing');
  });

  it('a JSON document gets no preview, and the progress says it is read whole', async () => {
    const messages = [{ role: 'user', content: 'é'.repeat(3 * MB) }];
    const partials: PartialResponse[] = [];
    const shapes = new Set<string | undefined>();
    const h = createReplayHandler({
      onPartial: (p) => partials.push(p),
      onProgress: (_req, phase, _d, _t, preview) => {
        if (phase === 'reading') shapes.add(preview);
      },
    });
    const doc = new Blob([JSON.stringify({ messages }, null, 2)]);
    loaded(await h.handle(loadRequest({ kind: 'blob', blob: doc, name: 'd.json' })));
    expect(partials).toEqual([]);
    expect(shapes).toEqual(new Set([undefined, 'whole']));
  });
});
