/// <reference lib="webworker" />
// The worker entry: wiring only. Import nothing from the UI here, or the app is bundled
// into the worker. The logic lives in handle.ts, which is tested without a Worker.
import { createReplayHandler } from './handle';
import { transferablesOf } from './packedReport';
import { laneTransferables } from './zooPacked';
import type { LoadRequest, WorkerRequest, WorkerResponse } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: WorkerResponse) => {
  const transfer =
    reply.type === 'loaded'
      ? transferablesOf(reply.transcript, reply.report, reply.defaultReport)
      : reply.type === 'evaluated'
        ? transferablesOf(reply.report)
        : reply.type === 'zoo'
          ? laneTransferables(reply.lanes)
          : [];
  scope.postMessage(reply, transfer);
};

const handler = createReplayHandler({
  // The page's first frames of a new report (~0.1–0.3 s on a 2-core machine) go first.
  sideWorkQuietMs: 400,
  onProgress: (req, phase, done, total) =>
    post({
      type: 'progress',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      phase,
      done,
      total,
    }),
});

/**
 * The end-to-end tests' simulated faults (`LoadRequest.fault`), for file loads only so the
 * app's start-up sample still loads. Returns true when the request must not be handled.
 */
function simulateFault(req: LoadRequest): boolean {
  if (req.fault === undefined || req.input.kind !== 'blob') return false;
  switch (req.fault) {
    case 'hang':
      return true; // never answer: the client's watchdog must stop us
    case 'crash':
      throw new Error('simulated crash (test-worker=crash)');
    case 'oom':
      // A real engine limit, uncaught, as a huge transcript would hit one.
      return 'x'.repeat(2 ** 31).length > 0;
  }
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  if (req.type === 'load' && simulateFault(req)) return;
  void handler.handle(req).then(post);
};

post({ type: 'ready' });
