// Qwen Code's LoopDetectionService, tool-call tiers: its own tests, translated into transcripts.
// Upstream: QwenLM/qwen-code @00aa71b4, packages/core/src/services/loopDetectionService.test.ts.
// A test that feeds ToolCallRequest events is here one call per batch unless it groups them
// into round-trips. `checkAlwaysOnSafeties` is the lane's default; `addAndCheck` (every tier, the
// tests' "check everything") and `addAndCheckHeuristicLoops` are the lane with `heuristics: 1`.
// A true result is a stop mark on that batch; the turn then stays halted until a user prompt.
// The stateful-read (`task_list`) cases are in qwen-code-stateful.test.ts.
import { describe, expect, test } from 'vitest';
import { lane, Script, where } from '../script';

const ID = 'qwen-code';
const H = { heuristics: 1 } as const;
const marks = (s: Script, params: Record<string, number> = {}) => where(lane(ID, s, params));
const message = (s: Script, params: Record<string, number> = {}) =>
  lane(ID, s, params)[0]?.message ?? '';
const calls = (n: number, name: string, args: (i: number) => unknown) =>
  new Script().user('go').times(n, (s, i) => s.call(name, args(i)));
const shell = (commands: readonly string[]) =>
  new Script().user('go').times(commands.length, (s, i) =>
    s.call('run_shell_command', {
      command: commands[i],
      description: 'Inspect repository changes',
    }),
  );

