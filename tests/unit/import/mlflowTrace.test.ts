// An MLflow trace, read as the chats its model calls kept (`mlflow.chat.messages`).
import { describe, expect, it } from 'vitest';
import { isNote } from '../../../src/import/notes';
import { fixture, importAll, outline } from './helpers';

/** A span as MLflow's `TraceData.to_dict` writes it: every attribute as JSON text. */
const span = (start: number, type: string, chat?: unknown[]) => ({
  trace_id: 't1',
  span_id: `s${start}`,
  parent_span_id: 's0',
  name: type,
  start_time_unix_nano: start,
  attributes: {
    'mlflow.spanType': JSON.stringify(type),
    ...(chat ? { 'mlflow.chat.messages': JSON.stringify(chat) } : {}),
  },
});

describe('an MLflow trace', () => {
  it("is each conversation's last chat, in the order the model calls started", () => {
    const [a, b, ...more] = importAll(fixture('otel/mlflow-openai-trace.json'));
    expect(more).toHaveLength(0);
    expect(a?.format).toBe('openai-chat');
    expect(outline(a?.messages ?? [])).toEqual([
      'system',
      'user',
      'assistant: get_weather(call_m1) {"city":"Oslo"}',
      'tool → call_m1: "4 C, snow"',
      'assistant',
    ]);
    expect(outline(b?.messages ?? [])).toEqual(['user', 'assistant']);
    const note = a?.warnings.find((w) => w.includes('MLflow')) ?? '';
    expect(note).toBe(
      'Read an MLflow trace as the 2 chats its model calls kept (`mlflow.chat.messages`), each as its last call was sent it.',
    );
    expect(isNote(note)).toBe(true);
    expect(a?.warnings.join(' ')).not.toMatch(/census/);
  });

  it("reads a ReAct agent's step once, as the next call's history kept it", () => {
    const system = { role: 'system', content: 'Use tools.' };
    const user = { role: 'user', content: 'Find x.' };
    // The model's raw answer runs on into an observation it made up; the agent keeps the step
    // it parsed, trimmed, and sends that back with the tool's real answer.
    const raw =
      'Thought: search.\nAction: search\nAction Input: {"q": "x"}\n\nObservation: made up';
    const kept = 'Thought: search.\nAction: search\nAction Input: {"q": "x"}';
    const spans = [
      span(1, 'CHAT_MODEL', [system, user, { role: 'assistant', content: raw }]),
      span(2, 'TOOL'),
      span(3, 'CHAT_MODEL', [
        system,
        user,
        { role: 'assistant', content: kept },
        { role: 'user', content: 'Observation: x is 42' },
        { role: 'assistant', content: 'Thought: done.\nAnswer: 42' },
      ]),
    ];
    const [c, ...more] = importAll(new TextEncoder().encode(JSON.stringify({ spans })));
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? []).filter((l) => l.startsWith('assistant:'))).toEqual([
      'assistant: search(syn-2-0) {"q":"x"}',
    ]);
  });
});
