// Markdown that keeps a run in fenced ```json blocks, read as the JSON it holds.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { importAll, outline } from './helpers';

function read(text: string) {
  return importAll(text, { name: 'run.md' });
}

const chat = (city: string) =>
  JSON.stringify(
    [
      { role: 'user', content: `Weather in ${city}?` },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `call_${city}`,
            type: 'function',
            function: { name: 'get_weather', arguments: `{"city":"${city}"}` },
          },
        ],
      },
      { role: 'tool', tool_call_id: `call_${city}`, content: 'rain' },
    ],
    null,
    2,
  );

describe('markdown with fenced json blocks', () => {
  it('reads one block as the transcript it is, whatever notes stand around it', () => {
    const [c, ...more] = read(
      `# Run 1\n\n- model: gpt-4o\n- started: today\n\n\`\`\`json\n${chat('Oslo')}\n\`\`\`\n\nIt rained.\n`,
    );
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('openai-chat');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'tool → call_Oslo: "rain"',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read the JSON in 1 fenced `json` block of “run.md”, a markdown text: what stands outside them is not read.',
    );
  });

  it('reads several blocks as JSON Lines, a run each, and leaves out one that does not parse', () => {
    const list = read(
      `## First\n\n\`\`\`json\n${chat('Oslo')}\n\`\`\`\n\n## Second\n\n\`\`\`json\n${chat('Bergen')}\n\`\`\`\n\n\`\`\`json\n{ "cut": \n\`\`\`\n`,
    );
    expect(list.map((c) => outline(c.messages)[1])).toEqual([
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'assistant: get_weather(call_Bergen) {"city":"Bergen"}',
    ]);
    expect(list[0]?.warnings[0]).toMatch(
      /^Read the JSON in 2 fenced `json` blocks of “run.md”, a markdown text; 1 other block did not parse and was left out: /,
    );
  });

  it('says how the JSON was found when it is no transcript', () => {
    const r = importConversations('# Notes\n\n```json\n{ "tool": "hammer", "weight": 2 }\n```\n');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toMatch(
      /^Read the JSON in 1 fenced `json` block of the input, a markdown text: what stands outside them is not read\. The input is not a transcript format Loopscope knows/,
    );
  });

  it('warns of lines outside the blocks that name calls it cannot read', () => {
    const [c] = read(
      `## Run\n\n\`\`\`json\n${chat('Oslo')}\n\`\`\`\n\nThen: AIMessage(content='', tool_calls=[{'name': 'get_weather', 'args': {'city': 'Bergen'}}])\n\n\`\`\`sh\ncurl -d '{"tool_calls": []}'\n\`\`\`\n`,
    );
    expect(c?.warnings[0]).toMatch(
      /is not read\. 2 lines outside them name tool calls: the calls shown only there are not in this replay\.$/,
    );
  });

  it('reads a console dump: JSON printed with an indent under headings of its own', () => {
    const list = read(
      `=== Run 1 ===\n${chat('Oslo')}\n\n=== Run 2 ===\n${chat('Bergen')}\n[ not JSON\n]\nDone.\n`,
    );
    expect(list.map((c) => outline(c.messages)[1])).toEqual([
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'assistant: get_weather(call_Bergen) {"city":"Bergen"}',
    ]);
    expect(list[0]?.warnings[0]).toBe(
      'Read the JSON in 2 JSON blocks of “run.md” (0 fenced, 2 printed on lines of their own), a text: what stands outside them is not read.',
    );
  });

  it('reads a fence of values printed one after another, the last cut short left out', () => {
    // A session saved in pieces: each message printed with an indent, the file cut mid-value.
    const messages = JSON.parse(chat('Oslo')) as unknown[];
    const again = JSON.parse(chat('Bergen').replace('call_Bergen', 'call_again')) as unknown[];
    const printed = [...messages, again[1]].map((m) => JSON.stringify(m, null, 2)).join('\n');
    const cut = printed.slice(0, printed.lastIndexOf('"arguments"'));
    const [c, ...more] = read(`# Saved\n\n\`\`\`\n${cut}`);
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'tool → call_Oslo: "rain"',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read the JSON in 3 JSON values of “run.md”, 1 fenced block holding several printed one after another; 1 value in a block opens but never closes (cut short) and is left out: what stands outside them is not read. 1 line outside them names tool calls: the calls shown only there are not in this replay.',
    );
  });

  it('reads a block whose strings hold their line breaks as the characters', () => {
    // A copy that wrapped a long answer inside its string, or a log that undid the escapes.
    const broken = chat('Oslo').replace('"rain"', '"rain\nand wind"');
    const [c] = read(`# Run\n\n\`\`\`json\n${broken}\n\`\`\`\n`);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'tool → call_Oslo: "rain\\nand wind"',
    ]);
  });

  it('reads a fence that names no language when its text is JSON, never one of another', () => {
    const list = read(
      `# Bug\n\n\`\`\`\n${chat('Oslo')}\n\`\`\`\n\n\`\`\`sh\n${chat('Bergen')}\n\`\`\`\n`,
    );
    expect(list.map((c) => outline(c.messages)[1])).toEqual([
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
    ]);
    expect(list[0]?.warnings[0]).toMatch(
      /^Read the JSON in 1 JSON block of “run.md” \(1 fenced, 0 printed/,
    );
  });

  it('reads JSON pasted on one line between triple backticks, after a line of code spans', () => {
    const one = JSON.stringify(JSON.parse(chat('Oslo')));
    const [c, ...more] = read(
      `# README\n\nTry it:\n\`\`\`curl -X POST localhost:8000/query\`\`\`\n\nThe output should look like this:\n\`\`\`${one}\`\`\`  \nThat is all.\n`,
    );
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_Oslo) {"city":"Oslo"}',
      'tool → call_Oslo: "rain"',
    ]);
  });

  it("reads content blocks under speakers' headings as their messages, one conversation", () => {
    const blocks = (v: unknown) => JSON.stringify(v, null, 2);
    const text = [
      '# Claude Session Export',
      '',
      '## Session Information',
      '',
      '- **Session ID**: `0ebc`',
      '',
      '## Conversation',
      '',
      '### User',
      '> 12/1/2025, 12:39:01 AM',
      '',
      blocks([{ type: 'text', text: 'Is the build green?' }]),
      '',
      '---',
      '',
      '### Assistant',
      '> 12/1/2025, 12:39:05 AM',
      '',
      blocks([{ type: 'tool_use', id: 'toolu_01A', name: 'Bash', input: { command: 'make' } }]),
      '',
      '### Assistant',
      '',
      '```json',
      blocks([{ type: 'tool_use', id: 'toolu_01B', name: 'Bash', input: { command: 'make' } }]),
      '```',
      '',
      '**User:**',
      '',
      blocks([{ type: 'tool_result', tool_use_id: 'toolu_01A', content: 'ok' }]),
      '',
      '### User',
      '',
      blocks([{ type: 'tool_result', tool_use_id: 'toolu_01B', content: 'ok' }]),
      '',
      '## Summary',
      '',
      blocks([{ type: 'note', text: 'toolu calls above' }]),
      '',
    ].join('\n');
    const list = read(text);
    expect(list).toHaveLength(1);
    expect(outline(list[0]?.messages ?? [])).toEqual([
      'user',
      // Two messages of one speaker in a row are one reply, as the Messages API has them.
      'assistant: Bash(toolu_01A) {"command":"make"} | Bash(toolu_01B) {"command":"make"}',
      'tool → toolu_01A: "ok"',
      'tool → toolu_01B: "ok"',
    ]);
    expect(list[0]?.warnings[0]).toMatch(
      /; 5 lists of content blocks under a speaker's heading \(`### User`, `### Assistant`\) read as that speaker's messages: /,
    );
  });

  it('is not markdown whose blocks name no tool call, nor JSON itself', () => {
    const r = importConversations('# Notes\n\n```json\n{ "a": 1 }\n```\n');
    expect(r.ok ? '' : r.error.message).not.toMatch(/fenced/);
    const [c] = read(chat('Oslo'));
    expect(c?.warnings.some((w) => w.includes('fenced'))).toBe(false);
  });
});
