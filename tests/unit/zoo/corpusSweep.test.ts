import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  prepareReplay,
  type ReportSource,
} from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import {
  chooseCell,
  describeConflict,
  lessStrict,
  prepareSweep,
  sweepCorpus,
  type CorpusMark,
  type FirstStop,
  type GridCell,
} from '../../../src/zoo/index';

const honest: CorpusMark = { kind: 'honest' };
const loop = (by: number | null = null): CorpusMark => ({ kind: 'loop', by });
const at = (batch: number, position = batch + 1): FirstStop => ({ batch, position });
const cell = (
  strikes: number,
  observation: number | null,
  ...stops: (FirstStop | null)[]
): GridCell => ({ strikes, observation, stops });

function best(marks: CorpusMark[], grid: GridCell[]) {
  const choice = chooseCell(marks, grid);
  return choice.best === null ? null : (grid[choice.best] as GridCell);
}

describe('chooseCell', () => {
  it('finds the one cell that stops every loop and no honest transcript', () => {
    const marks = [honest, loop()];
    const grid = [
      cell(1, 5, at(3), at(4)), // stops the honest one
      cell(2, 5, null, at(6)),
      cell(3, 5, null, null), // lets the loop through
    ];
    const choice = chooseCell(marks, grid);
    expect(choice.best).toBe(1);
    expect(choice.conflicts).toEqual([]);
    expect(choice.cells.map((c) => [c.honestStopped, c.loopsThrough, c.meets])).toEqual([
      [[0], [], false],
      [[], [], true],
      [[], [1], false],
    ]);
  });

  it('prefers the cell that stops the loops earliest, even when it is stricter', () => {
    const marks = [honest, loop(), loop()];
    const grid = [
      cell(4, 10, null, at(9), at(9)),
      cell(2, 10, null, at(5), at(4)),
      cell(3, 10, null, at(3), at(9)),
    ];
    // Added up over the loops: 18, 9, 12 batches before the stops.
    expect(best(marks, grid)).toMatchObject({ strikes: 2 });
  });

  it('breaks a tie towards the least strict cell', () => {
    const marks = [honest, loop()];
    const grid = [
      cell(2, 7, null, at(4)),
      cell(3, 7, null, at(4)),
      cell(3, null, null, at(4)),
      cell(3, 6, null, at(4)),
      cell(2, 30, null, at(4)),
    ];
    expect(best(marks, grid)).toMatchObject({ strikes: 3, observation: 7 });
    expect(lessStrict({ strikes: 3, observation: 1 }, { strikes: 3, observation: null })).toBe(2);
    expect(lessStrict({ strikes: 2, observation: 30 }, { strikes: 3, observation: 1 })).toBe(-1);
  });

  it('counts a loop stopped after its Nth repeat as late, and takes a cell that is in time', () => {
    const marks = [honest, loop(3)];
    const grid = [cell(5, 10, null, at(4, 6)), cell(4, 10, null, at(5, 3))];
    const choice = chooseCell(marks, grid);
    expect(choice.cells[0]?.loopsLate).toEqual([1]);
    expect(choice.cells[0]?.meets).toBe(false);
    expect(choice.cells[1]?.loopsLate).toEqual([]);
    // The late cell stops the loop at an earlier batch, but misses the mark.
    expect(choice.best).toBe(1);
    // Exactly the Nth repeat is in time.
    expect(chooseCell([loop(6)], [cell(5, 10, at(4, 6))]).best).toBe(0);
  });

  it('says a loop is stopped by its Nth repeat in no cell, with the earliest any cell manages', () => {
    const marks = [honest, loop(2)];
    const grid = [
      cell(2, 10, null, at(4, 3)),
      cell(3, 10, null, at(5, 4)),
      cell(4, 10, null, null),
    ];
    const choice = chooseCell(marks, grid);
    expect(choice.best).toBeNull();
    expect(choice.conflicts).toEqual([{ kind: 'loop-unstopped', loop: 1, earliest: 3 }]);
    const names = ['calm.json', 'poll.json'];
    expect(describeConflict(choice.conflicts[0]!, marks, (i) => names[i]!)).toBe(
      'loop "poll.json" is stopped by its 2nd repeat by no cell (the earliest any cell stops it is its 3rd repeat)',
    );
  });

  it('names the honest transcript stopped by every cell that stops a loop', () => {
    const marks = [honest, honest, loop()];
    const grid = [
      cell(1, 5, at(2), null, at(3)),
      cell(2, 5, at(4), null, at(5)),
      cell(3, 5, null, null, null),
    ];
    const choice = chooseCell(marks, grid);
    expect(choice.best).toBeNull();
    expect(choice.conflicts).toEqual([{ kind: 'honest-vs-loop', loop: 2, honest: [0] }]);
    const names = ['codex-poll.jsonl', 'calm.json', 'build-poll.json'];
    expect(describeConflict(choice.conflicts[0]!, marks, (i) => names[i]!)).toBe(
      'every cell that stops loop "build-poll.json" also stops honest "codex-poll.jsonl"',
    );
  });

  it('names an honest transcript every cell stops', () => {
    const marks = [honest, loop()];
    const grid = [cell(1, 5, at(2), at(3)), cell(2, 5, at(4), null)];
    expect(chooseCell(marks, grid).conflicts).toEqual([{ kind: 'honest-always', honest: 0 }]);
  });

  it('names two loops no cell stops together', () => {
    const marks = [loop(), loop()];
    const grid = [cell(1, 5, at(2), null), cell(2, 5, null, at(4))];
    expect(chooseCell(marks, grid).conflicts).toEqual([{ kind: 'loops-apart', loops: [0, 1] }]);
  });

  it('names the closest cell when every cell that stops all loops stops one honest or another', () => {
    const marks = [honest, honest, loop(), loop()];
    const grid = [
      cell(1, 5, at(1), null, at(2), at(2)),
      cell(3, 5, null, at(1), at(2), at(2)),
      cell(2, 5, null, null, at(2), null),
      cell(2, 6, null, null, null, at(2)),
      cell(4, 5, null, null, null, null),
    ];
    const choice = chooseCell(marks, grid);
    expect(choice.conflicts).toEqual([
      { kind: 'together', strikes: 3, observation: 5, honest: [1] },
    ]);
    const names = ['a', 'b', 'x', 'y'];
    expect(describeConflict(choice.conflicts[0]!, marks, (i) => names[i]!)).toBe(
      'every cell that stops all the loops stops an honest transcript; the closest, strikes 3, observation 5, stops "b"',
    );
  });

  it('with only honest transcripts, takes the least strict cell', () => {
    const grid = [cell(2, 15, null), cell(10, null, null), cell(10, 30, null)];
    expect(best([honest], grid)).toMatchObject({ strikes: 10, observation: 30 });
  });
});

