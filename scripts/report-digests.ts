/**
 * A digest of every report Loopscope gives for a set of transcripts under one config, to show
 * that a change to the detector leaves a mode's results as they were: run it before and after,
 * and compare the lines (or only the last one, the digest of them all).
 *
 * Usage: node scripts/lib/run-ts.mjs scripts/report-digests.ts -- [--mode proxy|agent] <path>...
 * Each path is a file or a folder (walked, sorted). Every conversation of a file is replayed
 * under the default config in that mode; the timings are left out of the digest.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  DEFAULT_CONFIG,
  replay,
  type DetectorConfig,
  type ReplayMode,
} from '../src/detector/index';
import { importConversations } from '../src/import/index';
import { reportSource } from '../src/pipeline/index';

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

const argv = process.argv.slice(2).filter((a) => a !== '--');
let mode: ReplayMode = 'proxy';
const paths: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i] as string;
  if (a === '--mode') mode = argv[++i] === 'agent' ? 'agent' : 'proxy';
  else paths.push(a);
}
const config: DetectorConfig = { ...DEFAULT_CONFIG, mode };
const all = createHash('sha256');
let count = 0;
for (const file of paths.flatMap(files)) {
  const r = importConversations(new Uint8Array(readFileSync(file)), { name: basename(file) });
  let line: string;
  if (!r.ok) line = `not imported: ${r.error.kind}`;
  else {
    const h = createHash('sha256');
    r.value.forEach((c) => {
      const { timing: _timing, ...report } = replay(c.messages, config, reportSource(c));
      h.update(JSON.stringify(report));
      h.update('\n');
    });
    line = `${h.digest('hex').slice(0, 16)} ${r.value.length} conversation(s)`;
  }
  all.update(`${file} ${line}\n`);
  process.stdout.write(`${file} ${line}\n`);
  count++;
}
process.stdout.write(`all ${count} files, ${mode} mode: ${all.digest('hex')}\n`);
