import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CensusScan, mayHoldCall } from '../../../src/import/census';
import { LinesCensus, scanText } from '../../../src/import/censusInput';
import { readClaudeLines } from '../../../src/import/formats/claudeLines';
import { parseJson } from '../../../src/json/index';
import { CALLS, chooser, disguised, FORMS, json } from './disguises';

/**
 * The census of a Claude Code session is fed the lines and messages its importer reads, in the
 * order it reads them (censusInput.ts, `LinesCensus`), instead of parsing the lines again: it
 * must count exactly what `scanText` counts, wherever a line's other members hold a call, the
 * line says `is_demo`, the messages are read out of the lines' order (branches, sidechains),
 * or a line is not valid JSON.
 */

const view = (scan: CensusScan) => scan.calls().map((c) => [c.dialect, c.id, c.name, c.path]);

const call = fc.record({
  example: fc.constantFrom(...Object.keys(CALLS)),
  form: fc.constantFrom(...FORMS),
});

/** What a line's own members hold beside its message. */
const extra = fc.oneof(
  fc.constant(null),
  fc.constant(null),
  call.map((c) => ({ kind: 'result' as const, ...c })),
  fc.constant({ kind: 'demo' as const }),
  fc.constant({ kind: 'named' as const }),
);

const block = fc.oneof(
  fc.record({ kind: fc.constant('use' as const), id: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('text' as const), text: fc.constantFrom('ok', 'tool_use') }),
  call.map((c) => ({ kind: 'call' as const, ...c })),
  fc.record({ kind: fc.constant('result' as const), id: fc.integer({ min: 0, max: 6 }) }),
);

const line = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('turn' as const),
      assistant: fc.boolean(),
      blocks: fc.array(block, { minLength: 1, maxLength: 3 }),
      reply: fc.integer({ min: 0, max: 3 }),
      // How far back its parent is (0: the line before), or no parent.
      parent: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 8 }),
      sidechain: fc.boolean(),
      extra,
      crlf: fc.boolean(),
      indent: fc.constantFrom('', '', '', ' ', '\t', '\r '),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom({ kind: 'blank' as const }, { kind: 'garbage' as const }),
  },
);

type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

type Block = typeof block extends fc.Arbitrary<infer T> ? T : never;

function blockValue(b: Block, inner: () => boolean, line: number): unknown {
  switch (b.kind) {
    case 'use':
      // The same id in another member (the examples' `t1`) is the same call with the same
      // arguments, another with others: counting reads them again.
      return {
        type: 'tool_use',
        id: `t${b.id}`,
        name: 'ls',
        input: line % 2 === 0 ? { a: b.id } : { a: b.id, line },
      };
    case 'text':
      return { type: 'text', text: b.text };
    case 'result':
      return { type: 'tool_result', tool_use_id: `t${b.id}`, content: 'done' };
    case 'call':
      return { type: 'text', text: json(disguised(CALLS[b.example], b.form, inner), inner) };
  }
}

function sessionText(
  lines: readonly Line[],
  disguise: () => boolean,
  inner: () => boolean,
): string {
  const out: string[] = [];
  let n = 0;
  for (const l of lines) {
    if (l.kind === 'blank') {
      out.push('');
      continue;
    }
    if (l.kind === 'garbage') {
      out.push('{"type":"assistant", "tool_use" not json');
      continue;
    }
    const v: Record<string, unknown> = {
      type: l.assistant ? 'assistant' : 'user',
      uuid: `u${n}`,
      parentUuid: l.parent === null || n - 1 - l.parent < 0 ? null : `u${n - 1 - l.parent}`,
      sessionId: 's',
    };
    if (l.sidechain) v.isSidechain = true;
    if (l.extra?.kind === 'result')
      v.toolUseResult = disguised(CALLS[l.extra.example], l.extra.form, inner);
    if (l.extra?.kind === 'demo') v.is_demo = true;
    if (l.extra?.kind === 'named') v.tool_name = 'ls';
    v.message = {
      ...(l.assistant ? { id: `msg_${l.reply}` } : {}),
      role: l.assistant ? 'assistant' : 'user',
      content: l.blocks.map((b) => blockValue(b, inner, n % 3)),
    };
    n++;
    out.push(l.indent + json(v, disguise) + (l.crlf ? '\r' : ''));
  }
  return `${out.join('\n')}\n`;
}

