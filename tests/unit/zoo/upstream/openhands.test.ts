// OpenHands agent SDK stuck detector: its own tests, translated into transcripts.
// Upstream: OpenHands/software-agent-sdk @611629e6 (tests/cross/test_stuck_detector.py,
// tests/cross/test_stuck_detector_config.py,
// tests/sdk/conversation/local/test_stuck_detector_nudge.py); the rule before #4332 from
// tests/cross/test_stuck_detector.py @8c2297b1 (the parent of c8a65f0d).
import { describe, expect, test } from 'vitest';
import { failed, lane, Script, where } from '../script';

const ID = 'openhands';
const ls = (s: Script) =>
  s.call('terminal', { command: 'ls' }, 'file1.txt\nfile2.txt', 'I need to run ls command');
const bad = (s: Script) =>
  s.call(
    'terminal',
    { command: 'invalid_command' },
    failed("Command 'invalid_command' not found"),
    'I need to run invalid_command',
  );
/** The SDK's action-error nudge, as a transcript holds it (a user-role message). */
const NUDGE =
  "You've called `terminal` with the same arguments 3 times in a row and gotten the same error each time: Command 'invalid_command' not found. Repeating the exact same call again will not work — review the error message and either correct the arguments or try a different approach.";

describe('test_stuck_detector.py @611629e6', () => {
  test('test_history_too_short', () => {
    expect(lane(ID, ls(new Script().user('Hello')))).toEqual([]);
  });

  test('test_is_stuck_uses_only_recent_event_window', () => {
    const s = new Script().times(50, (x, i) => x.user(`old-${i}`)).user('start');
    s.times(3, (x) => x.prose('ok')).times(4, ls);
    expect(where(lane(ID, s))).toEqual(['3:stop']);
  });

  test('test_is_stuck_without_recent_user_message_still_detects_loop', () => {
    const s = new Script().times(12, (x) => x.prose('ok')).times(4, ls);
    expect(where(lane(ID, s))).toEqual(['3:stop']);
  });

  test('test_is_stuck_with_fewer_than_20_events_still_detects_loop', () => {
    expect(where(lane(ID, new Script().times(4, ls)))).toEqual(['3:stop']);
  });

  test('test_repeating_action_observation_not_stuck_less_than_4_repeats', () => {
    expect(lane(ID, new Script().user('Please run ls').times(3, ls))).toEqual([]);
  });

  test('test_repeating_action_observation_stuck', () => {
    expect(where(lane(ID, new Script().user('Please run ls').times(4, ls)))).toEqual(['3:stop']);
  });

  test('test_repeating_action_error_nudges_before_stuck', () => {
    const s = new Script().user('Please run the invalid command').times(4, bad);
    const marks = lane(ID, s);
    expect(where(marks)).toEqual(['2:warn', '3:stop']);
    expect(marks[0]?.message).toContain('error events in the transcript');
  });

  test('test_not_stuck_with_different_actions', () => {
    const s = new Script().user('Please run different commands');
    for (const cmd of ['ls', 'pwd', 'whoami', 'date'])
      s.call('terminal', { command: cmd }, `output from ${cmd}`, `I need to run ${cmd} command`);
    expect(lane(ID, s)).toEqual([]);
  });

  test('test_reset_after_user_message', () => {
    const s = new Script().user('Please run ls').times(4, ls).user('Try something else');
    s.call('terminal', { command: 'pwd' }, '/home/user', "I'll try pwd command");
    expect(where(lane(ID, s))).toEqual(['3:stop']);
  });
});

describe('test_stuck_detector_config.py @611629e6', () => {
  test('test_custom_action_observation_threshold', () => {
    const pair = (s: Script) =>
      s.call('execute_bash', { command: 'ls' }, 'file1.txt', 'I need to run ls command');
    const four = new Script().user('start').times(4, pair);
    expect(lane(ID, four, { actionObservation: 6 })).toEqual([]);
    const six = new Script().user('start').times(6, pair);
    expect(where(lane(ID, six, { actionObservation: 6 }))).toEqual(['5:stop']);
  });
});

describe('test_stuck_detector_nudge.py @611629e6', () => {
  const badCall = (s: Script) =>
    s.call(
      'always_error_tool',
      { command: 'create' },
      failed('`file_text` is required for command: create.'),
      '',
    );
  const nudge =
    "You've called `always_error_tool` with the same arguments 3 times in a row and gotten the same error each time: `file_text` is required for command: create. Repeating the exact same call again will not work — review the error message and either correct the arguments or try a different approach.";

  test('test_run_nudges_before_going_stuck_on_repeating_action_error', () => {
    const s = new Script().user('Create /tmp/foo.py').times(3, badCall).user(nudge);
    badCall(s);
    expect(where(lane(ID, s))).toEqual(['2:warn', '3:stop']);
  });

  test('test_run_recovers_after_nudge_when_model_self_corrects', () => {
    const s = new Script().user('Create /tmp/foo.py').times(3, badCall).user(nudge);
    s.prose('I see the issue, stopping here.');
    expect(where(lane(ID, s))).toEqual(['2:warn']);
  });

  test('test_run_does_not_renudge_action_error_while_streak_is_frozen', () => {
    const s = new Script().user('Create /tmp/foo.py').times(3, badCall).user(nudge);
    s.prose('').user('Your last response did not include a function call or a message.');
    s.prose('I see the issue, stopping here.');
    expect(where(lane(ID, s))).toEqual(['2:warn']);
  });
});

describe('the rule before #4332 (legacyActionError = 1)', () => {
  test('test_repeating_action_error_stuck @8c2297b1', () => {
    const s = new Script().user('Please run the invalid command').times(3, bad);
    expect(where(lane(ID, s, { legacyActionError: 1 }))).toEqual(['2:stop']);
  });

  test('the nudge message keeps the streak: a transcript of the newer SDK stops at the 4th', () => {
    const s = new Script().user('Please run the invalid command').times(3, bad).user(NUDGE);
    bad(s);
    expect(where(lane(ID, s))).toEqual(['2:warn', '3:stop']);
  });

  test('without a structured mark the answer text is the fallback, and the mark says so', () => {
    const s = new Script().user('go');
    s.times(4, (x) => x.call('terminal', { command: 'x' }, 'Error: no such command', 't'));
    const marks = lane(ID, s);
    expect(where(marks)).toEqual(['2:warn', '3:stop']);
    expect(marks[0]?.message).toContain('guessed from the answer text');
  });
});
