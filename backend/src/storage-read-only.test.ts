/**
 * The data folder turns read-only while the server runs. SQLite's `PRAGMA query_only` on the
 * server's own connection fails every write with SQLITE_READONLY, as a folder remounted
 * read-only does (the way `max_page_count` stands in for a full disk in fault-storage.test.ts).
 * Writes answer a clear error (no stack, no crash), reads keep working, and writes work again
 * once the folder is writable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { signInAsAdmin, type AdminClient } from './testing/admin-client.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';

let app: TestApp & { url: string };
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Read Only Bakery', category: 'Bakery' })], { withPages: true });
  admin = await signInAsAdmin(app);
}, 60_000);

afterAll(() => app.close());

const READ_ONLY_ERROR = {
  error: {
    id: 'storage_read_only',
    message: 'The server cannot save anything right now: it cannot write to its data folder. Nothing was saved; please try again later.',
  },
};

const contact = () =>
  fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Opening hours', message: 'Are you open on Sundays?' }),
  });
const adminFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${app.url}${path}`, { ...init, headers: { cookie: admin.cookie, origin: app.url, 'x-csrf-token': admin.csrfToken, ...(init.headers ?? {}) } });

describe('a data folder that turns read-only while the server runs', () => {
  let slug: string;
  let id: number;
  let approved: number;

  beforeAll(() => {
    ({ slug, id, is_approved: approved } = app.deps.record.prepare('SELECT slug, id, is_approved FROM businesses').get() as { slug: string; id: number; is_approved: number });
    app.deps.record.pragma('query_only = ON');
  });

  it('a visitor write (the contact form) answers a clear 503, nothing saved', async () => {
    const response = await contact();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(READ_ONLY_ERROR);
    expect(app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(0);
  });

  it('an admin write answers the same, and the business is unchanged', async () => {
    const response = await adminFetch(`/api/admin/businesses/${id}/toggle-approval`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(READ_ONLY_ERROR);
    expect(app.deps.record.prepare('SELECT is_approved FROM businesses WHERE id = ?').pluck().get(id)).toBe(approved);
  });

  it('reads keep working: API lists and details, public pages, the admin area', async () => {
    for (const path of ['/api/businesses?page=1', `/api/businesses/${slug}`, '/', `/business/${slug}`, '/categories']) {
      const response = await app.get(path);
      expect(response.status, path).toBe(200);
    }
    expect(await (await app.get(`/business/${slug}`)).text()).toContain('Read Only Bakery');
    const stats = await adminFetch('/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(((await stats.json()) as { totalBusinesses: number }).totalBusinesses).toBe(1);
    expect((await adminFetch('/admin')).status).toBe(200);
  });

  it('once the folder is writable again, writes work again (no restart)', async () => {
    app.deps.record.pragma('query_only = OFF');
    expect((await contact()).status).toBe(201);
    expect(app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(1);
  });
});
