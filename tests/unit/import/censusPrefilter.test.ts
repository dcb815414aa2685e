import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CensusScan } from '../../../src/import/census';
import { scanText } from '../../../src/import/censusInput';
import { CALLS, chooser, disguised, FORMS, json } from './disguises';

/**
 * The census of JSON Lines does not parse a line whose raw text shows no clue of a call
 * (censusInput.ts): it must count exactly what parsing every line counts, whatever disguise a
 * call wears (escaped keys, JSON in a string, a Python literal, base64, an event stream) and
 * however rewinds name the lines it skipped.
 */

const line = fc.oneof(
  // A call, with or without an id of its line.
  fc.record({
    kind: fc.constant('call' as const),
    example: fc.constantFrom(...Object.keys(CALLS)),
    form: fc.constantFrom(...FORMS),
    id: fc.option(fc.integer({ min: 0, max: 5 })),
    top: fc.boolean(),
  }),
  // A line that holds no call (it may look near one), with or without an id.
  fc.record({
    kind: fc.constant('filler' as const),
    text: fc.constantFrom(
      'plain words',
      'tool_use_id tools names function of the tool',
      'a "quoted" word and a \\ backslash',
      'café ☕ and \u0001 a control',
    ),
    id: fc.option(fc.integer({ min: 0, max: 5 })),
  }),
  // A rewind to an earlier line's id.
  fc.record({ kind: fc.constant('rewind' as const), to: fc.integer({ min: 0, max: 5 }) }),
  fc.constantFrom({ kind: 'blank' as const }, { kind: 'garbage' as const }),
);

type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;

/** A line's text: `disguise` for its own strings, `inner` for those of the JSON it wears. */
function lineText(l: Line, disguise: () => boolean, inner: () => boolean): string {
  switch (l.kind) {
    case 'call': {
      const v = disguised(CALLS[l.example], l.form, inner);
      const whole =
        l.top && l.id === null ? v : { ...(l.id === null ? {} : { id: `m${l.id}` }), message: v };
      return json(whole, disguise);
    }
    case 'filler':
      return json(
        { ...(l.id === null ? {} : { id: `m${l.id}` }), type: 'user', content: l.text },
        disguise,
      );
    case 'rewind':
      return json({ $rewindTo: `m${l.to}` }, disguise);
    case 'blank':
      return '';
    case 'garbage':
      return 'not json "tool_use"';
  }
}

const view = (scan: CensusScan) => scan.calls().map((c) => [c.dialect, c.id, c.name, c.path]);

describe('the census prefilter of JSON Lines', () => {
  test('counts what parsing every line counts', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.boolean(),
        (lines, flags, innerFlags, sse) => {
          const disguise = chooser(flags);
          const inner = chooser(innerFlags);
          const body = lines.map((l) => (sse ? 'data: ' : '') + lineText(l, disguise, inner));
          const text = `${body.join('\n')}\n`;
          expect(view(scanText(text))).toEqual(view(scanText(text, new CensusScan(), false)));
        },
      ),
      { numRuns: 400 },
    );
  });

  test.each(Object.keys(CALLS))('a line holding only %s is parsed', (example) => {
    const filler = JSON.stringify({ type: 'user', content: 'plain words' });
    const text = `${filler}\n${JSON.stringify({ message: CALLS[example] })}\n${filler}\n`;
    expect(view(scanText(text))).toEqual(view(scanText(text, new CensusScan(), false)));
  });

  test('a ReAct step written as JSON is a call, in a reply or as an item of steps', () => {
    for (const example of ['react-json', 'unknown-react-json']) {
      const text = `${JSON.stringify({ message: CALLS[example] })}\n`;
      expect(view(scanText(text)).map(([, , name]) => name)).toEqual(['ls']);
    }
  });

  test('a rewind to a line it skipped forgets the calls after that line', () => {
    const call = (id: string) =>
      JSON.stringify({
        id,
        message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'ls', input: {} }] },
      });
    const text = [
      call('c1'),
      JSON.stringify({ id: 'u1', type: 'user', content: 'go on' }),
      call('c2'),
      call('c3'),
      JSON.stringify({ $rewindTo: 'u1' }),
    ].join('\n');
    expect(view(scanText(text)).map((c) => c[1])).toEqual(['c1']);
    expect(view(scanText(text))).toEqual(view(scanText(text, new CensusScan(), false)));
  });
});
