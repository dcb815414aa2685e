import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Shared checks of the hostile-input suites: no injected script ran, nothing was blocked by
 * the Content-Security-Policy (which would mean the app or a payload tried something the
 * policy forbids), and no prototype was polluted in the page.
 */

declare global {
  interface Window {
    __pwned?: unknown;
    __cspViolations?: string[];
  }
}

/** Records every `securitypolicyviolation` event from the first script on. Call before `goto`. */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
}

/** Fails if a payload ran, a CSP violation happened or `Object.prototype` was polluted. */
export async function expectNothingRan(page: Page): Promise<void> {
  const seen = await page.evaluate(() => ({
    pwned: window.__pwned,
    csp: window.__cspViolations ?? null,
    polluted: ({} as Record<string, unknown>)['polluted'],
    bodyShown: getComputedStyle(document.body).display !== 'none',
  }));
  expect(seen.pwned, 'no injected script ran').toBeUndefined();
  expect(seen.csp, 'no Content-Security-Policy violation').toEqual([]);
  expect(seen.polluted, 'Object.prototype untouched').toBeUndefined();
  expect(seen.bodyShown, 'no injected style hid the page').toBe(true);
}
