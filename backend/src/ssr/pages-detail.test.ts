import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { CONTACT_MESSAGES_RULE } from '../services/rate-limits.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp;
let bouchonSlug: string;
let noMapSlug: string;
let baseUrl: string;

const slugOf = (name: string) => slugOfName(app.deps.record, name);

/** The JSON-LD objects in a page's <head>. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** Posts a form the way a browser without JavaScript does. */
function postForm(path: string, fields: Record<string, string>, address = '127.0.0.1'): Promise<Response> {
  return fetch(new URL(path, baseUrl), {
    method: 'POST',
    // The test app trusts X-Forwarded-For (as TRUST_PROXY=true does): each test sends as its own visitor.
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const countMessages = () => app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get() as number;

beforeAll(async () => {
  app = await startTestApp(
    [
      buildBusiness({
        name: 'Le Bouchon Lyonnais',
        type: 'French restaurant',
        category: 'Restaurant',
        rating: 4.7,
        reviews: 321,
        phone: '+33 4 78 12 34 56',
        workingHours: {
          Monday: 'Closed',
          Tuesday: '11AM–3PM, 5–10PM',
          Wednesday: '11AM–3PM, 5–10PM',
          Thursday: '11AM–3PM, 5–10PM',
          Friday: '11AM–3PM, 5–11PM',
          Saturday: '12PM–12AM',
          Sunday: 'Closed',
        },
      }),
      buildBusiness({ name: 'Nowhere Plumbing', latitude: null, longitude: null, about: 'Family plumbers since 1982, available for emergencies.' }),
      buildBusiness({ name: 'Unrated Upholstery', rating: null, reviews: 0 }),
      buildBusiness({ name: 'Quiet Quilts', rating: null, reviews: 1250 }),
      buildBusiness({ name: 'Photo Pâtisserie', photo: 'https://lh3.googleusercontent.com/p/AF1Qip=w800-h500', logo: '//cdn.example/pp-logo.png' }),
      buildBusiness({ name: 'Logo Locksmiths', logo: '//cdn.example/locksmiths.png' }),
      buildBusiness({ name: 'Scripted Scooters', photo: 'javascript:alert(1)' }),
      buildBusiness({ name: 'Resting Rotisserie', type: 'Restaurant', category: 'Restaurant', workingHours: Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, 'Open 24 hours'])) }),
    ],
    { withPages: true },
  );
  baseUrl = new URL((await app.get('/api/nothing')).url).origin;
  bouchonSlug = slugOf('Le Bouchon Lyonnais');
  noMapSlug = slugOf('Nowhere Plumbing');
  const setAd = app.deps.record.prepare('UPDATE ad_codes SET code = ? WHERE slot = ?');
  for (const slot of ['ad1', 'ad2', 'ad3', 'ad4']) setAd.run(`<div class="test-ad">${slot.toUpperCase()}-CODE</div>`, slot);
});

afterAll(() => app.close());

describe('home page', () => {
  it('shows the featured businesses, the real counts and the sections', async () => {
    const response = await app.get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    // The featured card shows 15 characters and carries the full name for assistive technology.
    expect(html).toContain('Le Bouchon Lyon…');
    // The whole name is its tooltip, tied to the card's link.
    const tooltipId = /<span id="([^"]+)" role="tooltip" class="tooltip" hidden="">Le Bouchon Lyonnais<\/span>/.exec(html)?.[1];
    expect(tooltipId).toBeTruthy();
    expect(html).toContain(`aria-describedby="${tooltipId}"`);
    expect(html).toContain('href="/business/' + bouchonSlug + '"');
    expect(html).toMatch(/Businesses<\/dt><dd[^>]*><span class="visually-hidden">8<\/span>/);
    expect(html).toMatch(/Countries<\/dt><dd[^>]*><span class="visually-hidden">1<\/span>/);
    for (const heading of ['Featured Businesses', 'Popular Categories', 'Top Cities', 'Countries', 'Why choose us']) expect(html).toContain(heading);
    expect(html).toContain('href="/cities/fr/lyon"');
    expect(html).toContain('View All Businesses');
    expect(html).toContain('action="/search"');
  });
});

