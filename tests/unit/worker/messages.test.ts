import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import { MESSAGE_TEXT_MAX, messagesPage } from '../../../src/worker/messages';
import { createReplayHandler } from '../../../src/worker/handle';
import { run } from '../import/helpers';

const text = readFileSync(
  join(__dirname, '..', '..', '..', 'public', 'samples', 'mutating-loop.json'),
  'utf8',
);

describe('messagesPage', () => {
  const imported = importTranscript(text);
  if (!imported.ok) throw new Error(imported.error.message);
  const { messages } = imported.value;
  const report = run(imported.value);

  it('tags calls and their results with their batch, and other turns with the next one', () => {
    const page = messagesPage(messages, report, 0, 100);
    expect(page).toHaveLength(messages.length);
    for (const b of report.batches) {
      const own = page.filter((m) => m.batch === b.index);
      expect(own[0]?.index).toBe(b.messageIndex);
      expect(own[0]?.calls.map((c) => c.name)).toEqual(b.calls.map((c) => c.name));
      // Its results follow it, each answering one of its calls.
      const ids = new Set(b.calls.map((c) => c.id));
      for (const r of own.slice(1)) expect(ids.has(r.toolCallId ?? '')).toBe(true);
    }
    const user = page.find((m) => m.role === 'user');
    expect(user?.batch).toBe(-1);
    expect(user?.near).toBe(0);
    expect(user?.text).toBe('Turn on debug logging in config/settings.json, please.');
  });

  it('reads any page alone as it reads within the whole', () => {
    const whole = messagesPage(messages, report, 0, 100);
    for (let from = 0; from < messages.length; from++) {
      expect(messagesPage(messages, report, from, 3)).toEqual(whole.slice(from, from + 3));
    }
  });

  it('cuts a long text and says how long it was', () => {
    const long = 'x'.repeat(MESSAGE_TEXT_MAX + 10);
    const m = { role: 'user', content: long, tool_calls: undefined, tool_call_id: undefined };
    const [e] = messagesPage([m], report, 0, 1);
    expect(e?.text).toHaveLength(MESSAGE_TEXT_MAX);
    expect(e?.textLength).toBe(MESSAGE_TEXT_MAX + 10);
  });

  it('is served by the worker for the transcript it holds', async () => {
    const h = createReplayHandler();
    await h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 1,
      input: { kind: 'text', text, name: 'loop.json' },
      config: DEFAULT_CONFIG,
    });
    const r = await h.handle({ type: 'messages', requestId: 2, dataVersion: 1, from: 1, count: 2 });
    if (r.type !== 'messages') throw new Error(r.type);
    expect(r.total).toBe(messages.length);
    expect(r.items.map((m) => m.index)).toEqual([1, 2]);
    const stale = await h.handle({
      type: 'messages',
      requestId: 3,
      dataVersion: 7,
      from: 0,
      count: 1,
    });
    expect(stale.type).toBe('error');
  });
});
