// npm run bench [-- --sizes 1,10,100x100k] (default 1,10,100,100x100k; MBxN = exactly N batches):
// bundles scripts/bench/bench.ts and runs it with a collectable heap (--expose-gc, so each timed
// run starts from a collected heap) and room for 100 MB inputs.
import { runTs } from './lib/run-ts.mjs';

const status = await runTs('scripts/bench/bench.ts', process.argv.slice(2), [
  '--expose-gc',
  '--max-old-space-size=8192',
]);
// The what-if sweep's line, after the main table.
const sweepStatus =
  status === 0
    ? await runTs('scripts/bench/sweep.ts', process.argv.slice(2), ['--expose-gc'])
    : status;
// The corpus replay's line: 200 transcripts of ~100 KB, then a config-only re-run.
const corpusStatus =
  sweepStatus === 0 ? await runTs('scripts/bench/corpus.ts', [], ['--expose-gc']) : sweepStatus;
// The formats' line (a Claude Code session against its chat form) and the built command's
// whole-process ratio.
const formatsStatus =
  corpusStatus === 0
    ? await runTs('scripts/bench/formats.ts', [], ['--expose-gc', '--max-old-space-size=8192'])
    : corpusStatus;
// A transcript that grows: fed in pieces, and one appended batch's cost.
const liveStatus =
  formatsStatus === 0
    ? await runTs('scripts/bench/live.ts', [], ['--expose-gc', '--max-old-space-size=8192'])
    : formatsStatus;
// The command on every core against one, and --json-lines' memory over many small files.
const jobsStatus =
  liveStatus === 0 ? await runTs('scripts/bench/jobs.ts', process.argv.slice(2)) : liveStatus;
process.exit(jobsStatus);
