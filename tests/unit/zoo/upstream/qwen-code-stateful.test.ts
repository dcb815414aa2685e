// Qwen Code's result-aware guards for stateful reads (`task_list`, issue #9450): its own tests,
// translated into transcripts. Upstream: QwenLM/qwen-code @00aa71b4,
// packages/core/src/services/loopDetectionService.test.ts ("Result-aware guards for stateful read
// tools"). A `recordToolResult` is the call's answer in the transcript; a round of requests whose
// results land after them is one batch (one model response); an unrecorded result is an
// unanswered call. Tests built on the service with `skipLoopDetection` false run the lane with
// `heuristics: 1`; those with a cap of 20 run it with `turnCap: 20`.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { lane, Script, where, type CallSpec } from '../script';

const ID = 'qwen-code';
const H = { heuristics: 1 } as const;
const CAP20 = { turnCap: 20 } as const;
const ARGS = { status: 'in_progress', owner: 'peer-a', blockedBy: '' };
const UNCHANGED = '#1 [in_progress] @peer-a — task';
const marks = (s: Script, params: Record<string, number> = {}) => where(lane(ID, s, params));
const message = (s: Script, params: Record<string, number> = {}) =>
  lane(ID, s, params)[0]?.message ?? '';
/** `n` polls, one per response, answered by `board(i)` (null: no result recorded). */
const polls = (n: number, board: (i: number) => string | null, s = new Script().user('go')) =>
  s.times(n, (x, i) => x.call('task_list', ARGS, board(i)));
const tl = (board: string | null): CallSpec => ['task_list', ARGS, board];
/** Rounds of [task_list, tool_b] in one response, the board answering. */
const rounds = (n: number, board: (r: number) => string, s = new Script().user('go')) =>
  s.times(n, (x, r) => x.batch([tl(board(r)), ['tool_b', { step: r }]]));

// Qwen's oversized-result stubs: a per-call file in the envelope, and a sha256 of the full
// output on its own line (the producer's shape; the guards read the digest).
const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const persisted = (callId: string, board: string) =>
  `<persisted-output>\nOutput too large (${board.length} chars). Full output saved to: /tmp/qwen/tool-results/${callId}.txt\nFull output sha256: ${hex(board)}\n\nPreview (up to 2000 chars):\n${board.slice(0, 2000)}\n</persisted-output>`;
const unwrapped = (note: string, board: string) =>
  `Output too large (${board.length} chars) ${note}\nFull output sha256: ${hex(board)}\n\nPreview (up to 2000 chars):\n${board.slice(0, 2000)}`;
const truncated = (callId: string, board: string) =>
  `Tool output was too large and has been truncated.\nThe full output has been saved to: /tmp/${callId}.output\nFull output sha256: ${hex(board)}\n\nTruncated part of the output:\n${board.slice(0, 300)}\n... [CONTENT TRUNCATED] ...\n${board.slice(-300)}`;
const fitted = (callId: string, board: string) =>
  `Tool output truncated.\nFull output sha256: ${hex(board)}\nPersisted tool-output artifact: /tmp/qwen/tool-results/${callId}.txt\n\n${board.slice(0, 200)}\n...\n${board.slice(-800)}`;
const FROZEN = 'task row for a frozen board\n'.repeat(1500);

