import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  prepareReplay,
  replayPreparer,
} from '../../../src/detector/index';
import { parseJson } from '../../../src/json/index';
import type { ChatMessage, Report, ReportSource } from '../../../src/detector/index';
import { importStreaming, importTranscript, SpanMessages } from '../../../src/import/index';
import { importPrepared } from '../../../src/pipeline/index';
import type { FormatId } from '../../../src/import/index';
import { filesUnder, FIXTURES, plainChat, SAMPLES } from './helpers';

type Path = 'spans' | 'whole' | 'error';

/** How many tool answers the last `expectSame` saw passed on as literals. */
let literals = 0;

/** The report without its clock readings. */
function untimed(r: Report): Omit<Report, 'timing'> {
  const { timing: _, ...rest } = r;
  return rest;
}

/** What the report says of an import's source. */
function sourceOf(
  i: Omit<ReportSource, 'messages'> & { messages: { length: number } },
): ReportSource {
  return {
    format: i.format,
    messages: i.messages.length,
    warnings: i.warnings,
    referenceScan: i.referenceScan,
  };
}

/** Per batch of `text` imported by `importPrepared`: whether it repeated the same answers. */
function identicalRepeats(text: string): boolean[] | null {
  const r = importPrepared(text, {});
  if (!r.ok) return null;
  const report = evaluateReplay(r.value.prepared, DEFAULT_CONFIG, sourceOf(r.value));
  return report.batches.map((b) => b.identicalResultRepeat);
}

/**
 * Imports `input` both ways and expects the same outcome: the same error, or the same format,
 * warnings, verdict, messages (as the sink saw them and as read again) and replay report.
 * Says which way the streaming import went.
 */
function expectSame(input: string | Uint8Array, format?: FormatId): Path {
  const opts = format === undefined ? {} : { format };
  const general = importTranscript(input, opts);
  let sunk: ChatMessage[] = [];
  literals = 0;
  const whole = typeof input === 'string' ? input : new TextDecoder().decode(input);
  let preparer = replayPreparer();
  const streamed = importStreaming(input, opts, () => {
    sunk = [];
    preparer = replayPreparer();
    return (m, literal) => {
      sunk.push(m);
      preparer.push(m, literal);
      if (literal !== undefined && literal !== null) {
        // A tool answer passed on as its literal: a slice of the text that reads as the content.
        expect(m.role).toBe('tool');
        expect(whole.includes(literal)).toBe(true);
        const back = parseJson(literal);
        expect(back.ok && back.value.value).toBe(m.content);
        literals++;
      }
    };
  });
  if (!general.ok) {
    expect(streamed).toEqual(general);
    return 'error';
  }
  expect(streamed.ok).toBe(true);
  if (!streamed.ok) return 'error';
  const g = general.value;
  const s = streamed.value;
  expect(s.format).toBe(g.format);
  expect(s.formatLabel).toBe(g.formatLabel);
  expect(s.warnings).toEqual(g.warnings);
  expect(s.referenceScan).toEqual(g.referenceScan);
  expect(sunk).toEqual(g.messages);
  expect(s.messages.length).toBe(g.messages.length);
  for (let i = g.messages.length - 1; i >= 0; i--) expect(s.messages.at(i)).toEqual(g.messages[i]);
  const source = sourceOf(g);
  expect(untimed(evaluateReplay(preparer.finish(), DEFAULT_CONFIG, source))).toEqual(
    untimed(evaluateReplay(prepareReplay(g.messages), DEFAULT_CONFIG, source)),
  );
  return s.built === null && s.messages instanceof SpanMessages ? 'spans' : 'whole';
}

/** A JSON text built piece by piece: a raw lexeme, an array, or an object (keys may repeat). */
type J =
  { readonly raw: string } | readonly J[] | { readonly members: readonly (readonly [string, J])[] };

const WS = ['', ' ', '\n  ', '\t', '\r\n'];

function emit(j: J, ws: () => string): string {
  if ('raw' in j) return j.raw;
  if (Array.isArray(j))
    return `[${ws()}${j.map((x) => emit(x, ws)).join(`${ws()},${ws()}`)}${ws()}]`;
  const o = j as { members: readonly (readonly [string, J])[] };
  const body = o.members.map(([k, v]) => `${JSON.stringify(k)}${ws()}:${ws()}${emit(v, ws)}`);
  return `{${ws()}${body.join(`,${ws()}`)}${ws()}}`;
}

const raw = (v: unknown): J => ({ raw: JSON.stringify(v) });
const nested = (depth: number): J => ({ raw: '['.repeat(depth) + ']'.repeat(depth) });
const obj = (...members: (readonly [string, J])[]): J => ({ members });

