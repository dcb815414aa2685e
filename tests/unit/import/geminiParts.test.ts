// Gemini parts as the Python SDK's `model_dump()` writes them: every unused field `null`.
import { describe, expect, it } from 'vitest';
import { importAll, outline } from './helpers';

const part = (fields: Record<string, unknown>) => ({
  code_execution_result: null,
  executable_code: null,
  function_call: null,
  function_response: null,
  inline_data: null,
  text: null,
  thought: null,
  ...fields,
});

describe('a Gemini response dumped with its null fields', () => {
  it('reads only the parts that hold a call as calls', () => {
    const response = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              part({ text: 'Looking it up.' }),
              part({ function_call: { id: null, name: 'get_weather', args: { city: 'Oslo' } } }),
              part({ executable_code: { code: 'print(1)', language: 'PYTHON' } }),
            ],
          },
          finish_reason: 'STOP',
        },
      ],
    };
    const [c] = importAll(JSON.stringify(response), { name: 'response.json' });
    const calls = outline(c?.messages ?? []).filter((l) => l.startsWith('assistant:'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^assistant: get_weather\(\S+\) \{"city":"Oslo"\}$/);
    expect(c?.census?.toolCalls).toBe(1);
    // The code the API ran itself is no call of the client's loop: a note (folded) says so.
    expect(c?.warnings).toContain(
      "Skipped 1 server-side tool call (executableCode, Gemini's code execution): the API ran them, so they are not part of the client's tool loop.",
    );
  });
});
