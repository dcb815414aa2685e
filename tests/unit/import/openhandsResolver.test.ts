// The OpenHands issue resolver's output: a run a line, each event as `dataclasses.asdict` wrote it.
import { describe, expect, it } from 'vitest';
import { importTranscript } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("the OpenHands issue resolver's output", () => {
  const runs = importAll(fixture('openhands/resolver-output.jsonl'), { name: 'output.jsonl' });

  it('reads each run as a conversation, each action a call answered by the observation after it', () => {
    expect(runs.map((r) => [r.format, r.conversations[r.conversation]?.label])).toEqual([
      ['openhands', 'issue 12'],
      ['openhands', 'issue 13'],
    ]);
    const [a, b] = runs;
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: run(syn-1-0) {"blocking":false,"command":"ls /workspace","confirmation_state":"confirmed","hidden":false,"is_input":false,"security_risk":null,"thought":""}',
      'tool → syn-1-0: "README.md  src"',
      expect.stringMatching(/^assistant: edit\(syn-3-0\) \{.*"path":"\/workspace\/src\/a\.py"/),
      'tool → syn-3-0: "File created successfully at: /workspace/src/a.py"',
      expect.stringMatching(/^assistant: run\(syn-5-0\) \{.*"command":"python src\/a\.py"/),
      'tool → syn-5-0: "1"',
      'assistant: think(syn-7-0) {"thought":"The output is right."}',
      'tool → syn-7-0: "Your thought has been logged."',
      expect.stringMatching(/^assistant: finish\(syn-9-0\) \{"final_thought":"Done\."/),
    ]);
    // The same command run again, answered alike, is the repeat the detector counts.
    expect(b?.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
      'README.md  src',
      'File created successfully at: /workspace/src/a.py',
      '1',
      '1',
    ]);
  });

  it("is counted by the census as it is read, the recall and the task's message no call", () => {
    for (const r of runs) {
      // Five calls a run: the two runs part after their third, so each made its own.
      expect(r.census?.toolCalls).toBe(10);
      expect(r.census?.byDialect).toEqual({ 'openhands-v0': 10 });
      expect(r.warnings.join(' ')).not.toMatch(/census/);
    }
  });

  it("answers an action by its own kind's observation, past one that was never answered", () => {
    const run = (command: string) => ({ command, thought: '', action: 'run', security_risk: null });
    const history = [
      run('sleep 999'),
      { path: 'a.py', thought: '', action: 'read', security_risk: null },
      { content: 'print(1)', path: 'a.py', observation: 'read' },
    ];
    const r = importTranscript(JSON.stringify({ issue: {}, history }));
    expect(r.ok && outline(r.value.messages)).toEqual([
      'assistant: run(syn-0-0) {"command":"sleep 999","security_risk":null,"thought":""}',
      'assistant: read(syn-1-0) {"path":"a.py","security_risk":null,"thought":""}',
      'tool → syn-1-0: "print(1)"',
    ]);
  });

  it('is told from its fields, one run or several', () => {
    const line = new TextDecoder()
      .decode(fixture('openhands/resolver-output.jsonl'))
      .split('\n')[0];
    const one = importTranscript(line ?? '');
    expect(one.ok && one.value.format).toBe('openhands');
    expect(one.ok && one.value.messages.filter((m) => m.role === 'tool')).toHaveLength(4);
  });
});
