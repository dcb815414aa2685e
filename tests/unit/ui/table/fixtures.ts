import type { BatchReport, Report, ReportConfig } from '../../../../src/detector/index';
import { DEFAULT_OBSERVATION_TOOLS } from '../../../../src/detector/index';

/** A batch with plain defaults; tests override what they look at. */
export function batch(
  index: number,
  over: Partial<BatchReport> & { names?: string[] } = {},
): BatchReport {
  const { names = ['write_file'], ...rest } = over;
  const calls = names.map((name, k) => ({
    id: `c${index}-${k}`,
    name,
    signature: `${name}:${String(index).padStart(16, '0')}`,
  }));
  return {
    index,
    messageIndex: index * 2 + 1,
    calls,
    signature: calls.map((c) => c.signature).join('|'),
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
    ...rest,
  };
}

export const CONFIG: ReportConfig = {
  mode: 'proxy',
  maxRepeatedBatchSteps: 2,
  maxObservationSteps: 15,
  observationTools: DEFAULT_OBSERVATION_TOOLS,
  maxStagnationSteps: 5,
};

export function report(batches: BatchReport[], config: ReportConfig = CONFIG): Report {
  const first = batches.find((b) => b.refused);
  return {
    schemaVersion: 1,
    source: {
      format: 'openai-chat',
      messages: batches.length * 2 + 1,
      warnings: [],
      referenceScan: 'scanned',
    },
    config,
    batches,
    firstRefusal:
      first === undefined
        ? null
        : {
            batchIndex: first.index,
            messageIndex: first.messageIndex,
            signature: first.signature,
            reason: first.reason ?? 'strikes',
            note: 'note',
            error400: 'error',
          },
    referenceVerdict:
      first === undefined ? { kind: 'pass' } : { kind: 'loop', batchIndex: first.index },
    ledger: { identicalResultRepeats: 0, repeatsNotEvaluated: 0, repeatsRescued: 0 },
    timing: { importMs: 0, replayMs: 0 },
  };
}
