import { describe, expect, it } from 'vitest';
import { importConversations, importTranscript } from '../../../src/import/index';
import type { Imported } from '../../../src/import/index';
import { fixture, load, outline, run } from './helpers';

function all(path: string, clineResults?: 'user' | 'tool'): readonly Imported[] {
  const r = importConversations(fixture(path), { name: path, clineResults });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function refusals(imp: Imported): number[] {
  return run(imp)
    .batches.filter((b) => b.refused)
    .map((b) => b.index);
}

describe('Claude Code subagents written into the session file', () => {
  const convs = all('claude-code/subagents-inline.jsonl');

  it('gives the main chain and each parallel subagent a conversation of its own', () => {
    expect(convs.map((c) => c.conversations[c.conversation]?.label)).toEqual([
      'main chain',
      'subagent Find flaky test · Find the flaky test in tests/.',
      'subagent Find slow test · Find the slowest test.',
    ]);
    expect(convs.every((c) => c.conversations.length === 3)).toBe(true);
  });

  it('maps each subagent from its own root, not by adjacency', () => {
    expect(outline(convs[1]?.messages ?? [])).toEqual([
      'user',
      'assistant: Bash(toolu_a0) {"command":"npm test -- flaky"}',
      'tool → toolu_a0: "1 failing"',
      'assistant: Bash(toolu_a1) {"command":"npm test -- flaky"}',
      'tool → toolu_a1: "1 failing"',
      'assistant: Bash(toolu_a2) {"command":"npm test -- flaky"}',
      'tool → toolu_a2: "1 failing"',
      'assistant',
    ]);
    expect(outline(convs[2]?.messages ?? [])).toEqual([
      'user',
      'assistant: Bash(toolu_b0) {"command":"npm test -- --durations"}',
      'tool → toolu_b0: "slow: a.test.ts 9s"',
      'assistant',
    ]);
  });

  it('finds the loop inside the subagent that the main chain never shows', () => {
    expect(refusals(convs[0] as Imported)).toEqual([]);
    expect(refusals(convs[1] as Imported)).toEqual([2]);
    expect(refusals(convs[2] as Imported)).toEqual([]);
  });

  it('importTranscript picks a conversation by index', () => {
    const r = importTranscript(fixture('claude-code/subagents-inline.jsonl'), { conversation: 2 });
    expect(r.ok && r.value.conversation).toBe(2);
    expect(r.ok && outline(r.value.messages)[1]).toMatch(/toolu_b0/);
  });
});

describe('a subagent file opened on its own', () => {
  it('is that subagent conversation, not an empty main chain', () => {
    const convs = all('claude-code/subagent-file.jsonl');
    expect(convs).toHaveLength(1);
    expect(convs[0]?.conversations[0]?.label).toBe('subagent a0b1c2 · Read the config.');
    expect(outline(convs[0]?.messages ?? [])).toEqual([
      'user',
      'assistant: Read(toolu_s) {"file_path":"/p/config.json"}',
      'tool → toolu_s: "{}"',
    ]);
  });
});

describe('Claude Code lines with no parentUuid chain', () => {
  const expected = [
    'user',
    'assistant: LS(toolu_1) {"path":"."}',
    'tool → toolu_1: "a.ts"',
    'assistant',
  ];

  it('are read in file order with a warning', () => {
    const imp = load('claude-code/chainless.jsonl');
    expect(outline(imp.messages)).toEqual(expected);
    expect(imp.warnings.some((w) => /no parentUuid chain.*file order/.test(w))).toBe(true);
  });

  it('the {"loglines": [...]} web export is recognised and read the same way', () => {
    const imp = load('claude-code/web-export.json');
    expect(imp.format).toBe('claude-code');
    expect(outline(imp.messages)).toEqual(expected);
    expect(imp.warnings.some((w) => /file order/.test(w))).toBe(true);
  });
});

describe('Cline and Roo Code task histories', () => {
  it('are detected as their own format, read as sent by default, and say why nothing refuses', () => {
    const [imp] = all('cline/repeated-command.json');
    if (!imp) throw new Error('no conversation');
    expect(imp.format).toBe('cline');
    expect(outline(imp.messages).filter((l) => l === 'user')).toHaveLength(6);
    expect(outline(imp.messages).some((l) => l.startsWith('tool'))).toBe(false);
    expect(refusals(imp)).toEqual([]);
    expect(imp.warnings).toContain(
      'The reference can never refuse this session: every tool result arrives as a user turn, which breaks the run. Read the results as tool messages (--cline-results tool, or “Cline results” in the app) to see the loops that are there.',
    );
  });

  it('read as tool messages, show the loop, keep a person’s words and drop editor state', () => {
    const [imp] = all('cline/repeated-command.json', 'tool');
    if (!imp) throw new Error('no conversation');
    expect(outline(imp.messages)).toEqual([
      'user',
      ...[0, 1, 2, 3].flatMap((i) => [
        `assistant: execute_command(toolu_${i}) {"command":"npm test","requires_approval":false}`,
        `tool → toolu_${i}: "1 failing"`,
      ]),
      'assistant: read_file(toolu_9) {"path":"a.ts"} | list_files(toolu_10) {"path":"src"}',
      'tool → toolu_9: "export {}"',
      'user',
    ]);
    expect(refusals(imp)).toEqual([2, 3]);
    expect(imp.warnings.some((w) => /Read 5 results .* as tool messages/.test(w))).toBe(true);
    expect(imp.warnings.some((w) => /Left out 4 blocks of editor state/.test(w))).toBe(true);
  });
});

describe('what the detector cannot see is said', () => {
  it('tool calls with no answers', () => {
    const body = JSON.stringify({
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'ls', arguments: '{}' } }],
        },
      ],
    });
    const r = importTranscript(body);
    expect(r.ok && r.value.warnings.some((w) => /no tool results/.test(w))).toBe(true);
  });

  it('every batch broken by a user turn', () => {
    const call = (id: string) => ({
      role: 'assistant',
      tool_calls: [{ id, type: 'function', function: { name: 'ls', arguments: '{}' } }],
    });
    const body = JSON.stringify([
      call('a'),
      { role: 'tool', tool_call_id: 'a', content: 'x' },
      { role: 'user', content: 'again' },
      call('b'),
      { role: 'tool', tool_call_id: 'b', content: 'x' },
    ]);
    const r = importTranscript(body);
    expect(r.ok && r.value.warnings.some((w) => /followed by a user turn/.test(w))).toBe(true);
  });

  it('a non-empty file that keeps no message', () => {
    const r = importTranscript('{"type":"summary","uuid":"u","summary":"x","leafUuid":"l"}\n');
    expect(r.ok && r.value.messages).toEqual([]);
    expect(r.ok && r.value.warnings.some((w) => /kept no message/.test(w))).toBe(true);
  });
});

describe('a user turn after the last batch only', () => {
  it('is no sign that every run breaks', () => {
    const call = (id: string) => ({
      role: 'assistant',
      tool_calls: [{ id, type: 'function', function: { name: 'ls', arguments: '{}' } }],
    });
    const body = JSON.stringify([
      { role: 'user', content: 'go' },
      call('a'),
      { role: 'tool', tool_call_id: 'a', content: 'x' },
      call('b'),
      { role: 'tool', tool_call_id: 'b', content: 'x' },
      { role: 'user', content: 'thanks' },
    ]);
    const r = importTranscript(body);
    expect(r.ok && r.value.warnings.some((w) => /followed by a user turn/.test(w))).toBe(false);
  });
});
