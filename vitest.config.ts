import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{data,indexer,backend,frontend,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
