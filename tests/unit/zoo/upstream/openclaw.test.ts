// OpenClaw's tool-loop detection: its own tests, translated into transcripts.
// Upstream: openclaw/openclaw @0410b692, src/agents/tool-loop-detection.test.ts. The tests call
// `detectToolCallLoop` after recording earlier calls; here the earlier calls are batches and the
// checked call is one more batch, whose mark is the verdict. The lane replays OpenClaw as if
// `tools.loopDetection.enabled` were set (it is off by default upstream). A run is a user turn.
import { describe, expect, test } from 'vitest';
import { failed, lane, Script, type CallSpec } from '../script';
import type { ZooMark } from '../../../../src/zoo/index';

const ID = 'openclaw';
/** The verdict on the last batch: its level, or null when the lane left it unmarked. */
function verdict(s: Script): ZooMark | null {
  const marks = lane(ID, s);
  const last = s.steps().filter((x) => x.kind === 'batch').length - 1;
  return marks.find((m) => m.batchIndex === last) ?? null;
}
const level = (s: Script) => verdict(s)?.level ?? null;
const repeat = (n: number, call: CallSpec) =>
  new Script().user('run').times(n, (x) => x.batch([call]));
const read = (n: number, path = '/same.txt', answer = 'same output') =>
  repeat(n, ['read', { path }, answer]);

describe('tool-loop-detection.test.ts @0410b692: argument hashing', () => {
  test('creates consistent hash for same tool and params', () => {
    expect(level(read(11))).toBe('warn');
  });
  test('creates different hashes for different params', () => {
    const s = read(10, '/file1.txt').call('read', { path: '/file2.txt' }, 'same output');
    expect(level(s)).toBeNull();
  });
  test('creates different hashes for different tools', () => {
    const s = read(10, '/file.txt').call('write', { path: '/file.txt' }, 'same output');
    expect(level(s)).toBeNull();
  });
  test('produces deterministic hashes regardless of key order', () => {
    const s = new Script().user('run').times(10, (x) => x.call('tool', '{"a":1,"b":2}'));
    s.call('tool', '{"b":2,"a":1}');
    expect(level(s)).toBe('warn');
  });
});

