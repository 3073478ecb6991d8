import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticAssets } from './static-assets.ts';

describe("the built site's files", () => {
  let dir: string;
  let server: Server;
  let url: string;
  const script = 'console.log("app");\n'.repeat(50);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-Cx1.js'), script);
    writeFileSync(join(dir, 'assets', 'app-Cx1.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>template</title>');
    const app = new Koa();
    app.use(staticAssets(dir));
    // What comes after: the pages.
    app.use((ctx) => {
      ctx.body = `page ${ctx.path}`;
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves an asset with a year of caching, brotli-compressed when the browser takes it', async () => {
    const plain = await fetch(`${url}/assets/app-Cx1.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    const compressed = await fetch(`${url}/assets/app-Cx1.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(script);
    expect((await fetch(`${url}/favicon.svg`)).headers.get('content-type')).toContain('image/svg+xml');
  });

  it('leaves every other path to the pages: the template, unknown assets, pages, bad encodings', async () => {
    for (const path of ['/index.html', '/index.html.br', '/assets/missing-Zz9.js', '/business/joes-pizza', '/', '/%E0%A4%A']) {
      const response = await fetch(url + path);
      expect(await response.text(), path).toBe(`page ${new URL(url + path).pathname}`);
    }
  });
});
