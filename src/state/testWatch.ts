/**
 * A stand-in for the file picker in the end-to-end tests: a page script sets
 * `window.__loopscopeTestWatch` to a function that returns a fake file handle, which the
 * tests grow. Only the end-to-end build bundles this file (appStore.ts reaches it only under
 * the build-time flag); tests/e2e/bundle.spec.ts checks the production build for its name.
 */
import type { WatchHandle } from './watcher';

export function testWatchHandle(): WatchHandle | null {
  const hook = (window as { __loopscopeTestWatch?: () => WatchHandle }).__loopscopeTestWatch;
  return typeof hook === 'function' ? hook() : null;
}