describe('tool-loop-detection.test.ts @0410b692: detectToolCallLoop', () => {
  test('does not flag unique tool calls', () => {
    const s = new Script()
      .user('run')
      .times(15, (x, i) => x.call('read', { path: `/file${i}.txt` }));
    s.call('read', { path: '/new-file.txt' });
    expect(lane(ID, s)).toEqual([]);
  });
  test('ignores repeated history from other runs', () => {
    const s = read(10).user('next run').call('read', { path: '/same.txt' }, 'same output');
    expect(level(s)).toBeNull();
  });
  test('detects repeated history within the same run', () => {
    expect(verdict(read(11))?.message).toContain('generic_repeat');
  });
  test('warns on generic repeated tool+args calls', () => {
    const m = verdict(read(11));
    expect(m?.level).toBe('warn');
    expect(m?.message).toContain('10 times');
  });
  test('blocks generic no-progress loops at critical threshold', () => {
    const m = verdict(read(21));
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('generic_repeat');
  });
  const poll: CallSpec = [
    'process',
    { action: 'poll', sessionId: 'sess-1' },
    '(no new output)\n\nProcess still running.',
  ];
  test('warns for known polling no-progress loops', () => {
    const m = verdict(repeat(11, poll));
    expect(m?.level).toBe('warn');
    expect(m?.message).toContain('known_poll_no_progress');
  });
  test('blocks known polling no-progress loops at critical threshold', () => {
    const m = verdict(repeat(21, poll));
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('known_poll_no_progress');
  });
  test('does not block known polling when output progresses', () => {
    const s = new Script()
      .user('run')
      .times(26, (x, i) => x.call('process', { action: 'poll', sessionId: 'sess-1' }, `line ${i}`));
    expect(lane(ID, s)).toEqual([]);
  });
  test('blocks any tool with global no-progress breaker at 30', () => {
    const m = verdict(read(31));
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('global circuit breaker');
  });
  test('does not block a one-shot batch of distinct arguments', () => {
    const s = new Script()
      .user('run')
      .times(31, (x, i) =>
        x.call('write', { path: `/tmp/file-${i}.md`, content: 'same content' }, 'write complete'),
      );
    expect(lane(ID, s)).toEqual([]);
  });
  test('does not block a legitimate two-pass batch', () => {
    const s = new Script()
      .user('run')
      .times(30, (x, i) =>
        x.call(
          'write',
          { path: `/tmp/batch-${i % 15}.md`, content: 'same content' },
          `wrote /tmp/batch-${i % 15}.md`,
        ),
      );
    s.call('write', { path: '/tmp/next.md', content: 'same content' }, 'wrote /tmp/next.md');
    expect(lane(ID, s)).toEqual([]);
  });
  test('does not block argument churn when a repeated variant makes progress', () => {
    const s = new Script().user('run').times(30, (x, i) => {
      const p = i % 2 === 0 ? '/tmp/a.md' : '/tmp/b.md';
      x.call('write', { path: p, content: 'same content' }, `write ${p} revision ${i}`);
    });
    s.call('write', { path: '/tmp/c.md', content: 'same content' }, 'done');
    expect(level(s)).toBeNull();
  });
  test('blocks repeated completed exec calls despite volatile runtime details', () => {
    // The runtime details (duration, cwd) are not in the transcript; the text is stable.
    const m = verdict(
      repeat(21, ['exec', { command: 'grafana-api.sh datasources' }, 'Loki\nPrometheus']),
    );
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('generic_repeat');
  });
  test('keeps changing exec output below the global no-progress breaker', () => {
    const s = new Script()
      .user('run')
      .times(31, (x, i) => x.call('exec', { command: 'date' }, `tick ${i}`));
    const m = verdict(s);
    expect(m?.level).toBe('warn');
    expect(m?.message).toContain('generic_repeat');
  });
  test('keeps changing empty-output exec failures below the global no-progress breaker', () => {
    const s = new Script()
      .user('run')
      .times(31, (x, i) =>
        x.call(
          'exec',
          { command: 'openclaw flaky-helper' },
          `Runtime failed before spawn: attempt ${i}`,
        ),
      );
    expect(level(s)).toBe('warn');
  });
  test('does not block repeated unknown-tool failures before the unknown-tool threshold', () => {
    const s = new Script()
      .user('run')
      .times(9, (x, i) => x.call('exec', { command: `echo ${i}` }, failed('Tool exec not found')));
    s.call('exec', { command: 'echo still allowed' });
    expect(lane(ID, s)).toEqual([]);
  });
  test('blocks repeated unknown-tool failures even when the args keep changing', () => {
    const s = new Script()
      .user('run')
      .times(20, (x, i) =>
        x.call('exec', { command: `attempt ${i}` }, failed('Tool exec not found')),
      );
    s.call('exec', { command: 'echo still looping' });
    const m = verdict(s);
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('unknown_tool_repeat');
  });
  const pingPong = (n: number, text: (tool: string, i: number) => string) =>
    new Script()
      .user('run')
      .times(n, (x, i) =>
        i % 2 === 0
          ? x.call('read', { path: '/a.txt' }, text('read', i))
          : x.call('list', { dir: '/workspace' }, text('list', i)),
      );
  test('warns on ping-pong alternating patterns', () => {
    const m = verdict(pingPong(10, () => 'x'));
    expect(m?.level).toBe('warn');
    expect(m?.message).toContain('ping_pong');
  });
  test('blocks ping-pong alternating patterns at critical threshold', () => {
    const m = verdict(pingPong(20, (t) => `${t} stable`));
    expect(m?.level).toBe('stop');
    expect(m?.message).toContain('ping_pong');
  });
  test('does not block ping-pong at critical threshold when outcomes are progressing', () => {
    const m = verdict(pingPong(20, (t, i) => `${t} ${i}`));
    expect(m?.level).toBe('warn');
    expect(m?.message).toContain('ping_pong');
  });
  test('does not flag ping-pong when alternation is broken', () => {
    const s = new Script()
      .user('run')
      .call('read', { path: '/a.txt' })
      .call('list', { dir: '/workspace' })
      .call('read', { path: '/a.txt' })
      .call('write', { path: '/tmp/out.txt' })
      .call('list', { dir: '/workspace' });
    expect(lane(ID, s)).toEqual([]);
  });
  test('handles empty history', () => {
    expect(lane(ID, new Script().user('run').call('tool', { arg: 1 }))).toEqual([]);
  });
});

