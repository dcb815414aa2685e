import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importClaudeCode } from '../../../src/import/formats/claude-code';
import { DEFAULT_CONFIG, evaluateReplay, replay } from '../../../src/detector/index';
import { LiteralAnswer } from '../../../src/import/build';
import { importTranscript } from '../../../src/import/index';
import { importPrepared, reportSource } from '../../../src/pipeline/index';
import { ClaudeFollower, readClaudeLines } from '../../../src/import/formats/claudeLines';
import {
  assertFollows,
  expectFollowed,
  general as followersGeneral,
  lineEnds,
  outputOf,
} from './followers';
import { filesUnder, FIXTURES, SAMPLES } from './helpers';

const SHARED = join(__dirname, '..', '..', '..', '..', 'shared');
const WILDS = [join(SHARED, 'wild'), join(SHARED, 'wild2')];

/** What the general import reads from `text` as Claude Code. */
const general = (text: string) =>
  followersGeneral(text, 'claude-code', (d) => importClaudeCode(d, {}));

function lineReader(text: string, forced = false) {
  const r = readClaudeLines(text, forced);
  return r === null ? null : outputOf(r.out, r.warnings);
}

/** Holds the line reader to the general import: the same output, or it declines (null). */
function expectSame(text: string): boolean {
  const want = general(text);
  const got = lineReader(text);
  if (got !== null) expect(got).toEqual(want);
  return got !== null;
}

function claudeFiles(): string[] {
  const mine = [...filesUnder(join(FIXTURES, 'claude-code')), ...filesUnder(SAMPLES)];
  // Every file under each wild folder, at any depth (they are kept one folder per family).
  const wild = WILDS.flatMap((w) => (existsSync(w) ? filesUnder(w) : []));
  return [...mine, ...wild].filter((f) => /\.jsonl$/.test(f));
}

