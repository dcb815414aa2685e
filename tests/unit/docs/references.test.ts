// The code, the tests and the docs cite the docs by section ("docs/detector.md §6.2"). Every
// such citation must name a section that exists, so a renumbered heading fails here rather
// than leaving comments that point nowhere. In code a bare "§6.3" cites the doc last named
// before it in the same file; in a doc, the doc named earlier on the same line, else the doc
// itself. Nothing may point out of the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS = join(ROOT, 'docs');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' ? [] : walk(p);
    return /\.(ts|tsx|mjs|js|css|md)$/.test(e.name) ? [p] : [];
  });
}

/** Section numbers of a doc, from its numbered headings ("## 6. …", "### 6.2 …"). */
function sectionsOf(doc: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(join(DOCS, doc), 'utf8').split('\n')) {
    const m = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (m) out.add(m[1] as string);
  }
  return out;
}

const docs = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
const sections = new Map(docs.map((d) => [d, sectionsOf(d)]));
const files = [
  ...walk(join(ROOT, 'src')),
  ...walk(join(ROOT, 'tests')),
  ...walk(join(ROOT, 'scripts')),
  ...walk(DOCS),
  join(ROOT, 'README.md'),
  join(ROOT, 'eslint.config.js'),
  join(ROOT, 'public', 'samples', 'README.md'),
];

interface Citation {
  readonly where: string;
  readonly doc: string | null;
  readonly section: string;
}

/** Every `§N` in a file, with the doc it cites. */
function citations(file: string): Citation[] {
  const text = readFileSync(file, 'utf8');
  const self = file.startsWith(DOCS) ? relative(DOCS, file) : null;
  const out: Citation[] = [];
  // A doc name, or a section sign; a section sign's doc is the last name seen before it.
  const re = /docs\/([\w-]+\.md)|§(\d+(?:\.\d+)*)/g;
  let doc: string | null = self;
  let line = 1;
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    for (let i = last; i < m.index; i++) {
      if (text.charCodeAt(i) !== 10) continue;
      line++;
      if (self !== null) doc = self;
    }
    last = m.index;
    if (m[1] !== undefined) doc = m[1];
    else out.push({ where: `${relative(ROOT, file)}:${line}`, doc, section: m[2] as string });
  }
  return out;
}

describe('section citations', () => {
  const all = files.flatMap(citations);

  it('finds the citations (the scan itself works)', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('every § names a doc and a section of it that exists', () => {
    const broken = all
      .filter((c) => c.doc === null || !sections.get(c.doc)?.has(c.section))
      .map((c) => `${c.where}: ${c.doc ?? '(no doc named)'} §${c.section}`);
    expect(broken).toEqual([]);
  });

  it('every docs/*.md named exists', () => {
    const missing: string[] = [];
    for (const f of files) {
      // A path after another repository's name (`owner/repo docs/x.md`) cites that repository.
      for (const m of readFileSync(f, 'utf8').matchAll(
        /(?<![\w.-]+\/[\w.-]+ `?)docs\/([\w-]+\.md)/g,
      )) {
        if (!existsSync(join(DOCS, m[1] as string))) missing.push(`${relative(ROOT, f)}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('nothing in src, the README or the docs links out of the repository', () => {
    const out = files
      .filter((f) => !relative(ROOT, f).startsWith('tests'))
      .filter((f) => readFileSync(f, 'utf8').includes('../shared'))
      .map((f) => relative(ROOT, f));
    expect(out).toEqual([]);
  });
});
