import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactDetails } from '../shared/admin-types.ts';
import { signInAsAdmin, type AdminClient } from '../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

const PAGES = ['/contact', '/legal-notice', '/privacy-policy', '/terms-of-service', '/cookie-policy'];

let app: TestApp & { url: string };
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp([], { withPages: true });
  admin = await signInAsAdmin(app);
});
afterAll(() => app.close());

/** The JSON-LD objects in a page's <head>. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** A page's HTML without what changes from one response to the next (the app's port, nonces, the time of the reads). */
async function pageText(path: string): Promise<string> {
  const response = await app.get(path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll(app.url, 'http://app').replace(/nonce="[^"]*"/g, '').replace(/"readAt":\d+/g, '');
}

/** The visible text of a page's <body>, tags dropped and spaces collapsed. */
const bodyText = (html: string) =>
  html
    .slice(html.indexOf('<body'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

async function save(details: AdminContactDetails) {
  const response = await admin.request('PUT', '/api/admin/contact-details', { body: details });
  expect(response.status).toBe(200);
}

describe('a fresh install', () => {
  it.each(PAGES)('%s shows no placeholder contact detail', async (path) => {
    const html = await pageText(path);
    expect(html).not.toContain('example.com');
    expect(html).not.toContain('555');
    // Nor the placeholder company's city and state, in the address or the jurisdiction clauses.
    expect(html).not.toMatch(/Philadelphia|Pennsylvania|Delaware|Market Street/);
  });

  it('shows no contact details card on the contact page, and JSON-LD naming only the organisation', async () => {
    const html = await pageText('/contact');
    for (const label of ['Contact details', 'Office address', 'Business hours', 'mailto:', 'tel:']) expect(html).not.toContain(label);
    expect(bodyText(html)).toContain('Platform statistics');
    expect(jsonLd(html)).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      url: expect.stringMatching(/^https?:\/\/[^/]+\/contact$/),
      name: 'Contact Business Directory',
      mainEntity: { '@type': 'Organization', name: 'Business Directory' },
    });
  });

  it('points the legal pages to the contact page where no address is set', async () => {
    const notice = bodyText(await pageText('/legal-notice'));
    expect(notice).toContain('Publisher: Business Directory');
    expect(notice).toContain('Contact: through our contact page');
    expect(notice).not.toContain('Telephone:');
    expect(notice).not.toContain('Address:');
    expect(notice).toContain('Write to us through our contact page describing the issue.');
    expect(notice).toContain('requests from authorities should be sent to us through our contact page.');
    expect(bodyText(await pageText('/privacy-policy'))).toContain('To exercise these rights, write to us through our contact page.');
    expect(await pageText('/privacy-policy')).toContain('href="/contact"');
  });
});

describe('after the operator saves the contact details', () => {
  const details: AdminContactDetails = {
    organisationName: 'Annuaire Rhône SAS',
    addressLines: ['12 rue de la République', '69002 Lyon', 'France'],
    supportEmail: 'help@annuaire-rhone.fr',
    legalEmail: 'juridique@annuaire-rhone.fr',
    privacyEmail: null,
    phoneLines: [
      { label: 'Accueil', number: '+33 4 72 00 00 01' },
      { label: null, number: '04 72 00 00 02' },
    ],
    businessHours: ['Mon – Fri: 9:00 – 18:00', 'Sunday: Closed'],
  };
  beforeAll(() => save(details));

  it('the contact page shows them at once, each under its heading', async () => {
    const html = await pageText('/contact');
    const text = bodyText(html);
    expect(text).toContain('Office address12 rue de la République69002 LyonFrance');
    expect(text).toContain('PhoneAccueil+33 4 72 00 00 0104 72 00 00 02');
    expect(html).toContain('<a href="tel:+33472000001">+33 4 72 00 00 01</a>');
    expect(html).toContain('<a href="mailto:help@annuaire-rhone.fr">help@annuaire-rhone.fr</a>');
    expect(text).toContain('Business hoursMon – Fri9:00 – 18:00SundayClosed');
  });

  it('the contact page JSON-LD carries the details that are set', async () => {
    expect(jsonLd(await pageText('/contact'))).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      url: expect.stringMatching(/^https?:\/\/[^/]+\/contact$/),
      name: 'Contact Annuaire Rhône SAS',
      mainEntity: {
        '@type': 'Organization',
        name: 'Annuaire Rhône SAS',
        email: 'help@annuaire-rhone.fr',
        telephone: '+33 4 72 00 00 01',
        address: '12 rue de la République, 69002 Lyon, France',
        contactPoint: [
          { '@type': 'ContactPoint', telephone: '+33 4 72 00 00 01', contactType: 'Accueil' },
          { '@type': 'ContactPoint', telephone: '04 72 00 00 02' },
        ],
      },
    });
  });

  it('the legal notice names the organisation, its address, phone and legal email', async () => {
    const text = bodyText(await pageText('/legal-notice'));
    expect(text).toContain('Publisher: Annuaire Rhône SAS');
    expect(text).toContain('Address: 12 rue de la République, 69002 Lyon, France');
    expect(text).toContain('Telephone: +33 4 72 00 00 01');
    expect(text).toContain('Email: juridique@annuaire-rhone.fr');
    expect(text).toContain(
      'should be sent to us at juridique@annuaire-rhone.fr, through our contact page or by post to Annuaire Rhône SAS, Legal Department, 12 rue de la République, 69002 Lyon, France.',
    );
  });

  it('privacy requests go to the support email when no privacy email is set', async () => {
    const text = bodyText(await pageText('/privacy-policy'));
    expect(text).toContain('operated by Annuaire Rhône SAS');
    expect(text).toContain('To exercise these rights, write to us at help@annuaire-rhone.fr.');
    expect(bodyText(await pageText('/cookie-policy'))).toContain('Questions about cookies can be sent to us at help@annuaire-rhone.fr;');
  });

  it('a detail emptied again disappears from the pages', async () => {
    await save({ ...details, addressLines: [], phoneLines: [], supportEmail: null, businessHours: ['Open every day'] });
    const html = await pageText('/contact');
    for (const tag of ['<h3>Office address</h3>', '<h3>Phone</h3>', '<h3>Email</h3>', 'mailto:', 'tel:']) expect(html).not.toContain(tag);
    expect(bodyText(html)).toContain('Business hoursOpen every day');
    expect(bodyText(await pageText('/legal-notice'))).not.toContain('Telephone:');
  });
});
