import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CensusScan } from '../../../src/import/census';
import { scanText } from '../../../src/import/censusInput';
import { EXAMPLES } from './dialectExamples';

/**
 * The census of JSON Lines does not parse a line whose raw text shows no clue of a call
 * (censusInput.ts): it must count exactly what parsing every line counts, whatever disguise a
 * call wears (escaped keys, JSON in a string, a Python literal, base64, an event stream) and
 * however rewinds name the lines it skipped.
 */

/** Calls `next()` in turn, from a fixed list of choices (fast-check shrinks the list). */
function chooser(flags: readonly boolean[]): () => boolean {
  let i = 0;
  return () => flags.length > 0 && (flags[i++ % flags.length] as boolean);
}

/** JSON text of `v`; where `disguise()` says, a string's last character is written `\uXXXX`. */
function json(v: unknown, disguise: () => boolean): string {
  if (typeof v === 'string') {
    const last = v.length > 0 && disguise() ? v.length - 1 : -1;
    let out = '"';
    for (let i = 0; i < v.length; i++) {
      const ch = v[i] as string;
      if (i === last) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      else out += JSON.stringify(ch).slice(1, -1);
    }
    return `${out}"`;
  }
  if (Array.isArray(v)) return `[${v.map((x) => json(x, disguise)).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.entries(v)
      .map(([k, x]) => `${json(k, disguise)}:${json(x, disguise)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Python's repr of `v`; where `disguise()` says, a string's last letter is written `\xNN`. */
function python(v: unknown, disguise: () => boolean): string {
  if (typeof v === 'string') {
    const last = /[a-z]$/i.test(v) && disguise() ? v.length - 1 : -1;
    let out = "'";
    for (let i = 0; i < v.length; i++) {
      const ch = v[i] as string;
      if (ch === "'" || ch === '\\') out += `\\${ch}`;
      else if (i === last) out += `\\x${ch.charCodeAt(0).toString(16)}`;
      else out += ch;
    }
    return `${out}'`;
  }
  if (Array.isArray(v)) return `[${v.map((x) => python(x, disguise)).join(', ')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.entries(v)
      .map(([k, x]) => `${python(k, disguise)}: ${python(x, disguise)}`)
      .join(', ')}}`;
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null) return 'None';
  return JSON.stringify(v);
}

/**
 * The table's examples, and calls no entry reads that the census counts as unknown (a tool's
 * name beside its arguments, as an item of a list).
 */
const CALLS: Record<string, unknown> = {
  ...EXAMPLES,
  'unknown-named': { steps: [{ id: 'n1', name: 'ls', input: { a: 1 } }] },
  'unknown-tool': { steps: [{ tool: 'ls', args: { a: 1 }, output: 'x' }] },
  'unknown-function': { steps: [{ function: 'ls', params: { a: 1 }, result: 'x' }] },
};

const FORMS = ['plain', 'string', 'list', 'twice', 'python', 'base64', 'stream'] as const;
type Form = (typeof FORMS)[number];

/** A call's value worn in one of the disguises the census sees through. */
function disguised(v: unknown, form: Form, disguise: () => boolean): unknown {
  switch (form) {
    case 'plain':
      return v;
    case 'string':
      return { body: json(v, disguise) };
    case 'list':
      return { events: [json(v, disguise)] };
    case 'twice':
      return { body: json({ request: json(v, disguise) }, disguise) };
    case 'python':
      return { body: python(v, disguise) };
    case 'base64':
      return { encoding: 'base64', text: Buffer.from(json(v, disguise)).toString('base64') };
    case 'stream':
      return { body: `data: ${json(v, disguise)}\n\ndata: [DONE]\n` };
  }
}

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
