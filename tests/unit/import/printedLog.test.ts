// Logs of Python's printed values, a value a line: what `print(response)` leaves in a file.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { importAll, outline } from './helpers';

const reply = (id: string, calls: string) =>
  `ChatCompletion(id='${id}', choices=[Choice(finish_reason='tool_calls', index=0, logprobs=None, message=ChatCompletionMessage(content=None, refusal=None, role='assistant', function_call=None, tool_calls=[${calls}]))], created=1750000000, model='gpt-4o', object='chat.completion', usage=CompletionUsage(completion_tokens=20, prompt_tokens=100, total_tokens=120))`;
const call = (id: string, name: string, args: string) =>
  `ChatCompletionMessageToolCall(id='${id}', function=Function(arguments='${args}', name='${name}'), type='function')`;

describe('a log of printed Python values', () => {
  it('reads each printed response as the reply it is', () => {
    const log = [
      reply('r1', call('1', 'search', '{"q": "phones"}')),
      reply(
        'r2',
        [call('1', 'search', '{"q": "pixel"}'), call('2', 'search', '{"q": "galaxy"}')].join(', '),
      ),
    ].join('\n');
    const list = importAll(`${log}\n`, { name: 'llm_log.json' });
    const lines = list.flatMap((c) => outline(c.messages));
    // Each printed response is a reply of its own; one reply's calls are one batch.
    expect(lines).toEqual([
      'assistant: search(1) {"q":"phones"}',
      'assistant: search(1) {"q":"pixel"} | search(2) {"q":"galaxy"}',
    ]);
    expect(list[0]?.warnings[0]).toBe(
      "Read “llm_log.json” as a log of 2 Python values printed a line each (an SDK's objects as their constructor calls), as JSON Lines.",
    );
  });

  it('is not a log whose printed values are a small part of its words', () => {
    const prose = `${'The agent ran and wrote many words about it. '.repeat(20)}\n${reply('r1', call('1', 'search', '{}'))}\n${'More words. '.repeat(60)}\n`;
    const r = importConversations(prose, { name: 'notes.txt' });
    const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
    expect(said).not.toMatch(/Python values printed a line each/);
  });
});
