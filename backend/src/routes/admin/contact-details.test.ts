import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActivityPage, AdminContactDetails } from '../../shared/admin-types.ts';
import type { ContactDetails } from '../../shared/api-types.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

type App = TestApp & { url: string };

const errorOf = async (response: Response) => ((await response.json()) as { error: { id: string; message: string; fields?: Record<string, string[]> } }).error;

const EMPTY: AdminContactDetails = {
  organisationName: 'Business Directory',
  addressLines: [],
  supportEmail: null,
  legalEmail: null,
  privacyEmail: null,
  phoneLines: [],
  businessHours: [],
};

const SAVED: AdminContactDetails = {
  organisationName: 'Annuaire Rhône SAS',
  addressLines: ['12 rue de la République', '69002 Lyon', 'France'],
  supportEmail: 'help@annuaire-rhone.fr',
  legalEmail: 'juridique@annuaire-rhone.fr',
  privacyEmail: null,
  phoneLines: [
    { label: 'Accueil', number: '+33 4 72 00 00 01' },
    { label: null, number: '04 72 00 00 02' },
  ],
  businessHours: ['Mon – Fri: 9:00 – 18:00', 'Sat – Sun: closed'],
};

describe('contact details in the admin area', () => {
  let app: App;
  let admin: AdminClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signInAsAdmin(app);
  });
  afterAll(() => app.close());

  it('start empty except the organisation name, publicly and for the operator', async () => {
    const anonymous = await app.get('/api/contact-details');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual(EMPTY satisfies ContactDetails);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=600');
    const signedIn = await admin.request('GET', '/api/admin/contact-details');
    expect(await signedIn.json()).toEqual(EMPTY);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 without a session, to the read and the save, and saves nothing', async () => {
    expect((await app.get('/api/admin/contact-details')).status).toBe(401);
    const response = await fetch(`${app.url}/api/admin/contact-details`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify(SAVED),
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).id).toBe('unauthorized');
    expect((await (await app.get('/api/contact-details')).json()) as ContactDetails).toEqual(EMPTY);
  });

  it('answers 403 without the CSRF token or from another origin, and saves nothing', async () => {
    const refusals: Record<string, string>[] = [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'not-the-token' }, { origin: 'https://evil.example' }];
    for (const headers of refusals) {
      const response = await admin.request('PUT', '/api/admin/contact-details', { body: SAVED, headers });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).id).toBe('csrf_failed');
    }
    expect((await (await app.get('/api/contact-details')).json()) as ContactDetails).toEqual(EMPTY);
  });

  it.each([
    ['supportEmail', { supportEmail: 'help at example' }, 'must be an email address'],
    ['legalEmail', { legalEmail: `${'x'.repeat(250)}@a.fr` }, 'must be at most 254 characters'],
    ['organisationName', { organisationName: '   ' }, 'is required'],
    ['phoneLines.1.number', { phoneLines: [{ label: 'Ok', number: '+33 1' }, { label: 'Bad', number: 'call us' }] }, 'must be a phone number'],
    ['phoneLines', { phoneLines: Array.from({ length: 6 }, (_, i) => ({ label: null, number: `0${i}` })) }, 'must be at most 5 lines'],
    ['addressLines.0', { addressLines: ['x'.repeat(201)] }, 'must be at most 200 characters'],
    ['businessHours', { businessHours: Array.from({ length: 11 }, (_, i) => `line ${i}`) }, 'must be at most 10 lines'],
    ['privacyEmail', { privacyEmail: undefined }, 'must be text or null'],
  ])('answers 400 naming %s for bad input, and saves nothing', async (field, change, reason) => {
    const response = await admin.request('PUT', '/api/admin/contact-details', { body: { ...SAVED, ...change } });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.id).toBe('bad_request');
    expect(error.message).toContain(`${field}: ${reason}`);
    expect(error.fields?.[field]?.[0]).toContain(reason);
    expect((await (await app.get('/api/contact-details')).json()) as ContactDetails).toEqual(EMPTY);
  });

  it('saves the details, answers them as saved, writes the audit log, and shows them publicly with the fallbacks', async () => {
    const body = { ...SAVED, supportEmail: '  help@annuaire-rhone.fr ', addressLines: [...SAVED.addressLines, '   '], businessHours: ['', ...SAVED.businessHours] };
    const response = await admin.request('PUT', '/api/admin/contact-details', { body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SAVED);
    expect(await (await admin.request('GET', '/api/admin/contact-details')).json()).toEqual(SAVED);

    const activity = (await (await admin.request('GET', '/api/admin/activity?limit=1')).json()) as AdminActivityPage;
    expect(activity.items[0]).toMatchObject({ action: 'contact-details.save', result: 'success' });

    // No privacy address of its own: privacy requests go to the support address.
    const visible = (await (await app.get('/api/contact-details')).json()) as ContactDetails;
    expect(visible).toEqual({ ...SAVED, privacyEmail: 'help@annuaire-rhone.fr' });
  });

  it('clears a detail emptied by the operator', async () => {
    const response = await admin.request('PUT', '/api/admin/contact-details', { body: { ...SAVED, supportEmail: '', phoneLines: [], addressLines: [] } });
    expect(response.status).toBe(200);
    const visible = (await (await app.get('/api/contact-details')).json()) as ContactDetails;
    expect(visible).toMatchObject({ supportEmail: null, legalEmail: 'juridique@annuaire-rhone.fr', privacyEmail: null, phoneLines: [], addressLines: [] });
  });

  it('moves the version of rendered pages with every save', async () => {
    const before = app.deps.site.contentVersion();
    await admin.request('PUT', '/api/admin/contact-details', { body: { ...SAVED, phoneLines: [{ label: null, number: '1' }] } });
    const after = app.deps.site.contentVersion();
    expect(after).not.toBe(before);
    // A phone number changed with plain SQL (no stamp) still moves it.
    app.deps.record.prepare("UPDATE contact_phone_lines SET number = '12' WHERE position = 1").run();
    expect(app.deps.site.contentVersion()).not.toBe(after);
  });
});
