/**
 * Worker faults for the end-to-end tests of the failure paths, named by the page's
 * `?test-worker=hang|crash|oom`. Only the end-to-end build (`vite build --mode e2e`) bundles
 * this file: its callers reach it only under the build-time flag, which every other build sets
 * to false, so a link cannot make a user's worker fail on purpose (tests/e2e/bundle.spec.ts
 * reads the production build for any trace of it).
 */
import type { LoadRequest } from './protocol';

/**
 * The faults a worker can stage (see `LoadRequest.fault`). `stall`: a large file's read stops
 * after its first preview until the load is cut, so a test can stop it mid-read.
 */
export type TestFault = 'hang' | 'crash' | 'oom' | 'stall';

/** Reads `?test-worker=hang|crash|oom|stall`. */
export function faultFromSearch(search: string): TestFault | null {
  const v = new URLSearchParams(search).get('test-worker');
  return v === 'hang' || v === 'crash' || v === 'oom' || v === 'stall' ? v : null;
}

/** The bytes a `stall`ed read gets through: past the first preview (progressive.ts). */
const STALL_AFTER_BYTES = 1024 * 1024;

/** Paces a large file's read for the `stall` fault (the handler's `afterPiece`). */
export function stallRead(req: LoadRequest, read: number): Promise<void> {
  if (req.fault !== 'stall' || read < STALL_AFTER_BYTES) return Promise.resolve();
  return new Promise<void>(() => undefined);
}

/** The fault the page's URL asks for, or null. */
export function pageFault(): TestFault | null {
  const loc = (globalThis as { location?: { search?: unknown } }).location;
  return typeof loc?.search === 'string' ? faultFromSearch(loc.search) : null;
}

/**
 * Stages a load's fault, for file loads only so the app's start-up sample still loads.
 * Returns true when the request must not be handled.
 */
export function stageFault(req: LoadRequest): boolean {
  if (req.fault === undefined || req.input.kind !== 'blob') return false;
  switch (req.fault) {
    case 'stall':
      return false; // handled by the read (stallRead)
    case 'hang':
      return true; // never answer: the client's watchdog must stop us
    case 'crash':
      throw new Error('simulated crash (test-worker=crash)');
    case 'oom':
      // A real engine limit, uncaught, as a huge transcript would hit one.
      return 'x'.repeat(2 ** 31).length > 0;
  }
}
