// GitHub Copilot Chat's request log (VS Code's Chat Debug view), read as the requests it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/copilot-chat-debug-log.md'));

const TEST = '{"command":"npm test","explanation":"Run the tests.","isBackground":false}';
const EXPECTED = [
  'system',
  'user',
  `assistant: run_in_terminal(call_A1) ${TEST}`,
  'tool → call_A1: "FAIL src/date.test.ts"',
  'assistant: replace_string_in_file(call_B2) {"filePath":"/work/app/src/date.ts","newString":"// UTC keeps CI stable\\n\\treturn d.toISOString();","oldString":"return d.toString();"} | run_in_terminal(call_C3) {"command":"npm test","explanation":"Run the tests again.","isBackground":false}',
  'tool → call_B2: "The file was edited."',
];

describe("Copilot Chat's request log", () => {
  it('reads the requests as one history: calls whole, answered by their runs', () => {
    const [c, ...more] = importAll(fixture('markdown/copilot-chat-debug-log.md'), { name: 'l.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual(EXPECTED);
    expect(c?.messages[1]?.content).toBe('<userRequest>\nrun the tests\n</userRequest>');
    expect(c?.messages[2]?.content).toBe("I'll run them.");
    expect(c?.warnings[0]).toMatch(
      /^Read “l\.md” as GitHub Copilot Chat's request log \(VS Code's Chat Debug view\): 2 requests with 3 tool calls /,
    );
  });

  it('reads the same log copied from the view: its headings and fences gone', () => {
    const copied = text()
      .split('\n')
      .filter((l) => !/^(?:~~~.*|<\/?pre>.*|<\/?code>.*|<\/?details>|<\/code><\/pre>)$/.test(l))
      .map((l) =>
        l
          .replace(/^> /, '')
          .replace(/^#{1,3} /, '')
          .replace(/^\s*- \[([^\]]+)\]\(#[\w-]+\)$/, '$1'),
      )
      .join('\n');
    expect(copied).not.toMatch(/^#|^~~~/m);
    const [c] = importAll(copied, { name: 'l.txt' });
    expect(outline(c?.messages ?? [])).toEqual(EXPECTED);
  });

  it('is not a log whose requests made no call', () => {
    const none = text().replace(/^🛠️ .*$/gmu, '');
    expect(importConversations(none, { name: 'l.md' }).ok).toBe(false);
  });
});
