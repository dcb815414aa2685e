import { defineConfig } from '@playwright/test';

// Browsers cannot be downloaded on our machines: use the system Chromium unless told otherwise.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Several suites may run side by side on one machine: each can serve its own build on its own port.
const port = Number(process.env.LOOPSCOPE_E2E_PORT ?? 4173);
// `npm run build:e2e`'s output: the app with the worker fault hooks, which no other build has.
const outDir = process.env.LOOPSCOPE_E2E_DIST ?? 'dist/e2e';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
