// Every sample in public/samples is replayed in both modes and must be refused exactly where
// public/samples/README.md says: the README's table is parsed, so the README and the samples
// cannot drift apart without this failing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  prepareReplay,
  type Report,
} from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';

const DIR = join(__dirname, '..', '..', '..', 'public', 'samples');

interface Refusal {
  batchIndex: number;
  messageIndex: number;
  reason: 'strikes' | 'ceiling';
}

interface Row {
  file: string;
  batches: number;
  proxy: Refusal[];
  agent: Refusal[];
}

function parseCell(cell: string): Refusal[] {
  if (cell.trim() === 'none') return [];
  return cell.split(';').map((part) => {
    const m = /^\s*batch (\d+) \(message (\d+)\): (strikes|ceiling)\s*$/.exec(part);
    if (!m) throw new Error(`README: cannot read refusal "${part}"`);
    return {
      batchIndex: Number(m[1]),
      messageIndex: Number(m[2]),
      reason: m[3] as Refusal['reason'],
    };
  });
}

function readmeTable(): Row[] {
  const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
  const rows: Row[] = [];
  for (const line of readme.split('\n')) {
    const m = /^\| `([^`]+\.json)` \| (\d+) \| ([^|]+) \| ([^|]+) \|$/.exec(line);
    if (m) {
      rows.push({
        file: m[1] ?? '',
        batches: Number(m[2]),
        proxy: parseCell(m[3] ?? ''),
        agent: parseCell(m[4] ?? ''),
      });
    }
  }
  return rows;
}

function replaySample(file: string, mode: 'proxy' | 'agent'): Report {
  const imported = importTranscript(readFileSync(join(DIR, file), 'utf8'), { name: file });
  if (!imported.ok) throw new Error(`${file}: ${imported.error.message}`);
  const v = imported.value;
  expect(v.format).toBe('openai-chat');
  expect(v.referenceScan).toBe('scanned');
  return evaluateReplay(
    prepareReplay(v.messages),
    { ...DEFAULT_CONFIG, mode },
    {
      format: v.format,
      messages: v.messages.length,
      warnings: v.warnings,
      referenceScan: v.referenceScan,
    },
  );
}

function refusals(r: Report): Refusal[] {
  return r.batches
    .filter((b) => b.refused)
    .map((b) => ({
      batchIndex: b.index,
      messageIndex: b.messageIndex,
      reason: b.reason as Refusal['reason'],
    }));
}

const table = readmeTable();
const manifest = JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as {
  file: string;
  title: string;
  description: string;
}[];

describe('public/samples', () => {
  it('the README states the refusals of every sample in index.json, in menu order', () => {
    expect(table.map((r) => r.file)).toEqual(manifest.map((m) => m.file));
    expect(manifest).toHaveLength(8);
    expect(manifest[0]?.file).toBe('mutating-loop.json'); // the app opens on a refusal
    for (const m of manifest) {
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(0);
    }
  });

  it('every top-level sample file is in the manifest', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && f !== 'index.json');
    expect(files.sort()).toEqual(manifest.map((m) => m.file).sort());
  });

  for (const row of table) {
    for (const mode of ['proxy', 'agent'] as const) {
      it(`${row.file} in ${mode} mode is refused exactly where the README says`, () => {
        const r = replaySample(row.file, mode);
        expect(r.batches).toHaveLength(row.batches);
        expect(refusals(r)).toEqual(row[mode]);
        const first = row[mode][0];
        if (first) {
          expect(r.firstRefusal).toMatchObject({
            batchIndex: first.batchIndex,
            messageIndex: first.messageIndex,
            reason: first.reason,
          });
        } else {
          expect(r.firstRefusal).toBeNull();
        }
      });
    }
  }
});

// The README's prose for some samples promises more than the refusals; hold it to that too.
describe('what the samples show', () => {
  it('build-poll-ceiling: occurrences 3 to 15 of the poll are rescued, and the 16th hits the ceiling', () => {
    const r = replaySample('build-poll-ceiling.json', 'proxy');
    expect(r.batches.filter((b) => b.rescued).map((b) => b.index)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 3),
    );
    const last = r.batches[16];
    expect(last).toMatchObject({
      total: 16,
      count: 2,
      ceiling: 15,
      exempt: false,
      observation: false,
    });
  });

  it('observation-loop and quiet-poll: read-only, exempt, refused on count 16 over threshold 15', () => {
    for (const file of ['observation-loop.json', 'quiet-poll.json']) {
      const b = replaySample(file, 'proxy').batches[16];
      expect(b).toMatchObject({
        observation: true,
        exempt: true,
        threshold: 15,
        count: 16,
        refused: true,
      });
    }
  });

  it('costly-navigate: classified read-only but costly, so the ceiling applies', () => {
    const b = replaySample('costly-navigate.json', 'proxy').batches[15];
    expect(b).toMatchObject({
      observation: true,
      costly: true,
      exempt: false,
      total: 16,
      refused: true,
    });
    expect(b?.count).toBeLessThanOrEqual(2);
  });

  it('user-asks-again: user turns start new runs in both modes', () => {
    for (const mode of ['proxy', 'agent'] as const) {
      const r = replaySample('user-asks-again.json', mode);
      expect(r.batches.map((b) => b.count)).toEqual([1, 2, 1, 1]);
      expect(r.batches.slice(1).map((b) => b.breakBefore)).toEqual([null, 'user', 'user']);
    }
  });

  it('ab-cycle: every run stops at 1, and the ledger sees the identical repeats', () => {
    const r = replaySample('ab-cycle.json', 'proxy');
    expect(r.batches.every((b) => b.count === 1)).toBe(true);
    expect(r.batches.filter((b) => b.identicalResultRepeat)).toHaveLength(18);
  });

  it('ordinary-coding-session: no run grows past 1', () => {
    const r = replaySample('ordinary-coding-session.json', 'proxy');
    expect(Math.max(...r.batches.map((b) => b.total))).toBe(1);
  });
});
