// The page's initial JavaScript: what index.html loads before any interaction, that is its
// module script, what it preloads, and every chunk those import statically, transitively.
// Chunks reached only through `import()` (the lazy tabs) are not in it. Sizes are the
// minified bytes as served, not gzipped. The build (vite.config.ts) and
// tests/e2e/bundle.spec.ts both hold the page to INITIAL_JS_BUDGET. Plain JavaScript, so the
// Vite config can load it natively; types in initialScripts.d.mts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The most initial JavaScript the page may load, in bytes (docs/benchmarks.md §6): under
 * 450 kB. It can only come down; what a first screen does not show loads when it is needed.
 */
export const INITIAL_JS_BUDGET = 450_000;

/**
 * The chunks reachable from `start` through static imports, each once, in visiting order.
 * @param {readonly string[]} start
 * @param {(file: string) => readonly string[]} staticImports
 * @returns {string[]}
 */
export function eagerClosure(start, staticImports) {
  const seen = new Set();
  const todo = [...start];
  while (todo.length > 0) {
    const file = todo.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return [...seen];
}

/**
 * The scripts index.html loads at once: its module scripts and module preloads.
 * @param {string} html
 * @returns {string[]}
 */
export function htmlScripts(html) {
  const out = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url !== undefined) out.push(url.replace(/^\.?\//, ''));
  }
  return out;
}

/**
 * The relative chunks a minified module imports statically (`import … from "./x.js"`,
 * `import "./x.js"`, `export … from "./x.js"`); `import("./x.js")` is lazy and not listed.
 * @param {string} code
 * @returns {string[]}
 */
export function staticImportsOf(code) {
  const re =
    /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
  return [...code.matchAll(re)].map((m) => m[1]);
}

/**
 * The eager chunks of a built app in `dir` (the folder of its index.html), with their sizes.
 * @param {string} dir
 * @returns {{ file: string, bytes: number }[]}
 */
export function initialScripts(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = eagerClosure(htmlScripts(html), (file) => {
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    const path = join(dir, file);
    if (!existsSync(path)) return [];
    return staticImportsOf(readFileSync(path, 'utf8')).map((rel) =>
      join(folder, rel).replace(/\\/g, '/'),
    );
  });
  return files.map((file) => ({ file, bytes: readFileSync(join(dir, file)).byteLength }));
}
