import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCodex } from '../../../src/import/formats/codex';
import { CodexFollower } from '../../../src/import/formats/codexLines';
import { codexSession } from '../../e2e/codexSession';
import {
  assertFollows,
  expectFollowed,
  general as followersGeneral,
  lineEnds,
  outputOf,
} from './followers';
import { filesUnder, FIXTURES } from './helpers';

/** What the general import reads from `text` as a Codex rollout. */
const general = (text: string) => followersGeneral(text, 'codex', (d) => importCodex(d, {}));

const item = (payload: unknown) =>
  JSON.stringify({ timestamp: '2026-01-05T10:00:00.000Z', type: 'response_item', payload });

/** One generated line of a rollout. */
const line: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('a', 'b')
      .map((n) =>
        item({ type: 'function_call', name: 'run', arguments: `{"n":"${n}"}`, call_id: `c${n}` }),
      ),
  },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('a', 'b', 'x')
      .map((n) => item({ type: 'function_call_output', call_id: `c${n}`, output: 'same' })),
  },
  {
    weight: 2,
    arbitrary: fc.constant(
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go on' }] }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constant(
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }),
    ),
  },
  fc.constant(item({ type: 'reasoning', summary: [] })),
  fc.constant(item({ type: 'web_search_call', status: 'completed' })),
  fc.constant(
    JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w' } }),
  ),
  fc.constant(
    JSON.stringify({ timestamp: 't', type: 'event_msg', payload: { type: 'token_count' } }),
  ),
  fc.constant(
    JSON.stringify({ timestamp: 't', type: 'compacted', payload: { message: 'summary' } }),
  ),
  fc.constant(JSON.stringify({ record_type: 'state' })),
  fc.constant('{"timestamp":"t","type":"response_item","payload":'),
  fc.constant('   '),
  fc.constant(JSON.stringify({ type: 'thread.started', thread_id: 't' })),
);

/** A rollout: its opening (21 lines, so the format is judged before the generated part), then the lines. */
const rollout = fc.tuple(fc.array(line, { maxLength: 40 }), fc.boolean()).map(([lines, crlf]) => {
  const head = codexSession(0).split('\n').filter(Boolean);
  const opening = [
    ...head,
    ...Array.from({ length: 21 - head.length }, () => item({ type: 'reasoning' })),
  ];
  return [...opening, ...lines].join(crlf ? '\r\n' : '\n') + '\n';
});

describe('a Codex rollout followed as it grows', () => {
  it('reads, at every step, as the text so far read whole', () => {
    assertFollows(rollout, () => new CodexFollower(false), general);
  });

  it('follows every JSON Lines fixture a line at a time', () => {
    const files = filesUnder(join(FIXTURES, 'codex')).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expectFollowed(new CodexFollower(false), text, lineEnds(text, null), general);
    }
  });

  it('maps only the new lines: a long rollout grows a batch at a time', () => {
    const text = codexSession(200_000);
    const follower = new CodexFollower(false);
    let last = 0;
    let from = 0;
    for (const end of lineEnds(text, null)) {
      const r = follower.readPiece(text.slice(from, end), false);
      from = end;
      if (r !== null) last = r.out.messages.length;
    }
    const whole = general(text);
    expect(whole).not.toBe(null);
    expect(last).toBe(whole?.conversations[0]?.messages.length);
    const r = follower.readPiece('', true);
    expect(r === null ? null : outputOf(r.out, r.warnings)).toEqual(whole);
  });
});
