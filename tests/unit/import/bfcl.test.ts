// BFCL result files: each test entry the conversation it ran.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isBfclResult } from '../../../src/import/bfcl';
import { importAll, outline } from './helpers';

const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('a BFCL result file', () => {
  it("reads a single-turn entry's response as one reply of its calls, a prompted one's too", () => {
    const text = lines(
      {
        id: 'parallel_multiple_3',
        result: [{ get_weather: '{"city": "Oslo"}' }, { get_time: { tz: 'CET' } }],
        input_token_count: 300,
      },
      { id: 'simple_9', result: '[math.factorial(number=5)]' },
    );
    expect(importAll(text).map((c) => outline(c.messages))).toEqual([
      [
        'assistant: get_weather(parallel_multiple_3-0-0-0) {"city":"Oslo"} | get_time(parallel_multiple_3-0-0-1) {"tz":"CET"}',
      ],
      ['assistant: math.factorial(simple_9-0-0-0) {"number":5}'],
    ]);
  });

  it('is told by a test id of its categories beside a `result`', () => {
    expect(isBfclResult('{"id": "live_simple_12-3-4", "result": []}\n')).toBe(true);
    expect(isBfclResult('{"id": "multi_turn_miss_func_0", "result": [[]]}')).toBe(true);
    expect(isBfclResult('{"id": "task_1", "result": []}\n')).toBe(false);
    expect(isBfclResult('{"id": "simple_0", "output": []}\n')).toBe(false);
    const r = importConversations('{"id": "task_1", "result": {"score": 1}}\n');
    expect(r.ok ? '' : r.error.message).not.toMatch(/BFCL/);
  });
});
