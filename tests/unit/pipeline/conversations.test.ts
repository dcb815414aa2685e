import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import type { LoadRequest, WorkerResponse } from '../../../src/worker/protocol';

const fixture = (p: string) =>
  readFileSync(new URL(`../../fixtures/${p}`, import.meta.url), 'utf8');
const session = fixture('claude-code/subagents-inline.jsonl');

function load(text: string, extra: Partial<LoadRequest> = {}): LoadRequest {
  return {
    type: 'load',
    requestId: 1,
    dataVersion: 1,
    input: { kind: 'text', text, name: 'session.jsonl' },
    config: DEFAULT_CONFIG,
    ...extra,
  };
}

function loaded(r: WorkerResponse) {
  if (r.type !== 'loaded') throw new Error(`expected loaded, got ${r.type}`);
  return r;
}

describe('a file of several conversations in the worker', () => {
  it('lists every conversation with its batches and refusals, and serves the first', async () => {
    const r = loaded(await createReplayHandler().handle(load(session)));
    expect(r.conversation).toBe(0);
    expect(r.conversations).toEqual([
      { label: 'main chain', batches: 1, refusals: 0 },
      {
        label: 'subagent Find flaky test · Find the flaky test in tests/.',
        batches: 3,
        refusals: 1,
      },
      { label: 'subagent Find slow test · Find the slowest test.', batches: 1, refusals: 0 },
    ]);
    expect(r.report.flags.length).toBe(1);
  });

  it('serves the conversation asked for', async () => {
    const r = loaded(await createReplayHandler().handle(load(session, { conversation: 1 })));
    expect(r.conversation).toBe(1);
    expect(r.report.flags.length).toBe(3);
  });

  it('recounts every conversation’s refusals when the config changes', async () => {
    const h = createReplayHandler();
    await h.handle(load(session));
    const e = await h.handle({
      type: 'evaluate',
      requestId: 2,
      dataVersion: 1,
      config: { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 },
    });
    if (e.type !== 'evaluated') throw new Error(`expected evaluated, got ${e.type}`);
    expect(e.conversations.map((c) => c.refusals)).toEqual([0, 0, 0]);
  });

  it('a file of one conversation lists just that one', async () => {
    const r = loaded(
      await createReplayHandler().handle(load(fixture('cline/repeated-command.json'))),
    );
    expect(r.conversations).toEqual([{ label: 'conversation', batches: 5, refusals: 0 }]);
  });

  it('reads Cline results as tool messages when asked', async () => {
    const r = loaded(
      await createReplayHandler().handle(
        load(fixture('cline/repeated-command.json'), { clineResults: 'tool' }),
      ),
    );
    expect(r.conversations).toEqual([{ label: 'conversation', batches: 5, refusals: 2 }]);
  });
});
