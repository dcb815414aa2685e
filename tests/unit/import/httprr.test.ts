import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isFolderCandidate } from '../../../src/import/folder';
import { isNote } from '../../../src/import/notes';

/** One exchange of an httprr recording: the sizes line, then the raw request and response. */
function exchange(request: string, response: string): string {
  const size = (s: string) => new TextEncoder().encode(s).length;
  return `${size(request)} ${size(response)}\n${request}${response}`;
}

const REQUEST = 'POST https://example.com/v1/chat/completions HTTP/1.1\r\nHost: x\r\n\r\n{}';
const RESPONSE = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}';

describe('httprr recordings', () => {
  it('says where a recording breaks, in one line', () => {
    const cut = `httprr trace v1\n${exchange(REQUEST, RESPONSE)}`.slice(0, -1);
    const r = importConversations(cut, { name: 'TestCall.httprr' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      '“TestCall.httprr” is an httprr recording, but the exchange at byte 16 runs past the end of the file.',
    );
    const bad = importConversations(`httprr trace v1\nnot sizes\n`);
    expect(bad.ok ? '' : bad.error.message).toMatch(/the line at byte 16 is not the two sizes/);
  });

  it('counts sizes in bytes, and its note is a note', () => {
    const text = `httprr trace v1\n${exchange(REQUEST.replace('{}', '{"q":"é✓"}'), RESPONSE)}`;
    const r = importConversations(text, { format: 'har' });
    // No chat in it: the HAR importer says so, having read the exchange whole, after the note
    // that says where the HAR capture came from.
    const message = r.ok ? '' : r.error.message;
    expect(message).toMatch(
      /^Read an httprr recording of 1 HTTP exchange as the HAR capture it is\. /,
    );
    expect(message).not.toMatch(/is an httprr recording, but/);
    expect(isNote('Read an httprr recording of 1 HTTP exchange as the HAR capture it is.')).toBe(
      true,
    );
  });

  it('is read from a folder, as Go projects keep them', () => {
    expect(isFolderCandidate('llms/openai/testdata/TestToolCall.httprr')).toBe(true);
    expect(isFolderCandidate('llms/openai/testdata/.TestToolCall.httprr')).toBe(false);
  });
});
