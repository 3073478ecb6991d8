import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp & { url: string };

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Le Bouchon Lyonnais' })], { withPages: true });
});

afterAll(() => app.close());

function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('permissions-policy')).toContain('geolocation=(self)');
}

/** The policy's directives by name. */
function directivesOf(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

/** The nonce of every script a browser would run (JSON-LD data blocks never run), in order; undefined where one has none. */
function scriptNonces(html: string): (string | undefined)[] {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  return [...withoutComments.matchAll(/<script\b([^>]*)>/gi)]
    .filter((match) => !match[1]!.includes('type="application/ld+json"'))
    .map((match) => /\bnonce="([^"]+)"/.exec(match[1]!)?.[1]);
}

describe('security headers', () => {
  it('are on a server-rendered page', async () => {
    const response = await app.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(response);
  });

  it("give a public page a nonce policy with 'strict-dynamic', and that nonce on every script of the page", async () => {
    const response = await app.get('/');
    const directives = directivesOf(response);
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(directives.get('script-src')?.[0] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(directives.get('script-src')).toContain("'strict-dynamic'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    const html = await response.text();
    const nonces = scriptNonces(html);
    // The router's hydration data and the app's module at least.
    expect(nonces.length).toBeGreaterThanOrEqual(2);
    expect(nonces).toEqual(nonces.map(() => nonce));
    expect(html).not.toContain('nonce-placeholder');
  });

  it('give each response its own nonce, and a repeat visit a 304 without a policy (the browser keeps the one of its copy)', async () => {
    const first = await app.get('/');
    const second = await app.get('/');
    expect(directivesOf(first).get('script-src')?.[0]).not.toBe(directivesOf(second).get('script-src')?.[0]);
    expect(first.headers.get('etag')).toBeTruthy();
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // node:http, because fetch hides a 304 behind the cached 200 it assumes the caller holds.
    const repeat = await new Promise<IncomingMessage>((resolve) => {
      get(`${app.url}/`, { headers: { 'If-None-Match': first.headers.get('etag')! } }, (response) => {
        response.resume();
        resolve(response);
      });
    });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.headers['content-security-policy']).toBeUndefined();
    expect(repeat.headers['x-content-type-options']).toBe('nosniff');
  });

  it("stamp the response's nonce on every script of the operator's snippets and ad codes, and on nothing else", async () => {
    app.deps.site.saveSiteSettings({
      ...app.deps.site.siteSettings(),
      head_tags: '<script>window.headRan = true</script><!-- <script>commented()</script> --><script src="https://cdn.example/tag.js" async></script>',
      facebook_pixel: '<noscript><img src="https://px.example/p.gif"></noscript><SCRIPT>pixel()</SCRIPT>',
      footer_tags: '<div><span><script nonce="guessed">footer()</script></span></div><img src="x" onerror="alert(1)">',
      analytics_code: '',
    });
    app.deps.site.saveAdvertisementCodes({ ad1: '<div class="ad"><script>ad1()</script></div>', ad2: '', ad3: '', ad4: '' });
    const slug = app.deps.record.prepare('SELECT slug FROM businesses LIMIT 1').pluck().get() as string;
    const response = await app.get(`/business/${slug}`);
    expect(response.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const html = await response.text();
    expect(html).toContain(`<script nonce="${nonce}">window.headRan = true</script>`);
    expect(html).toContain(`<script src="https://cdn.example/tag.js" async="" nonce="${nonce}"></script>`);
    expect(html).toContain(`<script nonce="${nonce}">pixel()</script>`);
    expect(html).toContain(`<div><span><script nonce="${nonce}">footer()</script></span></div>`);
    expect(html).toContain(`<div class="ad"><script nonce="${nonce}">ad1()</script></div>`);
    // A comment stays a comment, and an inline handler gets no nonce (the policy blocks it).
    expect(html).toContain('<!-- <script>commented()</script> -->');
    expect(html).toContain('<img src="x" onerror="alert(1)">');
    expect(scriptNonces(html)).toEqual(scriptNonces(html).map(() => nonce));
  });

  it("give admin pages a strict policy: our own scripts only, no 'unsafe-inline' for scripts, never framed", async () => {
    const response = await app.get('/admin/login');
    expect(response.status).toBe(200);
    const directives = directivesOf(response);
    const scriptSrc = directives.get('script-src') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/);
    expect(scriptSrc).toHaveLength(2);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    const nonce = scriptSrc[1]!.slice("'nonce-".length, -1);
    const nonces = scriptNonces(await response.text());
    expect(nonces.length).toBeGreaterThanOrEqual(2);
    expect(nonces).toEqual(nonces.map(() => nonce));
  });

  it('are on an API answer, and on an API error', async () => {
    const ok = await app.get('/api/categories');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    // JSON runs no script: no page policy.
    expect(ok.headers.get('content-security-policy')).toBeNull();
    const missing = await app.get('/api/categories/astronaut');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('leave HSTS out over plain HTTP', async () => {
    const response = await app.get('/api/categories');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('add HSTS when the proxy says the request came over HTTPS', async () => {
    const response = await fetch(`${app.url}/api/categories`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000');
    expectSecurityHeaders(response);
  });
});
