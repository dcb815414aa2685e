/// <reference lib="webworker" />
// The corpus worker's entry: wiring only (the logic is handle.ts, tested without a Worker).
// Import nothing from the UI here, or the app is bundled into the worker.
import { createCorpusHandler } from './handle';
import type { CorpusRequest, CorpusResponse } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handler = createCorpusHandler((reply: CorpusResponse) => scope.postMessage(reply));
scope.onmessage = (event: MessageEvent<CorpusRequest>) => handler.receive(event.data);
