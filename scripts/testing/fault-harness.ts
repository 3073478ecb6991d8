/**
 * What the fault tests share: a data directory with demo businesses and a built index, the
 * server started in a process of its own as `npm start` starts it, stopped at a fault point and
 * killed there, and the same check as `npm run index:verify`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openRecord } from '../../data/src/record.ts';
import { PROJECT_ROOT } from '../../indexer/src/config.ts';
import { SqliteEngine } from '../../indexer/src/sqlite/sqlite-engine.ts';
import { IndexSync, rebuildIndex } from '../../indexer/src/sync.ts';
import { formatVerifyReport, verifyIndex } from '../../indexer/src/verify.ts';
import { BusinessRepository } from '../../backend/src/db/business-repository.ts';
import { loadDemoDataIfEmpty } from '../../backend/src/services/demo-data.ts';

export const FAULT_ADMIN = { username: 'admin', password: 'fault tests only password' } as const;

/** A fresh data directory holding `size` demo businesses and an index built from them. */
export async function prepareDataDir(prefix: string, size: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const recordFile = join(dir, 'directory.sqlite');
  const record = openRecord(recordFile);
  await loadDemoDataIfEmpty(new BusinessRepository(record), size);
  record.close();
  const engine = new SqliteEngine(join(dir, 'index'));
  await rebuildIndex(recordFile, engine, 'all');
  await engine.close();
  return dir;
}

/** The environment of a process working on `dir`: this one's, without a fault point unless given. */
export function dataDirEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, SEARCH_ENGINE: 'sqlite', ...extra };
  if (!('FAULT_PAUSE_AT' in extra)) delete env.FAULT_PAUSE_AT;
  return env;
}

/** Node running a TypeScript entry of the project through tsx. */
export const tsxArgs = (entry: string, ...args: string[]) => ['--import', 'tsx', join(PROJECT_ROOT, entry), ...args];

/** Lines a process writes, consumed one `next` at a time. */
class LineReader {
  private readonly lines: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private isClosed = false;
  readonly all: string[] = [];

  constructor(stream: NodeJS.ReadableStream) {
    const reader = createInterface({ input: stream });
    reader.on('line', (line) => {
      this.all.push(line);
      if (this.waiter) {
        const waiter = this.waiter;
        this.waiter = null;
        waiter(line);
      } else {
        this.lines.push(line);
      }
    });
    reader.on('close', () => {
      this.isClosed = true;
      this.waiter?.(null);
    });
  }

  /** The next line, or null once the stream has ended. */
  next(): Promise<string | null> {
    if (this.lines.length > 0) return Promise.resolve(this.lines.shift()!);
    if (this.isClosed) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** Waits until `times` lines written so far match (lines read while waiting for another pattern count too). */
  async seen(pattern: RegExp, times = 1): Promise<void> {
    while (this.all.filter((line) => pattern.test(line)).length < times) {
      if ((await this.next()) === null) throw new Error(`Stream ended before ${pattern} (${times}):\n${this.all.join('\n')}`);
    }
  }

  /** Reads lines until one matches; throws with everything read when the stream ends first. */
  async until(pattern: RegExp): Promise<RegExpExecArray> {
    for (;;) {
      const line = await this.next();
      if (line === null) throw new Error(`Stream ended before ${pattern}:\n${this.all.join('\n')}`);
      const match = pattern.exec(line);
      if (match) return match;
    }
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stdout: LineReader;
  stderr: LineReader;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits for the `fault-pause <step>` line of the server or of its reindex child. */
  pausedAt(step: string): Promise<void>;
  /** SIGKILL to the server and every process it started (its process group), as a crash of the machine would. */
  killAll(): Promise<void>;
  /** SIGTERM: the server closes and exits 0. */
  stop(): Promise<void>;
}

/** Servers started by this test file, so a test that failed half-way leaves none running. */
const started = new Set<ChildProcess>();

/** SIGKILL to every server this file started that is still running (and its children). */
export function killLeftoverServers(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  }
  started.clear();
}

/** Starts `scripts/start.ts` (what `npm start` runs) on `dir`, on a free port of 127.0.0.1. */
export async function startServerProcess(dir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, tsxArgs('scripts/start.ts'), {
    cwd: PROJECT_ROOT,
    env: dataDirEnv(dir, { PORT: '0', HOST: '127.0.0.1', DEMO_SIZE: '0', ADMIN_PASSWORD: FAULT_ADMIN.password, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a kill reaches the reindex child it starts too.
    detached: true,
  });
  started.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stdout = new LineReader(child.stdout!);
  const stderr = new LineReader(child.stderr!);
  const listening = await stdout.until(/listening on (http:\/\/127\.0\.0\.1:\d+)/).catch((error: Error) => {
    throw new Error(`${error.message}\nstderr:\n${stderr.all.join('\n')}`);
  });
  return {
    url: listening[1]!,
    child,
    stdout,
    stderr,
    exited,
    async pausedAt(step) {
      await stderr.until(new RegExp(`fault-pause ${step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} pid=\\d+`));
    },
    async killAll() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      const { code } = await exited;
      if (code !== 0) throw new Error(`The server exited with ${code}:\n${stderr.all.join('\n')}`);
    },
  };
}

export interface AdminSession {
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Signs in as the administrator the server was started with. */
export async function signIn(url: string): Promise<AdminSession> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(FAULT_ADMIN),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
  return {
    request: (method, path, body) =>
      fetch(url + path, {
        method,
        headers: { cookie, origin: url, 'x-csrf-token': csrfToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
  };
}

/**
 * What `npm run indexer` then `npm run index:verify` do, in this process (the same functions):
 * apply pending changes once, then compare the index with the record. The report and its count.
 */
export async function syncAndVerify(dir: string): Promise<{ differences: number; report: string }> {
  const recordFile = join(dir, 'directory.sqlite');
  const record = openRecord(recordFile);
  const engine = new SqliteEngine(join(dir, 'index'));
  try {
    await new IndexSync(record, engine, 'all').catchUp();
    const report = await verifyIndex(recordFile, engine, 'all');
    return { differences: report.differenceCount, report: formatVerifyReport(report) };
  } finally {
    await engine.close();
    record.close();
  }
}
