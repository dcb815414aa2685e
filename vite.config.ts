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
export default defineConfig({
  plugins: [react(), relaxCspForDevServer()],
  base: './',
  build: { outDir: 'dist/app', sourcemap: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
});
