import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { CategoryEntry, PagedBusinesses } from '../shared/api-types.ts';
import type { RenderedReads } from '@directory/frontend/src/lib/api-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { visibleText } from '../testing/visible-text.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp & { url: string };

const us = { country: 'United States', countryCode: 'US', timeZone: 'America/New_York', phone: '+1 212 555 0100' };
const de = { country: 'Germany', countryCode: 'DE', city: 'Berlin', timeZone: 'Europe/Berlin' };
const ONE_EACH = ['Pizza restaurant', 'Café', 'Electrician', 'Hair salon', 'Locksmith', 'Museum', 'Notary', 'Optician', 'Pharmacy'];

beforeAll(async () => {
  app = await startTestApp(
    [
      // 14 plumbers in Lyon: two pages of the category and city pages.
      ...Array.from({ length: 14 }, (_, i) =>
        buildBusiness({ name: `Lyon Plumber ${String(i + 1).padStart(2, '0')}`, category: 'Plumber', rating: i % 2 ? 4 : 5, reviews: 200 - i }),
      ),
      // 21 US cities, one business each: the country page offers 'View All 21 Cities'.
      ...Array.from({ length: 21 }, (_, i) =>
        buildBusiness({ ...us, name: `US Shop ${i + 1}`, city: `Town ${String(i + 1).padStart(2, '0')}`, category: i % 2 ? 'Florist' : 'Bakery' }),
      ),
      ...Array.from({ length: 3 }, (_, i) => buildBusiness({ ...de, name: `Berlin Dentist ${i + 1}`, category: 'Dentist', rating: 3 + i * 0.5 })),
      ...ONE_EACH.map((category) => buildBusiness({ name: `Paris ${category}`, category, city: 'Paris', rating: null, reviews: 0 })),
    ],
    { withPages: true },
  );
});

afterAll(() => app.close());

async function page(path: string): Promise<{ status: number; html: string; text: string }> {
  const response = await app.get(path);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
}

const slugOf = (name: string) => slugOfName(app.deps.record, name);
const count = (sql: string) => (app.deps.record.prepare(sql).get() as { n: number }).n;
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

describe('/businesses', () => {
  it('shows page 2 as businesses 21-40 of all, in the order of the list call', async () => {
    const total = count('SELECT count(*) AS n FROM businesses');
    expect(total).toBe(47);
    const { status, html, text } = await page('/businesses?page=2');
    expect(status).toBe(200);
    expect(text).toContain(`Showing 21-40 of ${total} businesses`);
    expect(text).toContain('Page 2 of 3');
    const second = (await (await app.get('/api/businesses?page=2')).json()) as PagedBusinesses;
    const first = (await (await app.get('/api/businesses?page=1')).json()) as PagedBusinesses;
    const names = second.businesses.map((b) => b.name);
    expect(names).toHaveLength(20);
    const positions = names.map((name) => text.indexOf(` ${name} `));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const business of first.businesses) expect(text).not.toContain(` ${business.name} `);
    expect(text).toContain('View Details');
    expect(html).toContain(`href="/business/${second.businesses[0]!.slug}"`);
    expect(titleOf(html)).toBe(`All Businesses - ${total} businesses - Page 2 of 3 | Business Directory`);
    expect(canonicalOf(html)).toBe('/businesses?page=2');
  });

  it('has a pager with the current page marked and Previous/Next links', async () => {
    const { html } = await page('/businesses?page=2');
    expect(html).toMatch(/<a[^>]*href="\/businesses"[^>]*>.*?Previous/);
    expect(html).toContain('href="/businesses?page=3"');
    expect(html).toMatch(/aria-current="page"[^>]*>2<\/a>/);
  });

  it('treats a page that is not a whole number from 1 as page 1', async () => {
    for (const path of ['/businesses?page=abc', '/businesses?page=0', '/businesses?page=-2']) {
      const { status, html, text } = await page(path);
      expect(status).toBe(200);
      expect(text).toContain('Showing 1-20 of 47 businesses');
      expect(text).toContain('Page 1 of 3');
      expect(canonicalOf(html)).toBe('/businesses');
      expect(html).toMatch(/<span class="pager-step" aria-disabled="true">.*?Previous/);
    }
  });

  it('disables Next on the last page', async () => {
    const { text, html } = await page('/businesses?page=3');
    expect(text).toContain('Showing 41-47 of 47 businesses');
    expect(html).toMatch(/<span class="pager-step" aria-disabled="true"><span class="pager-step-text">Next</);
  });

  it.each(['/businesses?page=99', '/businesses?page=101', '/businesses?page=99999'])('shows the last page for a page past the end (%s of 3)', async (path) => {
    const { status, text, html } = await page(path);
    expect(status).toBe(200);
    expect(text).toContain('Showing 41-47 of 47 businesses');
    expect(text).toContain('Page 3 of 3');
    expect(canonicalOf(html)).toBe('/businesses?page=3');
  });
});

