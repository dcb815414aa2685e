import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  costPhrase,
  episodeCosts,
  loopCostLine,
  prepareReplay,
  replay,
  type ChatMessage,
  type DetectorConfig,
} from '../../../src/detector/index';
import { reportJsonPieces } from '../../../src/report/index';
import { answerBytesOf, utf8Length } from '../../../src/detector/loopCost';
import { formatSummary } from '../../../src/cli/summary';
import { laneCosts } from '../../../src/worker/zoo/handle';

const msg = (m: Partial<ChatMessage>): ChatMessage => ({
  role: undefined,
  content: undefined,
  tool_calls: undefined,
  tool_call_id: undefined,
  ...m,
});

/** `n` identical `run_tests` batches, each answered `answer` (the loop goes on past a refusal). */
function loop(n: number, answer: string, before: ChatMessage[] = []): ChatMessage[] {
  const out = [msg({ role: 'user', content: 'go' }), ...before];
  for (let i = 0; i < n; i++) {
    out.push(
      msg({
        role: 'assistant',
        tool_calls: [
          { id: `c${i}`, type: 'function', function: { name: 'run_tests', arguments: '{}' } },
        ] as never,
      }),
    );
    out.push(msg({ role: 'tool', tool_call_id: `c${i}`, content: answer }));
  }
  return out;
}

const source = {
  format: 'openai-chat',
  messages: 0,
  warnings: [],
  referenceScan: 'scanned',
} as const;
const run = (messages: ChatMessage[], config: DetectorConfig = DEFAULT_CONFIG) =>
  replay(messages, config, source);

describe('answer bytes', () => {
  it('counts UTF-8 bytes without encoding', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀é€\n', '\ud800x']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
  it('reads an answer that is not a string as its JSON', () => {
    expect(answerBytesOf('héllo')).toBe(6);
    expect(answerBytesOf(undefined)).toBe(0);
    expect(answerBytesOf(null)).toBe(0);
  });
});

describe('loopCost in the report', () => {
  it('counts the repeats after the refused batch in proxy mode', () => {
    // Strikes 2: batches 0, 1 pass, 2 is refused, 3..5 go on: 3 calls of 40 bytes.
    const r = run(loop(6, 'x'.repeat(40)));
    expect(r.firstRefusal?.batchIndex).toBe(2);
    expect(r.loopCost).toEqual({
      calls: 3,
      answerBytes: 120,
      tokens: 30,
      tokensEstimate: 'utf8-bytes/4',
      refusals: [
        {
          batchIndex: 2,
          signature: r.batches[2]?.signature,
          batches: 3,
          calls: 3,
          answerBytes: 120,
          tokens: 30,
        },
      ],
    });
    expect(loopCostLine(r.loopCost)).toBe(
      'after the reference would have refused: 3 calls, ≈30 tokens',
    );
  });

  it('counts the refused batch too in agent mode, where the check comes before the tools', () => {
    const r = run(loop(6, 'x'.repeat(40)), { ...DEFAULT_CONFIG, mode: 'agent' });
    const first = r.loopCost?.refusals[0];
    expect(first?.batches).toBe(r.batches.length - (first?.batchIndex ?? 0));
    expect(r.loopCost?.answerBytes).toBe(40 * (first?.batches ?? 0));
  });

  it('ends a loop at a user turn and counts each loop once', () => {
    const messages = [...loop(4, 'yy'), ...loop(5, 'zzzz').slice(0)];
    const r = run(messages);
    expect(r.loopCost?.refusals.map((e) => [e.batchIndex, e.batches])).toEqual([
      [2, 1],
      [6, 2],
    ]);
    expect(r.loopCost?.answerBytes).toBe(2 + 8);
    expect(r.loopCost?.tokens).toBe(3);
  });

  it('is empty and says nothing when nothing is refused', () => {
    const r = run(loop(2, 'ok'));
    expect(r.loopCost?.refusals).toEqual([]);
    expect(loopCostLine(r.loopCost)).toBeNull();
  });

  it('sits between ledger and timing in the JSON, which is otherwise unchanged', () => {
    const r = run(loop(4, 'ab'));
    const text = [...reportJsonPieces(r)].join('');
    expect(text).toBe(JSON.stringify(r, null, 2) + '\n');
    const keys = Object.keys(JSON.parse(text) as object);
    expect(keys.slice(-3)).toEqual(['ledger', 'loopCost', 'timing']);
  });

  it('is printed in the CLI summary with how the estimate is made', () => {
    const text = formatSummary({
      report: run(loop(5, 'é'.repeat(10))),
      file: 'loop.json',
      formatLabel: 'OpenAI Chat',
      describeRefusal: () => 'refused',
    });
    expect(text).toContain(
      'loop cost: after the reference would have refused: 2 calls, ≈10 tokens (40 answer bytes; tokens estimated as the UTF-8 bytes of the answers ÷ 4; no tokenizer is run)',
    );
  });
});

describe('cost figures', () => {
  it('writes large figures compactly', () => {
    expect(costPhrase({ calls: 12, answerBytes: 33_600, tokens: 8400 })).toBe(
      '12 calls, ≈8.4k tokens',
    );
    expect(costPhrase({ calls: 1, answerBytes: 0, tokens: 0 })).toBe('1 call, ≈0 tokens');
    expect(costPhrase({ calls: 7637, answerBytes: 92_000, tokens: 23_000 })).toBe(
      '7,637 calls, ≈23k tokens',
    );
    expect(costPhrase({ calls: 3, answerBytes: 0, tokens: 2_500_000 })).toBe(
      '3 calls, ≈2.5M tokens',
    );
  });

  it('lets a lane stretch span signatures when its flags do, but not a user turn', () => {
    const batches = ['a', 'b', 'a', 'b', 'a'].map((signature, i) => ({
      signature,
      breakBefore:
        i === 0 ? ('start' as const) : i === 4 ? ('user' as const) : ('signature' as const),
      calls: [{ id: '', name: signature, signature }],
    }));
    const flagged = (i: number) => i >= 1;
    const spans = episodeCosts(batches, () => 10, flagged, { spanFlagged: true });
    expect(spans.map((e) => [e.batchIndex, e.batches, e.answerBytes])).toEqual([
      [1, 2, 20],
      [4, 0, 0],
    ]);
    // Without spanning, each flag is a stretch of its own (nothing continues its run).
    expect(episodeCosts(batches, () => 10, flagged).length).toBe(4);
  });

  it('gives each lane its cost after its first flag, and the reference its own', () => {
    const messages = loop(6, 'x'.repeat(8));
    const prepared = prepareReplay(messages);
    const r = run(messages);
    const marks = [3, 4, 5].map((b) => ({
      batchIndex: b,
      messageIndex: 0,
      level: 'advice' as const,
      message: '',
    }));
    const costs = laneCosts(r, prepared, [{ id: 'lane', marks } as never]);
    expect(costs).toEqual([
      { id: 'reference', loops: 1, calls: 3, answerBytes: 24, tokens: 6 },
      { id: 'lane', loops: 1, calls: 2, answerBytes: 16, tokens: 4 },
    ]);
  });
});
