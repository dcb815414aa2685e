import { describe, expect, it } from 'vitest';
import { ANSI, PLAIN, choosePaint, exitStatusFor, formatSummary } from '../../../src/cli/summary';
import type { BatchReport, Report } from '../../../src/detector/report';
import { DEFAULT_OBSERVATION_TOOLS } from '../../../src/detector/config';
import { run, turn, user } from '../detector/helpers';

function batch(index: number, over: Partial<BatchReport> = {}): BatchReport {
  return {
    index,
    messageIndex: 2 + 2 * index,
    calls: [{ id: `c${index}`, name: 'write_file', signature: 'write_file:247aba76b12bf80f' }],
    signature: 'write_file:247aba76b12bf80f',
    observation: false,
    costly: false,
    threshold: 2,
    ceiling: 15,
    exempt: false,
    count: index + 1,
    total: index + 1,
    answersKnown: true,
    outcome: index === 0 ? 'not-comparable' : 'answer-repeated',
    refused: false,
    reason: null,
    rescued: false,
    identicalResultRepeat: index > 0,
    repeatNotEvaluated: false,
    breakBefore: index === 0 ? 'start' : null,
    ...over,
  };
}

function report(batches: BatchReport[], over: Partial<Report> = {}): Report {
  const first = batches.find((b) => b.refused);
  return {
    schemaVersion: 1,
    source: { format: 'openai-chat', messages: 9, warnings: [], referenceScan: 'scanned' },
    config: {
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 15,
      observationTools: ['read_file', 'list_dir'],
      maxStagnationSteps: 5,
    },
    batches,
    firstRefusal: first
      ? {
          batchIndex: first.index,
          messageIndex: first.messageIndex,
          signature: first.signature,
          reason: 'strikes',
          note: 'note',
          error400: 'error',
        }
      : null,
    referenceVerdict: first ? { kind: 'loop', batchIndex: first.index } : { kind: 'pass' },
    ledger: { identicalResultRepeats: 2, repeatsNotEvaluated: 0, repeatsRescued: 0 },
    timing: { importMs: 1, replayMs: 1 },
    ...over,
  };
}

const describeRefusal = (b: BatchReport) =>
  `refused: ${b.count}rd identical \`${b.calls[0]?.name}\` batch with the same answer; strike threshold ${b.threshold}`;

