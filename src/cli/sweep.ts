/**
 * `loopscope --sweep --honest PATH… --loop PATH[@N]…`: the thresholds chosen across a corpus
 * (docs/report.md §5.7). Every marked transcript is imported and prepared once, compacted for
 * the mode and patterns, and swept over the grid; the grid is printed with a mark per cell, and
 * the best cell in one line (or, with `--json`, as a config `--config` reads back).
 */
import { prepareReplay, proxyAppliesLine, type DetectorConfig } from '../detector/index';
import { corpusParts } from '../import/corpus';
import { isNotTranscript, isTranscriptName } from '../import/folder';
import { importConversations, type ImportOptions } from '../import/index';
import {
  cellLabel,
  describeConflict,
  prepareSweep,
  sweepCorpus,
  type CorpusMark,
  type CorpusSweep,
  type JudgedCell,
  type MarkedTranscript,
} from '../zoo/index';
import type { MarkedPath } from './args';
import { importErrorText } from './corpus';
import type { CorpusIo } from './corpusRun';
import { readFailure } from './readFailure';

type SweepIo = Pick<CorpusIo, 'readFile' | 'listFolder' | 'stdout' | 'stderr'>;

/** A transcript that cannot be swept: the one stderr line, exit status 2. */
class SweepInputFailure {
  constructor(readonly line: string) {}
}

function markOf(m: MarkedPath): CorpusMark {
  return m.mark === 'honest' ? { kind: 'honest' } : { kind: 'loop', by: m.by };
}

/**
 * Every conversation of one file, compacted for the sweep. A file found in a folder that is no
 * transcript at all is skipped, as a corpus run skips it; any other failure stops the sweep,
 * since a choice made without a marked transcript would not be the one asked for.
 */
function transcriptsOf(
  file: string,
  inFolder: boolean,
  mark: CorpusMark,
  config: DetectorConfig,
  importOpts: Pick<ImportOptions, 'format' | 'clineResults'>,
  io: SweepIo,
): MarkedTranscript[] {
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(file);
  } catch (e) {
    throw new SweepInputFailure(readFailure(file, e));
  }
  const out: MarkedTranscript[] = [];
  for (const part of corpusParts(bytes, file)) {
    const imported = importConversations(part.input, importOpts);
    if (!imported.ok) {
      if (inFolder && isNotTranscript(imported.error)) continue;
      const where = part.line === null ? file : `${file}:${part.line}`;
      throw new SweepInputFailure(`${where}: ${importErrorText(imported.error)}`);
    }
    const several = imported.value.length > 1;
    for (const value of imported.value) {
      const label = value.conversations[value.conversation]?.label;
      const at = part.line === null ? file : `${file}:${part.line}`;
      // Named as the corpus table names its rows (`resultName`).
      const name = several && label !== undefined ? `${at} # ${label}` : at;
      const input = prepareSweep(prepareReplay(value.messages), config);
      out.push({ name, mark, input });
    }
  }
  return out;
}

/** Every marked path's transcripts, a folder's in its sorted order. */
function loadMarked(
  marked: readonly MarkedPath[],
  config: DetectorConfig,
  importOpts: Pick<ImportOptions, 'format' | 'clineResults'>,
  io: SweepIo,
): MarkedTranscript[] {
  const out: MarkedTranscript[] = [];
  for (const m of marked) {
    const listed = io.listFolder(m.path);
    const mark = markOf(m);
    if (listed === null) {
      for (const t of transcriptsOf(m.path, false, mark, config, importOpts, io)) out.push(t);
      continue;
    }
    const before = out.length;
    for (const file of listed) {
      if (isTranscriptName(file)) {
        for (const t of transcriptsOf(file, true, mark, config, importOpts, io)) out.push(t);
      }
    }
    if (out.length === before)
      throw new SweepInputFailure(`${m.path}: the folder holds no transcript`);
  }
  return out;
}

/** The grid's legend: one character a cell. */
export const SWEEP_LEGEND =
  '* best, + meets every mark, H stops an honest transcript, L lets a loop through, l stops a loop after its Nth repeat, X both H and L (or l)';

/** One character for a judged cell (the best cell is `*`). */
export function cellChar(c: JudgedCell, best: boolean): string {
  if (best) return '*';
  if (c.meets) return '+';
  const honest = c.honestStopped.length > 0;
  const missed = c.loopsThrough.length > 0 || c.loopsLate.length > 0;
  if (honest && missed) return 'X';
  if (honest) return 'H';
  return c.loopsThrough.length > 0 ? 'L' : 'l';
}