describe('loopDetectionService.test.ts @00aa71b4: Tool Call Loop Detection', () => {
  const same = (n: number) => calls(n, 'testTool', () => ({ param: 'value' }));

  test('should not detect a loop for fewer than TOOL_CALL_LOOP_THRESHOLD identical calls', () => {
    expect(marks(same(4), H)).toEqual([]);
  });
  test('should detect a loop on the TOOL_CALL_LOOP_THRESHOLD-th identical call', () => {
    expect(marks(same(5), H)).toEqual(['4:stop']);
  });
  test('should detect a loop on subsequent identical calls', () => {
    // Detected once; the service stays tripped, so the turn is over at the 5th.
    expect(marks(same(6), H)).toEqual(['4:stop']);
  });
  test('should not detect a loop for different tool calls', () => {
    const s = new Script().user('go');
    s.times(3, (x) =>
      x
        .call('testTool', { param: 'value1' })
        .call('testTool', { param: 'value2' })
        .call('anotherTool', { param: 'value1' }),
    );
    expect(marks(s, H)).toEqual([]);
  });
  test('should not reset tool call counter for other event types', () => {
    const s = same(4).call('testTool', { param: 'value' }, 'ok', 'narration between the calls');
    expect(marks(s, H)).toEqual(['4:stop']);
  });
  test('should expose the current consecutive tool-call count', () => {
    expect(message(same(5))).toContain('5 consecutive identical `testTool` calls');
  });
  test('halts consecutive identical calls via the always-on guard', () => {
    const s = calls(5, 'stuck_tool', () => ({ p: 'same' }));
    expect(marks(s)).toEqual(['4:stop']);
    expect(message(s)).toContain('always on');
  });
  test('treats reordered argument fields as identical for the consecutive guard', () => {
    const s = calls(5, 'stuck_tool', (i) => (i % 2 === 0 ? { a: 1, b: 2 } : { b: 2, a: 1 }));
    expect(marks(s)).toEqual(['4:stop']);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Shell Command Stagnation', () => {
  const variants = [
    'git status --short',
    'git diff --stat',
    'git ls-files --modified',
    'git status --porcelain=v1',
    'git diff --name-only HEAD',
    'git -C . status --short',
    'git --no-pager diff --stat',
  ];

  test('halts repeated git inspection command variants via the always-on guard', () => {
    const s = shell([
      'git status --short',
      'git status --short && git diff --stat',
      'git diff --name-only HEAD',
      'git status --porcelain=v1',
      'git diff --stat HEAD',
      'git -C . status --short',
      'git --no-pager diff --stat',
      'git ls-files --modified',
    ]);
    expect(marks(s)).toEqual(['7:stop']);
    expect(message(s)).toContain('git overview commands');
  });
  test('resets the streak when a non-inspection tool call interrupts the run', () => {
    const s = shell(variants)
      .call('read_file', { absolute_path: '/repo/README.md' })
      .times(7, (x, i) => x.call('run_shell_command', { command: variants[i] }));
    expect(marks(s)).toEqual([]);
  });
  test('does not bucket compound commands that also write to the repository', () => {
    const s = shell(
      Array.from(
        { length: 8 },
        (_, i) => `git add file-${i}.txt && git status --short && git commit -m progress-${i}`,
      ),
    );
    expect(marks(s)).toEqual([]);
  });
  test('does not bucket shell chains that include non-git commands', () => {
    const s = shell(
      Array.from({ length: 8 }, (_, i) => `git status --short && npm test -- --runInBand=${i}`),
    );
    expect(marks(s)).toEqual([]);
  });
  test('does not halt repeated non-git shell commands', () => {
    expect(
      marks(shell(Array.from({ length: 10 }, (_, i) => `npm test -- --runInBand=${i}`))),
    ).toEqual([]);
  });
  test('halts newline-separated git inspection command variants', () => {
    const s = shell([
      'git diff --stat\ngit status --short',
      'git diff --name-only HEAD\ngit ls-files --modified',
      'git --no-pager diff --stat\ngit status --porcelain=v1',
      'git diff --stat HEAD\ngit ls-files --others',
      'git diff --name-only\ngit status --short',
      'git diff --stat\ngit -C . status --short',
      'git --no-pager diff --stat\ngit ls-files --modified',
      'git diff --name-only HEAD\ngit status --short',
    ]);
    expect(marks(s)).toEqual(['7:stop']);
  });
  test('does not halt file-specific git diff review commands', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((f) => `git diff -- src/${f}.ts`);
    expect(marks(shell(['git status --short', 'git diff --stat', ...files]))).toEqual([]);
  });
  test('does not halt file-specific git diff review commands without -- separator', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((f) => `git diff src/${f}.ts`);
    expect(marks(shell(['git status --short', 'git diff --stat', ...files]))).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Read File Loop Detection', () => {
  const primed = () =>
    new Script().user('go').call('write_file', { path: 'prime.txt', content: '' });

  test('should detect excessive file read operations', () => {
    const s = primed().times(8, (x, i) => x.call('read_file', { path: `file${i}.txt` }));
    expect(marks(s, H)).toEqual(['8:stop']);
    expect(message(s, H)).toContain('read-file loop');
  });
  test('should exempt opening exploration from READ_FILE_LOOP (cold start)', () => {
    const s = new Script()
      .user('go')
      .times(20, (x, i) => x.call(i % 2 === 0 ? 'read_file' : 'list_directory', { path: `f${i}` }));
    expect(marks(s, H)).toEqual([]);
  });
  test('should activate READ_FILE_LOOP once a non-read tool lands mid-prompt', () => {
    const s = new Script()
      .user('go')
      .times(7, (x, i) => x.call('read_file', { path: `pre${i}.txt` }))
      .call('write_file', { path: 'out.txt', content: 'x' })
      .times(17, (x, i) => x.call('read_file', { path: `post${i}.txt` }));
    expect(marks(s, H)).toEqual(['8:stop']);
    expect(message(s, H)).toContain('read-file loop');
  });
  test('should detect other read-like operations (exact names + read_/list_ prefixes)', () => {
    const s = primed()
      .call('read_many_files', { paths: ['file1.txt'] })
      .call('list_directory', { path: '.' })
      .call('read_resource', { uri: 'a' })
      .call('zoom_image', { file_path: 'chart.png', x1: 0, y1: 0, x2: 500, y2: 500 })
      .call('list_projects', {})
      .call('read_file', { path: 'file5.txt' })
      .call('read_many_files', { paths: ['file6.txt'] })
      .call('list_directory', { path: 'nested' });
    expect(marks(s, H)).toEqual(['8:stop']);
    expect(message(s, H)).toContain('read-file loop');
  });
  test('should not treat tools that merely contain read-like substrings as file reads', () => {
    const names = ['review', 'concat_chunks', 'viewport_set', 'listener_bind'];
    const s = primed().times(6, (x, i) => x.call(names[i % names.length] as string, { i }));
    expect(marks(s, H)).toEqual([]);
  });
  test('should not detect loop with mixed operations', () => {
    const s = primed()
      .call('read_file', { path: 'file1.txt' })
      .call('write_file', { path: 'file2.txt', content: 'test' })
      .call('read_file', { path: 'file3.txt' })
      .call('execute', { command: 'ls' })
      .call('read_file', { path: 'file4.txt' })
      .call('read_file', { path: 'file5.txt' });
    expect(marks(s, H)).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Action Stagnation Detection', () => {
  test('should detect action stagnation when the same tool is repeated with varying args', () => {
    const s = calls(8, 'search_code', (i) => ({ query: `term${i}` }));
    expect(marks(s, H)).toEqual(['7:stop']);
    expect(message(s, H)).toContain('action stagnation');
  });
  test('should reset stagnation streak when a different tool is called', () => {
    const s = calls(5, 'search_code', (i) => ({ query: `a${i}` }))
      .call('write_file', { path: 'out.txt', content: 'x' })
      .times(5, (x, i) => x.call('search_code', { query: `b${i}` }));
    expect(marks(s, H)).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Turn Tool Call Cap', () => {
  // The upstream block runs with an adaptive soft cap of 10 (hard backstop 100).
  const SOFT = { turnCap: 10 };
  const distinct = (n: number) => calls(n, 'any_tool', (i) => ({ i }));

  test('does not fire at or below the soft cap', () => {
    expect(marks(distinct(10), SOFT)).toEqual([]);
  });
  test('does not fire on diverse calls above the soft cap (productive turn)', () => {
    expect(marks(distinct(99), SOFT)).toEqual([]);
  });
  test('fires when a stuck signal accumulates between the soft and hard cap', () => {
    const s = distinct(10).times(12, (x, i) =>
      x.call('any_tool', i % 2 === 0 ? { stuck: true } : { filler: i }),
    );
    expect(marks(s, SOFT)).toEqual(['20:stop']);
    expect(message(s, SOFT)).toContain('adaptive cap');
  });
  test('fires on a stuck signal accumulated across Finished round-trips', () => {
    // Each round-trip is one model response: one batch of four calls.
    const s = new Script().user('go');
    for (let rt = 0; rt < 3; rt++)
      s.batch([
        ['t', { same: true }],
        ['t', { d: rt * 2 }],
        ['t', { same: true }],
        ['t', { d: rt * 2 + 1 }],
      ]);
    expect(marks(s, SOFT)).toEqual(['2:stop']);
  });
  test('treats reordered argument fields as one call for the stuck signal', () => {
    const variants = [
      { a: 1, b: 2, c: 3, nested: { x: 10, y: 20 } },
      { nested: { y: 20, x: 10 }, c: 3, b: 2, a: 1 },
      { b: 2, a: 1, nested: { x: 10, y: 20 }, c: 3 },
      { c: 3, nested: { y: 20, x: 10 }, a: 1, b: 2 },
      { nested: { x: 10, y: 20 }, a: 1, c: 3, b: 2 },
      { b: 2, c: 3, a: 1, nested: { y: 20, x: 10 } },
    ];
    const s = calls(16, 'any_tool', (i) => (i % 2 === 0 ? variants[i / 2] : { filler: i }));
    expect(marks(s, SOFT)).toEqual(['10:stop']);
  });
  test('fires at the hard cap regardless of diversity', () => {
    const s = calls(100, 't', (i) => ({ i })).call('t', { last: true });
    expect(marks(s, SOFT)).toEqual(['100:stop']);
    expect(message(s, SOFT)).toContain('hard backstop');
  });
  test('fires at the soft cap when a stuck-repetition signal is present', () => {
    const s = calls(16, 'any_tool', (i) => (i % 2 === 0 ? { stuck: true } : { distinct: i }));
    expect(marks(s, SOFT)).toEqual(['10:stop']);
  });
  test('allows diverse calls past the built-in default soft cap', () => {
    expect(marks(calls(101, 't', (i) => ({ i })))).toEqual([]);
  });
  test('never fires when the cap is disabled (Config resolves <= 0 to Infinity)', () => {
    expect(
      marks(
        calls(150, 't', (i) => ({ i })),
        { turnCap: 0 },
      ),
    ).toEqual([]);
  });
  test('still accumulates across committed round-trips to trip the cap', () => {
    const s = new Script().user('go');
    for (let rt = 0; rt < 12; rt++)
      s.batch(Array.from({ length: 15 }, (_, i) => ['t', { rt, i }] as const));
    expect(marks(s, SOFT)).toEqual(['6:stop']);
  });
  test('treats an explicit value as a hard cap: cap of 2 halts call 3', () => {
    const s = calls(3, 't', (i) => ({ a: i + 1 }));
    expect(marks(s, { turnCap: 2, explicitCap: 1 })).toEqual(['2:stop']);
  });
  test('the same value left at the default is adaptive, not a hard cap', () => {
    expect(
      marks(
        calls(3, 't', (i) => ({ a: i + 1 })),
        { turnCap: 2 },
      ),
    ).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Global Tool Call Duplicate Detection', () => {
  test('should fire when same (tool, args) appears threshold times non-consecutively', () => {
    const others = [
      ['other_a', { x: 1 }],
      ['other_b', { y: 2 }],
      ['other_c', { z: 3 }],
    ] as const;
    const s = new Script().user('go');
    for (let i = 0; i < 5; i++) {
      s.call('stuck_tool', { param: 'same' });
      const [name, args] = others[i % 3] as (typeof others)[number];
      s.call(name, args);
    }
    s.call('stuck_tool', { param: 'same' });
    expect(marks(s)).toEqual([]);
    expect(marks(s, H)).toEqual(['10:stop']);
    expect(message(s, H)).toContain('global duplicate');
  });
  test('should not fire for different (tool, args) pairs', () => {
    expect(
      marks(
        calls(6, 'stuck_tool', (i) => ({ param: i })),
        H,
      ),
    ).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: Alternating Tool Call Pattern Detection', () => {
  const A = (s: Script) => s.call('tool_a', { param: 'a' });
  const B = (s: Script) => s.call('tool_b', { param: 'b' });

  test('should fire for a clean ABABAB alternating pattern', () => {
    const s = new Script().user('go').times(6, (x, i) => (i % 2 ? B(x) : A(x)));
    expect(marks(s)).toEqual([]);
    expect(marks(s, H)).toEqual(['5:stop']);
    expect(message(s, H)).toContain('ABAB');
  });
  test('should not fire when calls alternate but with varying keys', () => {
    const s = new Script()
      .user('go')
      .times(5, (x, i) => x.call('tool_a', { param: i }).call('tool_b', { param: i }));
    expect(marks(s, H)).toEqual([]);
  });
  test('should not fire for a single tool repeated (consecutive, not alternating)', () => {
    const s = new Script().user('go').times(6, A);
    expect(message(s, H)).not.toContain('ABAB');
  });
  test('should reset alternating window after a different third pattern', () => {
    const s = new Script().user('go');
    [A, B, A, B].forEach((f) => f(s));
    s.call('tool_c', { param: 'c' });
    [A, B, A, B, A].forEach((f) => f(s));
    expect(marks(s, H)).toEqual([]);
    B(s);
    expect(marks(s, H)).toEqual(['10:stop']);
  });
});

describe('how a transcript reaches the service', () => {
  test('a user prompt resets every guard', () => {
    const s = calls(4, 'testTool', () => ({ p: 1 }))
      .user('again')
      .times(4, (x) => x.call('testTool', { p: 1 }));
    expect(marks(s)).toEqual([]);
  });
  test('after a detection the turn is halted until the next prompt', () => {
    const s = calls(7, 'testTool', () => ({ p: 1 }))
      .user('again')
      .times(5, (x) => x.call('testTool', { p: 1 }));
    expect(marks(s)).toEqual(['4:stop', '11:stop']);
  });
  test('only run_shell_command is classified as a shell, not any tool named like one', () => {
    const s = new Script()
      .user('go')
      .times(8, (x, i) => x.call('bash', { command: i % 2 ? 'git status' : 'git diff --stat' }));
    expect(marks(s)).toEqual([]);
  });
  test('arguments as Qwen keys them: numbers by value', () => {
    const s = new Script()
      .user('go')
      .times(5, (x, i) => x.call('t', i % 2 ? '{"n":1.0}' : '{"n":1}'));
    expect(marks(s)).toEqual(['4:stop']);
  });
});
