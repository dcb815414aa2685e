import type { Page } from '@playwright/test';
import { expect, openApp, ORIGIN, test, waitFor } from './fixtures';
import { expectNothingRan, recordCspViolations } from './hostileGuard';

/**
 * A transcript written by an attacker: tool names, arguments, answers and prose carry HTML,
 * script, `javascript:` links, CSS and bidi overrides. Everything must appear as literal
 * text, nothing may run, nothing may leave the page and the CSP must never have to step in.
 */
const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=1">';
const LINK = 'javascript:window.__pwned=1';
const CSS = '</style><style>body{display:none}</style>';
const RTL = 'evil\u202Egnp.exe';
const SVG = '<svg onload="window.__pwned=1"><a href="javascript:window.__pwned=1">x</a></svg>';
const NAMES = [SCRIPT, IMG, LINK, CSS, RTL] as const;

function batch(id: string) {
  return {
    role: 'assistant',
    content: `${SVG} <a href="${LINK}">click</a>`,
    tool_calls: NAMES.map((name, k) => ({
      id: `${id}${k}`,
      type: 'function',
      function: {
        name,
        arguments: JSON.stringify({ url: LINK, html: IMG, css: CSS, [SCRIPT]: RTL }),
      },
    })),
  };
}
function answers(id: string) {
  return NAMES.map((_, k) => ({
    role: 'tool',
    tool_call_id: `${id}${k}`,
    content: `${SCRIPT} ${IMG} ${SVG} ${CSS} ${RTL}`,
  }));
}
/** Three identical batches with identical answers: the third is refused (strikes). */
const EVIL = JSON.stringify({
  messages: [
    { role: 'system', content: `${CSS}${SCRIPT}` },
    { role: 'user', content: IMG },
    batch('a'),
    ...answers('a'),
    batch('b'),
    ...answers('b'),
    batch('c'),
    ...answers('c'),
  ],
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Batches' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

async function openEvil(page: Page) {
  await recordCspViolations(page);
  await openApp(page);
  const box = page.getByRole('textbox', { name: 'Transcript' });
  await box.fill(EVIL);
  await waitFor(page, 'ready');
  await expect(dataRows(page)).toHaveCount(3);
  return box;
}

test('the Content-Security-Policy is strict and the built app runs under it', async ({
  page,
  guard,
}) => {
  // The browser logs the refusal this test provokes on purpose.
  guard.allowed.push(/Content Security Policy/i, /requires 'TrustedScript' assignment/);
  await recordCspViolations(page);
  await openApp(page);
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  const directives = new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
  expect(directives.get('default-src')).toBe("'none'");
  expect(directives.get('script-src')).toBe("'self'");
  expect(directives.get('worker-src')).toBe("'self'");
  expect(directives.get('connect-src')).toBe("'self'");
  expect(directives.get('style-src')).toBe("'self'");
  expect(directives.get('object-src')).toBe("'none'");
  expect(directives.get('base-uri')).toBe("'none'");
  expect(directives.get('form-action')).toBe("'none'");
  expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  // No inline script in the built page; every script is the app's own file.
  const scripts = await page
    .locator('script')
    .evaluateAll((els) =>
      els.map((s) => ({ src: (s as HTMLScriptElement).src, inline: s.textContent?.trim() ?? '' })),
    );
  for (const s of scripts) {
    expect(s.inline).toBe('');
    expect(s.src.startsWith(`${ORIGIN}/`)).toBe(true);
  }
  // The policy is enforced: an inline script added at run time is refused by the browser.
  const refused = await page.evaluate(() => {
    try {
      const el = document.createElement('script');
      el.textContent = 'window.__pwned = "inline"';
      document.body.append(el);
      el.remove();
    } catch {
      // Refused either way; only whether it ran matters.
    }
    return window.__pwned;
  });
  // (eval cannot be probed from here: DevTools evaluation is exempt from the page's CSP.)
  expect(refused).toBeUndefined();
  // Those refusals are the only violations, and they were ours: loading the app caused none.
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations.length).toBeGreaterThanOrEqual(1);
  // Trusted Types may refuse the script before script-src sees it; either is our probe.
  for (const v of violations) expect(v).toMatch(/^(script-src|require-trusted-types-for)/);
});

test('a malicious transcript is shown as literal text in the table and the details', async ({
  page,
  guard,
}) => {
  const box = await openEvil(page);
  // Table: the tool names, exactly as written.
  const rows = dataRows(page);
  for (const name of NAMES) await expect(rows.first()).toContainText(name);
  await expect(rows.nth(2)).toContainText(/refused \(strikes\)/);

  // Details: names, arguments and answers, as text.
  await rows.nth(2).click();
  const details = page.getByRole('region', { name: 'Batch details' });
  await expect(details.getByRole('article', { name: `Call 1: ${SCRIPT}` })).toBeVisible();
  for (const name of NAMES) {
    await expect(details.locator('h4 code').filter({ hasText: name }).first()).toHaveText(name);
  }
  await expect(details).toContainText(`"url": "${LINK}"`);
  await expect(details).toContainText(`"html": "${IMG.replace(/"/g, '\\"')}"`);
  const answer = details.getByRole('article', { name: 'Answer 1' });
  await expect(answer).toContainText(`${SCRIPT} ${IMG} ${SVG} ${CSS} ${RTL}`);
  await expect(details).toContainText(`${SVG} <a href="${LINK}">click</a>`);
  // A bidi override in a name stays inside its own element instead of reversing the sentence.
  const rtl = details.locator('h4 code').filter({ hasText: RTL }).first();
  expect(await rtl.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');

  // Nothing in the page became an element: no img, svg, style or link came from content.
  const injected = await page.evaluate(() => ({
    imgs: document.querySelectorAll('img').length,
    svgLinks: document.querySelectorAll('svg a, a[href^="javascript"]').length,
    styles: document.querySelectorAll('style').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.src).length,
  }));
  expect(injected).toEqual({ imgs: 0, svgLinks: 0, styles: 0, scripts: 0 });
  await expect(box).toHaveValue(EVIL);
  await expectNothingRan(page);
  for (const url of guard.requests) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
});

test('a malicious transcript is literal text in the legend, the tooltip and the explorer', async ({
  page,
}) => {
  await openEvil(page);
  const legend = page.getByRole('list', { name: 'Signature legend' });
  await expect(legend).toContainText(SCRIPT);
  await expect(legend).toContainText(IMG);

  // Sweep the pointer across the timeline until it is over a batch and the tooltip shows.
  const timeline = page.getByRole('application', { name: 'Timeline' });
  const tooltip = page.getByRole('tooltip');
  const box = await timeline.boundingBox();
  expect(box).not.toBeNull();
  if (box === null) return;
  for (let x = box.x + 4; x < box.x + box.width && !(await tooltip.isVisible()); x += 12) {
    await page.mouse.move(x, box.y + box.height * 0.6);
  }
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(SCRIPT);
  expect(await tooltip.locator('img, script, style, svg').count()).toBe(0);

  await page.getByRole('tab', { name: 'Patterns' }).click();
  const explorer = page.getByRole('table', { name: 'Tool patterns' });
  for (const name of NAMES) {
    await expect(explorer.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  }
  await expectNothingRan(page);
});

test('no request leaves the page while a transcript is analysed, inspected and exported', async ({
  page,
  guard,
}) => {
  await openEvil(page);
  const before = guard.requests.length;
  expect(before).toBeGreaterThan(0);
  // Details, a config change, the pattern tab, a theme toggle and both exports.
  await dataRows(page).nth(1).click();
  await expect(page.getByRole('region', { name: 'Batch details' })).toContainText(SCRIPT);
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps' }).fill('5');
  await waitFor(page, 'ready');
  await page.getByRole('radio', { name: 'agent' }).check();
  await waitFor(page, 'ready');
  await page.getByRole('tab', { name: 'Patterns' }).click();
  await page.getByRole('tab', { name: 'Batches' }).click();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export report' }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/\.json$/);
  await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export config' }).click(),
  ]);
  // Every request of the whole session was the app loading itself (or a local blob).
  for (const url of guard.requests) {
    const own = url.startsWith(`${ORIGIN}/`) || url.startsWith('blob:') || url.startsWith('data:');
    expect(own, url).toBe(true);
  }
  // And none of the interactions above fetched anything but the app's own built files: the
  // worker script, already loaded before them, and the code of a tab opened for the first time.
  const loaded = new Set(guard.requests.slice(0, before));
  const ownWorker = (u: string) => loaded.has(u) && /\/assets\/replay\.worker-[\w-]+\.js$/.test(u);
  const ownChunk = (u: string) =>
    /^[^?#]+\/assets\/[\w-]+\.(js|css)$/.test(u) && u.startsWith(`${ORIGIN}/`);
  const during = guard.requests
    .slice(before)
    .filter((u) => !u.startsWith('blob:') && !ownWorker(u) && !ownChunk(u));
  expect(during).toEqual([]);
  await expectNothingRan(page);
});
