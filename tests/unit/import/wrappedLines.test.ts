// JSON Lines whose records wrap an agent's session records under one member.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("a watcher's log that wraps each session record", () => {
  it('reads the records it wraps as the session they are, its own lines left out', () => {
    const [plain] = importAll(fixture('copilot-cli/loop-write-file.jsonl'), { name: 'e.jsonl' });
    const [c, ...more] = importAll(fixture('copilot-cli/wrapped-by-runner.jsonl'), {
      name: 'task.jsonl',
    });
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('copilot-cli');
    expect(outline(c?.messages ?? [])).toEqual(outline(plain?.messages ?? []));
    expect(c?.census?.toolCalls).toBe(3);
    expect(c?.warnings[0]).toBe(
      "Read “task.jsonl” as the records each of its lines wraps under `raw`: 11 records of a GitHub Copilot CLI session, the wrapper's own fields not read. 1 line wrapping nothing under it (or not JSON) was left out.",
    );
  });

  it('is not a session file read as it is, nor lines whose members name no session', () => {
    const [plain] = importAll(fixture('copilot-cli/loop-write-file.jsonl'), { name: 'e.jsonl' });
    expect(plain?.warnings.join(' ')).not.toMatch(/wraps under/);
    const lines = [
      '{"role":"user","content":"hi","meta":{"type":"note","n":1}}',
      '{"role":"assistant","content":"hello","meta":{"type":"note","n":2}}',
      '{"role":"user","content":"bye","meta":{"type":"note","n":3}}',
    ].join('\n');
    const r = importConversations(`${lines}\n`, { name: 'chat.jsonl' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/wraps under/);
  });

  it('keeps apart lines that each wrap a whole API response: a rollout a line', () => {
    const rollout = (task: string, calls: string[]) =>
      JSON.stringify({
        responses_create_params: {
          input: [{ type: 'message', role: 'user', content: `Fix ${task}.` }],
        },
        response: {
          id: `resp_${task}`,
          object: 'response',
          // As a Codex CLI rollout's first line opens: `{ id, instructions }`.
          instructions: null,
          status: 'completed',
          output: calls.flatMap((cmd, i) => [
            {
              type: 'function_call',
              call_id: `${task}-${i}`,
              name: 'bash',
              arguments: JSON.stringify({ cmd }),
            },
            { type: 'function_call_output', call_id: `${task}-${i}`, output: 'ok' },
          ]),
        },
        reward: 1,
        instance_id: task,
      });
    const text = `${[rollout('a', ['ls', 'cat x']), rollout('b', ['ls']), rollout('c', ['pwd'])].join('\n')}\n`;
    const list = importAll(text, { name: 'rollouts.jsonl' });
    expect(list.map((c) => outline(c.messages).filter((l) => l.startsWith('assistant')))).toEqual([
      ['assistant: bash(a-0) {"cmd":"ls"}', 'assistant: bash(a-1) {"cmd":"cat x"}'],
      ['assistant: bash(b-0) {"cmd":"ls"}'],
      ['assistant: bash(c-0) {"cmd":"pwd"}'],
    ]);
    expect(list[0]?.warnings.join(' ')).not.toMatch(/wraps under/);
  });
});
