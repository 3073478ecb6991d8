import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { FieldIssue } from '../../shared/field-reasons.ts';
import { errorOf, signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import type { AppDeps } from '../deps.ts';
import { createApiRouter } from '../index.ts';

type App = TestApp & { url: string };
interface Route {
  method: string;
  /** The route's path with each parameter given the value 1 (`/api/admin/messages/1`). */
  path: string;
}

/** The only writes of the API anyone may send: the contact form, the search page's two calls, the sign-in. */
const PUBLIC_WRITES = ['POST /api/contact', 'POST /api/search/multi', 'POST /api/search/facet-values', 'POST /api/admin/login'];
/** The only reads under /api/admin anyone may make: what every public page embeds. */
const PUBLIC_ADMIN_READS = ['GET /api/admin/site-settings', 'GET /api/admin/advertisement-codes'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route the app's API router serves (its catch-all 404 aside), read from the router itself. */
function apiRoutes(deps: AppDeps): Route[] {
  return createApiRouter(deps).stack.flatMap((layer) =>
    typeof layer.path === 'string' && !layer.path.includes('{*')
      ? layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: layer.path.toString().replace(/:\w+/g, '1') }))
      : [],
  );
}

const nameOf = (route: Route) => `${route.method} ${route.path}`;
const templateOf = (route: Route) => `${route.method} ${route.path.replace(/\/1(?=\/|$)/g, '/:id')}`;

/** Every write of the API but the public ones: each must need a session and the CSRF token. */
const guardedWrites = (deps: AppDeps) => apiRoutes(deps).filter((route) => WRITE_METHODS.has(route.method) && !PUBLIC_WRITES.includes(nameOf(route)));
/** Every read under /api/admin but the two public ones. */
const guardedReads = (deps: AppDeps) =>
  apiRoutes(deps).filter((route) => route.method === 'GET' && route.path.startsWith('/api/admin/') && !PUBLIC_ADMIN_READS.includes(nameOf(route)));

/** Paths that only look like admin paths: the guard answers them too, never a 404 that would say what exists. */
const LOOKALIKE_READS = ['/api/admin/no-such-call', '/API/ADMIN/STATS', '/api/admin/stats/', '//api/admin/stats'];
const LOOKALIKE_WRITES: Route[] = [{ method: 'DELETE', path: '/API/BUSINESSES/1' }];

