import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is static files: no runtime requests beyond its own scripts, workers and samples.
export default defineConfig({
  plugins: [react()],
  base: './',
  build: { outDir: 'dist/app', sourcemap: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
});
