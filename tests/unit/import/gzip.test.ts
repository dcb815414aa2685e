// A transcript compressed with gzip is read as the bytes it unpacks to.
import { describe, expect, it } from 'vitest';
import { gzipSync, strToU8 } from 'fflate';
import { gunzip } from '../../../src/import/gzip';
import { joinBytes } from '../../../src/import/bytes';
import { isTranscriptName } from '../../../src/import/folder';
import { importConversations } from '../../../src/import/index';
import { isNote } from '../../../src/import/notes';
import { fixture } from './helpers';

const calls = (input: Uint8Array, name: string) => {
  const r = importConversations(input, { name });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((c) => ({
    format: c.format,
    calls: c.messages.flatMap((m) =>
      Array.isArray(m.tool_calls) ? m.tool_calls.map((t) => JSON.stringify(t)) : [],
    ),
    warnings: c.warnings,
  }));
};

describe('a transcript compressed with gzip', () => {
  it('reads as the file it unpacks to, with a note', () => {
    for (const path of ['claude-code/loop-write-file.jsonl', 'cassette/vcrpy-openai-tools.yaml']) {
      const plain = fixture(path);
      const packed = calls(gzipSync(plain), `${path}.gz`);
      const read = calls(plain, `${path}.gz`);
      expect(packed.map((c) => c.calls)).toEqual(read.map((c) => c.calls));
      expect(packed[0]?.calls.length).toBeGreaterThan(0);
      expect(packed[0]?.format).toBe(read[0]?.format);
      const note = packed[0]?.warnings[0] ?? '';
      expect(note).toMatch(/^Read “.*\.gz” unpacked from gzip: .* from .*\.$/);
      expect(isNote(note)).toBe(true);
    }
  });

  it('reads every member of a file written in several', () => {
    const text = new TextDecoder().decode(fixture('claude-code/loop-write-file.jsonl'));
    const cut = text.indexOf('\n', text.length >> 1) + 1;
    const two = joinBytes([
      gzipSync(strToU8(text.slice(0, cut))),
      gzipSync(strToU8(text.slice(cut))),
    ]);
    expect(calls(two, 's.jsonl.gz')[0]?.calls).toEqual(calls(strToU8(text), 's.jsonl')[0]?.calls);
  });

  it('stops a file that unpacks past the limit, and names a damaged one', () => {
    const bomb = gzipSync(new Uint8Array(1 << 20));
    expect(gunzip(bomb, '“b.gz”', 1 << 19)).toEqual({
      error:
        '“b.gz” is a gzip file that unpacks to more than 0.5 MB, more than Loopscope reads at once.',
    });
    expect('bytes' in gunzip(bomb, '“b.gz”', 1 << 21)).toBe(true);
    const packed = gzipSync(strToU8('{"messages": []}'.repeat(100)));
    const cut = importConversations(packed.subarray(0, packed.length >> 1), { name: 'd.json.gz' });
    expect(cut.ok ? '' : cut.error.message).toMatch(
      /^“d\.json\.gz” is a gzip file that could not be unpacked \(.+\)\.$/,
    );
    const binary = importConversations(gzipSync(new Uint8Array(64)), { name: 'z.gz' });
    expect(binary.ok ? '' : binary.error.message).toMatch(
      /^“z\.gz” \(unpacked from gzip\) has a NUL byte at byte 1;/,
    );
  });

  it('is taken from a folder by its name', () => {
    expect(isTranscriptName('logs/session.jsonl.gz')).toBe(true);
    expect(isTranscriptName('cassettes/run.yaml.gz')).toBe(true);
    expect(isTranscriptName('backup.tar.gz')).toBe(false);
  });
});
