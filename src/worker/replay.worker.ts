/// <reference lib="webworker" />
// The worker entry: wiring only. Import nothing from the UI here, or the app is bundled
// into the worker. The logic lives in handle.ts, which is tested without a Worker.
import { createReplayHandler } from './handle';
import type { WorkerRequest } from './protocol';

const handler = createReplayHandler();
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  void handler.handle(event.data).then((reply) => scope.postMessage(reply));
};
