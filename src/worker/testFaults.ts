/**
 * Worker faults for the end-to-end tests of the failure paths, named by the page's
 * `?test-worker=hang|crash|oom`. Only the end-to-end build (`vite build --mode e2e`) bundles
 * this file: its callers reach it only under the build-time flag, which every other build sets
 * to false, so a link cannot make a user's worker fail on purpose (tests/e2e/bundle.spec.ts
 * reads the production build for any trace of it).
 */
import type { LoadRequest } from './protocol';

/** The faults a worker can stage (see `LoadRequest.fault`). */
export type TestFault = 'hang' | 'crash' | 'oom';

/** Reads `?test-worker=hang|crash|oom`. */
export function faultFromSearch(search: string): TestFault | null {
  const v = new URLSearchParams(search).get('test-worker');
  return v === 'hang' || v === 'crash' || v === 'oom' ? v : null;
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
    case 'hang':
      return true; // never answer: the client's watchdog must stop us
    case 'crash':
      throw new Error('simulated crash (test-worker=crash)');
    case 'oom':
      // A real engine limit, uncaught, as a huge transcript would hit one.
      return 'x'.repeat(2 ** 31).length > 0;
  }
}
