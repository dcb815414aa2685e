/**
 * One worker as the replay client holds it: a slot that routes its events to whichever
 * transcript it serves (staging, then serving after the swap) and ends it, and the requests
 * to it that are each answered once (exports, pages of messages).
 */
import type { DetectorConfig } from '../detector/index';
import type { WorkerLike } from './clientSupport';
import { failureFromError, notStartedFailure, type WorkerFailure } from './failure';
import type { MessagesResponse, WorkerResponse } from './protocol';

export interface Slot {
  readonly worker: WorkerLike;
  /** The worker's script ran (it has posted something). */
  started: boolean;
  onMessage(msg: WorkerResponse): void;
  onFail(failure: WorkerFailure): void;
}

/** A new replay worker, as the app starts one. */
export function defaultWorker(): WorkerLike {
  return new Worker(new URL('./replay.worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-replay',
  }) as unknown as WorkerLike;
}

/** A worker's events routed to the slot's current handlers (they change at the swap). */
export function openSlot(
  worker: WorkerLike,
  started: boolean,
  onMessage: (msg: WorkerResponse) => void,
  onFail: (f: WorkerFailure) => void,
): Slot {
  const slot: Slot = { worker, started, onMessage, onFail };
  worker.onmessage = (e) => {
    slot.started = true;
    slot.onMessage(e.data);
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    // A module worker whose script never loaded reports a bare Event (no message).
    const text = typeof e.message === 'string' ? e.message : '';
    slot.onFail(slot.started ? failureFromError(text) : notStartedFailure(text));
  };
  worker.onmessageerror = () =>
    slot.onFail({
      kind: 'crashed',
      message: 'The analysis worker crashed: it sent a reply that could not be read.',
    });
  return slot;
}

/** Ends a slot's worker; nothing it still sends is heard. */
export function closeSlot(slot: Slot): void {
  const w = slot.worker;
  w.onmessage = null;
  w.onerror = null;
  w.onmessageerror = null;
  w.terminate();
}

/** Exports asked of the serving worker, by request id: each resolves once. */
export class Exports {
  private readonly waiting = new Map<number, (url: string | null) => void>();

  ask(worker: WorkerLike, requestId: number, dataVersion: number, config: DetectorConfig) {
    return new Promise<string | null>((resolve) => {
      this.waiting.set(requestId, resolve);
      worker.postMessage({ type: 'export', requestId, dataVersion, config });
    });
  }

  /** Takes an export's reply (its URL, or null when it failed); false for any other message. */
  receive(msg: WorkerResponse): boolean {
    if (msg.type !== 'exported' && !(msg.type === 'error' && msg.requestType === 'export')) {
      return false;
    }
    const resolve = this.waiting.get(msg.requestId);
    this.waiting.delete(msg.requestId);
    resolve?.(msg.type === 'exported' ? msg.url : null);
    return true;
  }

  /** The serving worker is gone: every export still waiting gets null. */
  drop(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

/** Pages of messages asked of the serving worker, each answered once (null when it failed). */
export class MessagePages {
  private readonly waiting = new Map<number, (page: MessagesResponse | null) => void>();

  ask(worker: WorkerLike, requestId: number, dataVersion: number, from: number, count: number) {
    return new Promise<MessagesResponse | null>((resolve) => {
      this.waiting.set(requestId, resolve);
      worker.postMessage({ type: 'messages', requestId, dataVersion, from, count });
    });
  }

  /** Takes a page's reply; false for any other message. */
  receive(msg: WorkerResponse): boolean {
    if (msg.type !== 'messages' && !(msg.type === 'error' && msg.requestType === 'messages')) {
      return false;
    }
    const resolve = this.waiting.get(msg.requestId);
    this.waiting.delete(msg.requestId);
    resolve?.(msg.type === 'messages' ? msg : null);
    return true;
  }

  /** The serving worker is gone: every page still waiting gets null. */
  drop(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}