describe('Claude Code read a line at a time', () => {
  it('reads every JSON Lines fixture, sample and wild file as the general import does', () => {
    let read = 0;
    for (const f of claudeFiles()) {
      const text = readFileSync(f, 'utf8');
      const want = general(text);
      const got = lineReader(text);
      expect(got, f).toEqual(want);
      if (got !== null) read++;
    }
    // The fast way answered for every Claude Code file, not just declined.
    expect(read).toBeGreaterThanOrEqual(5);
  });

  it('declines what is not JSON Lines, and what is not Claude Code', () => {
    expect(readClaudeLines('{"type":"user","uuid":"a","message":{"role":"user"}}', false)).toBe(
      null,
    );
    const codex = '{"type":"session_meta","payload":{}}\n{"type":"event_msg","payload":{}}\n';
    expect(readClaudeLines(codex, false)).toBe(null);
    expect(readClaudeLines('[1,\n2]', false)).toBe(null);
  });

  it('skips and warns of bad lines as the general import does', () => {
    const lines = session(['u', 'a', 'r', 'a', 'r', 'u']);
    lines.splice(3, 0, '{"type":"user",', '   ', 'not json');
    lines.push('{"type":"assistant","message":{"role":"assistant","content":[{"type":"text"');
    const text = lines.join('\r\n');
    expect(expectSame(text)).toBe(true);
    expect(lineReader(text)?.lineWarnings).toHaveLength(3);
  });

  it('a message that is not valid JSON sends the caller to the general import', () => {
    const lines = session(['u', ...Array.from({ length: 30 }, (_, i) => (i % 2 ? 'r' : 'a'))]);
    expect(readClaudeLines(lines.join('\n'), false)).not.toBe(null);
    // Stepped over by its brackets, the message is no JSON value: the line is invalid. (The
    // first lines are read whole, to judge the format by; this one is past them.)
    lines[25] = lines[25]?.replace('"role":"assistant"', '"role":assistant') ?? '';
    const text = lines.join('\n');
    expect(readClaudeLines(text, false)).toBe(null);
    expect(general(text)?.lineWarnings).toHaveLength(1);
  });

  it('keeps long answers as their literals, and reads every message as the general import does', () => {
    const lines = session(['u', ...Array.from({ length: 30 }, (_, i) => (i % 2 ? 'r' : 'a'))]);
    const long = JSON.stringify(answerFor(0));
    const result = (id: string, body: string) =>
      `{"type":"user","uuid":"${id}","parentUuid":"u${lines.length - 1}","message":${body}}`;
    // A repeated key (the last one counts), a key spelled with an escape, a list of blocks.
    lines.push(
      result(
        'x1',
        `{"role":"user","content":[{"type":"tool_result","tool_use_id":"t29","content":"old"}],"content":[{"type":"tool_result","tool_use_id":"t29","content":${long}}]}`,
      ),
    );
    lines.push(
      `{"type":"assistant","uuid":"x2","parentUuid":"x1","message":{"id":"m9","role":"assistant","content":[{"type":"text","text":${long}},{"type":"tool_use","id":"t9","name":"Read","input":{"p":[1,"}"]}},{"type":"tool_use","id":"t10","name":"Read","input":{"p":[1,"}"]}}]}}`,
      `{"type":"user","uuid":"x3","parentUuid":"x2","message":{"role":"user","\\u0063ontent":[{"type":"tool_result","tool_use_id":"t9","content":${long}},{"type":"tool_result","tool_use_id":"t10","content":${long},"is_error":true}]}}`,
    );
    const text = lines.join('\n');
    expect(expectSame(text)).toBe(true);
    const messages = readClaudeLines(text, false)?.out.messages ?? [];
    const kept = messages.filter((m) => m instanceof LiteralAnswer);
    // The long answers past the lines read whole to judge the format by; none where a key
    // repeats or is spelled with an escape (the general import's reading answers there).
    expect(kept.map((m) => m.tool_call_id)).toEqual(['t23', 't29']);
    for (const m of kept) expect(m.content).toBe(answerFor(Number(m.tool_call_id.slice(1)) + 1));
    // The replay that takes the literals (and their sizes) as read gives the report of the one
    // that reads each answer decoded.
    const streamed = importPrepared(text, {});
    const whole = importTranscript(text, {});
    if (!streamed.ok || !whole.ok) throw new Error('not imported');
    const s = streamed.value;
    const source = reportSource({ ...s, messages: s.messages });
    const got = evaluateReplay(s.prepared, DEFAULT_CONFIG, source);
    const want = replay(whole.value.messages, DEFAULT_CONFIG, source);
    expect({ ...got, timing: null }).toEqual({ ...want, timing: null });
  });

  it('holds for generated sessions: branches, sidechains, compactions, odd lines', () => {
    fc.assert(
      fc.property(sessionText, (text) => {
        expectSame(text);
      }),
      { numRuns: 300 },
    );
  });

  it('a session followed as it grows reads, at every step, as its text read whole', () => {
    assertFollows(sessionText, () => new ClaudeFollower(false), general);
  });

  it('keeps a reply line hung beside the chain however many system lines the path holds', () => {
    // Two lines of one reply (m1) hung on the same parent: the chain passes through the later
    // one; the earlier is the same reply, not a branch. A system line then joins the path.
    const text = [
      '{"type":"user","uuid":"u0","parentUuid":null,"message":{"role":"user","content":"go"}}',
      '{"type":"assistant","uuid":"a0","parentUuid":"u0","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"one"}]}}',
      '{"type":"assistant","uuid":"a1","parentUuid":"u0","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"two"}]}}',
      '{"type":"system","uuid":"s0","parentUuid":"a1","content":"note"}',
      '{"type":"user","uuid":"u1","parentUuid":"s0","message":{"role":"user","content":"more"}}',
      '',
    ].join('\n');
    const whole = general(text);
    expect(whole?.conversations[0]?.messages).toHaveLength(3);
    expect(whole?.conversations[0]?.warnings.join(' ')).not.toMatch(/abandoned/);
    expectFollowed(new ClaudeFollower(false), text, lineEnds(text, null), general);
  });

  it('a turn joining the chain takes back the lines of its reply left off it', () => {
    // a0 is off the chain until a1, a line of the same reply (m1), joins it: a0 hangs from the
    // chain, so it is then that reply's, not an abandoned branch.
    const text = [
      '{"type":"user","uuid":"u0","parentUuid":null,"message":{"role":"user","content":"go"}}',
      '{"type":"assistant","uuid":"a0","parentUuid":"u0","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"one"}]}}',
      '{"type":"user","uuid":"u1","parentUuid":"u0","message":{"role":"user","content":"more"}}',
      '{"type":"assistant","uuid":"a1","parentUuid":"u1","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"two"}]}}',
      '',
    ].join('\n');
    expect(general(text)?.conversations[0]?.warnings.join(' ')).not.toMatch(/abandoned/);
    expectFollowed(new ClaudeFollower(false), text, lineEnds(text, null), general);
  });

  it('follows a plain session a batch at a time without grouping it again', () => {
    const lines = session(['u', ...Array.from({ length: 40 }, (_, i) => (i % 2 ? 'r' : 'a'))]);
    const follower = new ClaudeFollower(false);
    let text = '';
    let last = 0;
    for (const l of lines) {
      text += `${l}\n`;
      const r = follower.readPiece(`${l}\n`, false);
      if (r === null) continue;
      expect(outputOf(r.out, r.warnings)).toEqual(general(text));
      last = r.out.messages.length;
    }
    expect(last).toBe(41);
    // Grouped once, when the text was first known to be a Claude Code session.
    expect(follower.groupings).toBe(1);
  });
});

