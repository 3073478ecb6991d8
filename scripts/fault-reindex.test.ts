/**
 * SIGKILL in the middle of a full index rebuild, by `npm run reindex` and by the admin area's
 * child process: the index being served is the previous one, whole; the record is untouched;
 * running the rebuild again completes, and the index equals the record.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord } from '../data/src/record.ts';
import { PROJECT_ROOT } from '../indexer/src/config.ts';
import { dataDirEnv, killLeftoverServers, prepareDataDir, signIn, startServerProcess, syncAndVerify, tsxArgs } from './testing/fault-harness.ts';

const SIZE = 3000;
let dir: string;
beforeAll(async () => {
  dir = await prepareDataDir('fault-reindex', SIZE);
});
afterAll(() => {
  killLeftoverServers();
  rmSync(dir, { recursive: true, force: true });
});

const indexDir = () => join(dir, 'index');
const liveIndexFile = () => readFileSync(join(indexDir(), 'current'), 'utf8').trim();
const indexFiles = () => readdirSync(indexDir()).filter((file) => /^search-.*\.sqlite$/.test(file));

function recordState(): { businesses: number; integrity: string } {
  const record = openRecord(join(dir, 'directory.sqlite'));
  try {
    return {
      businesses: record.prepare('SELECT count(*) FROM businesses').pluck().get() as number,
      integrity: record.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    record.close();
  }
}

/** Change-log registrations of rebuilds (a killed one stays until the next rebuild drops it). */
function rebuildRegistrations(): string[] {
  const record = openRecord(join(dir, 'directory.sqlite'));
  try {
    return record.prepare(`SELECT name FROM index_consumers WHERE name LIKE 'rebuild:%'`).pluck().all() as string[];
  } finally {
    record.close();
  }
}

describe('a full rebuild killed mid-way', () => {
  it('npm run reindex: the previous index stays live and whole; running it again completes', async () => {
    const before = liveIndexFile();
    const child = spawn(process.execPath, tsxArgs('indexer/src/cli.ts', '--rebuild'), {
      cwd: PROJECT_ROOT,
      env: dataDirEnv(dir, { FAULT_PAUSE_AT: 'rebuild:documents' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    for await (const line of createInterface({ input: child.stderr })) {
      if (line.startsWith('fault-pause rebuild:documents')) break;
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Killed after 1,000 of 3,000 documents: its new file exists beside the live one, unpublished.
    expect(liveIndexFile()).toBe(before);
    const halfWritten = indexFiles().filter((file) => file.includes(`-${child.pid}.sqlite`));
    expect(halfWritten.length).toBeGreaterThan(0);
    expect(recordState()).toEqual({ businesses: SIZE, integrity: 'ok' });
    expect(rebuildRegistrations()).toEqual([expect.stringMatching(new RegExp(`:${child.pid}:`))]);
    const afterKill = await syncAndVerify(dir);
    expect(afterKill.report).toContain(`Index matches the record: ${SIZE} public businesses`);
    expect(afterKill.differences).toBe(0);

    const rerun = spawnSync(process.execPath, tsxArgs('indexer/src/cli.ts', '--rebuild'), { cwd: PROJECT_ROOT, env: dataDirEnv(dir), encoding: 'utf8' });
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toContain(`Rebuilt the sqlite index: ${SIZE} businesses`);
    expect(liveIndexFile()).not.toBe(before);
    // Publishing removes the files of rebuilds whose process is gone.
    expect(indexFiles().some((file) => file.includes(`-${child.pid}.sqlite`))).toBe(false);
    expect(existsSync(join(indexDir(), before))).toBe(false);
    // The killed rebuild's registration no longer holds the change log.
    expect(rebuildRegistrations()).toEqual([]);
    const verified = await syncAndVerify(dir);
    expect(verified.report).toContain(`Index matches the record: ${SIZE} public businesses`);
    expect(verified.differences).toBe(0);
  }, 120_000);

  it("the admin area's rebuild: its child killed, then the whole server killed mid-rebuild; the restarted server rebuilds", async () => {
    const server = await startServerProcess(dir, { FAULT_PAUSE_AT: 'rebuild:documents' });
    try {
      const admin = await signIn(server.url);
      expect((await admin.request('POST', '/api/admin/reindex')).status).toBe(202);
      // The child's fault line reaches the server's log, with the child's process id.
      const paused = await server.stderr.until(/^reindex: fault-pause rebuild:documents pid=(\d+)$/);
      process.kill(Number(paused[1]), 'SIGKILL');
      await server.stderr.until(/^reindex: the rebuild failed \(SIGKILL\); the previous index is still served\.$/);

      const status = (await (await admin.request('GET', '/api/admin/reindex')).json()) as { state: string; error: string };
      expect(status).toMatchObject({ state: 'failed', error: expect.stringContaining('fault-pause rebuild:documents') });
      // Visitors are still served from the previous index, whole.
      const list = await fetch(`${server.url}/api/businesses?page=1&limit=12`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as { totalCount: number }).totalCount).toBe(SIZE);

      // A second rebuild, and this time the server and its child die together.
      expect((await admin.request('POST', '/api/admin/reindex')).status).toBe(202);
      await server.pausedAt('rebuild:documents');
      await server.killAll();
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) await server.killAll();
    }
    expect(recordState()).toEqual({ businesses: SIZE, integrity: 'ok' });

    const restarted = await startServerProcess(dir);
    try {
      const list = await fetch(`${restarted.url}/api/businesses?page=1&limit=12`);
      expect(((await list.json()) as { totalCount: number }).totalCount).toBe(SIZE);
      const admin = await signIn(restarted.url);
      expect((await admin.request('POST', '/api/admin/reindex')).status).toBe(202);
      await restarted.stdout.seen(new RegExp(`^reindex: rebuilt the index, ${SIZE} businesses in [\\d.]+ s\\.$`));
      expect(((await (await admin.request('GET', '/api/admin/reindex')).json()) as { state: string }).state).toBe('succeeded');
    } finally {
      await restarted.stop();
    }
    const verified = await syncAndVerify(dir);
    expect(verified.report).toContain(`Index matches the record: ${SIZE} public businesses`);
    expect(verified.differences).toBe(0);
  }, 300_000);
});
