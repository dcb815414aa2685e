import { describe, expect, it } from 'vitest';
import { importTranscript } from '../../../src/import/index';

const chat = JSON.stringify({
  messages: [
    { role: 'user', content: 'hi' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: 'a b' },
  ],
});

describe('a forced format that finds nothing', () => {
  it('warns and names the detected format', () => {
    const r = importTranscript(chat, { format: 'openhands' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.messages).toHaveLength(0);
    expect(r.value.warnings[0]).toBe(
      'Read as OpenHands trajectory (chosen by hand), the file has no messages; it looks like OpenAI Chat Completions. Choose Auto-detect or that format.',
    );
  });

  it('warns without a guess when nothing else fits either', () => {
    const r = importTranscript('[{"kind":"note"}]', { format: 'openhands' });
    expect(r.ok && r.value.warnings[0]).toBe(
      'Read as OpenHands trajectory (chosen by hand), the file has no messages.',
    );
  });

  it('says nothing when the forced format is the detected one, or found messages', () => {
    const same = importTranscript(chat, { format: 'openai-chat' });
    expect(same.ok && same.value.warnings).toEqual([]);
    const auto = importTranscript(chat);
    expect(auto.ok && auto.value.warnings).toEqual([]);
  });
});
