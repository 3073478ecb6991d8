import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { AdminBusiness } from '../shared/admin-types.ts';
import { signInAsAdmin, type AdminClient } from '../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

const MARKER = '<meta name="operator-marker" content="head-snippet">';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

describe('admin pages on the server, and what public pages keep', () => {
  let app: TestApp & { url: string };
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp([buildBusiness({ placeId: 'ChIJpage000001', name: 'Page Cafe' })], { withPages: true });
    app.deps.site.saveSiteSettings({ head_tags: MARKER, footer_tags: '<p>operator footer</p>', analytics_code: '', facebook_pixel: '' });
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it.each([
    ['/admin', '/admin'],
    ['/admin/businesses?page=2', '/admin/businesses?page=2'],
    ['/ADMIN/Settings/', '/admin/settings'],
    ['//admin//messages', '/admin/messages'],
  ])('sends %s without a session to the login page (302, no page rendered, never cached)', async (path, next) => {
    const response = await app.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(next)}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<html');
  });

  it('moves /admin-legacy to /admin for good (301)', async () => {
    const response = await app.get('/admin-legacy');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/admin');
  });

  it('serves the login page without a session: noindex, no-store, none of the operator snippets', async () => {
    const response = await app.get('/admin/login');
    expect(response.status).not.toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).toContain('<html');
    expect(html).not.toContain(MARKER);
    expect(html).not.toContain('operator footer');
  });

  it('serves admin pages to a signed-in operator, still noindex, no-store and without snippets', async () => {
    const response = await admin.request('GET', '/admin/businesses');
    expect(response.status).not.toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).not.toContain(MARKER);
    // Its controls work only with the page's script: disabled until it has hydrated.
    expect(html).toContain('<fieldset class="admin-controls" disabled="">');
  });

  it('declares admin pages Turkish (upper case "Kategori" is "KATEGORİ") and keeps visitor pages English', async () => {
    for (const path of ['/admin/businesses', '/admin/reports', '/admin/no-such-screen']) {
      expect(await (await admin.request('GET', path)).text(), path).toMatch(/^<!doctype html>\s*<html lang="tr">/i);
    }
    expect(await (await app.get('/admin/login')).text()).toMatch(/<html lang="tr">/);
    const publicPage = await (await app.get('/')).text();
    expect(publicPage).toMatch(/<html lang="en">/);
    expect(publicPage).not.toContain('lang="tr"');
  });

  it('keeps the business screen when the server refuses its search (400): the search box, and the reason beside it', async () => {
    for (const [query, reason] of [
      [`filter=${'a'.repeat(201)}`, 'Arama: En fazla 200 karakter olabilir\\.'],
      [`category=${'b'.repeat(300)}`, 'Kategori: En fazla 200 karakter olabilir\\.'],
    ]) {
      const response = await admin.request('GET', `/admin/businesses?${query}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('Ekran yüklenemedi');
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>${reason}<`));
      // The search box stays, stopping at the server's length.
      expect(html).toMatch(/<input id="business-search"[^>]*maxLength="200"/i);
    }
  });

  it('shows a rating, review count and address saved in the admin edit on the business page at once', async () => {
    const current = (await (await admin.request('GET', '/api/admin/businesses/1')).json()) as AdminBusiness;
    const { id: _id, slug, fullAddress: _address, rating: _rating, reviews: _reviews, placeId: _placeId, createdAt: _created, updatedAt: _updated, ...edit } = current;
    const saved = await admin.request('PUT', '/api/admin/businesses/1', {
      body: { ...edit, rating: '3,8', reviews: '2048', fullAddress: 'Galata Kulesi Sk. 5, 34421 Beyoğlu, İstanbul' },
    });
    expect(saved.status).toBe(200);
    const html = await (await app.get(`/business/${slug}`)).text();
    expect(html).toContain('<span class="business-rating-value">3.8</span>');
    expect(html).toMatch(/2,048(<!-- -->)? reviews/);
    expect(html).toContain('Galata Kulesi Sk. 5, 34421 Beyoğlu, İstanbul');
  });

  it('keeps the snippets on public pages, and answers 410 for the page of a deleted business', async () => {
    const slug = slugOfName(app.deps.record, 'Page Cafe');
    const page = await app.get(`/business/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(MARKER);
    expect(html).toContain('operator footer');
    expect((await admin.request('DELETE', '/api/businesses/1')).status).toBe(200);
    await app.deps.sync.catchUp();
    const gone = await app.get(`/business/${slug}`);
    expect(gone.status).toBe(410);
    expect((await app.get('/business/never-was-here-abc123')).status).toBe(404);
  });

  it('counts a visitor once a day per browser, without cookies, leaving out bots, API calls and admin pages', async () => {
    const visitors = () => app.deps.admin.visitors.lastDays(1)[0]!.count;
    const before = visitors();
    const visit = (path: string, userAgent: string) => fetch(app.url + path, { headers: { 'user-agent': userAgent } });
    const first = await visit('/', BROWSER);
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(visitors()).toBe(before + 1);
    await visit('/categories', BROWSER);
    await visit('/', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await visit('/api/home', 'Other Browser/1.0');
    await visit('/admin/login', 'Admin Browser/1.0');
    expect(visitors()).toBe(before + 1);
    await visit('/', 'Another Browser/2.0');
    expect(visitors()).toBe(before + 2);
    // Only hashes are stored, never the address or the user agent.
    const stored = JSON.stringify(app.deps.record.prepare('SELECT * FROM visitor_days').all());
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Another Browser');
  });
});