describe('tool-loop-detection.test.ts @0410b692: message send loop detection', () => {
  const payload = (i: number) =>
    JSON.stringify(
      {
        ok: true,
        channel: 'feishu',
        chatId: 'oc_chat',
        runId: `run_${i}`,
        messageId: `om_${i}`,
        receipt: { platformMessageId: `p_${i}` },
      },
      null,
      2,
    );
  const sends = (n: number, name: string, args: unknown, result: (i: number) => string) =>
    new Script().user('run').times(n, (x, i) => x.call(name, args, result(i)));
  const send = { action: 'send', target: 'feishu:oc_chat', text: 'ping' };
  test('gives duplicate sends a stable result hash despite per-call ids in details and text', () => {
    expect(level(sends(21, 'message', send, payload))).toBe('stop');
  });
  test('strips nested ids so broadcast results with per-call ids share a result hash', () => {
    const b = (i: number) =>
      JSON.stringify({
        results: [{ channel: 'feishu', ok: true, result: { messageId: `om_${i}`, receipt: i } }],
      });
    expect(level(sends(21, 'message', { action: 'broadcast', text: 'ping' }, b))).toBe('stop');
  });
  test('escalates identical-arg send loops to critical even though every id differs', () => {
    expect(level(sends(21, 'message', send, payload))).toBe('stop');
  });
  test('also blocks sessions_send loops whose result carries a fresh runId', () => {
    const r = (i: number) => JSON.stringify({ ok: true, runId: `run_${i}` });
    expect(
      level(sends(21, 'sessions_send', { sessionKey: 'agent:main:peer', text: 'ping' }, r)),
    ).toBe('stop');
  });
  test('escalates sibling delivery actions (reply) the same as send', () => {
    expect(level(sends(21, 'message', { ...send, action: 'reply' }, payload))).toBe('stop');
  });
  test('blocks upload-file loops whose result carries a fresh file id', () => {
    const r = (i: number) =>
      JSON.stringify({ ok: true, channel: 'feishu', fileId: `f_${i}`, messageId: `om_${i}` });
    expect(
      level(
        sends(
          21,
          'message',
          { action: 'upload-file', target: 'feishu:oc_chat', media: 'img.png' },
          r,
        ),
      ),
    ).toBe('stop');
  });
  test('blocks poll loops whose result carries a fresh poll id', () => {
    const r = (i: number) =>
      JSON.stringify({
        ok: true,
        channel: 'telegram',
        messageId: `om_${i}`,
        chatId: 'c1',
        pollId: `pl_${i}`,
      });
    expect(
      level(sends(21, 'message', { action: 'poll', target: 'tg:chat-1', question: '?' }, r)),
    ).toBe('stop');
  });
  test('preserves stable nested route ids so distinct routes stay distinguishable', () => {
    const r = (i: number) =>
      JSON.stringify({ ok: true, messageId: `om_${i}`, route: { id: `conv-${i}` } });
    expect(level(sends(21, 'message', send, r))).toBe('warn');
  });
  test('blocks plugin-shaped send results whose message object carries a bare per-send id', () => {
    const r = (i: number) =>
      JSON.stringify({
        message: {
          id: `qa_${i}`,
          accountId: 'default',
          direction: 'outbound',
          conversation: { id: 'loop-room', chatType: 'channel' },
          senderId: 'openclaw',
          text: 'hello',
          timestamp: 1_800_000_000_000 + i,
        },
      });
    expect(
      level(sends(21, 'message', { action: 'send', to: 'feishu:chat-1', content: 'hello' }, r)),
    ).toBe('stop');
  });
  test('does not flag distinct messages (different args) as a no-progress loop', () => {
    const s = new Script()
      .user('run')
      .times(20, (x, i) =>
        x.call(
          'message',
          { action: 'send', target: 'feishu:oc_chat', text: `line ${i}` },
          `{"ok":true,"messageId":"om_${i}"}`,
        ),
      );
    s.call('message', { action: 'send', target: 'feishu:oc_chat', text: 'line final' });
    expect(lane(ID, s)).toEqual([]);
  });
  test('keeps full result hashing for non-send message actions so id/timestamp progress is not masked', () => {
    const s = new Script()
      .user('run')
      .times(21, (x, i) =>
        x.call(
          'message',
          { action: 'read', target: 'feishu:oc_chat' },
          `{"ok":true,"messageId":"m_${i}","ts":${1000 * i}}`,
        ),
      );
    expect(level(s)).toBe('warn');
  });
  test('keeps full result hashing for administrative message mutations', () => {
    const s = new Script()
      .user('run')
      .times(21, (x, i) =>
        x.call(
          'message',
          { action: 'channel-create', name: 'support' },
          `{"ok":true,"messageId":"m_${i}","timestamp":${1000 * i}}`,
        ),
      );
    expect(level(s)).toBe('warn');
  });
  test('still escalates repeated plugin/approval vetoes to a critical loop', () => {
    expect(
      level(repeat(21, ['message', { action: 'read', target: 'feishu:oc_chat' }, 'blocked'])),
    ).toBe('stop');
  });
  test('does not escalate when a stable conversation id changes between sends', () => {
    const s = new Script()
      .user('run')
      .times(21, (x, i) =>
        x.call(
          'message',
          { action: 'send', to: 'feishu:chat-1', content: 'hello' },
          `{"message":{"id":"qa_${i}","conversation":{"id":"loop-room-${i}"}}}`,
        ),
      );
    expect(level(s)).not.toBe('stop');
  });
});

describe('arguments as OpenClaw compares them', () => {
  test('numbers by value: {"n":1.0} and {"n":1} are one call', () => {
    const s = new Script()
      .user('run')
      .times(11, (x, i) => x.call('t', i % 2 ? '{"n":1.0}' : '{"n":1}', 'same'));
    expect(level(s)).toBe('warn');
  });
});
