// The esbuild options the `loopscope` command is bundled with: by scripts/build-cli.mjs, and by
// the CLI test suites into their own folders, so both run the same bundle.

/** Options shared by the command's bundle and its pool thread's. */
export const CLI_BUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  // A CommonJS dependency bundled into an ES module (the `yaml` package's Node build) still
  // calls `require` for Node's own modules: give the module one.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
};

/** The command's own first lines: the interpreter, then the shared banner. */
export const CLI_BANNER = `#!/usr/bin/env node\n${CLI_BUILD.banner.js}`;
