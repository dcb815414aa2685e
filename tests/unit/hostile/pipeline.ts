/**
 * The worker's pipeline without the worker, for the hostile-input properties: import, prepare,
 * evaluate, describe one batch. It throws only on a real bug, and checks the report's
 * invariants on the way, so a property can just call it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  describeBatch,
  evaluateReplay,
  prepareReplay,
  type DetectorConfig,
  type Report,
} from '../../../src/detector/index';
import { importTranscript, type ImportError } from '../../../src/import/index';

const ROOT = join(__dirname, '..', '..', '..');

/** Every sample and fixture transcript, as bytes: the seeds that mutations start from. */
export function seedFiles(): { name: string; bytes: Uint8Array }[] {
  const out: { name: string; bytes: Uint8Array }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(json|jsonl|har)$/.test(entry) && entry !== 'index.json') {
        out.push({ name: path.slice(ROOT.length + 1), bytes: new Uint8Array(readFileSync(path)) });
      }
    }
  };
  walk(join(ROOT, 'public', 'samples'));
  walk(join(ROOT, 'tests', 'fixtures'));
  return out;
}

const KINDS: readonly ImportError['kind'][] = [
  'empty',
  'binary',
  'syntax',
  'unknown-format',
  'not-transcript',
  'invalid',
];

/** A typed import error: a known kind and one plain line of message, no leaked exception. */
export function expectTypedError(e: ImportError): void {
  expect(KINDS).toContain(e.kind);
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.message).not.toContain('\n');
  // importTranscript turns exceptions into this message as a last resort: that is a bug.
  expect(e.message).not.toMatch(/could not be imported: /);
  if (e.kind === 'syntax') {
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.message).toContain(`line ${e.line}, column ${e.column}`);
  }
}

/** The report invariants every config and every transcript must keep. */
export function expectReportInvariants(r: Report, messageCount: number): void {
  let lastMessage = -1;
  let firstRefused: number | null = null;
  let rescued = 0;
  r.batches.forEach((b, i) => {
    expect(b.index).toBe(i);
    expect(b.messageIndex).toBeGreaterThan(lastMessage);
    expect(b.messageIndex).toBeLessThan(messageCount);
    lastMessage = b.messageIndex;
    expect(b.refused).toBe(b.reason !== null);
    // Agent mode: a batch the agent loop never checks (past the run's end, over the parallel
    // limit, or with arguments it cannot parse) is counted by nothing and refused never.
    if (b.agent !== undefined && b.agent.step !== 'checked') {
      expect(b.count).toBe(0);
      expect(b.refused).toBe(false);
      return;
    }
    expect(b.count).toBeGreaterThanOrEqual(1);
    expect(b.count).toBeLessThanOrEqual(b.total);
    if (b.count > b.threshold) {
      expect(b.refused).toBe(true);
      expect(b.reason).toBe('strikes');
    }
    if (b.reason === 'ceiling') {
      expect(b.total).toBeGreaterThan(b.ceiling);
      expect(b.exempt).toBe(false);
    }
    if (b.rescued) {
      expect(b.refused).toBe(false);
      rescued++;
    }
    if (b.refused && firstRefused === null) firstRefused = i;
  });
  expect(r.firstRefusal?.batchIndex ?? null).toBe(firstRefused);
  if (r.firstRefusal !== null) {
    const b = r.batches[r.firstRefusal.batchIndex];
    expect(r.firstRefusal.messageIndex).toBe(b?.messageIndex);
    expect(r.firstRefusal.reason).toBe(b?.reason);
    // Agent mode signs the loop's reading of the arguments (an empty string is `{}`), while a
    // batch shows the transcript's own; the tool names agree either way.
    const names = (sig: string | undefined) => sig?.replace(/:[0-9a-f]{16}/g, '');
    if (r.config.mode === 'agent')
      expect(names(r.firstRefusal.signature)).toBe(names(b?.signature));
    else expect(r.firstRefusal.signature).toBe(b?.signature);
  }
  expect(r.ledger.repeatsRescued).toBe(rescued);
  expect(r.source.messages).toBe(messageCount);
}

/**
 * Imports `input` and, when it imports, replays it under `config` and describes `pick` (a
 * fraction choosing one batch). Returns the report, or the typed import error.
 */
export function analyse(
  input: string | Uint8Array,
  config: DetectorConfig,
  pick = 0.5,
): { report: Report } | { error: ImportError } {
  const imported = importTranscript(input, { name: 'fuzzed.json' });
  if (!imported.ok) {
    expectTypedError(imported.error);
    return { error: imported.error };
  }
  const { messages, format, warnings, referenceScan } = imported.value;
  for (const w of warnings) expect(typeof w).toBe('string');
  const report = evaluateReplay(prepareReplay(messages), config, {
    format,
    messages: messages.length,
    warnings,
    referenceScan,
  });
  expectReportInvariants(report, messages.length);
  if (report.batches.length > 0) {
    const i = Math.min(report.batches.length - 1, Math.floor(pick * report.batches.length));
    const d = describeBatch(messages, report, i);
    expect(d.batchIndex).toBe(i);
    expect(d.calls.length).toBe(report.batches[i]?.calls.length);
    for (const a of d.answers) {
      expect(a.messageIndex).toBeGreaterThan(d.messageIndex);
      expect(a.messageIndex).toBeLessThan(messages.length);
    }
  }
  return { report };
}