describe('business page', () => {
  it('has the title, canonical link and meta description', async () => {
    const response = await app.get(`/business/${bouchonSlug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Le Bouchon Lyonnais - French restaurant | Business Directory</title>');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/business/${bouchonSlug}"`));
    expect(html).toContain('<meta property="og:type" content="business.business"');
    expect(html).toMatch(/<meta name="description" content="Le Bouchon Lyonnais - French restaurant in Lyon, FR\. Rated 4\.7\/5 from 321 reviews\./);
  });

  it('links "More in" its city and country at their canonical URLs, not through a redirect', async () => {
    const html = await (await app.get(`/business/${bouchonSlug}`)).text();
    const places = [...html.matchAll(/<span class="business-place-links">(.*?)<\/span><\/span>/g)].flatMap((match) =>
      [...match[1]!.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((link) => [link[1], link[2]]),
    );
    expect(places).toEqual([
      ['/cities/fr/lyon', 'Lyon'],
      ['/countries/france', 'France'],
    ]);
    for (const [path] of places) expect((await app.get(path!)).status, path).toBe(200);
  });

  it('describes the business as schema.org LocalBusiness JSON-LD', async () => {
    const html = await (await app.get(`/business/${bouchonSlug}`)).text();
    const objects = jsonLd(html);
    const business = objects.find((object) => object['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Le Bouchon Lyonnais',
      telephone: '+33 4 78 12 34 56',
      address: { '@type': 'PostalAddress', addressLocality: 'Lyon', postalCode: '69002', addressCountry: 'FR' },
      geo: { '@type': 'GeoCoordinates', latitude: 45.764, longitude: 4.8357 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 321 },
    });
    expect(business?.url).toMatch(new RegExp(`/business/${bouchonSlug}$`));
    expect(business?.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '11:00', closes: '15:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday'], opens: '17:00', closes: '22:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '17:00', closes: '23:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '12:00', closes: '00:00' },
      ]),
    );
    expect(objects.some((object) => object['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('gives link previews its photo as a large card, else its logo as a small one, at absolute addresses', async () => {
    const head = async (name: string) => {
      const html = await (await app.get(`/business/${slugOf(name)}`)).text();
      const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
      const business = jsonLd(html).find((object) => object['@type'] === 'LocalBusiness');
      return { image: meta('og:image'), alt: meta('og:image:alt'), card: meta('twitter:card'), jsonLdImage: business?.image, jsonLdLogo: business?.logo };
    };
    expect(await head('Photo Pâtisserie')).toEqual({
      image: 'https://lh3.googleusercontent.com/p/AF1Qip=w800-h500',
      alt: 'Photo of Photo Pâtisserie',
      card: 'summary_large_image',
      jsonLdImage: 'https://lh3.googleusercontent.com/p/AF1Qip=w800-h500',
      // A protocol-relative address takes the page's scheme.
      jsonLdLogo: 'http://cdn.example/pp-logo.png',
    });
    expect(await head('Logo Locksmiths')).toEqual({
      image: 'http://cdn.example/locksmiths.png',
      alt: 'Logo of Logo Locksmiths',
      card: 'summary',
      jsonLdImage: undefined,
      jsonLdLogo: 'http://cdn.example/locksmiths.png',
    });
    // No picture (the site has none of its own to stand in), or one that is no web address: no og:image.
    for (const name of ['Le Bouchon Lyonnais', 'Scripted Scooters']) {
      expect(await head(name)).toEqual({ image: null, alt: null, card: 'summary', jsonLdImage: undefined, jsonLdLogo: undefined });
    }
  });

  it('is rendered without its Nearby section, which the browser reads (e2e/business-nearby.test.ts): the server pays nothing for it', async () => {
    const html = await (await app.get(`/business/${slugOf('Unrated Upholstery')}`)).text();
    expect(html).toContain('Unrated Upholstery');
    expect(html).not.toContain('nearby-title');
    expect(html).not.toContain(`/api/businesses/${slugOf('Unrated Upholstery')}/nearby`);
  });

  it('shows the hours table Monday to Sunday with Closed on the closed days', async () => {
    const html = await (await app.get(`/business/${bouchonSlug}`)).text();
    const table = html.slice(html.indexOf('<table class="hours-table">'), html.indexOf('</table>'));
    const days = [...table.matchAll(/<th scope="row">(\w+)/g)].map((match) => match[1]);
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const closedDays = [...table.matchAll(/<th scope="row">(\w+)(?:<span[^>]*>Today<\/span>)?<\/th><td class="hours-closed">Closed<\/td>/g)].map((match) => match[1]);
    expect(closedDays).toEqual(['Monday', 'Sunday']);
    expect(table).toContain('11AM–3PM, 5–10PM');
    expect(table).toContain('Today');
  });

  it('places the four ad codes at their places', async () => {
    const html = await (await app.get(`/business/${bouchonSlug}`)).text();
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    expect(at('AD1-CODE')).toBeLessThan(at('Features and amenities'));
    expect(at('About</h2>')).toBeLessThan(at('AD2-CODE'));
    expect(at('Opening hours</h2>')).toBeLessThan(at('AD3-CODE'));
    expect(at('AD3-CODE')).toBeLessThan(at('Contact info</h2>'));
    expect(at('Contact info</h2>')).toBeLessThan(at('AD4-CODE'));
  });

  it('shows the contact, details and actions', async () => {
    const html = await (await app.get(`/business/${bouchonSlug}`)).text();
    expect(html).toContain('href="tel:+33478123456"');
    expect(html).toContain('Call Now');
    expect(html).toContain('Get Directions');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=Le+Bouchon+Lyonnais&amp;query_place_id=');
    expect(html).toContain('OPERATIONAL');
    const amenities = html.slice(html.indexOf('<ul class="amenity-list">'), html.indexOf('</ul>', html.indexOf('<ul class="amenity-list">')));
    expect(amenities).toContain('Wheelchair accessible entrance');
    expect(amenities).not.toContain('Credit cards');
    expect(html).toContain('href="/cities/fr/lyon"');
    expect(html).toContain('href="/countries/france"');
    expect(html).toContain('Le Bouchon Lyonnais is a French restaurant located in Lyon, France.');
    expect(html).toContain('class="business-map"');
    expect(html).not.toContain('Location not available');
  });

  it('says a temporarily closed business is so, never "Open", with its usual hours and JSON-LD that claims no opening hours', async () => {
    const slug = slugOf('Resting Rotisserie');
    const id = app.deps.record.prepare('SELECT id FROM businesses WHERE slug = ?').pluck().get(slug);
    const open = await (await app.get(`/business/${slug}`)).text();
    // Open 24 hours: open at any time the test runs.
    expect(open).toContain('class="status-badge status-open"');
    expect(jsonLd(open).find((object) => object['@type'] === 'LocalBusiness')).toHaveProperty('openingHoursSpecification');

    app.deps.record.prepare("INSERT INTO business_closures (business_id, status) VALUES (?, 'temporarily_closed')").run(id);
    try {
      const html = await (await app.get(`/business/${slug}`)).text();
      const badges = /<div class="business-badges">([\s\S]*?)<\/div>/.exec(html)![1]!;
      expect(badges).toContain('Temporarily closed');
      expect(badges).not.toMatch(/status-open|status-closed|>Open<|Closes|Opens/);
      expect(html).not.toContain('status-open');
      const status = /<dt>Status<\/dt>\s*<dd>([\s\S]*?)<\/dd>/.exec(html)![1]!;
      expect(status).toContain('Temporarily closed');
      expect(status).not.toContain('OPERATIONAL');
      // The hours stay, read as the usual ones.
      expect(html).toContain('Usual hours; the business is temporarily closed.');
      expect(html).toContain('Open 24 hours');
      const business = jsonLd(html).find((object) => object['@type'] === 'LocalBusiness')!;
      expect(business).not.toHaveProperty('openingHoursSpecification');
      expect(business.description).toMatch(/^Temporarily closed\. /);
      expect(html).toMatch(/<meta name="description" content="Resting Rotisserie - Restaurant in [^"]*\. Temporarily closed\./);
      // Without hours to show, the note says the closure alone (no "usual hours" above "not available").
      const hours = app.deps.record.prepare('SELECT working_hours FROM businesses WHERE id = ?').pluck().get(id);
      app.deps.record.prepare("UPDATE businesses SET working_hours = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(id);
      try {
        const withoutHours = await (await app.get(`/business/${slug}`)).text();
        expect(withoutHours).toContain('<p class="business-hours-note">The business is temporarily closed.</p>');
        expect(withoutHours).not.toContain('Usual hours');
      } finally {
        app.deps.record.prepare("UPDATE businesses SET working_hours = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(hours, id);
      }
    } finally {
      app.deps.record.prepare('DELETE FROM business_closures WHERE business_id = ?').run(id);
    }
  });

  it('says Location not available and renders no map without coordinates', async () => {
    const html = await (await app.get(`/business/${noMapSlug}`)).text();
    expect(html).toContain('Location not available');
    expect(html).not.toContain('class="business-map"');
    expect(html).not.toContain('leaflet');
    expect(html).toContain('Family plumbers since 1982, available for emergencies.');
    expect(jsonLd(html).find((object) => object['@type'] === 'LocalBusiness')).not.toHaveProperty('geo');
  });

  it('says "No rating yet" without "(0 reviews)", and the reviews it has beside it', async () => {
    const rating = async (name: string) => {
      const html = await (await app.get(`/business/${slugOf(name)}`)).text();
      return /<div class="business-rating">([\s\S]*?)<\/div>/.exec(html)![1]!.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    };
    expect(await rating('Unrated Upholstery')).toMatch(/No rating yet$/);
    expect(await rating('Quiet Quilts')).toMatch(/No rating yet · 1,250 reviews$/);
    expect(await rating('Le Bouchon Lyonnais')).toMatch(/4\.7 \(321 reviews\)$/);
  });

  it('answers 404 with Business Not Found for an unknown slug, titled the same', async () => {
    const response = await app.get('/business/no-such-business-abc123');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Business Not Found | Business Directory</title>');
    expect(html).toContain('<h1 id="business-missing-title">Business Not Found</h1>');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
    expect(html).toContain('action="/search"');
    for (const path of ['/categories', '/countries', '/cities']) expect(html).toContain(`href="${path}"`);
    expect(html).toContain('Back to Home');
  });

  it('shows Business Not Found, with the search form and cards, when the detail call fails', async () => {
    const { directory } = app.deps;
    // A page rendered by an earlier test is kept (and would still be served): this one is about a render that fails.
    app.deps.admin.caches.clearAll();
    const original = directory.business.bind(directory);
    const failure = new Error('database is locked');
    directory.business = () => {
      throw failure;
    };
    // The page's loader logs the failed call (the server's log is where an operator sees why).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await app.get(`/business/${bouchonSlug}`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('<title>Business Not Found | Business Directory</title>');
      expect(html).toContain('Business Not Found');
      expect(html).toContain('Business not found: 500');
      expect(html).toContain('action="/search"');
      for (const path of ['/categories', '/countries', '/cities']) expect(html).toContain(`href="${path}"`);
      expect(logged.mock.calls).toEqual([[failure]]);
    } finally {
      directory.business = original;
      logged.mockRestore();
    }
  });

  it('answers 301 to the canonical path for an old slug', async () => {
    const id = app.deps.record.prepare('SELECT id FROM businesses WHERE slug = ?').pluck().get(bouchonSlug) as number;
    app.deps.record.prepare('INSERT INTO slug_redirects (old_slug, business_id) VALUES (?, ?)').run('le-bouchon-old', id);
    const response = await app.get('/business/le-bouchon-old');
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!, 'http://x').pathname).toBe(`/business/${bouchonSlug}`);
  });
});

