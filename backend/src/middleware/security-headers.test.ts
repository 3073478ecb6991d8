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
  // Operators' snippets and ad scripts are arbitrary third-party code: no CSP to block them.
  expect(response.headers.get('content-security-policy')).toBeNull();
}

describe('security headers', () => {
  it('are on a server-rendered page', async () => {
    const response = await app.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(response);
  });

  it('are on an API answer, and on an API error', async () => {
    const ok = await app.get('/api/categories');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
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
