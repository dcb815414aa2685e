import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

// The app is static files: no runtime requests beyond its own scripts, workers and samples.
export default defineConfig(({ mode }) => ({
  plugins: [react(), relaxCspForDevServer()],
  base: './',
  build: { outDir: 'dist/app', sourcemap: true, target: 'es2022' },
  // The worker fault hooks (src/worker/testFaults.ts) exist only in the end-to-end tests'
  // build, `vite build --mode e2e`; everywhere else the flag is false and they are dropped.
  define: { __LOOPSCOPE_TEST_HOOKS__: JSON.stringify(mode === 'e2e') },
  worker: { format: 'es' },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
}));
