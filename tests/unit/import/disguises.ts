// Calls worn in the disguises the census sees through, shared by the tests of its shortcuts.
import { EXAMPLES } from './dialectExamples';

/** Calls `next()` in turn, from a fixed list of choices (fast-check shrinks the list). */
export function chooser(flags: readonly boolean[]): () => boolean {
  let i = 0;
  return () => flags.length > 0 && (flags[i++ % flags.length] as boolean);
}

/** JSON text of `v`; where `disguise()` says, a string's last character is written `\uXXXX`. */
export function json(v: unknown, disguise: () => boolean): string {
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
export const CALLS: Record<string, unknown> = {
  ...EXAMPLES,
  'unknown-named': { steps: [{ id: 'n1', name: 'ls', input: { a: 1 } }] },
  'unknown-tool': { steps: [{ tool: 'ls', args: { a: 1 }, output: 'x' }] },
  'unknown-function': { steps: [{ function: 'ls', params: { a: 1 }, result: 'x' }] },
  // A ReAct step as JSON in a reply's text (KaibanJS's `actionInput`), and as an item of steps.
  'react-json': [
    { role: 'assistant', content: '{"thought": "t", "action": "ls", "actionInput": {"a": 1}}' },
    { role: 'user', content: 'You got this result from the tool: "x"' },
  ],
  'unknown-react-json': {
    steps: [{ thought: 't', action: 'ls', actionInput: { a: 1 }, observation: 'x' }],
  },
};

export const FORMS = ['plain', 'string', 'list', 'twice', 'python', 'base64', 'stream'] as const;
export type Form = (typeof FORMS)[number];

/** A call's value worn in one of the disguises the census sees through. */
export function disguised(v: unknown, form: Form, disguise: () => boolean): unknown {
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
