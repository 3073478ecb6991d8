import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TEST_ADMIN, createTestAdmin } from '../../testing/admin-client.ts';

type App = TestApp & { url: string };

const login = (app: App, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, ...headers },
    body: JSON.stringify(body),
  });

const auditRows = (app: App) =>
  app.deps.record.prepare('SELECT action, target, result, address, detail FROM audit_log ORDER BY id').all() as {
    action: string;
    target: string | null;
    result: string;
    address: string | null;
    detail: string | null;
  }[];

describe('admin login, session and logout', () => {
  let app: App;
  beforeAll(async () => {
    app = await startTestApp();
    await createTestAdmin(app);
  });
  afterAll(() => app.close());

  it('signs in with the right password: a fresh HttpOnly SameSite=Lax cookie and a CSRF token, never the password', async () => {
    const response = await login(app, '/api/admin/login', TEST_ADMIN);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ success: true, message: 'Giriş başarılı', username: 'admin', csrfToken: expect.any(String) });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    expect(cookie.toLowerCase()).toContain('path=/');
    expect(cookie.toLowerCase()).not.toContain('secure');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Only the hash of the id is stored.
    const sid = cookie.slice(4, cookie.indexOf(';'));
    const stored = app.deps.record.prepare('SELECT id_hash FROM admin_sessions').pluck().all() as string[];
    expect(stored).not.toContain(sid);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(auditRows(app))).not.toContain(TEST_ADMIN.password);
    expect(JSON.stringify(auditRows(app))).not.toContain(sid);
  });

  it('gives a new session id at every login, and the session read names the user and expiry', async () => {
    const first = await login(app, '/api/admin/login', TEST_ADMIN);
    const second = await login(app, '/api/admin/login', TEST_ADMIN);
    const cookieOf = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    const session = await fetch(`${app.url}/api/admin/session`, { headers: { cookie: cookieOf(second) } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { username: string; csrfToken: string; expiresAt: string };
    expect(body.username).toBe('admin');
    const hoursLeft = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThanOrEqual(2);
  });

  it('answers 401 with the contract body for a wrong password or an unknown user, and logs both', async () => {
    for (const attempt of [{ username: 'admin', password: 'wrong password 123' }, { username: 'nobody', password: 'whatever it is' }]) {
      const response = await login(app, '/api/admin/login', attempt);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Geçersiz kullanıcı adı veya şifre',
        error: { id: 'invalid_login', message: 'Geçersiz kullanıcı adı veya şifre' },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const failures = auditRows(app).filter((row) => row.action === 'login' && row.result === 'error');
    expect(failures.map((row) => row.target)).toEqual(['admin', 'nobody']);
    expect(failures[0]!.address).toMatch(/127\.0\.0\.1/);
    expect(JSON.stringify(failures)).not.toContain('wrong password 123');
  });

  it('answers 400 naming the missing field', async () => {
    const response = await login(app, '/api/admin/login', { username: 'admin' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { id: string; message: string } };
    expect(body.error.id).toBe('bad_request');
    expect(body.error.message).toContain('password');
  });

  it('refuses a login posted from another site (403 csrf_failed)', async () => {
    const response = await login(app, '/api/admin/login', TEST_ADMIN, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { id: string } }).error.id).toBe('csrf_failed');
  });

  it('logs out: the session is deleted on the server and the cookie cleared', async () => {
    const signIn = await login(app, '/api/admin/login', TEST_ADMIN);
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const withoutToken = await fetch(`${app.url}/api/admin/logout`, { method: 'POST', headers: { cookie, origin: app.url } });
    expect(withoutToken.status).toBe(403);
    const out = await fetch(`${app.url}/api/admin/logout`, { method: 'POST', headers: { cookie, origin: app.url, 'x-csrf-token': csrfToken } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    expect(out.headers.getSetCookie()[0]).toMatch(/^sid=;/);
    const after = await fetch(`${app.url}/api/admin/session`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { id: string } }).error.id).toBe('unauthorized');
  });

  it('sets __Host-sid with Secure when the request came over HTTPS through a trusted proxy', async () => {
    const response = await login(app, '/api/admin/login', TEST_ADMIN, {
      'x-forwarded-proto': 'https',
      origin: `https://${new URL(app.url).host}`,
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie.toLowerCase()).toContain('secure');
    expect(cookie.toLowerCase()).not.toContain('domain=');
  });
});

describe('login throttling', () => {
  let app: App;
  beforeAll(async () => {
    app = await startTestApp([], { isProxyTrusted: false });
    await createTestAdmin(app);
  });
  afterAll(() => app.close());

  it('blocks a username after 5 failures, whatever spelling of the path, before hashing, with Retry-After', async () => {
    const wrong = { username: 'admin', password: 'not the password' };
    // Each failure goes through a different spelling of the path; all count against one limit.
    const spellings = ['/api/admin/login', '/API/ADMIN/LOGIN', '/api/admin/login/', '//api/admin/login', '/api//admin///login'];
    for (const path of spellings) expect((await login(app, path, wrong)).status).toBe(401);
    for (const path of spellings) {
      const response = await login(app, path, { ...wrong, username: ' ADMIN ' });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await response.json()) as { error: { id: string } }).error.id).toBe('too_many_attempts');
    }
    // Even the right password waits: the check comes before the password is looked at.
    expect((await login(app, '/api/admin/login', TEST_ADMIN)).status).toBe(429);
    const throttled = app.deps.record
      .prepare(`SELECT count(*) FROM audit_log WHERE action = 'login' AND detail = 'throttled'`)
      .pluck()
      .get();
    expect(throttled).toBe(spellings.length + 1);
  });

  it('counts by the socket address when the proxy is not trusted: a forged X-Forwarded-For changes nothing', async () => {
    const response = await login(app, '/api/admin/login', { username: 'admin', password: 'x' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(response.status).toBe(429);
    const last = app.deps.record.prepare('SELECT address FROM audit_log ORDER BY id DESC LIMIT 1').pluck().get();
    expect(last).toMatch(/127\.0\.0\.1/);
  });
});

describe('the client address behind trusted proxies', () => {
  it.each([
    { proxies: 1, forwardedFor: '198.51.100.1, 203.0.113.99' },
    { proxies: 2, forwardedFor: '198.51.100.1, 10.0.0.1, 203.0.113.99, 192.0.2.7' },
  ])('with $proxies, is the entry the outermost proxy appended, not one the client wrote', async ({ proxies, forwardedFor }) => {
    const proxied = await startTestApp([], { trustedProxies: proxies });
    try {
      await createTestAdmin(proxied);
      expect((await login(proxied, '/api/admin/login', { username: 'admin', password: 'x' }, { 'x-forwarded-for': forwardedFor })).status).toBe(401);
      expect(proxied.deps.record.prepare('SELECT address FROM audit_log ORDER BY id DESC LIMIT 1').pluck().get()).toBe('203.0.113.99');
    } finally {
      await proxied.close();
    }
  });
});
