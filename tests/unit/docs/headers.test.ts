// Every source file opens with a comment saying what it holds, so a reader knows a file
// before reading its imports: a check over src/ and scripts/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;

/** The source files under `dir`, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

/** Whether the text opens with a comment that has words in it (on its line or the next). */
function opensWithComment(text: string): boolean {
  return /^(\/\/ *\S|\/\*+ *\S|\/\*+ *\n *\*? *\S)/.test(text);
}

describe('source file headers', () => {
  it('open every file under src/ and scripts/ with a comment', () => {
    const files = [...sources('src'), ...sources('scripts')];
    expect(files.length).toBeGreaterThan(300);
    const bare = files.filter((f) => !opensWithComment(readFileSync(join(ROOT, f), 'utf8')));
    expect(bare).toEqual([]);
  });

  it('tells a header from a file that opens with code', () => {
    expect(opensWithComment('// The parser.\nimport x from "y";\n')).toBe(true);
    expect(opensWithComment('/**\n * The parser.\n */\nexport {};\n')).toBe(true);
    expect(opensWithComment('/* The table. */\n.t {}\n')).toBe(true);
    expect(opensWithComment('import x from "y";\n// The parser.\n')).toBe(false);
    expect(opensWithComment('//\nimport x from "y";\n')).toBe(false);
  });
});