const SAMPLES = new URL('../../../public/samples/', import.meta.url);
const sampleFiles = readdirSync(SAMPLES).filter((f) => f.endsWith('.json') && f !== 'index.json');
const source: ReportSource = {
  format: 'openai-chat',
  messages: 0,
  warnings: [],
  referenceScan: 'scanned',
};

function prepared(file: string) {
  const r = importTranscript(readFileSync(new URL(file, SAMPLES), 'utf8'), { name: file });
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return prepareReplay(r.value.messages);
}

describe('sweepCorpus', () => {
  for (const mode of ['proxy', 'agent'] as const) {
    it(`gives each transcript's first refusal and run position as evaluateReplay does (${mode})`, () => {
      const config = { ...DEFAULT_CONFIG, mode };
      const preps = sampleFiles.map(prepared);
      const sweep = sweepCorpus(
        preps.map((p, i) => ({
          name: sampleFiles[i]!,
          mark: honest,
          input: prepareSweep(p, config),
        })),
      );
      expect(sweep.cells).toHaveLength(11 * 31);
      let stopped = 0;
      for (const c of sweep.cells) {
        const cfg = {
          ...config,
          maxRepeatedBatchSteps: c.strikes,
          maxObservationSteps: c.observation,
        };
        preps.forEach((p, i) => {
          const report = evaluateReplay(p, cfg, source);
          const first = report.firstRefusal;
          const expected =
            first === null
              ? null
              : { batch: first.batchIndex, position: report.batches[first.batchIndex]!.total };
          expect(
            c.stops[i],
            `${sampleFiles[i]} at ${c.strikes} × ${String(c.observation)}`,
          ).toEqual(expected);
          if (expected !== null) stopped++;
        });
      }
      // Not a vacuous comparison: most cells stop some sample.
      expect(stopped).toBeGreaterThan(341);
    });
  }
});
