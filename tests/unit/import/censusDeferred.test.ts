import { describe, expect, test } from 'vitest';
import { CensusScan, type CensusSource } from '../../../src/import/census';
import { chatObserver, scanText } from '../../../src/import/censusInput';
import { readChatSpans } from '../../../src/import/chatSpans';

/**
 * Where the census is told where a value stands in its text, it keeps no call's arguments and
 * reads them again there when it compares them: the count must be what keeping them gives.
 */
const view = (scan: CensusScan) => scan.calls().map((c) => [c.dialect, c.id, c.name, c.path]);

describe('arguments read again where they stand', () => {
  test('one id with other arguments at another path is another call', () => {
    const use = (input: unknown) => ({ type: 'tool_use', id: 't1', name: 'ls', input });
    const text = [
      JSON.stringify({ type: 'assistant', message: { content: [use({ d: 'a' })] } }),
      JSON.stringify({ type: 'assistant', reply: { content: [use({ d: 'b' })] } }),
      JSON.stringify({ type: 'assistant', reply: { content: [use({ d: 'a' })] } }),
    ].join('\n');
    // `a` at two paths is one call, `b` another.
    expect(view(scanText(text))).toHaveLength(2);
    const kept = new CensusScan();
    for (const line of text.split('\n')) kept.add(JSON.parse(line), 'lines[*]', 0);
    expect(view(scanText(text))).toEqual(view(kept));
  });

  test('a first word without arguments adds nothing where its call is spelled in full', () => {
    const use = (input: unknown) => ({ type: 'tool_use', id: 't1', name: 'ls', input });
    const text = [
      JSON.stringify({ type: 'assistant', event: { content: [use({})] } }),
      JSON.stringify({ type: 'assistant', message: { content: [use({ d: 'a' })] } }),
    ].join('\n');
    expect(view(scanText(text))).toHaveLength(1);
  });

  test('an echo with the arguments of a call, read again, is that call', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'ls', arguments: '{"d":"a"}' } };
    // A tool's execution span, its arguments wrapped in one member.
    const echo = { tool: 'ls', args: { input: { d: 'a' } }, output: 'x' };
    const text = JSON.stringify({
      messages: [{ role: 'assistant', tool_calls: [call] }],
      steps: [echo],
    });
    let reads = 0;
    const source: CensusSource = {
      read: (start, end) => {
        reads++;
        return JSON.parse(text.slice(start, end)) as unknown;
      },
    };
    const scan = new CensusScan();
    scan.add(JSON.parse(text), null, 0, source, 0, text.length);
    expect(scan.callCount).toBe(1);
    expect(reads).toBeGreaterThan(0);
    const kept = new CensusScan();
    kept.add(JSON.parse(text));
    expect(view(scan)).toEqual(view(kept));
  });

  test('calls of one message read again one after another: each its own arguments', () => {
    // Calls without ids are told apart by their arguments, read again from the message for
    // each call in turn; escaped quotes in them must read the same the second time.
    const call = (path: string) => ({
      type: 'function',
      function: { name: 'write', arguments: JSON.stringify({ path, text: 'say "hi"' }) },
    });
    const first = [call('a'), call('b')];
    const then = [call('c'), call('d')];
    // The same calls logged again beside the messages: one call each, at two places.
    const text = JSON.stringify({
      messages: [
        { role: 'assistant', content: null, tool_calls: first },
        { role: 'tool', content: 'ok' },
        { role: 'assistant', content: null, tool_calls: then },
      ],
      steps: [{ tool_calls: [...first, ...then] }],
    });
    const scan = new CensusScan();
    const observe = chatObserver(text, () => scan);
    expect(readChatSpans(text, true, () => {}, undefined, observe)).not.toBe(null);
    const kept = new CensusScan();
    kept.add(JSON.parse(text));
    expect(view(kept)).toHaveLength(4);
    // Where each is listed (first seen) follows the order the values were walked in.
    const what = (s: CensusScan) => view(s).map(([d, id, name]) => [d, id, name]);
    expect(what(scan)).toEqual(what(kept));
  });
});