describe('loopDetectionService.test.ts @00aa71b4: Result-aware guards for stateful read tools', () => {
  test('still halts at the threshold when no results were recorded (fail-safe)', () => {
    expect(marks(polls(5, () => null))).toEqual(['4:stop']);
  });
  test('still halts at the threshold when every result is unchanged', () => {
    const s = polls(5, () => UNCHANGED);
    expect(marks(s)).toEqual(['4:stop']);
    expect(message(s)).toContain('5 consecutive identical');
  });
  test('does not halt while the task board keeps changing between identical calls', () => {
    expect(marks(polls(20, (i) => `board state v${i}`))).toEqual([]);
  });
  test('keeps productive polling alive past the adaptive per-turn cap', () => {
    expect(marks(polls(120, (i) => `board state v${i}`))).toEqual([]);
  });
  test('restarts the streak when a result changed, then halts on a fresh unchanged streak', () => {
    const states = ['v1', 'v1', 'v2', 'v1', 'v1', 'v1', 'v1', 'v1', 'v1'];
    expect(marks(polls(9, (i) => states[i] as string))).toEqual(['8:stop']);
    expect(marks(polls(8, (i) => states[i] as string))).toEqual([]);
  });
  test('does not change behavior for deterministic (non-stateful) tools', () => {
    const s = new Script()
      .user('go')
      .times(5, (x, i) => x.call('read_file', { file_path: '/a' }, `content v${i}`));
    expect(marks(s)).toEqual(['4:stop']);
  });
  test('records results by callId pairing from ToolCallRequest events', () => {
    expect(marks(polls(5, (i) => (i < 4 ? `board state v${i}` : null)))).toEqual([]);
  });
  test('counts global duplicates on (call, result) pairs when heuristics run', () => {
    const round = (s: Script, r: number, board: string) =>
      s.batch([tl(board), ['tool_b', { step: r }], ['tool_c', { step: r }]]);
    const changing = new Script().user('go').times(7, (x, r) => round(x, r, `state-${r}`));
    expect(marks(changing, H)).toEqual([]);
    const stuck = new Script().user('go').times(6, (x, r) => round(x, r, 'frozen board'));
    expect(marks(stuck, H)).toEqual(['5:stop']);
    expect(message(stuck, H)).toContain('global duplicate');
  });
  test('does not halt a board oscillating between two states (order-aware pair counts)', () => {
    const s = new Script()
      .user('go')
      .times(13, (x, r) =>
        x.batch([
          tl(r % 2 ? 'state-b' : 'state-a'),
          ['tool_b', { step: r }],
          ['tool_c', { step: r }],
        ]),
      );
    expect(marks(s, H)).toEqual([]);
  });
  test('keeps the adaptive cap from arming on oscillating results', () => {
    expect(
      marks(
        rounds(40, (r) => (r % 2 ? 'state-b' : 'state-a')),
        CAP20,
      ),
    ).toEqual([]);
  });
  test('does not halt an ABAB task_list poller whose results keep changing', () => {
    const s = new Script()
      .user('go')
      .times(4, (x, r) =>
        x.call('task_list', ARGS, `board state v${r}`).call('tool_b', { step: 'work' }),
      );
    expect(marks(s, H)).toEqual([]);
  });
  test('still halts an ABAB pattern with a stateful participant on frozen results', () => {
    const s = new Script()
      .user('go')
      .times(8, (x) => x.call('task_list', ARGS, 'frozen board').call('tool_b', { step: 'work' }));
    expect(marks(s, H)).toEqual(['5:stop']);
    expect(message(s, H)).toContain('ABAB');
  });
  test('still halts ABAB with a stateful participant when no results were recorded (fail-safe)', () => {
    const s = new Script()
      .user('go')
      .times(8, (x) => x.call('task_list', ARGS, null).call('tool_b', { step: 'work' }));
    expect(marks(s, H)).toEqual(['5:stop']);
  });
  test('does not halt a batched [task_list, tool_b] ABAB poller whose results keep changing', () => {
    const s = new Script()
      .user('go')
      .times(4, (x, r) => x.batch([tl(`board state v${r}`), ['tool_b', { step: 'work' }]]));
    expect(marks(s, H)).toEqual([]);
  });
  test('keeps the batched [tool_b, task_list] ordering exonerated', () => {
    const s = new Script()
      .user('go')
      .times(4, (x, r) => x.batch([['tool_b', { step: 'work' }], tl(`board state v${r}`)]));
    expect(marks(s, H)).toEqual([]);
  });
  test('still halts a batched ABAB pattern when the stateful results are frozen (fail-safe)', () => {
    const s = new Script()
      .user('go')
      .times(4, (x) => x.batch([tl('frozen board'), ['tool_b', { step: 'work' }]]));
    expect(marks(s, H)).toEqual(['2:stop']);
  });
  test('treats changed results as progress for action stagnation', () => {
    const owners = (board: (i: number) => string) =>
      new Script()
        .user('go')
        .times(12, (x, i) => x.call('task_list', { owner: `peer-${i % 3}` }, board(i)));
    expect(
      marks(
        owners((i) => `state v${i}`),
        H,
      ),
    ).toEqual([]);
    const frozen = owners(() => 'frozen board');
    expect(marks(frozen, H)).toEqual(['7:stop']);
    expect(message(frozen, H)).toContain('action stagnation');
  });
  test('clears stateful tracking on reset()', () => {
    const s = polls(1, () => UNCHANGED);
    expect(marks(polls(20, (i) => `fresh v${i}`, s.user('fresh prompt')))).toEqual([]);
  });
  test('clears result-aware pair counts across prompts on reset()', () => {
    const round = (x: Script, step: unknown) => x.batch([['tool_b', { step }], tl('frozen board')]);
    const s = new Script()
      .user('prompt 1')
      .times(5, (x, i) => round(x, i))
      .user('prompt 2');
    round(s, 'p2');
    expect(marks(s, H)).toEqual([]);
  });
  test('halts an interleaved frozen poller just past the adaptive soft cap', () => {
    const s = rounds(40, () => 'frozen board');
    expect(marks(s, CAP20)).toEqual(['10:stop']);
    expect(message(s, CAP20)).toContain('adaptive cap');
  });
  test('re-judges a resumed streak on fresh result evidence after a streak break', () => {
    const s = polls(4, () => UNCHANGED).call('tool_b', { step: 1 });
    polls(5, (i) => (i === 0 ? 'board changed' : null), s);
    expect(marks(s)).toEqual(['9:stop']);
  });
  test('disarms the adaptive cap when a frozen board thaws (no latched peak)', () => {
    const s = rounds(40, (r) => (r < 6 ? 'frozen board' : `thawed board v${r}`));
    expect(marks(s, CAP20)).toEqual([]);
  });
  test('still arms the adaptive cap on a permanently frozen board', () => {
    expect(
      marks(
        rounds(40, () => 'frozen board'),
        CAP20,
      ),
    ).toEqual(['10:stop']);
  });
  test('still halts a continuously frozen poller across Finished round-trips', () => {
    // Each round is its own response: the same transcript as the test above.
    expect(
      marks(
        rounds(40, () => 'frozen board'),
        CAP20,
      ),
    ).toEqual(['10:stop']);
  });
  test('releases the adaptive cap when a frozen poller is abandoned for productive work', () => {
    // Modelling choice: the upstream test records each round's result before that round's
    // Finished; the client records it after (so the service's own comment says), which keeps the
    // abandoned key's peak one response longer. Replayed in the client's order the cap halts at
    // call 21, in the second response of productive work.
    const s = rounds(8, () => 'frozen board');
    for (let b = 0; b < 10; b++)
      s.batch(Array.from({ length: 3 }, (_, i) => ['tool_c', { i: b * 3 + i }] as const));
    expect(marks(s, CAP20)).toEqual(['9:stop']);
  });
  test('does not collapse the fingerprint when board content merely quotes the digest label', () => {
    const digest = 'deadbeef'.repeat(8);
    const s = polls(
      20,
      (i) => `board row changing ${i}\nFull output sha256: ${digest}\nmore changing content ${i}`,
    );
    expect(marks(s)).toEqual([]);
  });
  test('still halts when board content quoting the digest label is frozen', () => {
    const board = `frozen board row\nFull output sha256: ${'deadbeef'.repeat(8)}\nfrozen tail`;
    expect(marks(polls(5, () => board))).toEqual(['4:stop']);
  });
});

