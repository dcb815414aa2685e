import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The benchmark's own helpers are tested beside the benchmark, apart from the app's tests.
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