describe('admin API guards', () => {
  let app: App;
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp([buildBusiness({ placeId: 'ChIJguard000001' })]);
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it('reads the guarded routes from the router: the admin writes, the import and export calls among them', () => {
    const writes = guardedWrites(app.deps).map(templateOf);
    expect(writes).toEqual(expect.arrayContaining([
      'PUT /api/admin/businesses/:id', 'POST /api/admin/businesses/bulk', 'DELETE /api/businesses/:id', 'DELETE /api/admin/test-data',
      'PATCH /api/admin/messages/:id', 'POST /api/admin/logout', 'POST /api/upload-excel', 'POST /api/upload-excel-batch', 'POST /api/export-csv',
    ]));
    expect(writes.length).toBeGreaterThanOrEqual(19);
    // Each public write is still a route: a renamed one would otherwise leave its new name unguarded by this test.
    expect(apiRoutes(app.deps).map(nameOf)).toEqual(expect.arrayContaining([...PUBLIC_WRITES, ...PUBLIC_ADMIN_READS]));
    expect(guardedReads(app.deps).map(templateOf)).toEqual(expect.arrayContaining([
      'GET /api/admin/stats', 'GET /api/admin/businesses/:id', 'GET /api/admin/session', 'GET /api/admin/export-csv', 'GET /api/admin/upload-reports/:id/errors.csv',
    ]));
  });

  it('answers 401 to every admin read without a session, never cached', async () => {
    for (const path of [...guardedReads(app.deps).map((route) => route.path), ...LOOKALIKE_READS]) {
      const response = await app.get(path);
      expect(response.status, path).toBe(401);
      expect(await errorOf(response), path).toEqual({ id: 'unauthorized', message: expect.any(String) });
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('answers 401 to every write but the public ones without a session', async () => {
    for (const route of [...guardedWrites(app.deps), ...LOOKALIKE_WRITES]) {
      const response = await fetch(app.url + route.path, { method: route.method, headers: { 'content-type': 'application/json', origin: app.url } });
      expect(response.status, nameOf(route)).toBe(401);
      expect((await errorOf(response)).id, nameOf(route)).toBe('unauthorized');
    }
  });

  it('answers 403 to every guarded write without the CSRF token, with a wrong one, or from another origin', async () => {
    const refusals: Record<string, string>[] = [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'not-the-token' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const route of [...guardedWrites(app.deps), ...LOOKALIKE_WRITES]) {
      for (const headers of refusals) {
        const response = await admin.request(route.method, route.path, { headers });
        expect(response.status, `${nameOf(route)} ${JSON.stringify(headers)}`).toBe(403);
        expect((await errorOf(response)).id).toBe('csrf_failed');
      }
      // A Referer from another site is refused the same way when there is no Origin.
      const response = await fetch(app.url + route.path, {
        method: route.method,
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, referer: 'https://evil.example/page', 'content-type': 'application/json' },
      });
      expect(response.status, `${nameOf(route)} referer`).toBe(403);
    }
    // Nothing happened: the business is still there and still approved.
    expect(app.deps.record.prepare('SELECT is_approved FROM businesses WHERE id = 1').pluck().get()).toBe(1);
  });

  it('refuses a field sent to a write that takes none: 400 naming it, nothing done', async () => {
    const calls: Route[] = [
      { method: 'POST', path: '/api/admin/businesses/1/toggle-approval' },
      { method: 'DELETE', path: '/api/businesses/1' },
      { method: 'POST', path: '/api/admin/clear-cache' },
      { method: 'POST', path: '/api/admin/reindex' },
      { method: 'DELETE', path: '/api/admin/businesses' },
    ];
    for (const route of calls) {
      const response = await admin.request(route.method, route.path, { body: { dimension: 'city' } });
      expect(response.status, nameOf(route)).toBe(400);
      const error = ((await response.json()) as { error: { message: string; fields: Record<string, string[]>; issues: FieldIssue[] } }).error;
      expect(error.fields, nameOf(route)).toEqual({ dimension: ['is not a field this call takes'] });
      expect(error.issues).toEqual([{ field: 'dimension', code: 'unknown_field', params: {} }]);
      expect(error.message).toBe('Invalid request. dimension: is not a field this call takes');
    }
    expect(app.deps.record.prepare('SELECT is_approved FROM businesses').pluck().all()).toEqual([1]);
    expect(app.deps.admin.reindex.current().state).toBe('idle');
    // An empty body, or none, is what these calls take.
    expect((await admin.request('POST', '/api/admin/clear-cache', { body: {} })).status).toBe(200);
    expect((await admin.request('POST', '/api/admin/clear-cache')).status).toBe(200);
    // Query strings still carry what a call ignores (a cache buster).
    expect((await admin.request('GET', '/api/admin/stats?_=1712345678')).status).toBe(200);
  });

  it('keeps the two public reads public, and gives all four settings only with a session', async () => {
    app.deps.site.saveSiteSettings({ head_tags: '<meta name="h">', footer_tags: '<p>f</p>', analytics_code: '<script>a()</script>', facebook_pixel: '<img src=p>' });
    const anonymous = await app.get('/api/admin/site-settings');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ head_tags: '<meta name="h">', footer_tags: '<p>f</p>', facebook_pixel: '<img src=p>' });
    const signedIn = await admin.request('GET', '/api/admin/site-settings');
    expect(await signedIn.json()).toEqual({
      head_tags: '<meta name="h">',
      footer_tags: '<p>f</p>',
      analytics_code: '<script>a()</script>',
      facebook_pixel: '<img src=p>',
    });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    const ads = await app.get('/api/admin/advertisement-codes');
    expect(ads.status).toBe(200);
    expect(await ads.json()).toEqual({ ad1: '', ad2: '', ad3: '', ad4: '' });
  });
});