const texts = fc.constantFrom('ok', 'x\n"y"', '', 'é ☃ 😀', 'a\\b', 'same');
/** Long answers (passed on as their literals): one string written three ways, and another. */
const LONG = `${'out "put"\n'.repeat(30)}a/é`;
const longAnswers = fc.constantFrom<J>(
  raw(LONG),
  { raw: JSON.stringify(LONG).replaceAll('/', '\\/') },
  { raw: JSON.stringify(LONG).replace('é', '\\u00e9') },
  raw(`${LONG}!`),
);
const args = fc.oneof(
  fc
    .constantFrom('{}', '{"path":"a.txt"}', '{"n":1.0}', '{"n":1}', 'not json', '{"b":1,"a":2}')
    .map(raw),
  fc.constantFrom({ raw: '{"n":1.0,"s":"x"}' }, { raw: '[1,2]' }, { raw: '"\\ud800"' }, raw(null)),
);
const call = fc.record({
  id: fc.constantFrom('a', 'b', 'c', null),
  name: fc.constantFrom('ls', 'read_file', 'get'),
  args,
});
const message: fc.Arbitrary<J> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(call, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([calls, nullContent]) =>
        obj(
          ['role', raw('assistant')],
          ['content', nullContent ? raw(null) : raw('thinking')],
          [
            'tool_calls',
            calls.map((c) =>
              obj(
                ...(c.id === null ? [] : [['id', raw(c.id)] as const]),
                ['type', raw('function')],
                ['function', obj(['name', raw(c.name)], ['arguments', c.args])],
              ),
            ),
          ],
        ),
      ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', 'b', 'c'),
        fc.oneof(texts.map(raw), longAnswers, fc.constant(obj(['x', { raw: '2.50' }]))),
      )
      .map(([id, content]) =>
        obj(['role', raw('tool')], ['tool_call_id', raw(id)], ['content', content]),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('user', 'system', 'developer', 'assistant', 'critic'), texts)
      .map(([role, t]) => obj(['role', raw(role)], ['content', raw(t)])),
  },
  fc.constantFrom<J>(
    obj(['role', raw('user')], ['content', raw('a')], ['content', raw('b')]),
    obj(['role', raw('user')], ['content', { raw: '"\\udc00 lone"' }]),
    obj(['role', raw('user')], ['content', obj(['deep', obj(['er', [[[raw(1)]]]])])]),
    obj(
      ['role', raw('assistant')],
      ['content', raw(null)],
      ['function_call', obj(['name', raw('ls')], ['arguments', raw('{}')])],
    ),
    obj(['role', raw('function')], ['name', raw('ls')], ['content', raw('x')]),
    obj(
      ['role', raw('assistant')],
      [
        'content',
        [obj(['type', raw('tool_use')], ['id', raw('t')], ['name', raw('ls')], ['input', obj()])],
      ],
    ),
    obj(['role', raw('user')], ['parts', [obj(['text', raw('hi')])]]),
    obj(['type', raw('human')], ['content', raw('hi')]),
    obj(['role', raw('user')], ['content', { raw: '1e400' }]),
    raw(7),
    [raw('user'), raw('positional')],
    // The whole document nests 127 levels (the reference reads it), then 128 (it does not).
    obj(['role', raw('user')], ['content', nested(124)]),
    obj(['role', raw('user')], ['content', nested(125)]),
  ),
);
const member = fc.constantFrom<readonly [string, J]>(
  ['model', raw('m')],
  ['temperature', { raw: '0.70' }],
  ['tools', [obj(['type', raw('function')], ['function', obj(['name', raw('ls')])])]],
  ['system', raw('be brief')],
  ['choices', [obj(['message', obj(['role', raw('assistant')], ['content', raw('done')])])]],
  ['response', obj(['id', raw('r')])],
  ['stream', raw(false)],
  ['model', raw('again')],
  ['input', raw('x')],
  ['object', raw('chat.completion')],
  ['\ud800', raw(1)],
  ['temperature', { raw: '1e999' }],
  ['metadata', nested(126)],
);
const doc = fc.record({
  bare: fc.boolean(),
  before: fc.array(member, { maxLength: 2 }),
  after: fc.array(member, { maxLength: 2 }),
  messages: fc.array(message, { maxLength: 30 }),
  ws: fc.array(fc.constantFrom(...WS), { minLength: 1, maxLength: 5 }),
  damage: fc.option(fc.tuple(fc.nat(), fc.constantFrom('', ',', '}', ']', '"', 'x', '\u0001')), {
    freq: 5,
  }),
  forced: fc.boolean(),
});

function textOf(d: DocSpec): string {
  let k = 0;
  const ws = (): string => d.ws[k++ % d.ws.length] as string;
  const list: J = d.messages;
  const top: J = d.bare ? list : obj(...d.before, ['messages', list], ...d.after);
  let text = `${ws()}${emit(top, ws)}${ws()}`;
  if (d.damage !== null) {
    const [at, put] = d.damage;
    const i = at % (text.length + 1);
    text = text.slice(0, i) + put + text.slice(i + 1);
  }
  return text;
}

