import { defineConfig } from 'vitest/config';

const TESTS = '{data,indexer,backend,frontend,scripts}/**/*.test.{ts,tsx}';

/**
 * Files run each in a fresh process, as Vitest does by default. The rest share their worker's
 * process and loaded modules from file to file: re-importing the backend for every file took
 * about as long as the tests themselves (backend/src/routes: 130-190 s isolated, 70 s shared, at a
 * load of 6-8 on 2 cores). A file belongs here when it mocks a module the others import for real
 * (`vi.mock`: an earlier file may have loaded the real one), or inspects its own process (its
 * threads, what earlier files left running); the browser tests too, whose time is the browser's.
 */
const ISOLATED = [
  'frontend/e2e/**/*.test.ts',
  // vi.mock('node:fs')
  'backend/src/routes/imports/upload-disk-full.test.ts',
  // Counts the background-priority threads of its process.
  'backend/src/services/import-service.test.ts',
];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A safety net for a hung test, not a speed check: browser tests on a shared, loaded machine can take a minute.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: ['**/node_modules/**', '**/dist/**', ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
