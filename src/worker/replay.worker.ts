/// <reference lib="webworker" />
// The worker entry: wiring only. Import nothing from the UI here, or the app is bundled
// into the worker. The logic lives in handle.ts, which is tested without a Worker.
import { createReplayHandler } from './handle';
import { transferablesOf } from '../report/packedReport';
import { laneTransferables } from '../report/zooPacked';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { stageFault, stallRead } from './testFaults';

// Set by vite.config.ts: true only in the end-to-end tests' build. Tested here, in the module
// that uses it, so the other builds drop the branch and testFaults.ts with it.
declare const __LOOPSCOPE_TEST_HOOKS__: boolean | undefined;
const TEST_HOOKS = typeof __LOOPSCOPE_TEST_HOOKS__ !== 'undefined' && __LOOPSCOPE_TEST_HOOKS__;

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: WorkerResponse) => {
  const transfer =
    reply.type === 'loaded'
      ? transferablesOf(reply.transcript, reply.report, reply.defaultReport)
      : reply.type === 'partial'
        ? transferablesOf(reply.transcript, reply.report)
        : reply.type === 'evaluated'
          ? transferablesOf(reply.report)
          : reply.type === 'zoo'
            ? laneTransferables(reply.lanes)
            : [];
  scope.postMessage(reply, transfer);
};

const handler = createReplayHandler({
  // The page's first frames of a new report go first: lanes computed beside them on a small
  // machine stretch those frames (docs/benchmarks.md §5).
  sideWorkQuietMs: 400,
  onProgress: (req, phase, done, total, preview) =>
    post({
      type: 'progress',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      phase,
      done,
      total,
      ...(preview === undefined ? {} : { preview }),
    }),
  onPartial: post,
  ...(TEST_HOOKS ? { afterPiece: stallRead } : {}),
});

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  if (TEST_HOOKS && req.type === 'load' && stageFault(req)) return;
  void handler.handle(req).then(post);
};

post({ type: 'ready' });
