// Prints, for every sample, fixture and file under the folders given, a digest of each
// conversation's report and of its detector lanes' marks, so a change that must leave behaviour
// alone can be checked: run before and after, then diff the two outputs.
// Run: node scripts/lib/run-ts.mjs scripts/digests.ts [-- more folders] > digests.tsv
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_CONFIG, evaluateReplay } from '../src/detector/index';
import { importPrepared, reportSource } from '../src/pipeline/index';
import { runZoo, zooInput } from '../src/zoo/index';

const ROOTS = ['public/samples', 'tests/fixtures', ...process.argv.slice(2)];

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
}

function digest(x: unknown): string {
  return createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
}

for (const root of ROOTS) {
  for (const file of files(root)) {
    if (/\.(md|tsv)$/.test(file) || file.endsWith('expected.json')) continue;
    const name = relative('.', file);
    const bytes = readFileSync(file);
    const first = importPrepared(bytes, { name: file });
    if (!first.ok) {
      console.log(`${name}\t-\terror\t${digest(first.error)}`);
      continue;
    }
    for (let i = 0; i < Math.max(1, first.value.conversations.length); i++) {
      const imported = i === 0 ? first : importPrepared(bytes, { name: file, conversation: i });
      if (!imported.ok) throw new Error(`${name} ${i}`);
      const conv = imported.value;
      const report = evaluateReplay(conv.prepared, DEFAULT_CONFIG, reportSource(conv));
      const stable = { ...report, timing: null };
      const sigs = report.batches.map((b) => b.signature);

      const marks = runZoo(zooInput(conv.messages));
      console.log(
        `${name}\t${i}\treport ${digest(stable)}\tmarks ${digest(marks)}\tsigs ${digest(sigs)}`,
      );
      for (const [j, s] of sigs.entries()) console.log(`#\t${name}\t${i}\t${j}\t${s}`);
    }
  }
}
