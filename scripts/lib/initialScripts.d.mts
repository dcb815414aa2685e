// Types for initialScripts.mjs, the initial-JavaScript budget check, for the TypeScript callers.
export const INITIAL_JS_BUDGET: number;
export function eagerClosure(
  start: readonly string[],
  staticImports: (file: string) => readonly string[],
): string[];
export function htmlScripts(html: string): string[];
export function staticImportsOf(code: string): string[];
export function initialScripts(dir: string): { file: string; bytes: number }[];