/** The grid as text: a row per strikes value, a column per observation value (`-` = unset). */
export function formatSweepGrid(sweep: CorpusSweep): string {
  const cols = sweep.observation.map((o) => (o === null ? '-' : String(o)));
  const width = Math.max(...cols.map((c) => c.length)) + 1;
  const label = 'strikes';
  const head = `${'obs'.padStart(label.length)} ${cols.map((c) => c.padStart(width)).join('')}`;
  const lines = [head];
  const n = sweep.strikes.length;
  sweep.strikes.forEach((s, col) => {
    let row = `${String(s).padStart(label.length)} `;
    sweep.observation.forEach((_, r) => {
      const i = r * n + col;
      const c = sweep.cells[i] as JudgedCell;
      row += cellChar(c, i === sweep.best).padStart(width);
    });
    lines.push(row);
  });
  return lines.join('\n');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The counts of honest and loop transcripts. */
function marksLine(sweep: CorpusSweep): string {
  const loops = sweep.transcripts.filter((t) => t.mark.kind === 'loop').length;
  const honest = sweep.transcripts.length - loops;
  return `${plural(honest, 'honest transcript')}, ${plural(loops, 'loop')}`;
}

/** The best cell in one line. */
export function bestLine(sweep: CorpusSweep): string | null {
  if (sweep.best === null) return null;
  const c = sweep.cells[sweep.best] as JudgedCell;
  const loops = sweep.transcripts.filter((t) => t.mark.kind === 'loop').length;
  const stops =
    loops === 0
      ? 'no loop marked'
      : loops === 1
        ? `stops the loop (${plural(c.loopBatches, 'batch', 'batches')} before its first refusal)`
        : `stops all ${loops} loops (${plural(c.loopBatches, 'batch', 'batches')} before their first refusals in all)`;
  return `best: ${cellLabel(c)}: ${stops}, and no honest transcript`;
}

/** The config the best cell stands for. */
export function bestConfig(sweep: CorpusSweep, base: DetectorConfig): DetectorConfig | null {
  if (sweep.best === null) return null;
  const c = sweep.cells[sweep.best] as JudgedCell;
  return { ...base, maxRepeatedBatchSteps: c.strikes, maxObservationSteps: c.observation };
}

/** The human output: the grid, its legend, and the best cell or the conflicts. */
export function formatSweep(sweep: CorpusSweep, base: DetectorConfig): string {
  const lines = [
    `corpus sweep over ${marksLine(sweep)}: ${base.mode} mode, ${plural(base.observationTools.length, 'observation pattern')}; rows strikes, columns observation (- unset)`,
    formatSweepGrid(sweep),
    SWEEP_LEGEND,
    '',
  ];
  const best = bestConfig(sweep, base);
  if (best !== null) {
    lines.push(bestLine(sweep) ?? '');
    const applies = proxyAppliesLine(best);
    if (applies !== null) lines.push(`applies: ${applies}`);
  } else {
    lines.push('no cell stops every loop and no honest transcript:');
    const marks = sweep.transcripts.map((t) => t.mark);
    const nameOf = (i: number) => sweep.transcripts[i]?.name ?? '';
    for (const c of sweep.conflicts) lines.push(`- ${describeConflict(c, marks, nameOf)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The best cell as a config object (`--json`), with a note `--config` reads as a comment. */
export function bestConfigJson(sweep: CorpusSweep, base: DetectorConfig): string | null {
  const best = bestConfig(sweep, base);
  if (best === null) return null;
  const applies = proxyAppliesLine(best);
  const note = `chosen by loopscope --sweep over ${marksLine(sweep)}${applies === null ? '' : `; ${applies}`}`;
  return `${JSON.stringify({ ...best, _note: note }, null, 2)}\n`;
}

/**
 * Runs the sweep: 0 with a best cell, 1 when none meets every mark, 2 when a transcript cannot
 * be read (one stderr line).
 */
export function runSweep(
  marked: readonly MarkedPath[],
  config: DetectorConfig,
  importOpts: Pick<ImportOptions, 'format' | 'clineResults'>,
  json: boolean,
  io: SweepIo,
): number {
  let transcripts: MarkedTranscript[];
  try {
    transcripts = loadMarked(marked, config, importOpts, io);
  } catch (e) {
    if (!(e instanceof SweepInputFailure)) throw e;
    io.stderr(`loopscope: ${e.line}\n`);
    return 2;
  }
  const sweep = sweepCorpus(transcripts);
  if (!json) {
    io.stdout(formatSweep(sweep, config));
    return sweep.best === null ? 1 : 0;
  }
  const text = bestConfigJson(sweep, config);
  if (text !== null) {
    io.stdout(text);
    return 0;
  }
  // No config to print: stdout stays empty, so `> best.json` never holds a wrong one.
  const marks = sweep.transcripts.map((t) => t.mark);
  const nameOf = (i: number) => sweep.transcripts[i]?.name ?? '';
  for (const c of sweep.conflicts) {
    io.stderr(`loopscope: no best cell: ${describeConflict(c, marks, nameOf)}\n`);
  }
  return 1;
}
