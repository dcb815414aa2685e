// Roo Code's ToolRepetitionDetector: its own tests, translated into transcripts.
// Upstream: RooCodeInc/Roo-Code @cb836567, src/core/tools/__tests__/ToolRepetitionDetector.spec.ts.
// A `check()` that returns allowExecution false is a stop mark on that call's batch; the
// limit is the lane's `limit` parameter.
import { describe, expect, test } from 'vitest';
import { lane, Script, where } from '../script';

const ID = 'roo-code';
const marks = (s: Script, limit?: number) =>
  where(lane(ID, s, limit === undefined ? {} : { limit }));
const tool =
  (name: string, params: unknown = {}) =>
  (s: Script) =>
    s.call(name, params);

describe('ToolRepetitionDetector.spec.ts @cb836567', () => {
  test('should default to a limit of 3 if no argument provided', () => {
    expect(marks(new Script().times(4, tool('test-tool')))).toEqual(['3:stop']);
  });
  test('should use the custom limit when provided', () => {
    expect(marks(new Script().times(3, tool('test-tool')), 2)).toEqual(['2:stop']);
  });
  test('should allow execution for different tool calls', () => {
    const s = new Script().call('first-tool').call('second-tool').call('third-tool');
    expect(marks(s)).toEqual([]);
  });
  test('should reset the counter when different tool calls are made', () => {
    const s = new Script().call('same-tool').call('different-tool').call('same-tool');
    expect(marks(s, 2)).toEqual([]);
  });
  test('should allow execution when repetition is below limit and block when limit reached', () => {
    expect(marks(new Script().times(4, tool('repeat-tool')), 3)).toEqual(['3:stop']);
  });
  test('should block execution when repetition reaches the limit', () => {
    const m = lane(ID, new Script().times(4, tool('repeat-tool')), { limit: 3 });
    expect(where(m)).toEqual(['3:stop']);
    expect(m[0]?.message).toContain('asks the user');
  });
  test('should reset internal state after limit is reached', () => {
    const s = new Script().times(3, tool('repeat-tool')).call('new-tool');
    expect(marks(s, 2)).toEqual(['2:stop']);
  });
  test('should allow execution of previously problematic tool after reset', () => {
    expect(marks(new Script().times(4, tool('problem-tool')), 2)).toEqual(['2:stop']);
  });
  test('should require reaching the limit again after reset', () => {
    expect(marks(new Script().times(6, tool('repeat-tool')), 2)).toEqual(['2:stop', '5:stop']);
  });
  test('should include tool name in the error message', () => {
    const m = lane(ID, new Script().times(3, tool('special-tool')), { limit: 2 });
    expect(m[0]?.message).toContain('`special-tool`');
  });
  test('should handle empty tool call', () => {
    expect(marks(new Script().times(3, tool('empty-tool')), 2)).toEqual(['2:stop']);
  });
  test('should treat tools with same parameters in different order as identical', () => {
    const s = new Script()
      .call('same-tool', { a: '1', b: '2', c: '3' })
      .call('same-tool', { c: '3', a: '1', b: '2' })
      .call('same-tool', { b: '2', c: '3', a: '1' });
    expect(marks(s, 2)).toEqual(['2:stop']);
  });
  test('should allow the 1st call but block on the 2nd call for limit 1', () => {
    expect(marks(new Script().times(2, tool('tool-name')), 1)).toEqual(['1:stop']);
  });
  test('should allow first 2 calls but block on the 3rd call for limit 2', () => {
    expect(marks(new Script().times(3, tool('tool-name')), 2)).toEqual(['2:stop']);
  });
  test('should allow first 3 calls but block on the 4th call for limit 3 (default)', () => {
    expect(marks(new Script().times(4, tool('tool-name')), 3)).toEqual(['3:stop']);
  });
  test('should never block when limit is 0 (unlimited)', () => {
    expect(marks(new Script().times(10, tool('tool-name')), 0)).toEqual([]);
  });
  test('should handle different limits correctly', () => {
    expect(marks(new Script().times(6, tool('tool-name')), 5)).toEqual(['5:stop']);
  });
  test('should reset counter after blocking and allow new attempts', () => {
    expect(marks(new Script().times(4, tool('tool-name')), 2)).toEqual(['2:stop']);
  });
  test('should handle negative limits as 0 (unlimited)', () => {
    expect(marks(new Script().times(5, tool('tool-name')), -1)).toEqual([]);
  });
  test('should differentiate read_file calls with different files in nativeArgs', () => {
    const s = new Script()
      .call('read_file', { path: 'file1.ts' })
      .call('read_file', { path: 'file2.ts' })
      .call('read_file', { path: 'file1.ts' });
    expect(marks(s, 2)).toEqual([]);
  });
  test('should detect repetition when same files are read multiple times with nativeArgs', () => {
    expect(marks(new Script().times(3, tool('read_file', { path: 'same-file.ts' })), 2)).toEqual([
      '2:stop',
    ]);
  });
  test('should treat different slice offsets as distinct read_file calls', () => {
    const s = new Script()
      .call('read_file', { path: 'a.ts', offset: 1, limit: 2000 })
      .call('read_file', { path: 'a.ts', offset: 2001, limit: 2000 });
    expect(marks(s, 1)).toEqual([]);
  });
  test('should handle tools with both params and nativeArgs', () => {
    const s = new Script()
      .call('execute_command', { command: 'ls', cwd: '/home/user' })
      .call('execute_command', { command: 'ls', cwd: '/home/admin' });
    expect(marks(s, 1)).toEqual([]);
  });
  test('should handle tools with only params (no nativeArgs)', () => {
    expect(marks(new Script().times(3, tool('read_file', { path: 'test.txt' })), 2)).toEqual([
      '2:stop',
    ]);
  });
});

describe('arguments as Roo Code compares them', () => {
  test('numbers by value: {"n":1.0} and {"n":1} are one call', () => {
    const s = new Script().times(4, (x, i) => x.call('t', i % 2 ? '{"n":1.0}' : '{"n":1}'));
    expect(marks(s)).toEqual(['3:stop']);
  });
});
