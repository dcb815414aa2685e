import { describe, expect, test } from 'vitest';
import { gzipSync, strToU8 } from 'fflate';
import { isNock, nockAsHar } from '../../../src/import/nock';

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

interface Entry {
  request: { method: string; url: string; postData: { text: string } };
  response: { content: { mimeType: string; text: string } };
}

function entries(defs: unknown[]): Entry[] {
  const r = nockAsHar(JSON.stringify(defs));
  if (!r.ok) throw new Error(r.error.message);
  return (JSON.parse(r.value.text) as { log: { entries: Entry[] } }).log.entries;
}

describe('nock recordings', () => {
  const def = {
    scope: 'https://api.example.com:443',
    method: 'post',
    path: '/v1/chat',
    status: 200,
  };

  test('are told by their first definition', () => {
    expect(isNock(JSON.stringify([def]))).toBe(true);
    expect(isNock('[{"scope": "user", "text": "hi"}]')).toBe(false);
    expect(isNock('{"log": {"entries": []}}')).toBe(false);
  });

  test('a gzip body in hex chunks, with headers as an object, reads as its text', () => {
    const gz = hex(gzipSync(strToU8('{"ok":true}')));
    const [e] = entries([
      {
        ...def,
        body: { q: 1 },
        response: [gz.slice(0, 10), gz.slice(10)],
        rawHeaders: { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' },
      },
    ]);
    expect(e?.request).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com:443/v1/chat',
      postData: { text: '{"q":1}' },
    });
    expect(e?.response.content).toEqual({ mimeType: 'application/json', text: '{"ok":true}' });
  });

  test('a binary body in one hex string reads as its bytes', () => {
    const [e] = entries([{ ...def, response: hex(strToU8('plain')), responseIsBinary: true }]);
    expect(e?.response.content.text).toBe('plain');
  });

  test('a hex-looking text that is not binary stays text', () => {
    const [e] = entries([{ ...def, response: 'cafe' }]);
    expect(e?.response.content.text).toBe('cafe');
  });

  test('an item that is no recorded request is one clear error', () => {
    const r = nockAsHar(JSON.stringify([def, { scope: 'x' }]), 'rec.json');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toMatch(/^“rec\.json” opens as a nock recording, but not every item/);
  });
});