/** Lines of a plain linked session: u = user text, a = assistant call, r = its result. */
function session(kinds: readonly string[]): string[] {
  let parent: string | null = null;
  return kinds.map((k, i) => {
    const uuid = `u${i}`;
    const line = JSON.stringify({
      parentUuid: parent,
      type: k === 'a' ? 'assistant' : 'user',
      uuid,
      sessionId: 's',
      message: messageFor(k, i, 'm' + i),
    });
    parent = uuid;
    return line;
  });
}

function messageFor(kind: string, i: number, id: string): unknown {
  if (kind === 'a') {
    return {
      id,
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'Read', input: { path: 'a.ts', n: 1.0 } }],
    };
  }
  if (kind === 'r') {
    return {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `t${i - 1}`, content: answerFor(i) }],
    };
  }
  if (kind === 'cmd') return { role: 'user', content: '<command-name>/export</command-name>' };
  return { role: 'user', content: 'go on' };
}

/** A tool's answer: short, or long enough to be kept as its literal (escapes, a surrogate). */
function answerFor(i: number): string {
  return i % 3 === 0 ? `line "${i}"\t\u00e9 \ud83d\ude00\n`.repeat(20) : 'same "text"\n';
}

/** A plain opening: a user turn, then calls and their results. */
const PLAIN_HEAD = ['u', ...Array.from({ length: 21 }, (_, i) => (i % 2 ? 'r' : 'a'))];

/** One generated line: what it is and where its parent points. */
interface LineSpec {
  readonly kind: 'u' | 'cmd' | 'a' | 'a2' | 'r' | 'sys' | 'compact' | 'summary' | 'bad' | 'blank';
  /** How far back the parent is (1: the line before), 0: none, -1: a uuid not in the file. */
  readonly back: number;
  readonly side: 0 | 1 | 2;
  readonly agent: boolean;
  /** Its uuid: its own, an earlier line's, or the one lines before named as missing. */
  readonly uuid: 'own' | 'earlier' | 'missing';
  readonly extraKeys: boolean;
  /** A field written oddly: escaped, with a raw tab (invalid), or a bad literal (invalid). */
  readonly odd: 'none' | 'escaped' | 'tab' | 'literal';
}

