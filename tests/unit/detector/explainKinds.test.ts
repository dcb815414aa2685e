// Every verdict kind's sentences hold to that verdict: a refusal says "same answer" only when
// its answer repeated, and a refusal whose answer changed says the rescue comes a turn late.
import { describe, expect, it } from 'vitest';
import {
  describeRefusal,
  explainBatch,
  runPosition,
  type BatchReport,
  type Report,
} from '../../../src/detector/index';
import { run, turn } from './helpers';

/** Replays polls answered by `answers` (undefined: no tool message) under `obs`. */
function polls(answers: (string | undefined)[], obs: number | null = 15): Report {
  const messages = answers.flatMap((a, i) =>
    a === undefined
      ? [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: `c${i}`,
                type: 'function',
                function: { name: 'get_terminal_output', arguments: '{}' },
              },
            ],
          },
        ]
      : turn('get_terminal_output', {}, a, `c${i}`),
  );
  return run(messages, { maxObservationSteps: obs });
}

/** Kinds seen across a spread of transcripts and settings, one batch for each. */
function everyKind(): Map<string, { b: BatchReport; r: Report }> {
  const kinds = new Map<string, { b: BatchReport; r: Report }>();
  const reports = [
    polls(['a', 'a', 'a'], 1),
    polls(['a', 'b', 'c', 'd'], 1),
    polls(['a', undefined, 'a', 'a'], 1),
    polls(['a', 'b', 'c', 'd', 'e'], 2),
    polls(['a', 'a', 'a', 'a'], 2),
    run([0, 1, 2].flatMap(() => turn('write_file', { p: 1 }, 'same'))),
    run([0, 1, 2, 3].flatMap((i) => turn('write_file', { p: 1 }, String(i)))),
    run(
      [0, 1, 2, 3].flatMap((i) => turn('write_file', { p: 1 }, String(i))),
      {
        maxObservationSteps: null,
      },
    ),
  ];
  for (const r of reports) {
    for (const b of r.batches) {
      const kind = b.refused
        ? `refused-${b.reason}-${b.outcome}`
        : b.rescued
          ? 'rescued'
          : 'passed';
      if (!kinds.has(kind)) kinds.set(kind, { b, r });
    }
  }
  return kinds;
}

describe('sentences held to their verdict kind', () => {
  const kinds = everyKind();

  it('covers refusals by strikes with each answer outcome, by the ceiling, rescues and passes', () => {
    expect([...kinds.keys()].sort()).toEqual(
      expect.arrayContaining([
        'passed',
        'rescued',
        'refused-ceiling-answer-changed',
        'refused-strikes-answer-changed',
        'refused-strikes-answer-repeated',
        'refused-strikes-not-comparable',
      ]),
    );
  });

  for (const [kind, { b, r }] of everyKind()) {
    it(`${kind}: the details and the CLI say what happened`, () => {
      const details = explainBatch(b, r.config);
      if (!b.refused) {
        expect(details).toMatch(b.rescued ? /^Rescued: / : /^Passed: /);
        return;
      }
      expect(details).toMatch(/^Refused: /);
      const cli = describeRefusal(b);
      expect(cli).toMatch(/^refused: /);
      // "the same answer" only when the refused occurrence's answer repeated the previous one.
      expect(cli.includes('with the same answer')).toBe(b.outcome === 'answer-repeated');
      if (b.reason === 'strikes' && b.outcome === 'answer-changed') {
        expect(cli).toMatch(/although its answer changed .*the rescue comes a turn late/);
        expect(details).toMatch(/the rescue comes a turn late$/);
      } else {
        expect(details).not.toMatch(/turn late/);
      }
      if (b.outcome === 'not-comparable') expect(cli).toMatch(/could not be (joined|compared)/);
    });
  }
});

describe('runPosition', () => {
  it('counts the batch in its run as a person would', () => {
    const r = run([0, 1, 2].flatMap(() => turn('get_build_status', {}, 'pending')));
    expect(r.batches.map(runPosition)).toEqual([
      null,
      'the 2nd `get_build_status` in a row',
      'the 3rd `get_build_status` in a row',
    ]);
  });
});
