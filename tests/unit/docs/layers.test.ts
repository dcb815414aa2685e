// The linter's layer allowlist (docs/architecture.md §2.2), checked on planted imports: each
// bad import must be refused, and the allowed way in must pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rules a planted file breaks, by id. */
async function broken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the layer allowlist', () => {
  it('refuses an import up the layers or past the page’s way in', async () => {
    expect(await broken('src/detector/planted.ts', "export { App } from '../ui/App';\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await broken('src/json/planted.ts', "export { DEFAULT_CONFIG } from '../detector/config';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await broken(
        'src/ui/load/Planted.ts',
        "export { FORMATS } from '../../import/formatList';\n",
      ),
    ).toContain('no-restricted-imports');
  }, 60_000);

  it('lets the page take the format list from the worker’s protocol', async () => {
    expect(
      await broken('src/ui/load/Planted.ts', "export { FORMATS } from '../../worker/protocol';\n"),
    ).not.toContain('no-restricted-imports');
  }, 60_000);
});
