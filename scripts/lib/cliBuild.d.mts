// Types for cliBuild.mjs, the command's bundle options, for the TypeScript callers.
import type { BuildOptions } from 'esbuild';

export declare const CLI_BUILD: BuildOptions & { banner: { js: string } };
export declare const CLI_BANNER: string;
