// Cline's repeated-tool-call detection: its own tests, translated into transcripts.
// Upstream: cline/cline — the SDK's sdk/packages/agents/src/loop-detection.test.ts @061aba62,
// sdk/packages/core/src/runtime/orchestration/session-runtime-orchestrator.test.ts @21cb8d25,
// and the VS Code extension's src/core/task/__tests__/loop-detection.test.ts @f3a3f30d (#9933,
// replayed by the `extension` parameter). A signature test becomes two calls whose sameness
// shows in the lane's marks at soft threshold 2.
import { describe, expect, test } from 'vitest';
import { lane, Script, where } from '../script';

const ID = 'cline';
/** Whether the lane takes these two argument objects for one call (soft threshold 2). */
const oneCall = (a: unknown, b: unknown, params = {}) =>
  where(lane(ID, new Script().call('t', a).call('t', b), { soft: 2, ...params })).length === 1;

describe('loop-detection.test.ts @061aba62: toolCallSignature', () => {
  test('produces identical output regardless of key order', () => {
    expect(oneCall({ b: '2', a: '1' }, { a: '1', b: '2' })).toBe(true);
  });
  test('handles null/undefined', () => {
    expect(oneCall(null, null)).toBe(true);
  });
  test('handles string input', () => {
    // An arguments string that is not JSON is compared as the string itself.
    expect(
      where(lane(ID, new Script().call('t', 'hello').call('t', 'hello'), { soft: 2 })),
    ).toEqual(['1:warn']);
    expect(
      where(lane(ID, new Script().call('t', 'hello').call('t', 'hellp'), { soft: 2 })),
    ).toEqual([]);
  });
  test('distinguishes nested objects with different keys', () => {
    expect(oneCall({ a: { x: 1 } }, { a: { y: 2 } })).toBe(false);
  });
  test('normalizes nested key order', () => {
    expect(oneCall({ a: { z: 1, y: 2 } }, { a: { y: 2, z: 1 } })).toBe(true);
  });
  test('handles arrays within objects', () => {
    expect(oneCall({ items: [1, 2, 3], name: 'x' }, { name: 'x', items: [1, 2, 3] })).toBe(true);
  });
});

describe('loop-detection.test.ts @061aba62: checkRepeatedToolCall', () => {
  const cmd = (s: Script) => s.call('run_commands', { command: 'python test.py' });
  test('warns at soft threshold and escalates at hard threshold', () => {
    expect(where(lane(ID, new Script().times(5, cmd)))).toEqual(['2:warn', '4:stop']);
  });
  test('resets counter when tool name changes', () => {
    const s = new Script()
      .times(2, cmd)
      .call('editor', { command: 'python test.py' })
      .times(2, cmd);
    expect(lane(ID, s)).toEqual([]);
  });
  test('resets counter when args change', () => {
    const s = new Script().times(2, cmd).call('run_commands', { command: 'other' }).times(2, cmd);
    expect(lane(ID, s)).toEqual([]);
  });
  test('does not false-positive on different tools with same args', () => {
    const s = new Script()
      .call('run_commands', { s: 1 })
      .call('editor', { s: 1 })
      .call('read_file', { s: 1 });
    expect(lane(ID, s)).toEqual([]);
  });
  test('respects custom thresholds', () => {
    expect(where(lane(ID, new Script().times(3, cmd), { soft: 2, hard: 3 }))).toEqual([
      '1:warn',
      '2:stop',
    ]);
  });
});

describe('session-runtime-orchestrator.test.ts @21cb8d25', () => {
  const same = (s: Script) => s.call('same', { a: 1 });
  test('aborts on hard-threshold loop detection of identical tool calls', () => {
    const s = new Script().user('loop-me').times(3, same);
    expect(where(lane(ID, s, { soft: 2, hard: 3 })).at(-1)).toBe('2:stop');
  });
  test('resets loop detection when run() starts a fresh conversation', () => {
    // Each run() is a fresh conversation: a transcript of its own.
    for (const task of ['task one', 'task two'])
      expect(
        lane(ID, new Script().user(task).times(2, same), { soft: 2, hard: 3 }).filter(
          (m) => m.level === 'stop',
        ),
      ).toEqual([]);
  });
});

describe('the extension: loop-detection.test.ts @f3a3f30d (extension = 1)', () => {
  const read = (s: Script) => s.call('read_file', { path: 'src/main.ts' });
  const ext = { extension: 1 };
  test('produces identical output regardless of key order', () => {
    expect(oneCall({ b: '2', a: '1' }, { a: '1', b: '2' }, ext)).toBe(true);
  });
  test('should warn at 3 identical calls and escalate at 5', () => {
    expect(where(lane(ID, new Script().times(5, read), ext))).toEqual(['2:warn', '4:stop']);
  });
  test('should reset when tool or params change', () => {
    const s = new Script()
      .times(2, read)
      .call('read_file', { path: 'b.ts' })
      .call('read_file', { path: 'b.ts' });
    s.call('list_files', { path: 'b.ts' });
    expect(lane(ID, s, ext)).toEqual([]);
  });
  test('should NOT count different tools with same params as identical', () => {
    const p = { path: 'src/main.ts' };
    const s = new Script().call('read_file', p).call('search_files', p).call('list_files', p);
    expect(lane(ID, s, ext)).toEqual([]);
  });
  test('should re-arm after loop detection state is reset', () => {
    // The reset is the user's "continue" after the stop.
    const s = new Script().times(5, read).user('continue').times(5, read);
    expect(where(lane(ID, s, ext))).toEqual(['2:warn', '4:stop', '7:warn', '9:stop']);
  });
  test('should work correctly when tool changes after reset', () => {
    const s = new Script().times(5, read).user('continue').call('list_files', { path: 'src/' });
    expect(where(lane(ID, s, ext))).toEqual(['2:warn', '4:stop']);
  });
  test('should strip task_progress from comparison', () => {
    const s = new Script().times(5, (x, i) =>
      x.call('read_file', { path: 'src/index.ts', task_progress: `step ${i} of 5` }),
    );
    expect(where(lane(ID, s, ext))).toEqual(['2:warn', '4:stop']);
  });
});

describe('arguments as Cline compares them', () => {
  test('numbers by value: {"n":1.0} and {"n":1} are one call', () => {
    const s = new Script().times(3, (x, i) => x.call('t', i % 2 ? '{"n":1.0}' : '{"n":1}'));
    expect(where(lane(ID, s))).toEqual(['2:warn']);
  });
});
