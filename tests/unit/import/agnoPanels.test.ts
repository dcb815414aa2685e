// Agno's `print_response` panels pasted as text: the `Tool Calls` panel's `• name(k=v)` lines.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/agno-print-response.txt'));

describe("Agno's printed run", () => {
  it("reads each listed call, its `key=value` arguments as printed, a member's apart", () => {
    const [run, member, ...more] = importAll(fixture('markdown/agno-print-response.txt'), {
      name: 'run.txt',
    });
    expect(more).toHaveLength(0);
    expect(outline(run?.messages ?? [])).toEqual([
      'user',
      'assistant: search_flights(agno-1) {"cabin":"economy","date":"2025-03-14","destination":"BCN","origin":"OSL","passengers":2}',
      'assistant: get_weather(agno-2) {"city":"Barcelona","days":[14,15]}',
      'assistant: get_weather(agno-3) {"city":"Barcelona","days":[14,15]}',
      'assistant',
      'user',
      'assistant: delegate_task_to_member(agno-4) {"member_id":"booker","task":"Book SK4651 for 2"}',
      'assistant',
    ]);
    expect(outline(member?.messages ?? [])).toEqual([
      'assistant: book_flight(agno-5) {"confirm":true,"flight":"SK4651","passengers":2}',
      'assistant',
    ]);
    expect(run?.messages.at(-1)?.content).toBe('Your flight SK4651 is booked, reference K7Q2ZD.');
    expect(run?.census?.toolCalls).toBe(5);
    expect(run?.warnings[0]).toBe(
      "Read “run.txt” as Agno's printed run (`print_response` panels): 5 tool calls read from the `Tool Calls` panels, a line `• name(key=value, …)` each, each call a reply of its own (the panel lists a run's calls together, so which model turn made each is not shown), with no answers; arguments as printed (a string unquoted, so signatures may differ from the run's own though a repeated call still reads as a repeat); 1 team member's panels as a conversation of its own.",
    );
  });

  it('is not a text with heavy panels but no listed call', () => {
    const t = text().replace(/• /g, '- ');
    const r = importConversations(t, { name: 'run.txt' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Agno/);
  });
});