const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
  kind: fc.constantFrom<LineSpec['kind']>(
    'u',
    'cmd',
    'a',
    'a',
    'a2',
    'r',
    'r',
    'sys',
    'compact',
    'summary',
    'bad',
    'blank',
  ),
  back: fc.oneof(
    { weight: 8, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1) },
  ),
  side: fc.oneof(
    { weight: 8, arbitrary: fc.constant<0>(0) },
    { weight: 2, arbitrary: fc.constantFrom<1 | 2>(1, 2) },
  ),
  agent: fc.boolean(),
  uuid: fc.oneof(
    { weight: 15, arbitrary: fc.constant<'own'>('own') },
    fc.constantFrom<'earlier' | 'missing'>('earlier', 'missing'),
  ),
  extraKeys: fc.boolean(),
  odd: fc.oneof(
    { weight: 12, arbitrary: fc.constant<'none'>('none') },
    fc.constantFrom<'escaped' | 'tab' | 'literal'>('escaped', 'tab', 'literal'),
  ),
});

const sessionText: fc.Arbitrary<string> = fc
  .tuple(fc.array(lineSpec, { minLength: 1, maxLength: 40 }), fc.boolean(), fc.boolean())
  .map(([specs, crlf, chainless]) => {
    // The first lines are read whole to judge the format by: the generated ones come after.
    const head = session(PLAIN_HEAD);
    const uuids: string[] = head.map((_, i) => `u${i}`);
    const out: string[] = [
      JSON.stringify({ type: 'summary', summary: 'x', leafUuid: 'l0' }),
      ...head,
    ];
    specs.forEach((s, i) => {
      if (s.kind === 'blank') {
        out.push('  ');
        return;
      }
      if (s.kind === 'bad') {
        out.push('{"type":"user","message":');
        return;
      }
      const uuid =
        s.uuid === 'earlier' ? (uuids[0] as string) : s.uuid === 'missing' ? 'gone' : `id${i}`;
      const parent =
        chainless || s.back === 0
          ? null
          : s.back < 0
            ? 'gone'
            : (uuids[uuids.length - s.back] ?? null);
      const line: Record<string, unknown> = {};
      if (s.extraKeys) line.cwd = '/w';
      if (!chainless) line.parentUuid = parent;
      if (s.side > 0) {
        line.isSidechain = true;
        if (s.agent) line.agentId = `ag${s.side}`;
      }
      if (s.kind === 'sys' || s.kind === 'compact') {
        line.type = 'system';
        if (s.kind === 'compact') line.subtype = 'compact_boundary';
        line.content = 'note';
      } else if (s.kind === 'summary') {
        line.type = 'summary';
        line.summary = 's';
      } else {
        line.type = s.kind === 'u' || s.kind === 'r' || s.kind === 'cmd' ? 'user' : 'assistant';
        const kind = s.kind === 'a2' ? 'a' : s.kind;
        // `a2` continues the reply before it: the same message.id, a line per block.
        const id = s.kind === 'a2' ? `m${i - 1}` : `m${i}`;
        line.message = messageFor(kind, i, id);
      }
      if (!chainless) line.uuid = uuid;
      if (s.extraKeys) line.toolUseResult = { stdout: 'x'.repeat(i), n: [1, 2.5e3] };
      uuids.push(uuid);
      if (s.odd === 'escaped') line.cwd = 'C:\\w "x"';
      let json = JSON.stringify(line);
      if (s.odd === 'tab') json = json.replace('"type":"', '"type":"\t');
      if (s.odd === 'literal') json = json.replace('{', '{"flag":nul,');
      out.push(json);
    });
    return out.join(crlf ? '\r\n' : '\n') + '\n';
  });
