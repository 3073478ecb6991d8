import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{data,indexer,backend,frontend,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A safety net for a hung test, not a speed check: browser tests on a shared, loaded machine can take a minute.
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
