/**
 * Two warnings about the `observation_tools` list, read off a report (docs/detector.md §10.2):
 * a pattern that exempts a tool the transcript shows polling, and a known read-only tool of a
 * common agent that no pattern covers. They are about the settings, not the import. One pass
 * over the batches; the CLI and the app say the same.
 */
import type { Report } from '../detector/report';
import { observationPatternFor } from '../detector/classify';
import { KNOWN_ACTING, KNOWN_READ_ONLY } from './knownTools';
import { FLAG_EXEMPT, OUTCOMES } from './packedColumns';
import type { CallReport } from '../detector/report';
import { packedStringOf, packReport, type PackedReport } from './packedReport';
import { registeredColumns, type TranscriptColumns } from './reportColumns';

/** Fewest answer changes, all in numbers only, that make a run a poll. */
const POLL_MIN_CHANGES = 2;

export interface PollWarning {
  /** The batch's tool names, joined with " + " for a batch of several calls. */
  readonly tool: string;
  /** The patterns that made its calls read-only, in call order, without repeats. */
  readonly patterns: readonly string[];
  /** The run flagged (its longest): first and last batch index, and its length. */
  readonly first: number;
  readonly last: number;
  readonly length: number;
  /** How many runs of this tool were flagged. */
  readonly runs: number;
  /** Its answers changed only in numbers (a clock, a timestamp, a counter). */
  readonly numbersOnly: boolean;
  /** Its run went past the ceiling, which an exempt batch ignores. */
  readonly pastCeiling: boolean;
  /** The read-only threshold and the ceiling it ran under. */
  readonly threshold: number;
  readonly ceiling: number;
  readonly message: string;
}

export interface MissedReadOnly {
  readonly tool: string;
  /** The agents whose read-only tool has this name. */
  readonly agents: readonly string[];
  /** The pattern that covers it: the whole name, lower-cased as patterns match. */
  readonly pattern: string;
  /** A known acting tool the pattern would catch too; then it is not offered. */
  readonly blockedBy: string | null;
  /** Other tools of the transcript no pattern covers yet that the pattern would catch. */
  readonly alsoCatches: readonly string[];
  readonly message: string;
}

export interface PatternWarnings {
  readonly polls: readonly PollWarning[];
  readonly missed: readonly MissedReadOnly[];
}

interface RunState {
  start: number;
  length: number;
  exempt: boolean;
  numbersOnlyChanges: number;
  contentChanges: number;
  maxTotal: number;
  ceiling: number;
  threshold: number;
}

const batchRange = (first: number, last: number) =>
  first === last ? `batch ${first + 1}` : `batches ${first + 1}–${last + 1}`;

function quoteList(xs: readonly string[]): string {
  return xs.map((p) => `“${p}”`).join(', ');
}

function pollMessage(w: Omit<PollWarning, 'message'>): string {
  const matches = `${w.tool} matches ${quoteList(w.patterns)} and so gets ${w.threshold}`;
  const where = `${batchRange(w.first, w.last)}, ${w.length} in a row${
    w.runs > 1 ? `; ${w.runs} such runs` : ''
  }`;
  const why: string[] = [];
  if (w.numbersOnly)
    why.push(
      'its answers differ only in numbers (a clock or a counter): a poll; gglib rescues it every time',
    );
  if (w.pastCeiling)
    why.push(`it ran past the ceiling of ${w.ceiling}, which an exempt tool ignores`);
  return `${matches}, but ${why.join(', and ')} (${where}).`;
}

/**
 * The exempt tools the report shows polling: a run of one signature, read-only and exempt,
 * whose answers changed at least twice and only ever in numbers, or whose total went past the
 * ceiling. One warning per tool, naming its longest such run.
 */
export function pollWarnings(report: Report): PollWarning[] {
  // The verdict columns, not `report.batches`: reading every batch of a lazy report would
  // build and keep an object per batch.
  const { verdicts: v, callsOf } = readingOf(report);
  const n = v.batchCount;
  const patterns = report.config.observationTools;
  const numbersOnly = report.changedInNumbersOnly ?? [];
  const changed = OUTCOMES.indexOf('answer-changed');
  const byTool = new Map<string, Omit<PollWarning, 'message'>>();
  let next = 0; // cursor into numbersOnly (ascending)
  let run: RunState | null = null;

  const close = (r: RunState) => {
    const isPoll = r.exempt && r.numbersOnlyChanges >= POLL_MIN_CHANGES && r.contentChanges === 0;
    const past = r.exempt && r.maxTotal > r.ceiling;
    if (!isPoll && !past) return;
    const names = callsOf(r.start).map((c) => c.name);
    const tool = names.join(' + ');
    const found = [
      ...new Set(
        names.map((m) => observationPatternFor(m, patterns)).filter((p): p is string => p !== null),
      ),
    ];
    const before = byTool.get(tool);
    const longer = before === undefined || r.length > before.length;
    byTool.set(tool, {
      tool,
      patterns: found,
      first: longer ? r.start : (before as PollWarning).first,
      last: longer ? r.start + r.length - 1 : (before as PollWarning).last,
      length: longer ? r.length : (before as PollWarning).length,
      runs: (before?.runs ?? 0) + 1,
      numbersOnly: isPoll || (before?.numbersOnly ?? false),
      pastCeiling: past || (before?.pastCeiling ?? false),
      threshold: r.threshold,
      ceiling: r.ceiling,
    });
  };

  for (let i = 0; i < n; i++) {
    while (next < numbersOnly.length && (numbersOnly[next] as number) < i) next++;
    // Break code 0 is null: the batch continues the run before it.
    if (run === null || v.breakBefore[i] !== 0) {
      if (run !== null) close(run);
      run = {
        start: i,
        length: 0,
        exempt: true,
        numbersOnlyChanges: 0,
        contentChanges: 0,
        maxTotal: 0,
        ceiling: v.ceiling[i] as number,
        threshold: v.threshold[i] as number,
      };
    } else if (v.outcome[i] === changed) {
      // The first batch of a run is compared with an earlier run, if at all: not counted.
      if (numbersOnly[next] === i) run.numbersOnlyChanges++;
      else run.contentChanges++;
    }
    run.length++;
    run.exempt &&= ((v.flags[i] as number) & FLAG_EXEMPT) !== 0;
    run.maxTotal = Math.max(run.maxTotal, v.total[i] as number);
  }
  if (run !== null) close(run);
  return [...byTool.values()]
    .sort((a, b) => a.first - b.first)
    .map((w) => ({ ...w, message: pollMessage(w) }));
}

