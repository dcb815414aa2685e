import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { eagerClosure, INITIAL_JS_BUDGET } from './scripts/lib/initialScripts.mjs';

/**
 * The dev server injects CSS as inline <style> elements (and HMR code), which the app's strict
 * Content-Security-Policy in index.html forbids. Relax style-src for `npm run dev` only; the
 * build that `npm start` serves keeps the policy exactly as written.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'loopscope-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

/**
 * Holds the page to its budget of initial JavaScript (scripts/lib/initialScripts.ts): the
 * entry chunk and every chunk it imports statically, minified. A build over it fails, naming
 * the chunks, so a heavy import on the first screen is caught where it is made. The
 * end-to-end tests' build is not held to it: it adds the worker fault hooks, which no page
 * ships (tests/e2e/bundle.spec.ts holds the production build to the same budget).
 */
function initialJsBudget(): Plugin {
  return {
    name: 'loopscope-initial-js-budget',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'e2e',
    // After every plugin's generateBundle, when the page's HTML is in the bundle too.
    writeBundle(_options, bundle) {
      const chunks = new Map<string, { imports: readonly string[]; bytes: number }>();
      const entries: string[] = [];
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.set(file, { imports: out.imports, bytes: Buffer.byteLength(out.code) });
        if (out.isEntry) entries.push(file);
      }
      // The workers are built as bundles of their own, with no HTML page to load them.
      if (entries.length === 0 || !Object.keys(bundle).some((f) => f.endsWith('.html'))) return;
      const eager = eagerClosure(entries, (f) => chunks.get(f)?.imports ?? []);
      const bytes = eager.reduce((sum, f) => sum + (chunks.get(f)?.bytes ?? 0), 0);
      const list = eager.map((f) => `${f} ${chunks.get(f)?.bytes ?? 0}`).join(', ');
      if (bytes > INITIAL_JS_BUDGET)
        this.error(`initial JavaScript is ${bytes} bytes, over ${INITIAL_JS_BUDGET}: ${list}`);
      this.info(`initial JavaScript ${bytes} bytes of ${INITIAL_JS_BUDGET}`);
    },
  };
}

// The app is static files: no runtime requests beyond its own scripts, workers and samples.
export default defineConfig(({ mode }) => ({
  plugins: [react(), relaxCspForDevServer(), initialJsBudget()],
  base: './',
  build: {
    outDir: 'dist/app',
    sourcemap: true,
    target: 'es2022',
    // No modulepreload polyfill: the browsers the app is for preload modules themselves, and
    // one that does not still loads every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app's own TypeScript modules only declare things; importing one runs nothing but
      // its declarations, so what a barrel re-exports and the page never uses is left out.
      // The Trusted Types policy (installed on import) and the stylesheets are the exceptions.
      treeshake: {
        moduleSideEffects: [
          {
            test: /\/src\/(?!main\.tsx$|ui\/shell\/trustedTypes\.ts$).*\.tsx?$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  // The worker fault hooks (src/worker/testFaults.ts) exist only in the end-to-end tests'
  // build, `vite build --mode e2e`; everywhere else the flag is false and they are dropped.
  define: { __LOOPSCOPE_TEST_HOOKS__: JSON.stringify(mode === 'e2e') },
  worker: { format: 'es' },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
}));
