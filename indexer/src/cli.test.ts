import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { PROJECT_ROOT } from './config.ts';
import { rebuildIndex } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';

let temp: TempIndex;
beforeEach(() => {
  temp = createTempIndex('indexer-cli');
});
afterEach(() => temp.dispose());

/** `npm run indexer -- ARGS` on the temporary directory, with a rebuild threshold of 300. */
function runIndexer(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'indexer/src/cli.ts'), ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: temp.dir, SEARCH_ENGINE: 'sqlite', PUBLIC_LISTING: 'all', IMPORT_REBUILD_THRESHOLD: '300' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `npm run indexer -- --watch` on the temporary directory (threshold 300), with a way to wait for a line it prints. */
function watchIndexer() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'indexer/src/cli.ts'), '--watch'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: temp.dir, SEARCH_ENGINE: 'sqlite', PUBLIC_LISTING: 'all', IMPORT_REBUILD_THRESHOLD: '300' },
  });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const wait of waiting.filter((candidate) => candidate.pattern.test(line))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(line);
    }
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    lines,
    /** Resolves with the first line (printed so far or later) that matches. */
    lineMatching: (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const printed = lines.find((line) => pattern.test(line));
        if (printed !== undefined) resolve(printed);
        else waiting.push({ pattern, resolve });
      }),
    async stop(): Promise<number | null> {
      child.kill('SIGINT');
      return closed;
    },
  };
}

/** Writes `count` businesses straight into the record, as a script or `sqlite3` would: only the change log knows. */
function writeOutsideTheServer(count: number, prefix: string): void {
  temp.record.transaction(() => {
    for (let i = 0; i < count; i += 1) insertBusiness(temp.record, buildBusiness({ name: `${prefix} ${i}`, category: 'Bakery', city: 'Lyon', countryCode: 'FR' }));
  })();
}

describe('npm run indexer', () => {
  it('applies a few waiting changes one by one', async () => {
    writeOutsideTheServer(10, 'Seed');
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    writeOutsideTheServer(5, 'Late');
    const run = await runIndexer();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Applied 5 changes from the change log.\n');
    expect((await runIndexer('--verify')).status).toBe(0);
  });

  it('rebuilds the index in a child process when more changes wait than IMPORT_REBUILD_THRESHOLD, and the index then equals the record', async () => {
    writeOutsideTheServer(10, 'Seed');
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    writeOutsideTheServer(301, 'Backlog');
    const before = await runIndexer('--verify');
    expect(before.status).toBe(1);
    const run = await runIndexer();
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      '301 changes wait in the change log (over IMPORT_REBUILD_THRESHOLD, 300): rebuilding the index instead of applying them one by one.',
      expect.stringMatching(/^Rebuilt the sqlite index: 311 businesses in \d+\.\d s\.$/),
    ]);
    const after = await runIndexer('--verify');
    expect(after.stdout).toContain('311');
    expect(after.status).toBe(0);
  });

  it('with --watch, rebuilds for a backlog written while it watches, and stops cleanly at Ctrl+C', async () => {
    writeOutsideTheServer(10, 'Seed');
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const watcher = watchIndexer();
    try {
      await watcher.lineMatching(/^Watching the change log/);
      writeOutsideTheServer(301, 'Backlog');
      await watcher.lineMatching(/^301 changes wait in the change log/);
      await watcher.lineMatching(/^Rebuilt the sqlite index: 311 businesses/);
      // The rebuild carries every change written before it started: the index equals the record.
      expect((await runIndexer('--verify')).status).toBe(0);
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
    expect(watcher.lines.filter((line) => line.startsWith('Applied'))).toEqual([]);
  });
});
