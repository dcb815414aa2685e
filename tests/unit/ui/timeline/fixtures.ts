import type { BatchReport, Report } from '../../../../src/detector/report';

// Report builders for the timeline's tests: only the fields the timeline reads matter.

export function batch(index: number, over: Partial<BatchReport> = {}): BatchReport {
  const name = over.calls?.[0]?.name ?? 'write_file';
  return {
    index,
    messageIndex: index * 2 + 1,
    calls: [{ id: `c${index}`, name, signature: `${name}:0000000000000000` }],
    signature: `${name}:0000000000000000`,
    observation: false,
    costly: false,
    threshold: 2,
    ceiling: 15,
    exempt: false,
    count: 1,
    total: 1,
    answersKnown: true,
    outcome: 'not-comparable',
    refused: false,
    reason: null,
    rescued: false,
    identicalResultRepeat: false,
    repeatNotEvaluated: false,
    breakBefore: index === 0 ? 'start' : null,
    ...over,
  };
}

/** A report over `batches`; firstRefusal is the first refused batch, as the replay reports it. */
export function report(batches: readonly BatchReport[]): Report {
  const first = batches.find((b) => b.refused);
  return {
    schemaVersion: 1,
    source: {
      format: 'openai-chat',
      messages: batches.length * 2,
      warnings: [],
      referenceScan: 'scanned',
    },
    config: {
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
      observationTools: [],
      maxStagnationSteps: 5,
    },
    batches,
    firstRefusal: first
      ? {
          batchIndex: first.index,
          messageIndex: first.messageIndex,
          signature: first.signature,
          reason: first.reason ?? 'strikes',
          note: 'note',
          error400: 'error',
        }
      : null,
    referenceVerdict: first ? { kind: 'loop', batchIndex: first.index } : { kind: 'pass' },
    ledger: { identicalResultRepeats: 0, repeatsNotEvaluated: 0, repeatsRescued: 0 },
    timing: { importMs: 0, replayMs: 0 },
  };
}

/** A call with a given tool name and signature. */
export function called(name: string, hash = '0000000000000000'): Partial<BatchReport> {
  return { calls: [{ id: 'x', name, signature: `${name}:${hash}` }], signature: `${name}:${hash}` };
}

/**
 * `n` batches cycling through four tools with counts 1..3; `refused` lists the refused indices
 * (count 3 over threshold 2), every other batch has count <= 2.
 */
export function bigReport(n: number, refused: readonly number[]): Report {
  const tools = ['read_file', 'write_file', 'run_tests', 'grep'];
  const set = new Set(refused);
  const batches: BatchReport[] = [];
  for (let i = 0; i < n; i++) {
    const name = tools[i % tools.length] ?? 'grep';
    const isRefused = set.has(i);
    batches.push(
      batch(i, {
        ...called(name),
        count: isRefused ? 3 : 1 + (i % 2),
        total: isRefused ? 3 : 1 + (i % 2),
        refused: isRefused,
        reason: isRefused ? 'strikes' : null,
      }),
    );
  }
  return report(batches);
}

/** The bucket columns a bar painter reads, from [x0, x1, signature id] per bucket. */
export function barLayout(
  bars: readonly [x0: number, x1: number, sig: number][],
  plot: { x: number; y: number; w: number; h: number },
) {
  return {
    bucketCount: bars.length,
    x0: Float32Array.from(bars.map((b) => b[0])),
    x1: Float32Array.from(bars.map((b) => b[1])),
    sig: Int32Array.from(bars.map((b) => b[2])),
    plot,
  };
}
