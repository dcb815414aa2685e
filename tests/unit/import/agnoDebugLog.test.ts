// Agno's debug log: each message it logs, a role's banner over its content and `Tool Calls:`.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("Agno's debug log", () => {
  it('reads each logged call once, the history a later run sends again not twice', () => {
    const [c, ...more] = importAll(fixture('markdown/agno-debug.log'), { name: 'debug.log' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'system',
      'user',
      'assistant: web_search(call_a1) {"max_results":5,"query":"Oslo weather today"}',
      'tool → call_a1: "[]"',
      'assistant: web_search(call_a2) {"max_results":5,"query":"Oslo weather today"}',
      'tool → call_a2: "[]"',
      'assistant',
      'user',
      'assistant: get_forecast(call_b1) {"city":"Bergen","days":2}',
      'tool → call_b1: "Rain, 6 °C"',
    ]);
    expect(c?.messages[6]?.content).toBe("I could not find today's weather for Oslo.");
    expect(c?.census?.toolCalls).toBe(3);
    expect(c?.warnings[0]).toMatch(/^Read “debug.log” as Agno's debug log: 3 tool calls/);
  });

  it("keeps a team member's messages apart, its results matched in order where ids differ", () => {
    const rec = (first: string, ...more: string[]) =>
      [`DEBUG ${first}`, ...more.map((m) => `      ${m}`)].join('\n');
    const call = (id: string, name: string, args: string) =>
      rec('Tool Calls:', `  - ID: '${id}'`, `    Name: '${name}'`, `    Arguments: '${args}'`);
    const log = [
      rec('****** Team ID: desk ******'),
      rec('***** Session ID: s1 *****'),
      rec('*** Team Run Start: r1 ***'),
      rec('==== user ===='),
      rec('Check Oslo'),
      rec('==== assistant ===='),
      call('fc_1', 'delegate_task_to_member', 'member_id: helper, task: Oslo'),
      rec('****** Agent ID: helper ******'),
      rec('*** Agent Run Start: r2 ***'),
      rec('==== user ===='),
      rec('Oslo'),
      rec('==== assistant ===='),
      call('call_m1', 'web_search', 'query: Oslo'),
      rec('==== tool ===='),
      rec('Tool call Id: call_m1'),
      rec('sunny'),
      rec('*** Agent Run End: r2 ***'),
      rec('==== tool ===='),
      rec('Tool call Id: call_zz'),
      rec('Oslo is sunny'),
      rec('*** Team Run End: r1 ***'),
    ].join('\n');
    const [team, member] = importAll(log);
    expect(outline(team?.messages ?? [])).toEqual([
      'user',
      'assistant: delegate_task_to_member(fc_1) {"member_id":"helper","task":"Oslo"}',
      'tool → fc_1: "Oslo is sunny"',
    ]);
    expect(outline(member?.messages ?? [])).toEqual([
      'user',
      'assistant: web_search(call_m1) {"query":"Oslo"}',
      'tool → call_m1: "sunny"',
    ]);
  });

  it('is not a log with a role banner but no call', () => {
    const r = importConversations('DEBUG ==== assistant ====\nDEBUG hello\n', { name: 'x.log' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Agno/);
  });
});