interface DocSpec {
  bare: boolean;
  before: (readonly [string, J])[];
  after: (readonly [string, J])[];
  messages: J[];
  ws: string[];
  damage: [number, string] | null;
  forced: boolean;
}

describe('importStreaming', () => {
  it.each(
    [...filesUnder(FIXTURES), ...filesUnder(SAMPLES)].map((f) => [
      f.slice(f.indexOf('/tests/') + 1 || f.indexOf('/public/') + 1),
      f,
    ]),
  )('imports %s as the general import does', (_, f) => {
    expectSame(new Uint8Array(readFileSync(f)));
  });

  it('reads plain OpenAI chat a message at a time, and gives the general import’s result for any document', () => {
    const seen = new Set<Path>();
    let withLiterals = 0;
    fc.assert(
      fc.property(doc, (d) => {
        seen.add(expectSame(textOf(d as DocSpec), d.forced ? 'openai-chat' : undefined));
        if (literals > 0) withLiterals++;
      }),
      { numRuns: 600 },
    );
    // The property ran through all three ways, so it held the reader to the general import,
    // and through long answers kept as their literals.
    expect([...seen].sort()).toEqual(['error', 'spans', 'whole']);
    expect(withLiterals).toBeGreaterThan(20);
  });

  it('takes the message-at-a-time way for plain bodies and bare arrays, and passes each message on as read', () => {
    const messages = plainChat('x');
    expect(expectSame(JSON.stringify({ model: 'm', messages, stream: false }, null, 2))).toBe(
      'spans',
    );
    expect(expectSame(JSON.stringify(messages))).toBe('spans');
    expect(expectSame(JSON.stringify({ messages, system: 's' }))).toBe('whole');
    expect(expectSame(JSON.stringify({ messages: [] }))).toBe('whole');
    expect(expectSame(`${JSON.stringify({ messages })}x`)).toBe('error');
  });

  it('gives the general import’s result for replies whose whole text is a call as JSON', () => {
    const reply = (content: string) => ({ role: 'assistant', content });
    const messages = [
      { role: 'user', content: 'Look it up.' },
      reply('{"type": "tool_call", "name": "lookup", "args": {"q": "a"}, "id": "t1"}'),
      reply('{"type": "tool_response", "content": "none", "name": "lookup", "tool_call_id": "t1"}'),
      reply('Nothing found.'),
    ];
    expectSame(JSON.stringify({ model: 'm', messages }));
    const r = importTranscript(JSON.stringify({ model: 'm', messages }));
    expect(r.ok && r.value.census?.toolCalls).toBe(1);
  });

  it('keeps long answers as their literals and still sees the same answer however it is written', () => {
    const literalsOf = [
      JSON.stringify(LONG),
      JSON.stringify(LONG).replaceAll('/', '\\/'),
      JSON.stringify(LONG).replace('é', '\\u00e9'),
      JSON.stringify(LONG),
      JSON.stringify(`${LONG}!`),
    ];
    const call =
      '{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"ls","arguments":"{}"}}]}';
    const turns = literalsOf.map(
      (l) => `${call},{"role":"tool","tool_call_id":"c","content":${l}}`,
    );
    const text = `{"messages":[{"role":"user","content":"go"},${turns.join(',')}]}`;
    expect(expectSame(text)).toBe('spans');
    expect(literals).toBe(5);
    expect(identicalRepeats(text)).toEqual([false, true, true, true, false]);
  });

  it('pairs each literal with its own answer in a batch of several calls', () => {
    const other = JSON.stringify(`${LONG}?`);
    const answers = [
      [JSON.stringify(LONG), other],
      [JSON.stringify(LONG).replaceAll('/', '\\/'), other],
      [JSON.stringify(`${LONG}!`), other],
    ];
    const call = (id: string, args: string): string =>
      `{"id":"${id}","type":"function","function":{"name":"ls","arguments":${JSON.stringify(args)}}}`;
    const turns = answers.map(
      ([c, d]) =>
        `{"role":"assistant","tool_calls":[${call('c', '{}')},${call('d', '{"a":1}')}]},` +
        `{"role":"tool","tool_call_id":"c","content":${c}},` +
        `{"role":"tool","tool_call_id":"d","content":${d}}`,
    );
    const text = `[{"role":"user","content":"go"},${turns.join(',')}]`;
    expect(expectSame(text)).toBe('spans');
    expect(literals).toBe(6);
    expect(identicalRepeats(text)).toEqual([false, true, false]);
  });

  it('starts the sink again when a body turns out not to be plain OpenAI chat part way', () => {
    const messages = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'ls', input: {} }] },
    ];
    let begins = 0;
    const seen: ChatMessage[] = [];
    const r = importStreaming(JSON.stringify({ messages }), {}, () => {
      begins++;
      seen.length = 0;
      return (m) => seen.push(m);
    });
    expect(r.ok && r.value.format).toBe('anthropic');
    expect(begins).toBe(2);
    expect(seen.length).toBe(r.ok ? r.value.messages.length : -1);
  });
});
