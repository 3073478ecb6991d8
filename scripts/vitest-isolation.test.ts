import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../vitest.config.ts';

const WORKSPACES = ['data', 'indexer', 'backend', 'frontend', 'scripts'];
const TEST_FILE = /\.test\.tsx?$/;

/** Every test file of the workspaces, as a path from the repository's root. */
function testFiles(): string[] {
  return WORKSPACES.flatMap((workspace) =>
    (readdirSync(workspace, { recursive: true }) as string[])
      .filter((file) => TEST_FILE.test(file) && !file.split('/').includes('node_modules'))
      .map((file) => `${workspace}/${file}`),
  );
}

describe('test files sharing a process (vitest.config.ts)', () => {
  it('runs every file that mocks a module in a process of its own', () => {
    // A mock in a shared process meets the real module an earlier file loaded (or leaves its mock to later files).
    const mocking = testFiles().filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    const unlisted = mocking.filter((file) => !file.startsWith('frontend/e2e/') && !ISOLATED.includes(file));
    expect(unlisted, 'add these to ISOLATED in vitest.config.ts').toEqual([]);
  });
});
