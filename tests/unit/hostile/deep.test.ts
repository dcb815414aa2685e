import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  describeBatch,
  evaluateReplay,
  prepareReplay,
  type BatchDetails,
} from '../../../src/detector/index';
import { PRETTY_MAX_DEPTH } from '../../../src/detector/details';
import { importTranscript } from '../../../src/import/index';
import { analyse } from './pipeline';

/** Inputs at the sizes the issue names; each must analyse without recursion or blow-up. */

const DEPTH = 100_000;
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepArray = (n: number) => '['.repeat(n) + '"x"' + ']'.repeat(n);

function transcript(args: string, answer: string): string {
  const batch = (i: number) =>
    `{"role":"assistant","content":null,"tool_calls":[{"id":"c${i}","type":"function","function":{"name":"deep","arguments":${args}}}]},` +
    `{"role":"tool","tool_call_id":"c${i}","content":${answer}}`;
  return `{"messages":[{"role":"user","content":"go"},${[0, 1, 2].map(batch).join(',')}]}`;
}

/** The details of the first batch of `text`, as the worker would send them. */
function firstDetails(text: string): BatchDetails {
  const imported = importTranscript(text);
  if (!imported.ok) throw new Error(imported.error.message);
  const { messages } = imported.value;
  const report = evaluateReplay(prepareReplay(messages), DEFAULT_CONFIG, {
    format: 'openai-chat',
    messages: messages.length,
    warnings: [],
    referenceScan: 'scanned',
  });
  return describeBatch(messages, report, 0);
}

describe('deep nesting through import, replay and details', { timeout: 120_000 }, () => {
  it('100,000-deep arguments and answers: a report, details in compact form', () => {
    const r = analyse(transcript(deepObject(DEPTH), deepArray(DEPTH)), DEFAULT_CONFIG, 1);
    expect('report' in r).toBe(true);
    if (!('report' in r)) return;
    expect(r.report.batches.map((b) => b.refused)).toEqual([false, false, true]);
    expect(r.report.source.referenceScan).toEqual({
      failOpen: expect.stringMatching(/nests 100,?00\d levels deep/) as unknown,
    });
  });

  it('the details of a deep value stay linear in size (no indentation per level)', () => {
    const d = firstDetails(transcript(deepObject(DEPTH), deepArray(DEPTH)));
    expect(d.calls[0]?.argumentsPretty).toBe(deepObject(DEPTH));
    expect(d.answers[0]?.text).toBe(deepArray(DEPTH));
    // The canonical form caps depth at 16 (docs/detector.md §3.2).
    expect(d.calls[0]?.canonical.length).toBeLessThan(200);
  });

  it('values up to the pretty depth limit are still indented, deeper ones compact', () => {
    const at = firstDetails(transcript(deepObject(PRETTY_MAX_DEPTH), '"ok"'));
    expect(at.calls[0]?.argumentsPretty).toContain(`\n${'  '.repeat(PRETTY_MAX_DEPTH)}"a": 1`);
    const over = firstDetails(transcript(deepObject(PRETTY_MAX_DEPTH + 1), '"ok"'));
    expect(over.calls[0]?.argumentsPretty).toBe(deepObject(PRETTY_MAX_DEPTH + 1));
  });

  it('a 100,000-deep arguments string is the raw-string fallback, like serde_json', () => {
    const args = JSON.stringify(deepObject(DEPTH));
    const r = analyse(transcript(args, '"same"'), DEFAULT_CONFIG);
    expect('report' in r && r.report.batches.length).toBe(3);
  });
});
