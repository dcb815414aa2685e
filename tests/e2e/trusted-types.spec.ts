import { expect, openApp, showLanes, test } from './fixtures';
import { recordCspViolations } from './hostileGuard';

/**
 * The page's Content-Security-Policy requires Trusted Types for script sinks: a string put
 * into an HTML sink throws and renders nothing, while the app itself (React, the built
 * bundle, its workers) runs with no violation at all.
 */
test('a planted HTML sink throws and renders nothing; the app and its workers run', async ({
  page,
  guard,
}) => {
  // The planted sinks below are refused on purpose; the browser logs each refusal.
  guard.allowed.push(/TrustedHTML|Trusted Type|trusted-types/i);
  await recordCspViolations(page);
  await openApp(page);
  // React rendered the sample, and the replay worker (and its lanes) answered.
  await expect(page.getByLabel('Summary')).toContainText(/Batches\s*4/);
  await showLanes(page);
  await expect(page.getByRole('application', { name: 'Detector lanes' })).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);

  const planted = await page.evaluate(() => {
    const payload = '<img src="data:," onerror="window.__pwned = 1"><b>planted</b>';
    const host = document.createElement('div');
    host.id = 'planted';
    document.body.append(host);
    const outcome = (f: () => void): string => {
      try {
        f();
        return 'ran';
      } catch (e) {
        return e instanceof TypeError ? 'TypeError' : String(e);
      }
    };
    return {
      innerHTML: outcome(() => (host.innerHTML = payload)),
      insertAdjacentHTML: outcome(() => host.insertAdjacentHTML('beforeend', payload)),
      srcdoc: outcome(() => {
        const frame = document.createElement('iframe');
        frame.srcdoc = payload;
        host.append(frame);
      }),
      rendered: host.querySelectorAll('img, b').length,
    };
  });
  expect(planted).toEqual({
    innerHTML: 'TypeError',
    insertAdjacentHTML: 'TypeError',
    srcdoc: 'TypeError',
    rendered: 0,
  });
  await expect(page.getByText('planted', { exact: true })).toHaveCount(0);
  const after = await page.evaluate(() => ({
    pwned: window.__pwned,
    csp: window.__cspViolations ?? [],
  }));
  expect(after.pwned).toBeUndefined();
  // Each refusal is reported as a violation of the Trusted Types directive, and only those.
  expect(after.csp.length).toBeGreaterThan(0);
  for (const v of after.csp) expect(v).toMatch(/^require-trusted-types-for /);
});
