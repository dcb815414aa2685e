/**
 * What a loop cost past the point a detector stops it: the repeated calls the agent went on
 * making, the bytes of answers they brought back into the context, and a token estimate
 * (docs/report.md §3.8). The estimate is the UTF-8 bytes of the answers divided by 4, the
 * usual rule of thumb for English text and code under GPT-style tokenizers; no tokenizer runs.
 */
import type { BatchReport } from './report';
import type { JsonValue } from '../json/value';
import { printJson } from '../json/print';

/** How `tokens` is estimated, as the report names it. */
export const TOKEN_ESTIMATE = 'utf8-bytes/4';

export interface CostFigures {
  /** Tool calls made in the batches counted. */
  readonly calls: number;
  /** UTF-8 bytes of those batches' answers (each tool message's content as text). */
  readonly answerBytes: number;
  /** `ceil(answerBytes / 4)`: an estimate, not a tokenizer's count. */
  readonly tokens: number;
}

/** One stretch a detector flags, and what came after its first flag. */
export interface EpisodeCost extends CostFigures {
  /** The batch where it first flags the stretch. */
  readonly batchIndex: number;
  readonly signature: string;
  /** Batches counted: those of the stretch after the flagged one. */
  readonly batches: number;
}

/** The report's `loopCost`: every refused loop's cost after the reference refuses it. */
export interface LoopCost extends CostFigures {
  readonly tokensEstimate: typeof TOKEN_ESTIMATE;
  readonly refusals: readonly EpisodeCost[];
}

// eslint-disable-next-line no-control-regex -- the ASCII range, control characters included
const NON_ASCII = /[^\x00-\x7f]/;

/** Bytes of `s` in UTF-8, without encoding it (a lone surrogate counts 3, as U+FFFD). */
export function utf8Length(s: string): number {
  // The native scan finds most answers all ASCII, at a fraction of a per-character loop's cost.
  const first = s.search(NON_ASCII);
  if (first < 0) return s.length;
  let n = s.length;
  for (let i = first; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 2; // a pair: 2 units, 4 bytes
        i++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}

/** The bytes an answer's content brings back: a string as is, anything else as its JSON. */
export function answerBytesOf(content: JsonValue | undefined): number {
  if (content === undefined || content === null) return 0;
  return utf8Length(typeof content === 'string' ? content : printJson(content));
}

const tokensOf = (bytes: number): number => Math.ceil(bytes / 4);

type CostBatch = Pick<BatchReport, 'signature' | 'breakBefore' | 'calls'>;

/** A message between two batches ends a stretch; a new signature alone does not for a lane. */
const messageBreak = (b: CostBatch): boolean =>
  b.breakBefore !== null && b.breakBefore !== 'signature';

/**
 * The stretches `flagged` marks and their cost after the first flag. A stretch starts at a
 * flagged batch and goes on while the next batch continues the same run (same signature, no
 * break), or, with `spanFlagged`, is flagged too with no message in between (a lane's cycle
 * spans signatures). `countFlagged`: the flagged batch itself is part of the cost (the agent
 * path checks a batch before its tools run; the proxy refuses the request after it ran).
 */
export function episodeCosts(
  batches: readonly CostBatch[],
  answerBytes: (batch: number) => number,
  flagged: (batch: number) => boolean,
  { countFlagged = false, spanFlagged = false } = {},
): EpisodeCost[] {
  const out: EpisodeCost[] = [];
  for (let i = 0; i < batches.length; i++) {
    if (!flagged(i)) continue;
    let j = i + 1;
    for (; j < batches.length; j++) {
      const b = batches[j] as CostBatch;
      const sameRun = b.breakBefore === null;
      if (!sameRun && !(spanFlagged && flagged(j) && !messageBreak(b))) break;
    }
    let calls = 0;
    let bytes = 0;
    for (let k = countFlagged ? i : i + 1; k < j; k++) {
      calls += (batches[k] as CostBatch).calls.length;
      bytes += answerBytes(k);
    }
    out.push({
      batchIndex: i,
      signature: (batches[i] as CostBatch).signature,
      batches: j - (countFlagged ? i : i + 1),
      calls,
      answerBytes: bytes,
      tokens: tokensOf(bytes),
    });
    i = j - 1;
  }
  return out;
}

/** The sum of some costs. */
export function totalCost(costs: readonly CostFigures[]): CostFigures {
  let calls = 0;
  let bytes = 0;
  for (const c of costs) {
    calls += c.calls;
    bytes += c.answerBytes;
  }
  return { calls, answerBytes: bytes, tokens: tokensOf(bytes) };
}

// Counts read as the rest of the page writes them ("7,637"); one formatter, made once.
const COUNT = new Intl.NumberFormat('en-US');

/** "12 calls, ≈8.4k tokens": a cost in a few words. */
export function costPhrase(c: CostFigures): string {
  const calls = c.calls === 1 ? '1 call' : `${COUNT.format(c.calls)} calls`;
  return `${calls}, ≈${compact(c.tokens)} tokens`;
}

/** How the estimate is made, in words, for the places that show it. */
export const TOKEN_ESTIMATE_TEXT =
  'estimated as the UTF-8 bytes of the answers ÷ 4; no tokenizer is run';

/** The header's and the CLI's line: null when nothing was refused. */
export function loopCostLine(c: LoopCost | undefined): string | null {
  if (c === undefined || c.refusals.length === 0) return null;
  return `after the reference would have refused: ${costPhrase(c)}`;
}

function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)}M`;
}
