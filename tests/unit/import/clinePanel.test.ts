// Cline's chat panel, or a fork's, copied as text: each call a row headed `Cline wants to …`.
import { describe, expect, it } from 'vitest';
import { clinePanelComplete } from '../../../src/import/clinePanel';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

const text = (p: string) => new TextDecoder().decode(fixture(p));

describe("Cline's chat panel copied as text", () => {
  it('reads each row as the tool it stands for, with the path, command or arguments shown', () => {
    const [c, ...more] = importAll(fixture('markdown/cline-panel-copy.md'), { name: 'task.md' });
    expect(more).toHaveLength(0);
    const out = outline(c?.messages ?? []);
    expect(out).toEqual([
      'user',
      'assistant',
      'assistant: read_file(panel-1) {"path":"/src/retry.ts"}',
      'assistant: read_file(panel-2) {"path":"src/retry.test.ts"}',
      'assistant: list_files(panel-3) {"path":"src/fixtures/"}',
      'assistant: search_files(panel-4) {"path":"src","regex":"setTimeout"}',
      'assistant: execute_command(panel-5) {"command":"npm test -- retry"}',
      'tool → panel-5: "FAIL src/retry.test.ts\\n  ✕ retries three times (5012 ms)"',
      'assistant',
      'assistant: use_mcp_tool(panel-6) {"arguments":"{\\"file\\":\\"src/retry.test.ts\\"}","server_name":"test-runner","tool_name":"list_timers"}',
      'assistant: replace_in_file(panel-7) {"diff":"------- SEARCH\\n  await sleep(delay)\\n=======\\n  await sleep(delay, clock)\\n+++++++ REPLACE","path":"/src/retry.ts"}',
      'assistant: execute_command(panel-8) {"command":"npm test -- retry"}',
      'tool → panel-8: "FAIL src/retry.test.ts\\n  ✕ retries three times (5010 ms)"',
      'assistant: execute_command(panel-9) {"command":"npm test -- retry"}',
      'tool → panel-9: "FAIL src/retry.test.ts\\n  ✕ retries three times (5010 ms)"',
      'assistant: execute_command(panel-10) {"command":"git stash"}',
      'assistant: attempt_completion(panel-11) {"input":"not shown (panel-11)"}',
      'assistant',
    ]);
    expect(c?.messages[0]?.content).toBe(
      'Fix the flaky retry test in src/retry.ts and make sure the suite passes.\n\n12.4k200.0k',
    );
    expect(c?.census?.toolCalls).toBe(11);
    expect(c?.warnings[0]).toBe(
      "Read “task.md” as Cline's chat panel copied as text: 11 tool calls read from the rows that head them (`Cline wants to read this file:`, `Task Completed`, …), each a reply of its own as the agent makes them, as the tool its prompt names; 3 commands answered by the output shown under them, no other call's answer; the text before the first row as the task, all other words as the agent's (the copy does not mark what the user said later); no call ids. 10 calls are read from what their row shows of their input (a path, a command, an MCP tool’s arguments), so signatures differ from the session's own though a repeated call still reads as a repeat. 1 call shows nothing of its input (a row folded before it was copied, `Task Completed`): each is read as a call of its own, never a repeat.",
    );
  });

  it("reads a fork's rows under its own name, folded rows as calls that show nothing", () => {
    const [c] = importAll(fixture('markdown/roo-panel-copy.txt'), { name: 'task.txt' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: read_file(panel-1) {"input":"not shown (panel-1)"}',
      'assistant: list_files(panel-2) {"path":"src/components/"}',
      'assistant: switch_mode(panel-3) {"mode_slug":"code"}',
      'assistant: ask_followup_question(panel-4) {"question":"Should the toggle follow the system theme by default?"}',
      'assistant',
      'assistant: write_to_file(panel-5) {"change":"not shown (panel-5)"}',
      'assistant: replace_in_file(panel-6) {"change":"not shown (panel-6)"}',
      'assistant: attempt_completion(panel-7) {"input":"not shown (panel-7)"}',
      'assistant',
    ]);
    expect(c?.warnings[0]).toMatch(
      /^Read “task.txt” as Roo's chat panel copied as text: 7 tool calls/,
    );
  });

  it("reads no row of another agent's that the words quote", () => {
    const t = text('markdown/cline-panel-copy.md').replace(
      'Thinking\n\nThe test times out.',
      'Thinking\n\nRoo wants to read this file:\n\nThe test times out.',
    );
    const [c] = importAll(t);
    expect(c?.census?.toolCalls).toBe(11);
  });

  it('holds back the last row while the copy grows: its path or output may follow', () => {
    const t = text('markdown/cline-panel-copy.md');
    const cut = t.indexOf('Skipped');
    const last = t.lastIndexOf('Cline wants to execute this command:', cut);
    expect(clinePanelComplete(t.slice(0, cut))).toBe(t.slice(0, last - 1));
    expect(clinePanelComplete('Notes only\n')).toBe('Notes only\n');
  });

  it('reads the same copy with Windows line ends alike', () => {
    const [a] = importAll(text('markdown/cline-panel-copy.md').replace(/\n/g, '\r\n'));
    const [b] = importAll(text('markdown/cline-panel-copy.md'));
    expect(outline(a?.messages ?? [])).toEqual(outline(b?.messages ?? []));
  });

  it('is not a text that quotes one row, nor rows of two agents', () => {
    for (const t of [
      'Notes\n\nCline wants to execute this command:\n\n```shell\nls\n```\n',
      'Cline wants to read this file:\n\na.ts\n\nRoo wants to read this file:\n\nb.ts\n',
    ]) {
      const r = importConversations(t, { name: 'notes.md' });
      expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(
        /chat panel copied as text/,
      );
    }
  });
});
