import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './child-server.ts';

/**
 * A process that prints (when `builds`) the line of a server building its index, a listening line
 * and then, once the file `go` exists (at once when null), the line `after` (none when null); it
 * stays until stopped.
 */
function fakeServer(after: string | null, go: string | null, builds = true): Promise<ChildServer> {
  const script = `
    const { existsSync } = require('node:fs');
    if (${builds}) console.log('Building the search index…');
    console.log('Business directory listening on http://127.0.0.1:1 (engine: sqlite)');
    const after = ${JSON.stringify(after)};
    const go = ${JSON.stringify(go)};
    const timer = setInterval(() => {
      if (after !== null && (go === null || existsSync(go))) {
        console.log(after);
        clearInterval(timer);
        setInterval(() => undefined, 1000);
      }
    }, 10);
  `;
  return startChildServer(process.execPath, ['-e', script], { cwd: process.cwd(), env: process.env, timeoutMs: 30_000, log: () => undefined });
}

describe('a bench server child', () => {
  let server: ChildServer | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("tells when the server's start-up check of the index has ended, after the question was asked", async () => {
    dir = mkdtempSync(join(tmpdir(), 'child-server-'));
    const go = join(dir, 'go');
    server = await fakeServer('Index differs from the record in 1 places (record at change 5, index at 4), checked in 0.1 s:', go);
    const checked = server.startUpChecked(60_000);
    writeFileSync(go, '');
    expect(await checked).toBe(true);
  });

  it('tells at once when the check had ended before the question', async () => {
    server = await fakeServer('Index matches the record: 4 public businesses (record at change 4, index at 4), checked in 0.1 s.', null);
    // Asked until the line has been read (each answer false after a moment), then once more: true at once.
    while (!(await server.startUpChecked(20)));
    expect(await server.startUpChecked(0)).toBe(true);
  });

  it('answers false after the time given while the check of a built index runs', async () => {
    server = await fakeServer(null, null);
    expect(await server.startUpChecked(50)).toBe(false);
  });

  it('answers true at once for a server that found its index ready (it runs no check)', async () => {
    server = await fakeServer(null, null, false);
    expect(await server.startUpChecked(0)).toBe(true);
  });
});
