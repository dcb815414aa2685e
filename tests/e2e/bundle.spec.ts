import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET, initialScripts } from '../../scripts/lib/initialScripts.mjs';

/**
 * The worker fault hooks (src/worker/testFaults.ts) are test-only code: the production build
 * (`vite build`, what `npm start` serves) must hold nothing of them, not even in its source
 * maps, while the end-to-end build these tests run against must hold them (else the check
 * below could pass by looking for the wrong words). Reads the builds from disk; no page.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCTION = join(ROOT, 'dist', 'app');
const E2E = join(ROOT, process.env.LOOPSCOPE_E2E_DIST ?? join('dist', 'e2e'));

/**
 * Words only the hooks carry: the URL parameter, the staged crash's message, and the file
 * picker's stand-in for watching (src/state/testWatch.ts).
 */
const HOOK_TEXT = ['test-worker', 'simulated crash', '__loopscopeTestWatch'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every module a build's source maps list. */
function mappedSources(dir: string): string[] {
  return files(dir)
    .filter((f) => f.endsWith('.map'))
    .flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { sources: string[] }).sources);
}

test('the production build holds no worker fault hook', () => {
  expect(existsSync(join(PRODUCTION, 'index.html')), 'run `npm run build` first').toBe(true);
  const hits: string[] = [];
  for (const f of files(PRODUCTION)) {
    const text = readFileSync(f, 'utf8');
    for (const word of HOOK_TEXT) if (text.includes(word)) hits.push(`${f}: ${word}`);
  }
  expect(hits).toEqual([]);
  expect(
    mappedSources(PRODUCTION).filter(
      (s) => s.endsWith('testFaults.ts') || s.endsWith('testWatch.ts'),
    ),
  ).toEqual([]);
});

test('the end-to-end build holds them', () => {
  expect(existsSync(join(E2E, 'index.html')), 'run `npm run build:e2e` first').toBe(true);
  const scripts = files(E2E).filter((f) => f.endsWith('.js'));
  for (const word of HOOK_TEXT) {
    expect(
      scripts.some((f) => readFileSync(f, 'utf8').includes(word)),
      word,
    ).toBe(true);
  }
  expect(mappedSources(E2E).some((s) => s.endsWith('testFaults.ts'))).toBe(true);
  expect(mappedSources(E2E).some((s) => s.endsWith('testWatch.ts'))).toBe(true);
});

/** The modules the page's first scripts (index.html's, and what they import at once) hold. */
function initialSources(dir: string): string[] {
  return initialScripts(dir).flatMap(({ file }) => {
    const map = join(dir, `${file}.map`);
    return existsSync(map)
      ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources
      : [];
  });
}

test('the Messages, Sweep, Corpus, Patterns and Detectors tabs are not in the first scripts', () => {
  test.skip(!existsSync(PRODUCTION) && !process.env.CI, 'run npm run build first');
  const sources = initialSources(PRODUCTION);
  expect(sources.some((s) => s.includes('src/ui/shell/Workspace.tsx'))).toBe(true);
  for (const tab of [
    'src/ui/messages/MessagesView.tsx',
    'src/ui/sweep/SweepPanel.tsx',
    'src/ui/corpus/CorpusView.tsx',
    'src/ui/explorer/PatternExplorer.tsx',
    'src/ui/zoo/ComparisonTable.tsx',
  ]) {
    expect(sources.some((s) => s.endsWith(tab))).toBe(false);
  }
});

test('the first scripts stay within the initial JavaScript budget', () => {
  test.skip(!existsSync(PRODUCTION) && !process.env.CI, 'run npm run build first');
  const chunks = initialScripts(PRODUCTION);
  const total = chunks.reduce((sum, c) => sum + c.bytes, 0);
  expect(chunks.length).toBeGreaterThan(0);
  expect(total, chunks.map((c) => `${c.file} ${c.bytes}`).join(', ')).toBeLessThanOrEqual(
    INITIAL_JS_BUDGET,
  );
  // Libraries and views only a later view, a menu or an interaction needs stay out of them.
  const sources = initialSources(PRODUCTION);
  for (const lib of [
    '@tanstack/virtual-core',
    'src/zoo/registry.ts',
    'src/json/parse.ts',
    // The detector lanes (folded on a first screen): layout, drawing, pointer, controls, words.
    'src/ui/timeline/laneLayout.ts',
    'src/ui/timeline/drawLanes.ts',
    'src/ui/timeline/lanePointer.ts',
    'src/ui/zoo/OpenLaneControls.tsx',
    'src/ui/zoo/ZooParams.tsx',
    'src/zoo/laneWords.ts',
    // Shown only after a change, an error, a range, a large file, a watch or a folder drop.
    'src/ui/config/ProxyApplies.tsx',
    'src/ui/shell/NoticesList.tsx',
    'src/ui/load/ImportErrorView.tsx',
    'src/ui/timeline/rangeSummary.ts',
    'src/ui/shell/LoadProgressBar.tsx',
    'src/state/watcher.ts',
    'src/ui/load/walkDropped.ts',
  ]) {
    expect(
      sources.filter((s) => s.includes(lib)),
      lib,
    ).toEqual([]);
  }
});