describe('the census fed the lines a Claude Code import reads', () => {
  test('counts what parsing every line counts', () => {
    let read = 0;
    let messages = 0;
    let walked = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 18, maxLength: 40 }),
        fc.array(fc.boolean(), { maxLength: 8 }),
        fc.array(fc.boolean(), { maxLength: 8 }),
        (lines, flags, innerFlags) => {
          const text = sessionText(lines, chooser(flags), chooser(innerFlags));
          const census = new LinesCensus(text);
          let seen = 0;
          const got = readClaudeLines(text, false, {
            line: (s, e, v) => census.line(s, e, v),
            message: (s, e, ms, me, v) => {
              seen++;
              census.message(s, e, ms, me, v);
            },
          });
          if (got === null) return;
          read++;
          messages += seen;
          const scan = census.finish();
          const whole = scanText(text);
          if (seen > 0 && scan.rows.length > 0) walked++;
          expect(view(scan)).toEqual(view(whole));
          expect(scan.callCount).toBe(whole.callCount);
          expect(scan.census([])).toEqual(whole.census([]));
        },
      ),
      { numRuns: 300 },
    );
    // The property said something: most sessions were read, many messages given.
    expect(read).toBeGreaterThan(200);
    expect(messages).toBeGreaterThan(1000);
    expect(walked).toBeGreaterThan(100);
  });

  test('a message read before the lines above it is counted in the lines’ order', () => {
    const turn = (n: number, parent: number | null, id: string, extra = {}, name = 'ls') =>
      JSON.stringify({
        type: 'assistant',
        uuid: `u${n}`,
        parentUuid: parent === null ? null : `u${parent}`,
        ...extra,
        message: {
          id: `msg_${n}`,
          role: 'assistant',
          content: [{ type: 'tool_use', id, name, input: { n } }],
        },
      });
    // Twenty lines read whole, then a sidechain the chain's lines are read before: its call
    // must still come before the chain's later ones. The same id with other arguments is
    // another call (listed with the first), so the arguments are read again after the calls
    // are put in order.
    const head = Array.from({ length: 20 }, (_, i) => turn(i, i === 0 ? null : i - 1, `h${i}`));
    const tail = [
      turn(20, 19, 'x'),
      turn(21, 19, 'z', { isSidechain: true }, 'cat'),
      turn(22, 20, 'x'),
      turn(23, 22, 'y'),
    ];
    const text = `${[...head, ...tail].join('\n')}\n`;
    const census = new LinesCensus(text);
    const order: number[] = [];
    readClaudeLines(text, false, {
      line: (s, e, v) => census.line(s, e, v),
      message: (s, e, ms, me, v) => {
        order.push(s);
        census.message(s, e, ms, me, v);
      },
    });
    const scan = census.finish();
    expect(order).not.toEqual([...order].sort((a, b) => a - b));
    expect(view(scan).map((c) => c[1])).toEqual([
      ...head.map((_, i) => `h${i}`),
      'x',
      'x',
      'z',
      'y',
    ]);
    expect(view(scan)).toEqual(view(scanText(text)));
    expect(scan.callCount).toBe(scanText(text).callCount);
  });
});

describe('mayHoldCall', () => {
  test('a value it passes holds no call the census finds', () => {
    let passed = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          call.map((c) => disguised(CALLS[c.example], c.form, () => false)),
          fc.record({
            body: fc.jsonValue(),
            extra: call.map((c) => disguised(CALLS[c.example], c.form, () => true)),
          }),
        ),
        fc.boolean(),
        (v, lossless) => {
          const value = lossless
            ? (parseJson(JSON.stringify(v)) as { ok: true; value: { value: unknown } }).value.value
            : v;
          if (mayHoldCall(value)) return;
          passed++;
          const scan = new CensusScan();
          scan.add(value);
          scan.add(value, 'lines[*]', 0);
          expect(scan.rows.length).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
    // A reply whose whole text is a call, as JSON, may hold one.
    const reply = new Map<string, unknown>([
      ['role', 'assistant'],
      ['content', '{"type": "tool_call", "name": "ls", "args": {}, "id": "t1"}'],
    ]);
    expect(mayHoldCall(reply)).toBe(true);
    const scan = new CensusScan();
    scan.add(reply);
    expect(scan.rows.length).toBe(1);
    expect(passed).toBeGreaterThan(500);
  });

  test('it looks at names, strings that are words, and JSON in strings', () => {
    expect(mayHoldCall({ a: [{ tool_use: 1 }] })).toBe(true);
    expect(mayHoldCall({ a: ['x', 'function'] })).toBe(true);
    expect(mayHoldCall(new Map([['x', new Map([['type', 'tool_use']])]]))).toBe(true);
    expect(mayHoldCall({ a: '{"type":"tool_use","id":"t"}' })).toBe(true);
    expect(mayHoldCall({ a: 'the tool_use of a function', b: [1, 2, { c: null }] })).toBe(false);
  });
});
