// OpenHands' console log: each event its controller handled, printed under `HH:MM:SS - ACTION`.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("OpenHands' console log", () => {
  it('reads each action as the CodeAct tool it stands for, answered by its observation', () => {
    const [c, ...more] = importAll(fixture('markdown/openhands-console.log'), { name: 'run.log' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: str_replace_editor(openhands-1) {"command":"view","path":"/workspace/app/src/dates.py","view_range":[1,40]}',
      'tool → openhands-1: "[Read from /workspace/app/src/dates.py is successful.]\\nHere\'s the result of running `cat -n` on /workspace/app/src/dates.py:\\n     1\\tdef is_leap(year):\\n     2\\t    return year % 4 == 0"',
      'assistant: execute_bash(openhands-2) {"command":"cd /workspace/app && python -m pytest tests/test_dates.py -q"}',
      'tool → openhands-2: "F.\\nFAILED tests/test_dates.py::test_1900 - assert True is False\\n[The command completed with exit code 1.]\\n[Current working directory: /workspace/app]"',
      'assistant: str_replace_editor(openhands-3) {"command":"str_replace","new_str":"    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)","old_str":"    return year % 4 == 0","path":"/workspace/app/src/dates.py"}',
      'tool → openhands-3: "The file /workspace/app/src/dates.py has been edited."',
      'assistant: execute_bash(openhands-4) {"command":"cd /workspace/app && python -m pytest tests/test_dates.py -q"}',
      'tool → openhands-4: "..\\n2 passed in 0.02s\\n[The command completed with exit code 0.]\\n[Current working directory: /workspace/app]"',
      'assistant: finish(openhands-5) {}',
    ]);
    expect(c?.messages[0]?.content).toBe('The date parser test fails on leap years. Fix it.');
    expect(c?.messages[3]?.content).toBe('Run the failing test.');
    expect(c?.census?.toolCalls).toBe(5);
    expect(c?.warnings[0]).toMatch(/^Read “run.log” as OpenHands' console log: 5 tool calls/);
  });

  it('is not a log that only names an action', () => {
    const r = importConversations('10:02:14 - ACTION\nsomething else\n', { name: 'run.log' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/OpenHands/);
  });
});
