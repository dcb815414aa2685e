import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTranscript } from '../../scripts/bench/generate';

const dir = mkdtempSync(join(tmpdir(), 'loopscope-gen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Msg {
  role: string;
  content: string | null;
  tool_calls?: unknown[];
}
const messagesOf = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { messages: Msg[] }).messages;

describe('generateTranscript', () => {
  it('keeps the historic bytes without a batch count (bench-data files are keyed by them)', () => {
    const file = join(dir, 'default.json');
    expect(generateTranscript(file, 0.1)).toBe(17);
    expect(sha256(file)).toBe('9b7f6505f6dfac24119c9f6176a6f71dd0cf04b35b155600f18fa88ce2e562c3');
    expect(generateTranscript(file, 0.1, 7919)).toBe(14);
    expect(sha256(file)).toBe('3dabf071b85fd5fac8a63764555b34e5859d2fc5cf97b93b71db940196506f01');
  });

  it('writes exactly the asked batch count in about the asked bytes', () => {
    const file = join(dir, 'dense.json');
    expect(generateTranscript(file, 1, 0x5eed, { batches: 1000 })).toBe(1000);
    const bytes = readFileSync(file).length;
    expect(bytes).toBeGreaterThan(0.9 * 1024 * 1024);
    expect(bytes).toBeLessThan(1.1 * 1024 * 1024);
    const msgs = messagesOf(file);
    expect(msgs.filter((m) => m.tool_calls !== undefined)).toHaveLength(1000);
    // Still the realistic mix: prose turns and user turns between the batches.
    expect(msgs.filter((m) => m.role === 'user').length).toBeGreaterThan(10);
    expect(msgs.filter((m) => m.role === 'assistant' && m.tool_calls === undefined).length).toBe(
      msgs.filter((m) => m.role === 'assistant').length - 1000,
    );
  });

  it('grows texts when the batch count is low for the size', () => {
    const file = join(dir, 'sparse.json');
    expect(generateTranscript(file, 0.5, 1, { batches: 20 })).toBe(20);
    const bytes = readFileSync(file).length;
    expect(bytes).toBeGreaterThan(0.8 * 0.5 * 1024 * 1024);
    expect(bytes).toBeLessThan(1.2 * 0.5 * 1024 * 1024);
  });

  it('rejects a batch count that is not a positive integer', () => {
    expect(() => generateTranscript(join(dir, 'x.json'), 0.1, 1, { batches: 0 })).toThrow();
    expect(() => generateTranscript(join(dir, 'x.json'), 0.1, 1, { batches: 2.5 })).toThrow();
  });
});
