// Gemini CLI's tool-call loop tier: its own tests, translated into transcripts.
// Upstream: google-gemini/gemini-cli @5411f113, packages/core/src/services/loopDetectionService.test.ts
// ("Tool Call Loop Detection", "Strike Management") and packages/core/src/core/client.test.ts
// ("Loop Recovery (Two-Strike)"). A service test feeds ToolCallRequest events; here each is a
// one-call batch. The client's recovery nudge reaches the history as a user-role message.
import { describe, expect, test } from 'vitest';
import { lane, Script, where } from '../script';

const ID = 'gemini-cli';
const NUDGE =
  'System: Potential loop detected. Details: Repeated tool call: testTool with arguments {"param":"value"}. Please take a step back and confirm you\'re making forward progress.';
const same = (s: Script) => s.call('testTool', { param: 'value' });
const read = (f: string) => (s: Script) => s.call('read_file', { file_path: f });
const first = (s: Script) => where(lane(ID, s))[0];

describe('loopDetectionService.test.ts @5411f113: Tool Call Loop Detection', () => {
  test('should not detect a loop for fewer than TOOL_CALL_LOOP_THRESHOLD identical calls', () => {
    expect(lane(ID, new Script().user('go').times(4, same))).toEqual([]);
  });

  test('should detect a loop on the TOOL_CALL_LOOP_THRESHOLD-th identical call', () => {
    expect(where(lane(ID, new Script().user('go').times(5, same)))).toEqual(['4:warn']);
  });

  test('should detect a loop on subsequent identical calls', () => {
    // The service keeps reporting; in a run the client has cleared it, so this is strike 2.
    expect(where(lane(ID, new Script().user('go').times(6, same)))).toEqual(['4:warn', '5:stop']);
  });

  test('should not detect a loop for different tool calls', () => {
    const s = new Script().user('go');
    s.times(3, (x) =>
      x
        .call('testTool', { param: 'value1' })
        .call('testTool', { param: 'value2' })
        .call('anotherTool', { param: 'value1' }),
    );
    expect(lane(ID, s)).toEqual([]);
  });

  test('should not reset tool call counter for other event types', () => {
    const s = new Script().user('go').times(4, same);
    s.call('testTool', { param: 'value' }, 'ok', 'a thought between the calls');
    expect(where(lane(ID, s))).toEqual(['4:warn']);
  });

  test('should detect an alternating tool call loop (cycle of length 2)', () => {
    const s = new Script()
      .user('go')
      .times(15, (x, i) => read(i % 2 ? 'loop_b.txt' : 'loop_a.txt')(x));
    expect(first(s)).toBe('9:warn');
  });

  test('should detect a cyclic tool call loop of length 3', () => {
    const files = ['loop_a.txt', 'loop_b.txt', 'loop_c.txt'];
    const s = new Script().user('go').times(20, (x, i) => read(files[i % 3] as string)(x));
    expect(first(s)).toBe('14:warn');
  });

  test('should detect a cyclic tool call loop of length 5', () => {
    const s = new Script().user('go').times(30, (x, i) => x.call('t', { id: (i % 5) + 1 }));
    expect(first(s)).toBe('24:warn');
  });

  test('should not detect loops for non-looping alternating sequences that vary', () => {
    const s = new Script().user('go');
    s.times(4, (x, i) => read(i % 2 ? 'loop_b.txt' : 'loop_a.txt')(x));
    read('loop_c.txt')(s);
    s.times(4, (x, i) => read(i % 2 ? 'loop_b.txt' : 'loop_a.txt')(x));
    expect(lane(ID, s)).toEqual([]);
  });
});

describe('loopDetectionService.test.ts @5411f113: Strike Management', () => {
  test('should increment strike count for repeated detections', () => {
    const s = new Script().user('go').times(5, same).user(NUDGE);
    same(s);
    expect(where(lane(ID, s))).toEqual(['4:warn', '5:stop']);
  });

  test('should allow recovery turn to proceed after clearDetection', () => {
    const s = new Script().user('go').times(5, same).user(NUDGE).prose('Recovery text');
    expect(where(lane(ID, s))).toEqual(['4:warn']);
  });
});

describe('client.test.ts @5411f113: Loop Recovery (Two-Strike)', () => {
  test('should trigger recovery (Strike 1) and continue', () => {
    const s = new Script().user('Hi').times(5, same).user(NUDGE);
    s.call('otherTool', { param: 'new' });
    expect(where(lane(ID, s))).toEqual(['4:warn']);
  });

  test('should terminate (Strike 2) after recovery fails', () => {
    const s = new Script().user('Hi').times(5, same).user(NUDGE).times(1, same);
    expect(where(lane(ID, s)).at(-1)).toBe('5:stop');
  });

  test('should suppress LoopDetected event on Strike 1', () => {
    const marks = lane(ID, new Script().user('Hi').times(5, same));
    expect(marks.map((m) => m.level)).toEqual(['warn']);
  });

  test('should reset loop detector on new prompt', () => {
    const s = new Script().user('Hi').times(5, same).user('Hi again').times(5, same);
    expect(where(lane(ID, s))).toEqual(['4:warn', '9:warn']);
  });
});

describe('arguments as Gemini CLI compares them (JSON.stringify of the parsed arguments)', () => {
  test('numbers by value: {"n":1.0} and {"n":1} are one call', () => {
    const s = new Script()
      .user('go')
      .times(5, (x, i) => x.call('t', i % 2 ? '{"n":1.0}' : '{"n":1}'));
    expect(where(lane(ID, s))).toEqual(['4:warn']);
  });

  test('key order matters: {"b":2,"a":1} after four {"a":1,"b":2} is a new call', () => {
    const s = new Script().user('go').times(4, (x) => x.call('t', '{"a":1,"b":2}'));
    s.call('t', '{"b":2,"a":1}');
    expect(where(lane(ID, s))).toEqual([]);
    expect(where(lane(ID, s, { sortKeys: 1 }))).toEqual(['4:warn']);
  });
});
