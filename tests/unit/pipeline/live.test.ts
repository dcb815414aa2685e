import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Report } from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import { LiveTranscript, settledCount } from '../../../src/pipeline/live';
import { fixture, FIXTURES, filesUnder, run } from '../import/helpers';

const text = (p: string) => new TextDecoder().decode(fixture(p));

/** What a report says, without its timings. */
function verdicts(r: Report) {
  return {
    batches: r.batches,
    firstRefusal: r.firstRefusal,
    referenceVerdict: r.referenceVerdict,
    ledger: r.ledger,
    messages: r.source.messages,
  };
}

function whole(t: string, conversation = 0): Report {
  const r = importTranscript(t, { conversation });
  if (!r.ok) throw new Error(r.error.message);
  return run(r.value);
}

/** The text cut at the given points (sorted, inside it), fed piece by piece. */
function feed(t: string, cuts: readonly number[], conversation = 0) {
  const live = new LiveTranscript(DEFAULT_CONFIG, { conversation });
  const steps: Report[] = [];
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    steps.push(live.append(t.slice(at, c)).report);
    at = c;
  }
  steps.push(live.append(t.slice(at)).report);
  return { live, steps, final: live.finish().report };
}

/** Every conversation of the text fixtures: JSON Lines and JSON documents of each format. */
const CORPUS: [string, number][] = filesUnder(FIXTURES)
  .map((p) => p.slice(FIXTURES.length + 1))
  .filter((p) => !p.endsWith('.eval') && !p.endsWith('.har'))
  .flatMap((p): [string, number][] => {
    const r = importTranscript(fixture(p));
    if (!r.ok || r.value.messages.length === 0) return [];
    return r.value.conversations.map((_, i) => [p, i]);
  });

describe('a transcript fed in pieces', () => {
  it('covers JSON Lines and JSON documents of several formats', () => {
    expect(CORPUS.length).toBeGreaterThan(20);
    expect(CORPUS.some(([p]) => p.endsWith('.jsonl'))).toBe(true);
    expect(CORPUS.some(([p]) => p.endsWith('.json'))).toBe(true);
    expect(CORPUS.some(([, c]) => c > 0)).toBe(true);
  });

  it.each(CORPUS)('%s #%i: any split gives the whole-file report, batch for batch', (path, c) => {
    const t = text(path);
    const expected = verdicts(whole(t, c));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: t.length }), { maxLength: 12 }), (cuts) => {
        const { steps, final } = feed(t, cuts, c);
        expect(verdicts(final)).toEqual(expected);
        // A batch shown while the text grows is never one the rest of the file changes.
        for (const s of steps) {
          expect(s.batches).toEqual(expected.batches.slice(0, s.batches.length));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('splits inside a JSONL line and inside a JSON string show nothing half-read', () => {
    const t = text('claude-code/loop-write-file.jsonl');
    const inString = t.indexOf('"command"') + 4;
    const { steps, final } = feed(t, [inString, t.indexOf('\n', inString) - 3]);
    expect(verdicts(final)).toEqual(verdicts(whole(t)));
    for (const s of steps) expect(s.batches.length).toBeLessThanOrEqual(final.batches.length);
  });

  it('continues from its saved state: appending a settled batch adds it without a restart', () => {
    const live = new LiveTranscript(DEFAULT_CONFIG);
    const lines = text('claude-code/loop-write-file.jsonl').split('\n').filter(Boolean);
    let restarts = 0;
    let shown = 0;
    for (const l of lines) {
      const s = live.append(`${l}\n`);
      if (s.restarted) restarts++;
      shown += s.newBatches;
    }
    const end = live.finish();
    shown += end.newBatches;
    expect(restarts).toBe(0);
    expect(shown).toBe(end.report.batches.length);
    expect(end.report.firstRefusal?.batchIndex).toBe(2);
  });

  it('a rewritten history starts over and says so', () => {
    const live = new LiveTranscript(DEFAULT_CONFIG);
    const lines = text('claude-code/loop-write-file.jsonl').split('\n').filter(Boolean);
    for (const l of lines) live.append(`${l}\n`);
    expect(live.report().batches.length).toBeGreaterThan(0);
    // A new root line whose chain leaves out what was replayed: a rewind to the start.
    const root = JSON.parse(lines[1] as string) as Record<string, unknown>;
    const fork = { ...root, uuid: 'fork-1', message: { role: 'user', content: 'start again' } };
    const s = live.append(
      `${JSON.stringify(fork)}\n{"type":"user","uuid":"fork-2","parentUuid":"fork-1","message":{"role":"user","content":"go"}}\n`,
    );
    expect(s.restarted).toBe(true);
  });

  it('a config change re-walks the same prepared replay', () => {
    const t = text('claude-code/loop-write-file.jsonl');
    const live = new LiveTranscript(DEFAULT_CONFIG);
    live.append(t);
    live.finish();
    const looser = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 };
    const r = importTranscript(t);
    if (!r.ok) throw new Error('import');
    expect(verdicts(live.setConfig(looser)).batches.map((b) => b.refused)).toEqual(
      whole(t).batches.map(() => false),
    );
  });
});

describe('settledCount', () => {
  const call = { role: 'assistant', content: null, tool_calls: [null], tool_call_id: undefined };
  const tool = { role: 'tool', content: 'x', tool_calls: undefined, tool_call_id: 'a' };
  const user = { role: 'user', content: 'u', tool_calls: undefined, tool_call_id: undefined };
  it('holds back the last message and a batch whose results may still come', () => {
    expect(settledCount([user, call, tool])).toBe(1);
    expect(settledCount([user, call, tool, user])).toBe(3);
    expect(settledCount([user, call])).toBe(1);
    expect(settledCount([user])).toBe(0);
    expect(settledCount([])).toBe(0);
  });
});