describe('/categories', () => {
  it('shows totals equal to the record and the first 12 categories', async () => {
    const categories = count('SELECT count(DISTINCT category) AS n FROM businesses');
    const businesses = count('SELECT count(*) AS n FROM businesses');
    expect(categories).toBe(13);
    const { status, html, text } = await page('/categories');
    expect(status).toBe(200);
    expect(text).toContain('Business Categories');
    expect(text).toContain(`Total categories ${categories}`);
    expect(text).toContain(`Total businesses ${businesses}`);
    expect(text).toContain(`Average per category ${Math.round(businesses / categories)}`);
    expect(text).toContain('Showing 1 to 12 of 13 categories');
    expect(text).toContain('Plumber 14 businesses');
    expect(text).toContain('29.8% of all businesses'); // 14 of 47
    expect(html).toContain('href="/categories/plumber"');
    expect(html).toContain('href="/categories?page=2"');
    expect(titleOf(html)).toBe('Business Categories - 13 categories | Business Directory');
  });

  it("shows each category's real average rating", async () => {
    const api = (await (await app.get('/api/categories')).json()) as CategoryEntry[];
    const dentist = api.find((c) => c.category === 'Dentist')!;
    expect(dentist.averageRating).toBe(3.5);
    const { text } = await page('/categories');
    expect(text).toMatch(/Dentist 3 businesses · 1 country .*?3\.5 average rating/);
    expect(text).toContain('No ratings yet');
  });

  it('serves page 2 with the 13th category', async () => {
    const api = (await (await app.get('/api/categories')).json()) as CategoryEntry[];
    const { text, html } = await page('/categories?page=2');
    expect(text).toContain('Showing 13 of 13 categories');
    expect(text).toContain(api[12]!.category);
    expect(text).not.toContain(`${api[0]!.category} ${api[0]!.count} businesses`);
    expect(canonicalOf(html)).toBe('/categories?page=2');
  });

  it('filters by letter', async () => {
    const { text, html } = await page('/categories?letter=P');
    expect(text).toContain('Keywords beginning with P');
    expect(text).toContain('Showing 1 to 3 of 3 categories');
    for (const name of ['Plumber', 'Pizza restaurant', 'Pharmacy']) expect(text).toContain(name);
    expect(text).not.toContain('Bakery');
    expect(html).toMatch(/aria-current="page" href="\/categories\?letter=P"/);
    expect(titleOf(html)).toBe('Keywords beginning with P - 3 categories | Business Directory');
    expect(html).not.toContain('<meta name="robots"');
  });

  it('keeps a letter no category begins with out of search engines: noindex, as the letter strip links it', async () => {
    const { status, text, html } = await page('/categories?letter=Q');
    expect(status).toBe(200);
    expect(text).toContain('No categories found');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('filters by text in any case', async () => {
    const { text, html } = await page('/categories?q=PLU');
    expect(text).toContain('Showing 1 of 1 category');
    expect(text).toContain('Plumber');
    expect(text).not.toContain('Pizza restaurant');
    expect(html).toMatch(/<input[^>]*value="PLU"/);
  });

  it('says so when nothing matches', async () => {
    const { text } = await page('/categories?q=astronaut');
    expect(text).toContain('No categories found');
  });

  it('shows the list view with the toggle pressed', async () => {
    const { html } = await page('/categories?view=list');
    expect(html).toContain('class="card-grid is-list"');
    expect(html).toMatch(/aria-pressed="true"[^>]*>.*?List<\/button>/);
  });

  it('sends a one-letter category address to the letter filter with a 301', async () => {
    const response = await app.get('/categories/a');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/categories?letter=A');
  });
});

describe('/categories/{slug}', () => {
  it('shows the counts, the top countries and 12 business cards', async () => {
    const { status, html, text } = await page('/categories/plumber');
    expect(status).toBe(200);
    expect(text).toContain('Home Categories Plumber');
    expect(text).toContain('14 businesses in 1 country');
    expect(text).toContain('Showing 1 - 12 of 14 businesses');
    expect(text).toContain('Lyon Plumber 01');
    expect(text).not.toContain('Lyon Plumber 13');
    expect(html).toMatch(/<a[^>]*href="\/countries\/france"[^>]*><span>France<\/span><span class="count">14<\/span>/);
    expect(html.match(/class="card business-card"/g)).toHaveLength(12);
    expect(html).toContain('href="/categories/plumber?page=2"');
    expect(titleOf(html)).toBe('Plumber in all countries - 14 businesses | Business Directory');
    const breadcrumb = jsonLdOf(html).find((object) => object['@type'] === 'BreadcrumbList');
    // Absolute URLs on the page's own origin, as its canonical link.
    expect(breadcrumb?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${app.url}/` },
      { '@type': 'ListItem', position: 2, name: 'Categories', item: `${app.url}/categories` },
      { '@type': 'ListItem', position: 3, name: 'Plumber', item: `${app.url}/categories/plumber` },
    ]);
    const list = jsonLdOf(html).find((object) => object['@type'] === 'ItemList') as { itemListElement: { position: number; url: string }[] };
    expect(list.itemListElement[0]).toMatchObject({ position: 1, url: `${app.url}/business/${slugOf('Lyon Plumber 01')}` });
  });

  it('serves page 2', async () => {
    const { text, html } = await page('/categories/plumber?page=2');
    expect(text).toContain('Showing 13 - 14 of 14 businesses');
    expect(text).toContain('Lyon Plumber 14');
    expect(canonicalOf(html)).toBe('/categories/plumber?page=2');
  });

  it('answers 404 with Category not found and a way back for an unknown category', async () => {
    const { status, text, html } = await page('/categories/astronaut');
    expect(status).toBe(404);
    expect(text).toContain('Category not found');
    expect(text).not.toContain('Page Not Found');
    expect(html).toMatch(/<a class="button" href="\/categories"[^>]*>.*Back to categories<\/a>/);
    expect(titleOf(html)).toBe('Category not found | Business Directory');
  });

  it('shows the last page for a page past the end, as the other lists do', async () => {
    const { status, text, html } = await page('/categories/plumber?page=99');
    expect(status).toBe(200);
    expect(text).toContain('Showing 13 - 14 of 14 businesses');
    expect(text).toContain('Lyon Plumber 14');
    expect(text).not.toContain('No businesses found');
    expect(canonicalOf(html)).toBe('/categories/plumber?page=2');
  });
});

describe('/countries', () => {
  it('shows the totals of the record and a card per country', async () => {
    const cities = count("SELECT count(*) AS n FROM (SELECT DISTINCT country_code, city FROM businesses)");
    const { status, html, text } = await page('/countries');
    expect(status).toBe(200);
    expect(text).toContain('Countries 3');
    expect(text).toContain('Total businesses 47');
    expect(text).toContain(`Cities ${cities}`);
    expect(text).toContain('Showing 1 to 3 of 3 countries');
    expect(text).toMatch(/United States US Businesses 21 Cities 21 Categories 2 44\.7% market share/);
    expect(html).toContain('href="/countries/united-states"');
  });

  it('filters by text', async () => {
    const { text } = await page('/countries?q=germ');
    expect(text).toContain('Showing 1 of 1 country');
    expect(text).not.toContain('United States');
  });
});

describe('/countries/{slug}', () => {
  it("shows the country's counts, its top 20 cities and 'View All 21 Cities'", async () => {
    const { status, html, text } = await page('/countries/united-states');
    expect(status).toBe(200);
    expect(text).toContain('Home Countries United States');
    expect(text).toContain('21 businesses in 21 cities and 2 categories');
    expect(html.match(/href="\/cities\/us\/town-\d\d"/g)).toHaveLength(20);
    expect(text).toContain('View All 21 Cities');
    expect(html).toContain('href="/countries/united-states/cities"');
    expect(html).toContain('href="/categories/bakery"');
    expect(titleOf(html)).toBe('Businesses in United States - 21 businesses | Business Directory');
  });

  it("offers no 'View All' link with 20 cities or fewer", async () => {
    const { text } = await page('/countries/france');
    expect(text).toContain('23 businesses in 2 cities');
    expect(text).not.toContain('View All');
  });

  it('moves a country code address to the slug with a 301', async () => {
    const response = await app.get('/countries/us');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/countries/united-states');
  });

  it('answers 404 with Country not found and a way back for an unknown country', async () => {
    const { status, text, html } = await page('/countries/atlantis');
    expect(status).toBe(404);
    expect(text).toContain('Country not found');
    expect(html).toMatch(/<a class="button" href="\/countries"[^>]*>.*Back to countries<\/a>/);
    expect((await page('/countries/atlantis/cities')).text).toContain('Country not found');
  });
});

describe('/countries/{slug}/cities', () => {
  it('lists every city of the country, 12 a page', async () => {
    const first = await page('/countries/united-states/cities');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Home Countries United States Cities');
    expect(first.text).toContain('Showing 1 to 12 of 21 cities');
    const second = await page('/countries/united-states/cities?page=2');
    expect(second.text).toContain('Showing 13 to 21 of 21 cities');
    expect(second.html).toMatch(/aria-current="page"[^>]*>2<\/a>/);
    expect(canonicalOf(second.html)).toBe('/countries/united-states/cities?page=2');
  });

  it('filters the cities by name', async () => {
    const { text } = await page('/countries/united-states/cities?q=town%202');
    expect(text).toContain('Showing 1 to 2 of 2 cities');
    expect(text).toContain('Town 20');
    expect(text).toContain('Town 21');
  });
});

describe('/cities', () => {
  it('shows the tiles and the cities', async () => {
    const { status, text, html } = await page('/cities');
    expect(status).toBe(200);
    expect(text).toContain('Cities Directory');
    expect(text).toContain('Cities 24 Total Businesses 47 Avg per City 2');
    expect(text).toContain('Showing 1 to 12 of 24 cities');
    expect(text).toMatch(/Lyon FR France Businesses 14 Categories 1 Market share 29\.8%/);
    expect(html).toContain('href="/cities/fr/lyon"');
    expect(html.match(/Browse by Letter/g)).toHaveLength(2);
  });

  it('filters by letter', async () => {
    const { text, html } = await page('/cities/B');
    expect(text).toContain('Cities beginning with B');
    expect(text).toContain('Showing 1 of 1 city');
    expect(text).toContain('Berlin');
    expect(html).toContain('href="/cities/de/berlin"');
    expect(html).not.toContain('<meta name="robots"');
  });

  it('keeps a letter no city begins with out of search engines: noindex', async () => {
    const { status, text, html } = await page('/cities/Q');
    expect(status).toBe(200);
    expect(text).toContain('Cities beginning with Q');
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('filters by city or country code', async () => {
    expect((await page('/cities?q=de')).text).toContain('Showing 1 of 1 city');
    expect((await page('/cities?q=PAR')).text).toContain('Showing 1 of 1 city');
  });

  it('answers 404 for a path under /cities that is not a letter', async () => {
    for (const path of ['/cities/xyz', '/cities/1']) expect((await page(path)).status).toBe(404);
  });
});

describe('/cities/{countryCode}/{citySlug}', () => {
  it('shows the breadcrumb, counts, top categories and business cards', async () => {
    const { status, text, html } = await page('/cities/fr/lyon');
    expect(status).toBe(200);
    expect(text).toContain('Home Cities France Lyon');
    expect(text).toContain('Businesses in Lyon');
    expect(text).toContain('14 businesses in 1 category');
    expect(text).toContain('Showing 1 - 12 of 14 businesses');
    expect(html).toMatch(/href="\/categories\/plumber"[^>]*><span>Plumber<\/span><span class="count">14<\/span>/);
    expect(html.match(/class="card business-card"/g)).toHaveLength(12);
    expect(titleOf(html)).toBe('Businesses in Lyon, France - 14 businesses | Business Directory');
    const breadcrumb = jsonLdOf(html).find((object) => object['@type'] === 'BreadcrumbList') as { itemListElement: { item: string }[] };
    expect(breadcrumb.itemListElement).toHaveLength(4);
    // The country step links its canonical page (the code's address answers 301).
    expect(breadcrumb.itemListElement[2]!.item).toBe(`${app.url}/countries/france`);
    expect(html).toMatch(/<nav class="breadcrumbs"[^>]*>.*?href="\/countries\/france"/);
    expect((await app.get('/countries/france')).status).toBe(200);
  });

  it('answers 404 with City not found and a way back for an unknown city', async () => {
    const { status, text, html } = await page('/cities/fr/atlantis');
    expect(status).toBe(404);
    expect(text).toContain('City not found');
    expect(html).toMatch(/<a class="button" href="\/cities"[^>]*>.*Back to cities<\/a>/);
  });

  it('shows the last page for a page past the end', async () => {
    const { status, text, html } = await page('/cities/fr/lyon?page=99');
    expect(status).toBe(200);
    expect(text).toContain('Showing 13 - 14 of 14 businesses');
    expect(canonicalOf(html)).toBe('/cities/fr/lyon?page=2');
  });
});

/** The reads a page embeds for the browser's cache, parsed from its `<script type="application/json">`. */
function renderedReadsOf(html: string): RenderedReads | null {
  const match = /<script type="application\/json" id="api-reads"[^>]*>(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as RenderedReads) : null;
}

describe('the reads a page hands to the browser', () => {
  it.each(['/', '/businesses?page=2', '/categories', '/categories/plumber?page=2', '/countries', '/countries/germany', '/cities', '/cities/fr/lyon', 'the business page'])(
    '%s: each embedded read is what the API answers at its path',
    async (name) => {
      const slug = slugOfName(app.deps.record, 'Lyon Plumber 01');
      const path = name === 'the business page' ? `/business/${slug}` : name;
      // Rendered anew, not kept from an earlier test: a kept page's reads carry the time of its first render.
      app.deps.admin.caches.clearAll();
      const before = Date.now();
      const { status, html } = await page(path);
      expect(status).toBe(200);
      const rendered = renderedReadsOf(html);
      expect(rendered).not.toBeNull();
      expect(rendered!.readAt).toBeGreaterThanOrEqual(before);
      expect(rendered!.reads.length).toBeGreaterThan(0);
      for (const [apiPath, answer] of rendered!.reads) {
        const api = await app.get(apiPath);
        expect(api.status, apiPath).toBe(200);
        // The business read is cached as the lookup's result, the others (its nearby businesses too) as the body itself.
        const body: unknown = await api.json();
        expect(answer, apiPath).toEqual(/^\/api\/businesses\/[^/]+$/.test(apiPath) ? { kind: 'found', business: body } : body);
      }
    },
  );

  it('puts the element after the app root, so hydration sees only the rendered page', async () => {
    const { html } = await page('/categories/plumber');
    expect(html.indexOf('id="api-reads"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.slice(html.indexOf('<div id="root">'), html.indexOf('id="api-reads"'))).toContain('</div>');
    expect(renderedReadsOf(html)!.reads.map(([apiPath]) => apiPath)).toContain('/api/categories/plumber?page=1&limit=12');
  });
});

describe('the footer', () => {
  it("says the year of the server's clock in its copyright line, not a year written into the code", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-03-04T12:00:00Z'));
      // A page no other test asks for, so no kept copy answers.
      expect(visibleText(await (await app.get('/categories?letter=Z')).text())).toContain('© 2031 Business Directory. All rights reserved.');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('business cards', () => {
  it('say "No rating yet" for a business without a rating, not a 0.0 that reads as the worst one', async () => {
    const { text } = await page('/categories/museum');
    expect(text).toContain('Paris Museum');
    expect(text).toContain('No rating yet');
    expect(text).not.toContain('0.0');
    // A rated card keeps its figure and count.
    const rated = await page('/categories/dentist');
    expect(rated.text).toMatch(/Berlin Dentist 1 .*3\.0 \(\d+ reviews?\)/);
  });
});

describe('meta descriptions of later pages', () => {
  const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

  // Every list of the fixture with more than one page, and how many pages it has.
  it.each([
    ['/businesses', 3],
    ['/categories', 2],
    ['/categories/plumber', 2],
    ['/cities', 2],
    ['/cities/fr/lyon', 2],
    ['/countries/united-states/cities', 2],
  ])('%s: page 2 says which page it is, page 1 does not', async (path, pages) => {
    const first = descriptionOf((await page(path)).html)!;
    const second = descriptionOf((await page(`${path}?page=2`)).html)!;
    expect(first).not.toMatch(/^Page \d/);
    expect(second).toMatch(new RegExp(`^Page 2 of ${pages}: \\S`));
    expect(second).not.toBe(first);
    // The rest is the list's own description (the examples a page names are its own items).
    expect(second.slice(second.indexOf(': ') + 2).split(' ').slice(0, 3)).toEqual(first.split(' ').slice(0, 3));
  });
});
