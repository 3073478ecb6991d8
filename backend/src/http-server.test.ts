import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './http-server.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Koa();
  // As the real app does: the body is read before the handler answers.
  app.use(koaBody({ text: true }));
  app.use((ctx) => {
    ctx.body = 'hello';
  });
  server = await listen(app, 0, '127.0.0.1', {
    maxHeaderBytes: 4096,
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 1000,
    checkIntervalMs: 100,
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Writes `raw` on a new connection and resolves with everything the server sent before it closed. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(raw);
  });
}

describe('HTTP limits', () => {
  it('serves an ordinary request', async () => {
    const answer = await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('hello');
  });

  it('answers 431 to headers over the limit', async () => {
    const answer = await exchange(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(5000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
  });

  it('cuts off a client that never finishes its headers with 408', async () => {
    // The headers never end: the server, not the client, closes this connection.
    const answer = await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that never finishes its body with 408', async () => {
    const answer = await exchange('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nonly part');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