/** What the warnings read of a report: its verdict columns, a batch's calls, its tool names. */
interface Reading {
  readonly verdicts: PackedReport;
  callsOf(i: number): readonly CallReport[];
  toolNames(): readonly string[];
}

const readings = new WeakMap<Report, Reading>();
/** A transcript's tool names, shared by every report of it (one a config). */
const namesByTranscript = new WeakMap<TranscriptColumns, readonly string[]>();

/**
 * A report the client rebuilt from packed data is read through its columns (its batches are
 * built on read); any other (the command's) through its batch objects, which it has: packing
 * its transcript would intern every string, 420 ms of a 100k-batch run of the command.
 */
function readingOf(report: Report): Reading {
  const hit = readings.get(report);
  if (hit !== undefined) return hit;
  const columns = registeredColumns(report);
  let names: readonly string[] | undefined;
  const reading: Reading =
    columns === undefined
      ? {
          verdicts: packReport(report),
          callsOf: (i) => report.batches[i]?.calls ?? [],
          toolNames: () => {
            // One set, no list of every call: at 100k batches the spread lists cost the
            // command's summary about 0.1 s.
            if (names === undefined) {
              const seen = new Set<string>();
              for (const b of report.batches) for (const c of b.calls) seen.add(c.name);
              names = [...seen];
            }
            return names;
          },
        }
      : {
          verdicts: columns.verdicts,
          callsOf: (i) => columns.transcript.callsOf(i),
          // The packed name column, not the call lists: building those for every signature's
          // first batch cost the page a 165 ms task at 100k batches.
          toolNames: () => {
            const t = columns.transcript;
            let hit = namesByTranscript.get(t);
            if (hit === undefined) {
              hit = Array.from(new Set(t.names.callName), packedStringOf(t.names));
              namesByTranscript.set(t, hit);
            }
            return hit;
          },
        };
  readings.set(report, reading);
  return reading;
}

/** The distinct tool names of a report's batches, in order of first call. */
export function toolNamesOf(report: Report): readonly string[] {
  return readingOf(report).toolNames();
}

function missedMessage(m: Omit<MissedReadOnly, 'message'>): string {
  const who = `${m.tool} is a read-only tool of ${m.agents.join(', ')}`;
  if (m.blockedBy !== null) {
    return `${who}, but no pattern covers it alone: “${m.pattern}” also matches ${m.blockedBy}, which acts.`;
  }
  const also = m.alsoCatches.length > 0 ? ` It would also cover ${m.alsoCatches.join(', ')}.` : '';
  return `${who}; no pattern covers it, so it gets the strict limit. Pattern “${m.pattern}” would.${also}`;
}

/**
 * The tools of `names` that a common agent uses only to read and that no pattern of `patterns`
 * covers, with the pattern that would. Nothing when `max_observation_steps` is unset: there is
 * no read-only tier to miss.
 */
export function missedReadOnly(
  names: readonly string[],
  patterns: readonly string[],
  maxObservationSteps: number | null,
): MissedReadOnly[] {
  if (maxObservationSteps === null) return [];
  const covered = (n: string) => patterns.length > 0 && observationPatternFor(n, patterns) !== null;
  const uncovered = names.filter((n) => !covered(n));
  const out: MissedReadOnly[] = [];
  for (const tool of uncovered) {
    const agents = KNOWN_READ_ONLY.get(tool);
    if (agents === undefined) continue;
    const pattern = tool.toLowerCase();
    const blockedBy =
      KNOWN_ACTING.find((a) => a.toLowerCase().includes(pattern)) ??
      uncovered.find(
        (n) => n !== tool && !KNOWN_READ_ONLY.has(n) && n.toLowerCase().includes(pattern),
      ) ??
      null;
    const alsoCatches = uncovered.filter(
      (n) => n !== tool && KNOWN_READ_ONLY.has(n) && n.toLowerCase().includes(pattern),
    );
    const m = { tool, agents, pattern, blockedBy, alsoCatches };
    out.push({ ...m, message: missedMessage(m) });
  }
  return out;
}

/** Both warnings for a report, under the config it ran with. */
export function patternWarnings(report: Report): PatternWarnings {
  return {
    polls: pollWarnings(report),
    missed: missedReadOnly(
      toolNamesOf(report),
      report.config.observationTools,
      report.config.maxObservationSteps,
    ),
  };
}
