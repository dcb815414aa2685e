// Agent mode: a batch the agent loop's guards never judged says why, in the table and the tooltip.
import { describe, expect, it } from 'vitest';
import { agentStepLabel, verdictKind, verdictLabel } from '../../../../src/ui/table/labels';
import { verdictOf } from '../../../../src/ui/timeline/describe';
import { assistant, run, turn, user } from '../../detector/helpers';

const write = (): unknown[] => turn('write_file', { p: 1 }, 'ok');

describe('agent steps in words', () => {
  const r = run([user(), ...write(), assistant(null, 'done'), ...write()], { mode: 'agent' });
  const outside = r.batches[1]!;

  it('an outside batch says how its run ended, in the table and the tooltip', () => {
    const text = 'outside any run (ended by final answer at message 3)';
    expect(verdictLabel(outside, verdictKind(outside, r))).toBe(text);
    expect(verdictOf(outside)).toBe(text);
  });

  it('a checked batch and a proxy batch keep their verdicts', () => {
    expect(verdictLabel(r.batches[0]!, 'pass')).toBe('pass');
    expect(agentStepLabel(undefined)).toBeNull();
    expect(agentStepLabel({ step: 'overflow' })).toMatch(/max_parallel_tools/);
    expect(agentStepLabel({ step: 'internal-error' })).toMatch(/internal error/);
  });
});
