// A chat log that is not a transcript is named as what it is, not reported as invalid JSON.
import { describe, expect, it } from 'vitest';
import { fileCount, isNotTranscript } from '../../../src/import/folder';
import { importConversations, importStreaming } from '../../../src/import/index';
import { fixture } from './helpers';

const AIDER = fixture('aider/aider.chat.history.md');

function errorOf(input: string | Uint8Array, name?: string) {
  const r = importConversations(input, name === undefined ? {} : { name });
  if (r.ok) throw new Error('imported');
  return r.error;
}

describe("Aider's markdown chat history", () => {
  it('is named in one line, as no transcript', () => {
    const e = errorOf(AIDER, '.aider.chat.history.md');
    expect(e.kind).toBe('not-transcript');
    expect(e.message).toBe(
      "“.aider.chat.history.md” is Aider's markdown chat history (.aider.chat.history.md): a chat log with no structured tool calls, so there is nothing for the loop detector to replay.",
    );
    expect(e.message).not.toContain('\n');
    expect(isNotTranscript(e)).toBe(true);
    // Found in a folder it is skipped; named on its own it fails.
    expect(fileCount([e], true)).toBe('skipped');
    expect(fileCount([e], false)).toBe('transcripts');
  });

  it('is named on the streaming path the app takes', () => {
    const r = importStreaming(AIDER, {}, () => () => {});
    expect(!r.ok && r.error.kind).toBe('not-transcript');
  });

  it('is found by its header however the lines end, with or without a BOM', () => {
    const text = new TextDecoder().decode(AIDER);
    expect(errorOf(text.replace(/\n/g, '\r\n')).kind).toBe('not-transcript');
    expect(errorOf(`\uFEFF${text.trimStart()}`).kind).toBe('not-transcript');
  });

  it('is not any markdown file, nor one that quotes the header later', () => {
    const readme = '# My project\n\nSome notes.\n\n#### A heading\n';
    expect(errorOf(readme).kind).toBe('syntax');
    expect(errorOf(`# Notes\n\n# aider chat started at 2024-05-01 10:00:00\n`).kind).toBe('syntax');
    expect(errorOf('# aider chat started at some point\n').kind).toBe('syntax');
  });
});
