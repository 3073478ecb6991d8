import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { groupCpuMs, measure, recordAnswers, replayBaseline, startReplayServer, type RequestCursor } from './common.ts';

describe('groupCpuMs', () => {
  it('counts the CPU time of the processes of a group, as the process itself counts it', async () => {
    // A process in a group of its own that works, says how much CPU time it has used, and waits to be stopped.
    const script = `let x = 0; for (let i = 0; i < 3e8; i += 1) x += i % 7; const u = process.cpuUsage(); console.log(JSON.stringify({ ms: (u.user + u.system) / 1000, x })); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer];
      const { ms } = JSON.parse(line.toString()) as { ms: number };
      const counted = groupCpuMs(child.pid!);
      expect(counted).not.toBeNull();
      // The group's count is in ticks of 10 ms; it also holds what the process used after reporting.
      expect(counted!).toBeGreaterThanOrEqual(ms - 20);
      expect(counted!).toBeLessThan(ms + 1000);
      expect(groupCpuMs(2 ** 30)).toBe(0);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});

describe('measure', () => {
  it('goes on through the requests where the run before stopped when they share a cursor, round again at the end', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.url!);
      response.end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const row = { name: 'paths', requests: Array.from({ length: 7 }, (_, i) => ({ method: 'GET' as const, path: `/${i}` })) };
      const cursor: RequestCursor = { next: 0 };
      await measure(url, row, { connections: 1, durationSeconds: 1 }, cursor);
      const first = seen.length;
      expect(cursor.next).toBeGreaterThanOrEqual(first);
      await measure(url, row, { connections: 1, durationSeconds: 1 }, cursor);
      // The second run's first request is the one after the first run's last (autocannon may have prepared one more it did not send).
      const second = seen[first]!;
      expect([`/${first % 7}`, `/${(first + 1) % 7}`]).toContain(second);
      // Without a cursor a run starts from the first request (its own paths: a request of the run
      // before may still arrive after that run has ended).
      const other = { name: 'other paths', requests: row.requests.map((request) => ({ ...request, path: `/other${request.path}` })) };
      await measure(url, other, { connections: 1, durationSeconds: 1 });
      expect(seen.filter((path) => path.startsWith('/other/')).slice(0, 8)).toEqual(
        ['/0', '/1', '/2', '/3', '/4', '/5', '/6', '/0'].map((path) => `/other${path}`),
      );
    } finally {
      server.close();
    }
  });
});

describe('the replay baseline', () => {
  it('records answers as they went over the wire and sends the same bytes again, with no work behind them', async () => {
    const bodies = new Map(['/api/a', '/api/b?letter=B'].map((path) => [path, gzipSync(JSON.stringify({ path, items: Array.from({ length: 50 }, (_, i) => i) }))]));
    const server = createServer((request, response) => {
      const body = bodies.get(request.url!);
      expect(request.headers['accept-encoding']).toBe('gzip, deflate, br');
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', ETag: `"${request.url}"`, 'Cache-Control': 'public, max-age=60' });
      response.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const row = { name: 'lists', requests: [...bodies.keys(), '/api/a'].map((path) => ({ method: 'GET' as const, path })) };
    try {
      const answers = await recordAnswers(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, row);
      // Each distinct request once, its body still compressed, the connection's headers left out.
      expect(answers.map((answer) => [answer.path, answer.status, Buffer.from(answer.body, 'base64').equals(bodies.get(answer.path)!)])).toEqual([
        ['/api/a', 200, true],
        ['/api/b?letter=B', 200, true],
      ]);
      expect(answers[1]!.headers.map(([name]) => name.toLowerCase())).toEqual(['content-type', 'content-encoding', 'etag', 'cache-control']);

      const replay = await startReplayServer(answers);
      try {
        const again = await recordAnswers(replay.url, row);
        expect(again.map((answer) => [answer.path, answer.status, answer.body])).toEqual(answers.map((answer) => [answer.path, answer.status, answer.body]));
        for (const [index, answer] of again.entries()) expect(answer.headers).toEqual(expect.arrayContaining(answers[index]!.headers));
        const unknown = await fetch(`${replay.url}/api/c`);
        expect(unknown.status).toBe(404);
      } finally {
        await replay.stop();
      }

      const result = await replayBaseline({ connections: 1, durationSeconds: 1 }, row, answers, 1000);
      expect(result).toMatchObject({ name: '↳ the same answers replayed by a bare Koa app', replayOf: 'lists', distinctRequests: 2, errors: 0, non2xx: 0 });
      expect(result.requestsPerSecond).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
