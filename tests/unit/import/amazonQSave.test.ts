// Amazon Q Developer CLI's `/save`: the history as chat messages, calls the transcript alone names.
import { describe, expect, it } from 'vitest';
import { splitNotes } from '../../../src/import/notes';
import { fixture, importAll, outline } from './helpers';

const json = (p: string): Record<string, unknown> =>
  JSON.parse(new TextDecoder().decode(fixture(p))) as Record<string, unknown>;
const text = (v: unknown): string => JSON.stringify(v, null, 2);

describe('an Amazon Q Developer CLI conversation saved with /save', () => {
  it('reads the history: prompts, calls, results, the results not yet sent', () => {
    const [c, ...more] = importAll(fixture('amazon-q/save-compacted.json'), { name: 'retry.json' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: fs_read(transcript-1) {"input":"not shown (transcript-1)"}',
      'assistant: fs_read(transcript-2) {"input":"not shown (transcript-2)"} | execute_bash(transcript-3) {"input":"not shown (transcript-3)"}',
      'assistant',
      'user',
      'assistant: execute_bash(tooluse_r1) {"command":"cargo test retry","summary":"Run the retry test"}',
      'tool → tooluse_r1: "{\\"exit_status\\":\\"101\\",\\"stderr\\":\\"\\",\\"stdout\\":\\"test retry ... FAILED\\"}"',
      'assistant: fs_read(tooluse_r2) {"operations":[{"mode":"Line","path":"/home/me/svc/src/retry.rs"}]} | fs_write(tooluse_r3) {"command":"str_replace","new_str":"attempts <= 3","old_str":"attempts < 3","path":"/home/me/svc/src/retry.rs"}',
      'tool → tooluse_r2: "fn retry(attempts: u32) -> bool { attempts < 3 }"',
      'tool → tooluse_r3: "Tool use was cancelled by the user"',
      'user',
      'assistant: execute_bash(tooluse_r4) {"command":"RUST_LOG=debug cargo test retry","summary":"Run the retry test with logs"}',
      'tool → tooluse_r4: "{\\"exit_status\\":\\"101\\",\\"stderr\\":\\"\\",\\"stdout\\":\\"attempt 3 refused\\"}"',
    ]);
    expect(c?.census?.toolCalls).toBe(7);
    expect(c?.messages.filter((m) => m.role === 'tool').map((m) => m.error)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(c?.warnings[0]).toBe(
      'Read “retry.json” as an Amazon Q Developer CLI conversation saved with `/save`: 4 tool calls in 3 exchanges of its history, and before them 3 tool calls its transcript names by tool alone (the history was compacted): they show nothing of their input, so each is read as a call of its own, never a repeat, with no answer.',
    );
  });

  it('reads a history whole as a note, and as its calls by shape when chosen by hand', () => {
    const [c] = importAll(fixture('amazon-q/save.json'), { name: 'build.json' });
    expect(c?.census?.toolCalls).toBe(2);
    expect(splitNotes(c?.warnings ?? [])).toEqual({
      warnings: [],
      notes: [
        'Read “build.json” as an Amazon Q Developer CLI conversation saved with `/save`: 2 tool calls in 3 exchanges of its history.',
      ],
    });
    // The history's exchanges, `[sent, received]` pairs, as the reader by shape takes them.
    const [g] = importAll(fixture('amazon-q/save.json'), { format: 'generic' });
    expect(outline(g?.messages ?? [])).toEqual(outline(c?.messages ?? []));
    // Chosen by hand as the Anthropic messages it is rewritten as, it reads the same.
    const [a] = importAll(fixture('amazon-q/save.json'), { format: 'anthropic' });
    expect(outline(a?.messages ?? [])).toEqual(outline(c?.messages ?? []));
    expect(g?.warnings).toContainEqual(
      expect.stringMatching(/^Read by shape from Amazon Q Developer CLI `tool_uses`/),
    );
  });

  it('reads a history emptied by /compact from the names its transcript keeps', () => {
    const d = json('amazon-q/save-compacted.json');
    const [c] = importAll(text({ ...d, history: [], next_message: null }), { name: 'q' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: fs_read(transcript-1) {"input":"not shown (transcript-1)"}',
      'assistant: fs_read(transcript-2) {"input":"not shown (transcript-2)"} | execute_bash(transcript-3) {"input":"not shown (transcript-3)"}',
      'assistant',
      'user',
      'assistant: execute_bash(transcript-4) {"input":"not shown (transcript-4)"}',
      'assistant: fs_read(transcript-5) {"input":"not shown (transcript-5)"} | fs_write(transcript-6) {"input":"not shown (transcript-6)"}',
      'user',
      'assistant: execute_bash(transcript-7) {"input":"not shown (transcript-7)"}',
    ]);
    expect(c?.warnings[0]).toMatch(
      /: its history is empty \(compacted or cleared\), so its 7 tool calls are those its transcript names by tool alone: they show nothing/,
    );
  });

  it.each(['fs_read', 'fs_read,fs_read'])(
    'reads no name of a transcript whose replies do not line up with the history (%s)',
    (names) => {
      const d = json('amazon-q/save-compacted.json');
      const transcript = (d.transcript as string[]).map((t) =>
        t.replace('[Tool uses: fs_read,fs_write]', `[Tool uses: ${names}]`),
      );
      const [c] = importAll(text({ ...d, transcript }), { name: 'q' });
      expect(c?.census?.toolCalls).toBe(4);
      expect(c?.messages[0]?.role).toBe('user');
      expect(c?.warnings[0]).toMatch(
        /4 tool calls in 3 exchanges of its history; its transcript names 3 earlier tool calls whose replies do not line up with the history's, and they are not read\.$/,
      );
    },
  );

  it('reads history saved in either form the same', () => {
    const d = json('amazon-q/save-compacted.json');
    const history = (d.history as { user: unknown; assistant: unknown }[]).map((e) => [
      e.user,
      e.assistant,
    ]);
    const [a] = importAll(text({ ...d, history }));
    const [b] = importAll(text(d));
    expect(outline(a?.messages ?? [])).toEqual(outline(b?.messages ?? []));
  });

  it('takes no other object that holds a transcript for a saved conversation', () => {
    const d = json('amazon-q/save.json');
    const { conversation_id: id, ...rest } = d;
    const [c] = importAll(text({ ...rest, conversation_id: id }));
    expect(c?.census?.toolCalls).toBe(2);
    expect(c?.warnings.join(' ')).not.toMatch(/saved with `\/save`/);
  });
});
