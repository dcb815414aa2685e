// npm run bench [-- --sizes 1,10]: bundles scripts/bench/bench.ts and runs it with a collectable
// heap (--expose-gc, so each timed run starts from a collected heap) and room for 100 MB inputs.
import { runTs } from './lib/run-ts.mjs';

const status = await runTs('scripts/bench/bench.ts', process.argv.slice(2), [
  '--expose-gc',
  '--max-old-space-size=8192',
]);
process.exit(status);
