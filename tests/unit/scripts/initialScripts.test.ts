import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  eagerClosure,
  htmlScripts,
  initialScripts,
  staticImportsOf,
} from '../../../scripts/lib/initialScripts.mjs';

describe('the initial JavaScript of a build', () => {
  it('takes the module script and the preloads, not the styles', () => {
    const html = `<script type="module" crossorigin src="./assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/shared-B.js">
      <link rel="stylesheet" href="./assets/index-C.css">`;
    expect(htmlScripts(html)).toEqual(['assets/index-A.js', 'assets/shared-B.js']);
  });

  it('follows static imports and leaves import() out', () => {
    const code =
      'import{a as b}from"./shared-B.js";import"./side-C.js";export{x}from"./re-D.js";' +
      'const t=()=>import("./Lazy-E.js");const s="import(\\"./Lazy-F.js\\")";';
    expect(staticImportsOf(code)).toEqual(['./shared-B.js', './side-C.js', './re-D.js']);
  });

  it('counts each chunk once, however many import it', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c'], c: ['a'] };
    expect(eagerClosure(['a'], (f) => graph[f] ?? [])).toEqual(['a', 'b', 'c']);
  });

  it('sums a built folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-initial-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="module" src="./assets/index.js"></script>',
    );
    writeFileSync(join(dir, 'assets', 'index.js'), 'import"./shared.js";import("./lazy.js");');
    writeFileSync(join(dir, 'assets', 'shared.js'), 'export const x=1;');
    writeFileSync(join(dir, 'assets', 'lazy.js'), 'x'.repeat(1000));
    expect(initialScripts(dir)).toEqual([
      { file: 'assets/index.js', bytes: 40 },
      { file: 'assets/shared.js', bytes: 17 },
    ]);
  });
});
