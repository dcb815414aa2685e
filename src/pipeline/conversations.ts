/**
 * The conversations of a loaded file that holds several (a Claude Code session with its
 * subagents, an Inspect log's samples), kept prepared so the conversation picker can show each
 * one's batches and refusals under the current config, and follow every config change.
 */
import {
  evaluateReplay,
  prepareReplay,
  type DetectorConfig,
  type PreparedReplay,
  type Report,
  type ReportSource,
} from '../detector/index';
import { importConversations, type Decoded, type ImportOptions } from '../import/index';
import { reportSource } from './prepare';

/** One conversation of a loaded file as the conversation picker lists it. */
export interface ConversationSummary {
  /** What it is ("main chain", "subagent a1b2 · Find the bug", "sample 3 epoch 1"). */
  readonly label: string;
  readonly batches: number;
  readonly refusals: number;
}

interface Prepared {
  readonly label: string;
  readonly prepared: PreparedReplay;
  readonly source: ReportSource;
}

/** Every conversation of a file, prepared for replay; null when the file holds one. */
export function prepareConversations(
  decoded: Decoded,
  opts: ImportOptions,
): readonly Prepared[] | null {
  const all = importConversations(decoded, opts);
  if (!all.ok || all.value.length < 2) return null;
  return all.value.map((c) => ({
    label: c.conversations[c.conversation]?.label ?? `conversation ${c.conversation + 1}`,
    prepared: prepareReplay(c.messages),
    source: reportSource(c),
  }));
}

function refusals(report: Report): number {
  let n = 0;
  for (const b of report.batches) if (b.refused) n++;
  return n;
}

/**
 * What the picker lists under `config`. `current` is the report already computed for the
 * conversation on screen (index `at`), so it is not replayed twice.
 */
export function summarize(
  set: readonly Prepared[] | null,
  config: DetectorConfig,
  current: Report,
  at: number,
  label: string,
): ConversationSummary[] {
  if (set === null) {
    return [{ label, batches: current.batches.length, refusals: refusals(current) }];
  }
  return set.map((c, i) => {
    const report = i === at ? current : evaluateReplay(c.prepared, config, c.source);
    return { label: c.label, batches: report.batches.length, refusals: refusals(report) };
  });
}
