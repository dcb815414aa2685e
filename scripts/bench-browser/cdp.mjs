// A raw Chrome DevTools Protocol client over the browser's debugging port, for what Playwright's
// CDPSession cannot do: talk to the sessions of dedicated workers (it drops messages for
// child sessions it did not open). Used to sample the analysis worker's heap during an import.
import { ws as WebSocket } from 'playwright-core/lib/utilsBundle';

/** Connects to the browser endpoint on `port`; returns { send, on, close }. */
export async function connectCdp(port) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const sock = new WebSocket(version.webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    sock.once('open', resolve);
    sock.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  sock.on('message', (data) => {
    const msg = JSON.parse(String(data));
    const waiter = msg.id === undefined ? undefined : pending.get(msg.id);
    if (waiter) {
      pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(`${waiter.method}: ${msg.error.message}`));
      else waiter.resolve(msg.result);
    } else if (msg.method) {
      // A worker that ends never answers what was asked of it: fail those calls.
      if (msg.method === 'Target.detachedFromTarget') {
        for (const [id, w] of pending) {
          if (w.sessionId !== msg.params.sessionId) continue;
          pending.delete(id);
          w.reject(new Error(`${w.method}: session detached`));
        }
      }
      for (const l of listeners) l(msg);
    }
  });
  sock.on('close', () => {
    for (const w of pending.values()) w.reject(new Error(`${w.method}: connection closed`));
    pending.clear();
  });
  return {
    /**
     * Sends `method` to the browser, or to `sessionId` (a flattened child session); rejects
     * after `timeoutMs` when given.
     */
    send(method, params = {}, sessionId, timeoutMs) {
      const id = ++nextId;
      sock.send(JSON.stringify({ id, method, params, sessionId }));
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method, sessionId });
        if (timeoutMs === undefined) return;
        setTimeout(() => {
          if (!pending.delete(id)) return;
          reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      sock.close();
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Attaches to the page whose URL starts with `urlPrefix`, auto-attaches to its workers (those
 * running now and every one started later, e.g. a fresh staging worker per file, and their
 * own workers) and polls Runtime.getHeapUsage on each every `intervalMs`. V8 answers it by
 * interrupting running script, so a worker busy in one long task is still sampled.
 * stop() resolves to the peaks in bytes: of one worker, and of all workers in the same round.
 */
export async function sampleWorkerHeaps(cdp, urlPrefix, intervalMs = 50) {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(urlPrefix));
  if (!target) throw new Error(`no page at ${urlPrefix} among the CDP targets`);
  const { sessionId: pageSession } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const workers = new Map(); // sessionId → { url, peakUsed, peakTotal }
  const autoAttach = (sessionId) =>
    cdp
      .send(
        'Target.setAutoAttach',
        { autoAttach: true, waitForDebuggerOnStart: false, flatten: true },
        sessionId,
      )
      .catch(() => undefined);
  const off = cdp.on((msg) => {
    if (msg.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo } = msg.params;
      if (!targetInfo.type.includes('worker')) return;
      workers.set(sessionId, { url: targetInfo.url, peakUsed: 0, peakTotal: 0, samples: 0 });
      void autoAttach(sessionId);
    } else if (msg.method === 'Target.detachedFromTarget') {
      const w = workers.get(msg.params.sessionId);
      if (w) w.gone = true;
    }
  });
  await autoAttach(pageSession);

  let running = true;
  let peakSum = 0;
  let rounds = 0;
  const loop = (async () => {
    while (running) {
      const t0 = Date.now();
      const live = [...workers].filter(([, w]) => !w.gone);
      const used = await Promise.all(
        live.map(([sessionId, w]) =>
          cdp.send('Runtime.getHeapUsage', {}, sessionId, 5000).then(
            (r) => {
              w.samples++;
              w.peakUsed = Math.max(w.peakUsed, r.usedSize);
              w.peakTotal = Math.max(w.peakTotal, r.totalSize);
              return r.usedSize;
            },
            () => 0, // the worker ended (or stalled) before it answered
          ),
        ),
      );
      peakSum = Math.max(
        peakSum,
        used.reduce((a, b) => a + b, 0),
      );
      rounds++;
      await sleep(Math.max(0, intervalMs - (Date.now() - t0)));
    }
  })();

  /** The largest worker heap after a full collection in each live worker (what it keeps). */
  const retained = async () => {
    const live = [...workers].filter(([, w]) => !w.gone);
    const after = await Promise.all(
      live.map(async ([sessionId]) => {
        try {
          await cdp.send('HeapProfiler.collectGarbage', {}, sessionId, 30000);
          return (await cdp.send('Runtime.getHeapUsage', {}, sessionId, 5000)).usedSize;
        } catch {
          return 0;
        }
      }),
    );
    return Math.max(0, ...after);
  };

  return {
    /** Stops sampling; with `collect`, also reports the heap each worker keeps after a GC. */
    async stop(collect = false) {
      running = false;
      await loop;
      const retainedWorkerUsed = collect ? await retained() : null;
      off();
      await cdp.send('Target.detachFromTarget', { sessionId: pageSession }).catch(() => undefined);
      const list = [...workers.values()];
      const top = list.reduce((a, w) => (w.peakUsed > (a?.peakUsed ?? -1) ? w : a), undefined);
      return {
        workers: list.length,
        rounds,
        peakWorkerUsed: top?.peakUsed ?? 0,
        peakWorkerTotal: top?.peakTotal ?? 0,
        peakWorkerSamples: top?.samples ?? 0,
        peakAllWorkersUsed: peakSum,
        retainedWorkerUsed,
      };
    },
  };
}
