// Automaker's feature logs, read as the calls they show.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, outline } from './helpers';

describe('an Automaker feature log (agent-output.md)', () => {
  it('reads each tool line as a call of its own, its input the JSON after it', () => {
    const r = importConversations(fixture('automaker/agent-output.md'), {
      name: 'agent-output.md',
    });
    if (!r.ok) throw new Error(r.error.message);
    const [c, ...more] = r.value;
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: Glob(automaker-1) {"pattern":"**/project-selector*.tsx"}',
      'assistant: Read(automaker-2) {"file_path":"/w/src/components/project-selector.tsx"}',
      'assistant: Bash(automaker-3) {"command":"npm test -- project-selector","description":"Run the selector\'s tests"}',
      'assistant: Bash(automaker-4) {"command":"npm test -- project-selector","description":"Run the selector\'s tests"}',
      'assistant: TodoWrite(automaker-5) {}',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(5);
    expect(c?.warnings[0]).toMatch(/^Read an Automaker feature log .* 5 tool calls it shows/);
  });

  it('leaves a markdown file that only mentions the tool line to the JSON reader', () => {
    const r = importConversations(
      new TextEncoder().encode('# Notes\n\nWrite `🔧 Tool: X` here.\n'),
      {
        name: 'notes.md',
      },
    );
    expect(r.ok).toBe(false);
  });
});
