import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  prepareReplay,
  type ChatMessage,
  type DetectorConfig,
  type PreparedReplay,
  type ReportSource,
} from '../../../src/detector/index';
import {
  prepareSweep,
  sweepCellFor,
  sweepThresholds,
  SWEEP_OBSERVATION,
  SWEEP_STRIKES,
} from '../../../src/zoo/index';
import { importTranscript } from '../../../src/import/index';

const SAMPLES = new URL('../../../public/samples/', import.meta.url);
const sampleFiles = readdirSync(SAMPLES).filter((f) => f.endsWith('.json') && f !== 'index.json');
const source: ReportSource = {
  format: 'openai-chat',
  messages: 0,
  warnings: [],
  referenceScan: 'scanned',
};

function messagesOf(file: string): readonly ChatMessage[] {
  const r = importTranscript(readFileSync(new URL(file, SAMPLES), 'utf8'), { name: file });
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return r.value.messages;
}

/** What evaluateReplay says for one cell: the refused batches' count and the first. */
function reference(prepared: PreparedReplay, config: DetectorConfig) {
  const report = evaluateReplay(prepared, config, source);
  const refused = report.batches.filter((b) => b.refused);
  return { refusals: refused.length, firstRefusal: report.firstRefusal?.batchIndex ?? null };
}

function expectEqualToReplay(prepared: PreparedReplay, base: DetectorConfig): void {
  const sweep = sweepThresholds(prepared, base);
  expect(sweep.cells).toHaveLength(SWEEP_STRIKES.length * SWEEP_OBSERVATION.length);
  for (const cell of sweep.cells) {
    const config = {
      ...base,
      maxRepeatedBatchSteps: cell.strikes,
      maxObservationSteps: cell.observation,
    };
    expect(
      { refusals: cell.refusals, firstRefusal: cell.firstRefusal },
      `strikes ${cell.strikes}, observation ${String(cell.observation)}`,
    ).toEqual(reference(prepared, config));
  }
}

describe('sweepThresholds', () => {
  it('finds the 8 samples', () => {
    expect(sampleFiles).toHaveLength(8);
  });

  for (const file of sampleFiles) {
    for (const mode of ['proxy', 'agent'] as const) {
      it(`equals evaluateReplay in every cell: ${file}, ${mode}`, () => {
        const prepared = prepareReplay(messagesOf(file));
        expectEqualToReplay(prepared, { ...DEFAULT_CONFIG, mode });
      });
    }
    it(`equals evaluateReplay with no observation patterns: ${file}`, () => {
      const prepared = prepareReplay(messagesOf(file));
      expectEqualToReplay(prepared, { ...DEFAULT_CONFIG, observationTools: [] });
    });
  }

  it('lays cells out row-major: one row per observation value, one column per strikes', () => {
    const prepared = prepareReplay(messagesOf('mutating-loop.json'));
    const sweep = sweepThresholds(prepared, DEFAULT_CONFIG);
    expect(sweep.cells[0]).toMatchObject({ strikes: 0, observation: 1 });
    expect(sweep.cells[11]).toMatchObject({ strikes: 0, observation: 2 });
    expect(sweep.cells.at(-1)).toMatchObject({ strikes: 10, observation: null });
    expect(sweepCellFor(sweep, 3, null)).toMatchObject({ strikes: 3, observation: null });
    expect(sweepCellFor(sweep, 2, 15)).toMatchObject({ refusals: 1, firstRefusal: 3 });
    expect(sweepCellFor(sweep, 11, 15)).toBeNull();
  });

  it('reuses a compacted input, with custom axes', () => {
    const prepared = prepareReplay(messagesOf('quiet-poll.json'));
    const input = prepareSweep(prepared, DEFAULT_CONFIG);
    const sweep = sweepThresholds(input, DEFAULT_CONFIG, [2], [15, null]);
    expect(sweep.cells.map((c) => c.observation)).toEqual([15, null]);
    expect(sweep.batchCount).toBe(prepared.batchCount);
  });

  it('rejects something that is not a prepared replay', () => {
    expect(() => prepareSweep({ batchCount: 0, prepareMs: 0 }, DEFAULT_CONFIG)).toThrow(TypeError);
  });
});

// Random transcripts mixing repeats, read-only and costly tools, changing answers, unjoinable
// answers and every kind of break: the lean loop must agree with the full replay everywhere.
const NAMES = ['read_file', 'write_file', 'browser_navigate', 'grep_search', 'run'] as const;
type Step =
  | {
      kind: 'batch';
      calls: { name: (typeof NAMES)[number]; arg: number }[];
      answer: number | null;
      repeat: number;
    }
  | { kind: 'user' | 'system' | 'developer' }
  | { kind: 'prose'; text: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('batch' as const),
    calls: fc.array(
      fc.record({ name: fc.constantFrom(...NAMES), arg: fc.integer({ min: 0, max: 2 }) }),
      {
        minLength: 1,
        maxLength: 2,
      },
    ),
    answer: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    repeat: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ kind: fc.constantFrom('user' as const, 'system' as const, 'developer' as const) }),
  fc.record({ kind: fc.constant('prose' as const), text: fc.constantFrom('a', 'b', '') }),
);

function build(steps: readonly Step[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let id = 0;
  for (const s of steps) {
    if (s.kind === 'batch') {
      for (let r = 0; r < s.repeat; r++) {
        const calls = s.calls.map((c) => ({
          id: `c${id++}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify({ p: c.arg }) },
        }));
        out.push({ role: 'assistant', content: '', tool_calls: calls } as unknown as ChatMessage);
        // A null answer leaves the batch unanswered (answers not comparable).
        if (s.answer !== null) {
          for (const c of calls) {
            out.push({
              role: 'tool',
              tool_call_id: c.id,
              content: `out ${s.answer} ${r % 2}`.slice(0, s.answer === 2 ? 5 : 7),
            } as unknown as ChatMessage);
          }
        }
      }
    } else if (s.kind === 'prose') {
      out.push({ role: 'assistant', content: s.text } as unknown as ChatMessage);
    } else {
      out.push({ role: s.kind, content: 'x' } as unknown as ChatMessage);
    }
  }
  return out;
}

describe('sweepThresholds on random transcripts', () => {
  it('equals evaluateReplay on a sample of cells', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 25 }),
        fc.constantFrom('proxy' as const, 'agent' as const),
        fc.integer({ min: 0, max: 10 }),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        (steps, mode, strikes, observation) => {
          const prepared = prepareReplay(build(steps));
          const base = { ...DEFAULT_CONFIG, mode };
          const sweep = sweepThresholds(prepared, base, [strikes], [observation]);
          const cell = sweep.cells[0];
          expect({ refusals: cell?.refusals, firstRefusal: cell?.firstRefusal }).toEqual(
            reference(prepared, {
              ...base,
              maxRepeatedBatchSteps: strikes,
              maxObservationSteps: observation,
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