describe('loopDetectionService.test.ts @00aa71b4: persisted oversized results', () => {
  test('halts on a frozen oversized board despite per-call unique stub paths', () => {
    expect(marks(polls(5, (i) => persisted(`poll_${i}`, FROZEN)))).toEqual(['4:stop']);
  });
  test('keeps oversized polling alive while the board keeps changing', () => {
    expect(marks(polls(20, (i) => persisted(`poll_${i}`, `board state v${i}`)))).toEqual([]);
  });
  test('keeps oversized polling alive when the board changes beyond the preview window', () => {
    const header = 'task row header line\n'.repeat(110);
    const s = polls(20, (i) => persisted(`poll_${i}`, `${header}tail state v${i}`));
    expect(marks(s)).toEqual([]);
  });
  test('counts global duplicates on frozen oversized results when heuristics run', () => {
    const s = new Script()
      .user('go')
      .times(6, (x, r) =>
        x.batch([
          tl(persisted(`poll_${r}`, FROZEN)),
          ['tool_b', { step: r }],
          ['tool_c', { step: r }],
        ]),
      );
    expect(marks(s, H)).toEqual(['5:stop']);
  });
  test('halts an interleaved frozen oversized poller just past the adaptive soft cap', () => {
    const s = new Script()
      .user('go')
      .times(40, (x, r) => x.batch([tl(persisted(`tl-${r}`, FROZEN)), ['tool_b', { step: r }]]));
    expect(marks(s, CAP20)).toEqual(['10:stop']);
  });
  test('halts on a frozen unwrapped oversized stub (disk unavailable)', () => {
    const notes = ['(file too large to persist)', '(session disk budget exhausted)'];
    const s = polls(5, (i) => unwrapped(notes[i % 2] as string, FROZEN));
    expect(marks(s)).toEqual(['4:stop']);
  });
  test('halts on a frozen truncated-output stub despite per-call unique file paths', () => {
    expect(marks(polls(5, (i) => truncated(`task_list_poll_${i}`, FROZEN)))).toEqual(['4:stop']);
  });
  test('keeps truncated-output polling alive when the board changes in the truncated middle band', () => {
    const head = 'task row head line\n'.repeat(30);
    const tail = 'task row tail line\n'.repeat(30);
    const s = polls(20, (i) =>
      truncated(`p${i}`, `${head}${`middle band state v${i}\n`.repeat(400)}${tail}`),
    );
    expect(marks(s)).toEqual([]);
  });
  test('halts on a frozen batch-budget result despite per-call unique artifact paths', () => {
    expect(marks(polls(5, (i) => fitted(`poll_${i}`, FROZEN)))).toEqual(['4:stop']);
  });
  test('keeps batch-budget polling alive when the board changes beyond the fitted window', () => {
    const head = 'task row head line\n'.repeat(30);
    const tail = 'task row tail line\n'.repeat(80);
    const s = polls(20, (i) =>
      fitted(`poll_${i}`, `${head}${`middle band state v${i}\n`.repeat(800)}${tail}`),
    );
    expect(marks(s)).toEqual([]);
  });
});

describe('how a transcript reaches the service: results land after their response ends', () => {
  test('a poll missing from a whole response stops feeding the cap', () => {
    // Eight frozen polls, then productive work one call per response: the poll's result from
    // the 8th response still counts at the 9th's end, and is dropped at the 10th's.
    const s = rounds(8, () => 'frozen board').times(10, (x, i) => x.call('tool_c', { i }));
    expect(marks(s, CAP20)).toEqual([]);
  });
});
