// The human summary the command prints, plain or in ANSI colour for a terminal.
import type { BatchReport, Report } from '../detector/report';
import { loopCostLine, TOKEN_ESTIMATE_TEXT } from '../detector/loopCost';
import { DEFAULT_GUARD_MODE, GUARD_ACTION } from '../detector/guardMode';
import { proxyAppliesLine } from '../detector/proxyApplies';
import { patternWarnings } from '../report/patternWarnings';
import { oneLine } from './oneLine';

/** How to style text: plain, or ANSI colour for a terminal. */
export interface Paint {
  readonly bold: (s: string) => string;
  readonly red: (s: string) => string;
  readonly green: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly dim: (s: string) => string;
}

const same = (s: string) => s;
export const PLAIN: Paint = { bold: same, red: same, green: same, yellow: same, dim: same };

const sgr = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
export const ANSI: Paint = {
  bold: sgr(1, 22),
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  dim: sgr(2, 22),
};

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function choosePaint(
  isTTY: boolean,
  env: Readonly<Record<string, string | undefined>>,
): Paint {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return isTTY && !noColor ? ANSI : PLAIN;
}

interface SummaryInput {
  readonly report: Report;
  /** The name to show for the input (`<stdin>` for `-`). */
  readonly file: string;
  /** The format's label, e.g. `OpenAI Chat Completions`, shown beside its id. */
  readonly formatLabel?: string;
  /** One sentence for a refused batch (the detector's `describeRefusal`). */
  readonly describeRefusal: (b: BatchReport) => string;
  /** List the import notes too (`--notes`); warnings are always listed. */
  readonly notes?: boolean;
}

/** Pattern warnings printed before "and N more" (the app shows as many). */
const MAX_PATTERN_WARNINGS = 12;

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

function configLine(r: Report): string {
  return describeConfig(r.config);
}

/** The config in one line: mode, strikes, observation threshold, how many patterns, guard mode. */
export function describeConfig(c: Omit<Report['config'], 'maxStagnationSteps'>): string {
  const obs =
    c.maxObservationSteps === null ? 'observation unset' : `observation ${c.maxObservationSteps}`;
  return `${c.mode} mode, strikes ${c.maxRepeatedBatchSteps}, ${obs}, ${plural(c.observationTools.length, 'observation pattern')}, loop_guard_mode ${c.guardMode ?? DEFAULT_GUARD_MODE}`;
}

/** What gglib does with the first refusal under the guard mode (the agent path aside). */
function guardLine(r: Report): string {
  const mode = r.firstRefusal?.action ?? r.config.guardMode ?? DEFAULT_GUARD_MODE;
  const proxy = `in ${mode} mode the proxy ${GUARD_ACTION[mode]}${mode === 'refuse' ? ` (type loop_detected; see --json firstRefusal.error400)` : mode === 'note' ? ' (see --json firstRefusal.note)' : ''}`;
  return r.config.mode === 'agent' ? `the agent path ends its run with an error; ${proxy}` : proxy;
}

function listIndexes(batches: readonly BatchReport[], max = 12): string {
  const shown = batches.slice(0, max).map((b) => String(b.index));
  const more = batches.length > max ? `, … (${batches.length - max} more)` : '';
  return shown.join(', ') + more;
}

/**
 * The human summary the command prints without --json: what was read, the first refusal as a
 * sentence, the counts, and the import warnings (the notes only when asked). Plain text; `paint` only adds emphasis.
 */
export function formatSummary(input: SummaryInput, paint: Paint = PLAIN): string {
  const { report: r } = input;
  const lines: string[] = [];
  const format = input.formatLabel ? `${input.formatLabel} (${r.source.format})` : r.source.format;
  lines.push(paint.bold(input.file));
  lines.push(`  format:   ${format}`);
  lines.push(`  messages: ${r.source.messages}`);
  lines.push(`  batches:  ${r.batches.length}`);
  lines.push(`  config:   ${configLine(r)}`);
  const applies = proxyAppliesLine(r.config);
  if (applies !== null) lines.push(paint.yellow(`  applies:  ${applies}`));
  lines.push('');

  const refused = r.batches.filter((b) => b.refused);
  const first = r.firstRefusal ? r.batches[r.firstRefusal.batchIndex] : refused[0];
  if (first) {
    const sentence = input.describeRefusal(first);
    const text = /^refused\b/i.test(sentence) ? sentence : `refused: ${sentence}`;
    lines.push(paint.red(paint.bold(text)));
    lines.push(
      `  at batch ${first.index} (message ${first.messageIndex}), signature ${first.signature}`,
    );
    if (refused.length > 1) lines.push(`  refused batches: ${listIndexes(refused)}`);
    lines.push(`  gglib:    ${guardLine(r)}`);
  } else {
    lines.push(paint.green('no refusal: every batch passes'));
  }
  const verdict = r.referenceVerdict;
  if (verdict && verdict.kind === 'stagnation') {
    lines.push(
      paint.yellow(
        `stagnation: the reference stops first at message ${verdict.messageIndex}: the same response ${verdict.count} times (limit ${verdict.maxSteps})`,
      ),
    );
  }
  if (r.source.referenceScan !== 'scanned') {
    lines.push(
      paint.yellow(
        `fail-open: the reference proxy would not scan this body: ${r.source.referenceScan.failOpen}`,
      ),
    );
  }
  lines.push('');

  const rescued = r.batches.filter((b) => b.rescued).length;
  lines.push(
    `counts: ${plural(r.batches.length, 'batch', 'batches')}, ${plural(refused.length, 'refusal')}, ${rescued} rescued`,
  );
  const cost = loopCostLine(r.loopCost);
  if (cost !== null && r.loopCost !== undefined) {
    const bytes = r.loopCost.answerBytes.toLocaleString('en-US');
    lines.push(`loop cost: ${cost} (${bytes} answer bytes; tokens ${TOKEN_ESTIMATE_TEXT})`);
  }
  const l = r.ledger;
  lines.push(
    `ledger: ${plural(l.identicalResultRepeats, 'identical-result repeat')}, ${l.repeatsNotEvaluated} not evaluated, ${l.repeatsRescued} rescued`,
  );
  const pw = patternWarnings(r);
  const settings = [...pw.polls.map((w) => w.message), ...pw.missed.map((m) => m.message)];
  if (settings.length > 0) {
    lines.push('');
    lines.push(paint.yellow(`${plural(settings.length, 'pattern warning')} (observation_tools):`));
    // A tool name may hold line breaks; each warning stays one line.
    for (const w of settings.slice(0, MAX_PATTERN_WARNINGS)) lines.push(`  - ${oneLine(w)}`);
    if (settings.length > MAX_PATTERN_WARNINGS) {
      lines.push(`  - and ${settings.length - MAX_PATTERN_WARNINGS} more`);
    }
  }
  if (r.source.warnings.length > 0) {
    lines.push('');
    lines.push(paint.yellow(`${plural(r.source.warnings.length, 'import warning')}:`));
    for (const w of r.source.warnings) lines.push(`  - ${w}`);
  }
  const notes = r.source.notes ?? [];
  if (input.notes === true && notes.length > 0) {
    lines.push('');
    lines.push(`${plural(notes.length, 'import note')} (nothing the detector sees changed):`);
    for (const n of notes) lines.push(`  - ${n}`);
  }
  return lines.join('\n') + '\n';
}

/** The exit status for a report: 1 when any batch is refused, else 0. */
export function exitStatusFor(report: Report): 0 | 1 {
  return report.batches.some((b) => b.refused) ? 1 : 0;
}