describe('contact page', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', company: '', phone: '', subject: 'Listing update', message: 'Please update our opening hours.' };

  it('renders the form and the statistics', async () => {
    const response = await app.get('/contact');
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of ['Send us a Message', 'Full Name', 'Email Address', 'Company', 'Phone Number', 'Subject', 'Message', 'Send Message', 'Platform statistics']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('method="post"');
    expect(html).toContain('rows="6"');
  });

  it('stores a message posted without JavaScript and says it was sent', async () => {
    const before = countMessages();
    const response = await postForm('/contact', valid);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Message Sent Successfully');
    expect(html).toContain('Thank you for your message. We&#x27;ll get back to you within 24 hours.');
    expect(countMessages()).toBe(before + 1);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 400 with the field messages for bad input, keeping what was typed and storing nothing', async () => {
    const before = countMessages();
    const response = await postForm('/contact', { ...valid, name: 'A', email: 'not-an-email', subject: 'Hi', message: 'short' });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="contact-email-error"');
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain('Message Sent Successfully');
    expect(countMessages()).toBe(before);
  });

  it('hides a honeypot field from people, and a form that fills it is shown as sent and stored nowhere', async () => {
    const html = await (await app.get('/contact')).text();
    const trap = /<div class="visually-hidden"><label for="contact-website">Leave this field empty<\/label>(<input [^>]*>)<\/div>/.exec(html)?.[1];
    expect(trap).toContain('name="website"');
    expect(trap).toContain('tabindex="-1"');
    const before = countMessages();
    const response = await postForm('/contact', { ...valid, website: 'https://spam.example' }, '203.0.113.40');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Message Sent Successfully');
    expect(countMessages()).toBe(before);
  });

  it(`shows the error notice with 429 past ${CONTACT_MESSAGES_RULE.points} messages from one address, storing nothing more`, async () => {
    for (let i = 0; i < CONTACT_MESSAGES_RULE.points; i += 1) expect((await postForm('/contact', valid, '203.0.113.41')).status).toBe(200);
    const before = countMessages();
    const response = await postForm('/contact', valid, '203.0.113.41');
    expect(response.status).toBe(429);
    const html = await response.text();
    expect(html).toContain('Failed to send message. Please try again later.');
    expect(html).toContain('value="Ada Lovelace"');
    expect(countMessages()).toBe(before);
  });
});