describe('formatSummary', () => {
  const refused = report([
    batch(0),
    batch(1),
    batch(2, { refused: true, reason: 'strikes' }),
    batch(3, { refused: true, reason: 'strikes', count: 4, total: 4 }),
  ]);

  it('names the input, format, counts of messages and batches, and the config', () => {
    const text = formatSummary({
      report: refused,
      file: 't.json',
      formatLabel: 'OpenAI Chat',
      describeRefusal,
    });
    expect(text).toContain('t.json\n');
    expect(text).toContain('format:   OpenAI Chat (openai-chat)');
    expect(text).toContain('messages: 9');
    expect(text).toContain('batches:  4');
    expect(text).toContain(
      'config:   proxy mode, strikes 2, observation 15, 2 observation patterns',
    );
  });

  it('states the first refusal in a sentence, where it is, and the other refused batches', () => {
    const text = formatSummary({ report: refused, file: 't.json', describeRefusal });
    expect(text).toContain(
      'refused: 3rd identical `write_file` batch with the same answer; strike threshold 2\n  at batch 2 (message 6), signature write_file:247aba76b12bf80f',
    );
    expect(text).toContain('refused batches: 2, 3');
    expect(text).toContain('counts: 4 batches, 2 refusals, 0 rescued');
    expect(text).toContain('ledger: 2 identical-result repeats, 0 not evaluated, 0 rescued');
  });

  it('adds "refused:" when the sentence lacks it', () => {
    const text = formatSummary({
      report: refused,
      file: 't.json',
      describeRefusal: () => 'three in a row',
    });
    expect(text).toContain('refused: three in a row');
  });

  it('says plainly when nothing is refused', () => {
    const text = formatSummary({
      report: report([batch(0), batch(1)]),
      file: '<stdin>',
      describeRefusal,
    });
    expect(text).toContain('no refusal: every batch passes');
    expect(text).toContain('counts: 2 batches, 0 refusals, 0 rescued');
    expect(text).not.toMatch(/refused:/);
  });

  it('lists import warnings, fail-open and a stagnation verdict', () => {
    const r = report([batch(0)], {
      source: {
        format: 'anthropic',
        messages: 3,
        warnings: ['Dropped 2 thinking blocks.', 'Invented ids for 1 tool call.'],
        referenceScan: { failOpen: 'a duplicate key in message 2' },
      },
      referenceVerdict: {
        kind: 'stagnation',
        messageIndex: 7,
        count: 6,
        maxSteps: 5,
        note: 'n',
        error400: 'e',
      },
    });
    const text = formatSummary({ report: r, file: 'a.json', describeRefusal });
    expect(text).toContain(
      '2 import warnings:\n  - Dropped 2 thinking blocks.\n  - Invented ids for 1 tool call.',
    );
    expect(text).toContain(
      'fail-open: the reference proxy would not scan this body: a duplicate key in message 2',
    );
    expect(text).toContain(
      'stagnation: the reference stops first at message 7: the same response 6 times (limit 5)',
    );
  });

  it('shows an unset observation threshold', () => {
    const r = report([batch(0)], {
      config: {
        mode: 'agent',
        maxRepeatedBatchSteps: 3,
        maxObservationSteps: null,
        observationTools: [],
        maxStagnationSteps: 5,
      },
    });
    expect(formatSummary({ report: r, file: 'a', describeRefusal })).toContain(
      'agent mode, strikes 3, observation unset, 0 observation patterns',
    );
  });

  it('has no escape codes when plain, and some when painted', () => {
    const plain = formatSummary({ report: refused, file: 't', describeRefusal }, PLAIN);
    const coloured = formatSummary({ report: refused, file: 't', describeRefusal }, ANSI);
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[31m');
  });
});

describe('choosePaint', () => {
  it('colours only a terminal without NO_COLOR', () => {
    expect(choosePaint(true, {})).toBe(ANSI);
    expect(choosePaint(false, {})).toBe(PLAIN);
    expect(choosePaint(true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(choosePaint(true, { NO_COLOR: '' })).toBe(ANSI);
  });
});

describe('exitStatusFor', () => {
  it('is 1 when any batch is refused, else 0', () => {
    expect(exitStatusFor(report([batch(0)]))).toBe(0);
    expect(exitStatusFor(report([batch(0), batch(1, { refused: true, reason: 'ceiling' })]))).toBe(
      1,
    );
  });
});

describe('pattern warnings in the summary', () => {
  const readBatch = (index: number) =>
    batch(index, {
      calls: [{ id: `c${index}`, name: 'Read', signature: 'Read:0000000000000001' }],
      signature: 'Read:0000000000000001',
    });

  it('names a known read-only tool that no pattern covers, with the pattern', () => {
    const text = formatSummary({
      report: report([readBatch(0), readBatch(1)]),
      file: 't.json',
      describeRefusal,
    });
    expect(text).toContain('1 pattern warning (observation_tools):');
    expect(text).toContain('Read is a read-only tool of Claude Code');
    expect(text).toContain('Pattern “read” would');
  });

  it('prints no such section when nothing applies', () => {
    const text = formatSummary({ report: report([batch(0)]), file: 't.json', describeRefusal });
    expect(text).not.toContain('pattern warning');
  });
});

describe('a polling tool whose name breaks the line', () => {
  it('stays on one line in the summary', () => {
    const polls = Array.from({ length: 4 }, (_, i) =>
      turn('get_build\nstatus', { id: 1 }, `running at 10:0${i}`),
    ).flat();
    const r = run([user(), ...polls], {
      observationTools: [...DEFAULT_OBSERVATION_TOOLS, 'get_'],
    });
    const text = formatSummary({ report: r, file: 't.json', describeRefusal });
    const line = text.split('\n').find((l) => l.includes('matches “get_”'));
    expect(line).toContain('get_build status matches “get_” and so gets 15');
  });
});
