import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig, type Report } from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import { unpackReport, unpackTranscript } from '../../../src/report/lazyReport';
import type {
  AppendedResponse,
  LoadedResponse,
  TranscriptInput,
  WorkerResponse,
} from '../../../src/worker/protocol';
import { codexSession } from '../../e2e/codexSession';

const now = () => Promise.resolve();
const lines = codexSession(20_000).split(/(?<=\n)/);
const blob = (ls: readonly string[]) => new Blob([ls.join('')]);

async function reportOf(r: LoadedResponse | AppendedResponse): Promise<Report> {
  return unpackReport(r.report, await unpackTranscript(r.transcript, now), now);
}

function watchLoad(input: TranscriptInput, config: DetectorConfig = DEFAULT_CONFIG) {
  return { type: 'load', requestId: 1, dataVersion: 1, input, config, watch: true } as const;
}

function expectType<T extends WorkerResponse['type']>(r: WorkerResponse, type: T) {
  if (r.type !== type) throw new Error(`expected ${type}, got ${r.type}: ${JSON.stringify(r)}`);
  return r as Extract<WorkerResponse, { type: T }>;
}

describe('a watched file in the worker', () => {
  it('grows with each append, showing only settled batches, and ends as the whole file', async () => {
    const h = createReplayHandler();
    const first = expectType(
      await h.handle(watchLoad({ kind: 'blob', blob: blob(lines.slice(0, 6)), name: 'w.jsonl' })),
      'loaded',
    );
    // The first write is settled (the second call follows its answer); the second waits.
    expect((await reportOf(first)).batches).toHaveLength(1);
    let version = 1;
    let shown = 1;
    let refusedSeen = false;
    for (let at = 6; at < lines.length; at += 3) {
      const r = expectType(
        await h.handle({
          type: 'append',
          requestId: version + 1,
          dataVersion: version + 1,
          previous: version,
          bytes: blob(lines.slice(at, at + 3)),
        }),
        'appended',
      );
      version++;
      const report = await reportOf(r);
      expect(r.dataVersion).toBe(version);
      expect(r.restarted).toBe(false);
      expect(r.newBatches).toBe(report.batches.length - shown);
      shown = report.batches.length;
      if (report.firstRefusal !== null) {
        expect(report.firstRefusal.batchIndex).toBe(2);
        refusedSeen = true;
      }
    }
    expect(refusedSeen).toBe(true);
    const whole = expectType(
      await createReplayHandler().handle({
        type: 'load',
        requestId: 1,
        dataVersion: 1,
        input: { kind: 'text', text: lines.join(''), name: 'w.jsonl' },
        config: DEFAULT_CONFIG,
      }),
      'loaded',
    );
    // At rest, the last batch with all its answers, the watch shows the whole file.
    expect(shown).toBe(whole.report.batchCount);
    // Details and config changes serve the grown transcript, under its new version.
    expect(
      expectType(
        await h.handle({ type: 'details', requestId: 99, dataVersion: version, batchIndex: 2 }),
        'details',
      ).details.batchIndex,
    ).toBe(2);
    const stale = await h.handle({ type: 'details', requestId: 98, dataVersion: 1, batchIndex: 2 });
    expect(expectType(stale, 'error').error.kind).toBe('stale');
  });

  it('a config change applies to later appends', async () => {
    const h = createReplayHandler();
    await h.handle(watchLoad({ kind: 'blob', blob: blob(lines.slice(0, 6)), name: 'w.jsonl' }));
    const strikes3 = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 3 };
    expectType(
      await h.handle({ type: 'evaluate', requestId: 2, dataVersion: 1, config: strikes3 }),
      'evaluated',
    );
    const r = expectType(
      await h.handle({
        type: 'append',
        requestId: 3,
        dataVersion: 2,
        previous: 1,
        bytes: blob(lines.slice(6, 12)),
      }),
      'appended',
    );
    const report = await reportOf(r);
    expect(report.config.maxRepeatedBatchSteps).toBe(3);
    expect(report.firstRefusal).toBeNull();
    expect(r.defaultReport).not.toBeNull();
  });

  it('at rest, holds what it read to the census, in a new version of the same batches', async () => {
    const h = createReplayHandler();
    // A call in a shape the rollout's reader does not know, which only the census sees.
    const odd = `${JSON.stringify({
      type: 'event_msg',
      payload: { functionCall: { name: 'run_shell', args: { command: 'ls' } } },
    })}\n`;
    // The format is forced, so the whole import says so too rather than read it by shape.
    const load = watchLoad({ kind: 'blob', blob: blob(lines), name: 'w.jsonl' });
    expectType(await h.handle({ ...load, format: 'codex' }), 'loaded');
    const grow = { type: 'append', requestId: 2, dataVersion: 2, previous: 1 } as const;
    const grown = expectType(await h.handle({ ...grow, bytes: blob([odd]) }), 'appended');
    const before = await reportOf(grown);
    expect(before.source.census).toBeUndefined();
    const rest = { type: 'append', requestId: 3, dataVersion: 3, previous: 2, rest: true } as const;
    const r = expectType(await h.handle({ ...rest, bytes: new Blob([]) }), 'appended');
    const after = await reportOf(r);
    expect(r.newBatches).toBe(0);
    expect(after.batches).toEqual(before.batches);
    const read = after.batches.reduce((n, b) => n + b.calls.length, 0);
    expect(after.source.census?.toolCalls).toBe(read + 1);
    expect(after.source.warnings).toContainEqual(
      expect.stringMatching(/^1 of the \d+ tool calls in the file were not read/),
    );
  });

  it('refuses an append to a transcript that is not watched', async () => {
    const h = createReplayHandler();
    await h.handle({
      ...watchLoad({ kind: 'text', text: lines.join(''), name: 'w' }),
      watch: false,
    });
    const r = await h.handle({
      type: 'append',
      requestId: 2,
      dataVersion: 2,
      previous: 1,
      bytes: blob(['x']),
    });
    expect(expectType(r, 'error').error.kind).toBe('bad-request');
  });
});