describe('legal pages', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy', ['Information We Collect', 'International Transfers', 'Data Retention']],
    ['/legal-notice', 'Legal Notice', ['Company Information', 'Mediation', 'Arbitration', 'Governing Law']],
    ['/terms-of-service', 'Terms of Service', ['Content Guidelines and Moderation', 'Temporary suspension', '30 days’ notice']],
    ['/cookie-policy', 'Cookie Policy', ['Types of Cookies We Use', 'Duration and Retention', '195+ countries']],
  ])('%s renders its headings and the last-updated date', async (path, title, texts) => {
    const response = await app.get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title} | Business Directory</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('December 12, 2025');
    expect(html).toContain('Contents');
    for (const text of texts) expect(html).toContain(text);
  });
});

describe('404 page', () => {
  it('shows the search form, the banner and the browse cards', async () => {
    const response = await app.get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Page Not Found | Business Directory</title>');
    expect(html).toContain('Page Not Found');
    expect(html).toContain('placeholder="Restaurant, plumber, dentist…"');
    expect(html).toContain('placeholder="City, country or postal code"');
    expect(html).toContain('action="/search"');
    expect(html).toContain('class="not-found-banner"');
    for (const path of ['/categories', '/countries', '/cities']) expect(html).toContain(`href="${path}"`);
  });
});

describe('the what/where search forms', () => {
  /** The labels and placeholders of a page's search form, in order. */
  async function wordsOfSearchForm(path: string): Promise<string[]> {
    const html = await (await app.get(path)).text();
    const form = /<form role="search"[^>]*action="\/search"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    return [...form.matchAll(/<label[^>]*>([^<]*)<\/label>|placeholder="([^"]*)"/g)].map((match) => match[1] ?? match[2]!);
  }

  it('word their boxes alike on the home page, /search, Business Not Found and the 404 page, postal codes included', async () => {
    const expected = ['What are you looking for?', 'Restaurant, plumber, dentist…', 'Where?', 'City, country or postal code'];
    for (const path of ['/', '/search?q=plumber', '/business/no-such-business', '/no/such/page']) expect(await wordsOfSearchForm(path), path).toEqual(expected);
  });
});
