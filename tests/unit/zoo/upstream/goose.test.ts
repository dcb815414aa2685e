// Goose's RepetitionInspector: its own tests, translated into transcripts.
// Upstream: aaif-goose/goose @37c043b9, crates/goose/tests/repetition_inspector_tests.rs, with the
// inspector's use in crates/goose/src/agents/agent.rs. A `check_tool_call` that returns false, or
// an `inspect` result with action Deny, is a stop mark on that call's batch. `record_error` is a
// call whose answer the transcript marks failed; `record_success` one that succeeded.
import { describe, expect, test } from 'vitest';
import { failed, lane, Script, where } from '../script';

const ID = 'goose';
const marks = (s: Script, params: Record<string, number> = {}) => where(lane(ID, s, params));
const message = (s: Script) => lane(ID, s)[0]?.message ?? '';

describe('repetition_inspector_tests.rs @37c043b9', () => {
  test('test_repetition_inspector_denies_after_exceeding_and_resets_on_param_change', () => {
    const s = new Script()
      .times(3, (x) => x.call('fetch_user', { id: 123 }))
      .times(3, (x) => x.call('fetch_user', { id: 456 }));
    expect(marks(s, { maxRepetitions: 2 })).toEqual(['2:stop', '5:stop']);
  });
  test('test_error_pattern_fires_after_threshold', () => {
    const s = new Script()
      .times(3, (x) => x.call('my_tool', {}, failed('404 Not Found')))
      .call('my_tool', {});
    expect(marks(s)).toEqual(['3:stop']);
    expect(message(s)).toContain('REP-002');
  });
  test('test_error_pattern_does_not_fire_before_threshold', () => {
    const s = new Script()
      .times(2, (x) => x.call('my_tool', {}, failed('404 Not Found')))
      .call('my_tool', {});
    expect(marks(s)).toEqual([]);
  });
  test('test_error_pattern_resets_on_success', () => {
    const s = new Script()
      .times(2, (x) => x.call('my_tool', {}, failed('404 Not Found')))
      .call('other_tool', {}, 'fine')
      .call('my_tool', {}, failed('404 Not Found'))
      .call('my_tool', {});
    expect(marks(s)).toEqual([]);
  });
  test('test_error_pattern_does_not_cross_tool_names', () => {
    const s = new Script()
      .times(3, (x) => x.call('tool_a', {}, failed('same error')))
      .call('tool_b', {});
    expect(marks(s)).toEqual([]);
  });
});

describe('agent.rs @37c043b9: how the agent runs the inspector', () => {
  test('builds it with max_repetitions None: identical calls are never denied', () => {
    expect(marks(new Script().times(12, (x) => x.call('fetch_user', { id: 1 })))).toEqual([]);
  });
  test('inspects a message’s calls together, before any of them runs', () => {
    // Three failures; the 4th response calls the tool twice: both are denied at once.
    const s = new Script().times(3, (x) => x.call('my_tool', {}, failed('boom')));
    s.batch([
      ['my_tool', { a: 1 }],
      ['my_tool', { a: 2 }],
    ]);
    expect(marks(s)).toEqual(['3:stop']);
    // A failure inside the batch that trips the count is judged at the next message.
    const inOne = new Script().batch([
      ['my_tool', {}, failed('boom')],
      ['my_tool', {}, failed('boom')],
      ['my_tool', {}, failed('boom')],
    ]);
    expect(marks(inOne)).toEqual([]);
    expect(marks(inOne.call('my_tool', {}))).toEqual(['1:stop']);
  });
  test('after a deny the count starts again; the denied call records nothing', () => {
    const denied = () =>
      new Script()
        .times(3, (x) => x.call('my_tool', {}, failed('boom')))
        .call('my_tool', {}, failed('boom'));
    const twice = denied().times(2, (x) => x.call('my_tool', {}, failed('boom')));
    expect(marks(twice.call('my_tool', {}))).toEqual(['3:stop']);
    const thrice = denied().times(3, (x) => x.call('my_tool', {}, failed('boom')));
    expect(marks(thrice.call('my_tool', {}))).toEqual(['3:stop', '7:stop']);
  });
  test('the check resets its count even when no call in the message names the tool', () => {
    const s = new Script()
      .times(3, (x) => x.call('my_tool', {}, failed('boom')))
      .call('other_tool', {}, null)
      .call('my_tool', {});
    expect(marks(s)).toEqual([]);
  });
  test('compares the first 100 characters of the error, counted as Unicode scalar values', () => {
    const head = '🙂'.repeat(100);
    const s = new Script()
      .times(3, (x, i) => x.call('t', {}, failed(`${head} detail ${i}`)))
      .call('t', {});
    expect(marks(s)).toEqual(['3:stop']);
    const short = new Script()
      .times(3, (x, i) => x.call('t', {}, failed(`${'🙂'.repeat(60)}${i}`)))
      .call('t', {});
    expect(marks(short)).toEqual([]);
  });
  test('a user turn resets nothing: the inspector lives as long as the agent', () => {
    const s = new Script()
      .times(2, (x) => x.call('my_tool', {}, failed('boom')))
      .user('try again')
      .call('my_tool', {}, failed('boom'))
      .call('my_tool', {});
    expect(marks(s)).toEqual(['3:stop']);
  });
  test('errors come from the transcript’s mark; the text guess only where it has none', () => {
    const unmarked = new Script()
      .times(3, (x) => x.call('my_tool', {}, '404 Not Found'))
      .call('my_tool', {});
    expect(marks(unmarked)).toEqual([]);
    const marked = new Script()
      .times(3, (x) => x.call('my_tool', {}, { text: 'Error: boom', error: false }))
      .call('my_tool', {});
    expect(marks(marked)).toEqual([]);
  });
});
