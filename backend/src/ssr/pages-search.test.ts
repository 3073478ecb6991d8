/**
 * The /search page as the server sends it: a browser without JavaScript (or a crawler) gets the
 * results, facets and pager of the URL in the HTML, and the browser gets the same results in the
 * hydration data so it does not search again on first paint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let app: TestApp;

const PARIS = { city: 'Paris', postalCode: '75002', latitude: 48.8566, longitude: 2.3522, fullAddress: '2 Rue du Sentier, Paris, France' };

beforeAll(async () => {
  app = await startTestApp(
    [
      buildBusiness({ name: 'Plomberie Lumière', category: 'Plumber', type: 'Plumber', rating: 4.8, reviews: 120 }),
      buildBusiness({ name: 'Lyon Plumbing Express', category: 'Plumber', type: 'Plumber', rating: 4.1, reviews: 40 }),
      buildBusiness({ name: 'Rhône Drain Masters', category: 'Plumbing supply store', type: 'Plumbing supply store', rating: 3.9, reviews: 12 }),
      buildBusiness({ name: 'Paris Plumbing Co', category: 'Plumber', type: 'Plumber', ...PARIS }),
      buildBusiness({ name: 'Boulangerie du Parc', category: 'Bakery', type: 'Bakery', rating: 4.6 }),
      buildBusiness({ name: 'Brasserie <script>alert(1)</script> Plumb', category: 'Restaurant', type: 'Restaurant', rating: 4.2 }),
      ...Array.from({ length: 45 }, (_, index) => buildBusiness({ name: `Lyon Locksmith ${index + 1}`, category: 'Locksmith', type: 'Locksmith' })),
      buildBusiness({ name: 'Étude Notariale Bellecour', category: 'Notary', type: 'Notary' }),
      buildBusiness({ name: 'Étude Notariale Sans Adresse', category: 'Notary', type: 'Notary', latitude: null, longitude: null }),
      // Two real Springfields, filed under one city (US:springfield): Missouri's and Oregon's.
      ...(
        [
          ['Ozark Fuel', 37.209, -93.2923],
          ['Springfield Petrol', 44.0943, -122.9735],
        ] as const
      ).map(([name, latitude, longitude]) =>
        buildBusiness({ name, category: 'Gas station', type: 'Gas station', city: 'Springfield', country: 'United States', countryCode: 'US', postalCode: '00000', latitude, longitude, timeZone: 'America/Chicago' }),
      ),
    ],
    { withPages: true },
  );
});

afterAll(() => app.close());

async function page(path: string): Promise<string> {
  const response = await app.get(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The visible text of an HTML fragment, as a visitor reads it. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

/** The app's HTML without the hydration data script. */
const body = (html: string) => html.slice(html.indexOf('<div id="root">')).replace(/<script[\s\S]*?<\/script>/g, '');

/** "Name count" pairs of one facet list of the page, in order. */
function facetValues(html: string, title: string): { label: string; count: number }[] {
  const list = new RegExp(`<ul class="filter-list" aria-label="${title}">([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<span class="filter-label">([\s\S]*?)<\/span><span class="filter-count">([\d,]+)<\/span>/g)].map((match) => ({
    label: text(match[1]!).trim(),
    count: Number(match[2]!.replace(/,/g, '')),
  }));
}

const sqlCount = (where: string, ...params: unknown[]) =>
  app.deps.record.prepare(`SELECT count(*) FROM businesses WHERE ${where}`).pluck().get(...params) as number;

describe('GET /search', () => {
  it('shows the businesses that match what and where, and not the others', async () => {
    const html = body(await page('/search?q=plumb&location=lyon'));
    const visible = text(html);
    for (const name of ['Plomberie Lumière', 'Lyon Plumbing Express', 'Rhône Drain Masters']) expect(visible).toContain(name);
    expect(visible).not.toContain('Paris Plumbing Co');
    expect(visible).not.toContain('Boulangerie du Parc');
    expect(visible).toMatch(/\d+ businesses for “plumb” in lyon/);
  });

  it('has one heading saying what the search is for', async () => {
    const headings = async (path: string) => [...body(await page(path)).matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!));
    // Words that name a category (singular or plural) make its plural; other words are quoted.
    expect(await headings('/search?q=plumbers&location=lyon')).toEqual(['Plumbers in Lyon']);
    expect(await headings('/search?q=Plumber&location=Lyon')).toEqual(['Plumbers in Lyon']);
    expect(await headings('/search?q=plumb&location=lyon')).toEqual(['Results for “plumb” in Lyon']);
    expect(await headings('/search?q=bakery')).toEqual(['Bakeries']);
    expect(await headings('/search?q=%3Cb%3Eplumb%3C%2Fb%3E')).toEqual(['Results for “<b>plumb</b>”']);
    // A category filter without words, a place alone, nothing yet.
    expect(await headings('/search?category=locksmith&location=lyon')).toEqual(['Locksmiths in Lyon']);
    expect(await headings('/search?location=paris')).toEqual(['Businesses in Paris']);
    expect(await headings('/search')).toEqual(['Find a business']);
  });

  /** The page's heading, title and description, as a visitor and a search engine read them. */
  async function headOf(path: string): Promise<{ heading: string[]; title: string | undefined; description: string | undefined }> {
    const html = await page(path);
    return {
      heading: [...body(html).matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!)),
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    };
  }

  it.each([
    // Grenoble has no business, Lyon's lie 95 km away; Sydney and Iceland have none within 250 km.
    ['/search?q=plumb&location=Grenoble', 'Results for “plumb” near Grenoble', 'Search: plumb near Grenoble', 'Businesses matching “plumb” near Grenoble:'],
    ['/search?location=Grenoble', 'Businesses near Grenoble', 'Search: businesses near Grenoble', 'Businesses near Grenoble:'],
    ['/search?q=plumber&location=Sydney', 'Results for “plumber” near Sydney', 'Search: plumber near Sydney', 'Businesses matching “plumber” near Sydney:'],
    ['/search?location=Iceland', 'Businesses near Iceland', 'Search: businesses near Iceland', 'Businesses near Iceland:'],
    // A place that holds businesses: in it, even when the words found none there.
    ['/search?q=plumb&location=lyon', 'Results for “plumb” in Lyon', 'Search: plumb in lyon', 'Businesses matching “plumb” in lyon:'],
    ['/search?q=zzzyxq&location=lyon', 'Results for “zzzyxq” in Lyon', 'Search: zzzyxq in lyon', 'Businesses matching “zzzyxq” in lyon:'],
  ])('heads %s with where its results lie', async (path, heading, title, description) => {
    const head = await headOf(path);
    expect(head.heading).toEqual([heading]);
    expect(head.title).toBe(`${title} | Business Directory`);
    expect(head.description).toMatch(new RegExp(`^${description}`));
  });

  it.each([
    ['/search?q=plumb&location=lyon', true],
    ['/search?q=plumb&location=Grenoble', true],
    ['/search?q=zzzyxq&location=lyon', false],
    ['/search?q=plumber&location=Sydney', false],
    ['/search?location=Iceland', false],
  ])('offers to sort %s only when it found something: %s', async (path, hasResults) => {
    const html = body(await page(path));
    const visible = text(html);
    expect(html.includes('name="sort"'), 'the sort box').toBe(hasResults);
    expect(visible.includes('Sort by'), 'its label').toBe(hasResults);
    expect(visible.includes('Near me'), 'Near me').toBe(hasResults);
    // The empty state keeps its ways to widen the search.
    if (!hasResults) expect(html).toMatch(/<a class="button button-secondary" href="\/search[^"]*">(Search everywhere|Show all businesses)/);
  });

  it('prefills the what and where boxes from the URL the site forms send', async () => {
    const html = body(await page('/search?q=plumb&location=lyon'));
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="plumb"/);
    expect(html).toMatch(/<input[^>]*name="location"[^>]*value="lyon"/);
  });

  it('marks the words that matched, with business text escaped', async () => {
    const html = body(await page('/search?q=plumb&location=lyon'));
    expect(html).toMatch(/<mark class="ais-Highlight-highlighted">Plumb<\/mark>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('lists category, country and city facets with the counts of the record for that search', async () => {
    const html = body(await page('/search?q=plumb&location=lyon'));
    const categories = facetValues(html, 'Category');
    expect(categories).toContainEqual({ label: 'Plumber', count: sqlCount("city = 'Lyon' AND category = 'Plumber'") });
    expect(categories).toContainEqual({ label: 'Plumbing supply store', count: sqlCount("city = 'Lyon' AND category = 'Plumbing supply store'") });
    expect(categories.map((value) => value.label)).not.toContain('Bakery');
    expect(facetValues(html, 'Country')).toEqual([{ label: 'France', count: sqlCount("city = 'Lyon' AND (name LIKE '%plumb%' OR category LIKE '%plumb%')") }]);
    expect(facetValues(html, 'City')).toEqual([{ label: 'Lyon', count: sqlCount("city = 'Lyon' AND (name LIKE '%plumb%' OR category LIKE '%plumb%')") }]);
  });

  it('applies the filters of the URL, with links that work without JavaScript', async () => {
    const html = body(await page('/search?q=plumb&category=plumber&minRating=4.5'));
    const visible = text(html);
    expect(visible).toContain('Plomberie Lumière');
    expect(visible).not.toContain('Lyon Plumbing Express');
    expect(html).toMatch(/<a href="\/search\?q=plumb&amp;minRating=4.5" role="checkbox" aria-checked="true"[^>]*>[\s\S]*?Plumber/);
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*>[\s\S]*?4.5\+/);
  });

  it('pages through many results with real links', async () => {
    // The server renders one app per process: pages of another test app would use this one's data.
    const html = body(await page('/search?q=locksmith'));
    expect(html).toContain('aria-label="Search result pages"');
    expect(html).toMatch(/<a href="\/search\?q=locksmith&amp;page=2"[^>]*aria-label="Page 2"/);
    expect(html).toMatch(/<a href="\/search\?q=locksmith&amp;page=3"[^>]*aria-label="Page 3"/);
    const third = text(body(await page('/search?q=locksmith&page=3')));
    expect(third).toContain('45 businesses');
    expect(third.match(/Lyon Locksmith \d+/g)).toHaveLength(5);
  });

  it('says the map holds only the results of this page that have a location, under the total', async () => {
    const first = text(body(await page('/search?q=locksmith')));
    expect(first).toContain('45 businesses');
    expect(first).toContain('Map of the 20 results on this page');
    expect(text(body(await page('/search?q=locksmith&page=3')))).toContain('Map of the 5 results on this page');
    expect(text(body(await page('/search?q=notary')))).toContain('Map of the 1 result that has a location');
  });

  it.each([
    ['/search?q=locksmith&page=4', '/search?q=locksmith&page=3'],
    ['/search?q=locksmith&page=99999', '/search?q=locksmith&page=3'],
    ['/search?q=locksmith&location=Lyon&sort=rating&page=7', '/search?q=locksmith&location=Lyon&sort=rating&page=3'],
    ['/search?q=zzzyxq&page=2', '/search?q=zzzyxq'],
  ])('sends a page past the end (%s) to the last page', async (path, last) => {
    const response = await app.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(last);
  });

  it('explains an empty result and offers to widen the search', async () => {
    const html = body(await page('/search?q=zzzyxq&location=lyon&openNow=true'));
    const visible = text(html);
    expect(visible).toContain('No businesses match your search');
    expect(visible).toContain('Nothing found for “zzzyxq” in lyon with these filters');
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?q=zzzyxq&amp;location=lyon">Remove all filters<\/a>/);
    expect(visible).toContain('Search everywhere, not only in lyon');
  });

  it('names the corrected place in an empty result, as the summary does', async () => {
    const html = body(await page('/search?q=zzzyxq&location=Lyonn'));
    const visible = text(html);
    expect(visible).toContain('Showing results for Lyon (you typed “Lyonn”)');
    expect(visible).toContain('Nothing found for “zzzyxq” in Lyon.');
    expect(visible).toContain('Search everywhere, not only in Lyon');
    expect(visible).toContain('Show all businesses in Lyon');
    expect(visible).not.toContain('in Lyonn');
  });

  it('says when it knows no place of that name, and offers the nearest it knows', async () => {
    const html = body(await page('/search?q=plumber&location=Parixx'));
    const visible = text(html);
    expect(visible).toContain('No place called “Parixx”');
    expect(visible).toContain('Did you mean one of these places?');
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?q=plumber&amp;location=Paris(%2C|,)(\+|%20)France">Paris, France<\/a>/);
    // The heading and the count do not place the results in a place that does not exist.
    expect(html).toContain('<h1 class="search-heading">Results for “plumber”</h1>');
    expect(visible).toContain('0 businesses for “plumber”');
    expect(visible).not.toContain('in Parixx');
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?q=plumber">Search everywhere for “plumber”<\/a>/);
  });

  it('offers the real city when the area written with it holds none of its namesakes', async () => {
    const html = body(await page('/search?location=Grenoble%2C%20Texas'));
    const visible = text(html);
    expect(visible).toContain('No place called “Grenoble, Texas”');
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?location=Grenoble(%2C|,)(\+|%20)France">Grenoble, France<\/a>/);
    expect(html).toContain('<h1 class="search-heading">Find a business</h1>');
    expect(visible).not.toMatch(/(Businesses|businesses) in Grenoble/);
  });

  it('reads the start of one place\'s name as that place, says so, and keeps the results there', async () => {
    const html = body(await page('/search?q=plumber&location=Pari'));
    const visible = text(html);
    expect(visible).toContain('Showing results for Paris (you typed “Pari”)');
    expect(visible).toContain('1 business for “plumber” in Paris');
    expect(visible).toContain('Paris Plumbing Co');
    expect(visible).not.toContain('Plomberie Lumière');
  });

  it('shows the businesses around a real place that has none, nearest first, saying so', async () => {
    // Grenoble has no business here; Lyon, 95 km away, has; Paris, 480 km away, is too far.
    const html = body(await page('/search?q=plumb&location=Grenoble'));
    const visible = text(html);
    expect(visible).toContain('No businesses in Grenoble, France; showing the nearest.');
    const found = Number(/(\d+) businesses for “plumb” within 250 km of Grenoble, France/.exec(visible)?.[1]);
    expect(found).toBe(sqlCount("(name LIKE '%plumb%' OR category LIKE '%plumb%') AND city = 'Lyon'"));
    for (const name of ['Plomberie Lumière', 'Lyon Plumbing Express', 'Rhône Drain Masters']) expect(visible).toContain(name);
    expect(visible).not.toContain('Paris Plumbing Co');
    expect(visible).not.toContain('No place called');
    // Every card says how far it is: Lyon's businesses lie about 95 km away.
    const distances = [...visible.matchAll(/(\d+) km away/g)].map((match) => Number(match[1]));
    expect(distances).toHaveLength(found);
    for (const km of distances) expect(km).toBeGreaterThan(80);
    for (const km of distances) expect(km).toBeLessThan(110);
    // The sort box says the order the results are in (the default sort, by distance from the place).
    expect(html).toMatch(/<option value="relevance"[^>]*>Nearest first<\/option>/);
    expect(text(body(await page('/search?q=plumber&location=Paris')))).not.toContain('Nearest first');
  });

  it.each([
    ['a place', 'Sydney', 'No businesses near Sydney, Australia yet', 'The directory has no businesses in Sydney, Australia yet, nor within 250 km of it.'],
    ['a country, nor around its main city', 'Iceland', 'No businesses in Iceland yet', 'The directory has no businesses in Iceland yet, nor within 250 km of Reykjavík, Iceland.'],
  ])('says plainly when the directory has no business in %s, and offers only to search everywhere', async (_, location, title, sentence) => {
    const html = body(await page(`/search?q=plumber&location=${location}`));
    const visible = text(html);
    expect(visible).toContain(title);
    expect(visible).toContain(sentence);
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?q=plumber">Search everywhere for “plumber”<\/a>/);
    // Every other way out would lead to another empty page.
    expect(visible).not.toContain('Show all businesses');
    expect(visible).not.toContain('Check the spelling');
    expect(visible).not.toContain('No place called');
  });

  it('offers all businesses around a place when the words found none of them', async () => {
    const html = body(await page('/search?q=zzzyxq&location=Grenoble'));
    const visible = text(html);
    expect(visible).toContain('Nothing found for “zzzyxq” in Grenoble, France or within 250 km of it.');
    expect(html).toMatch(/<a class="button button-secondary" href="\/search\?location=Grenoble">Show all businesses near Grenoble, France<\/a>/);
  });

  it('looks around a real place typed with a typo, and says which place it searched', async () => {
    const visible = text(body(await page('/search?q=plumb&location=Grenoblle')));
    expect(visible).toContain('Showing results for Grenoble, France (you typed “Grenoblle”).');
    expect(visible).toContain('No businesses in Grenoble, France; showing the nearest.');
    const found = Number(/(\d+) businesses for “plumb” within 250 km of Grenoble, France/.exec(visible)?.[1]);
    expect(found).toBe(sqlCount("(name LIKE '%plumb%' OR category LIKE '%plumb%') AND city = 'Lyon'"));
    expect(visible).not.toContain('No place called');
  });

  it('says which part of the where box it could not apply, and names the place it searched instead', async () => {
    const headings = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!));
    const vermont = body(await page('/search?location=Springfield%2C%20Vermont'));
    const visible = text(vermont);
    expect(visible).toContain('No Springfield found in Vermont; showing every Springfield. 2 businesses in Springfield, United States');
    for (const name of ['Ozark Fuel', 'Springfield Petrol']) expect(visible).toContain(name);
    expect(headings(vermont)).toEqual(['Businesses in Springfield, United States']);
    const narnia = text(body(await page('/search?q=fuel&location=Springfield%2C%20Narnia')));
    expect(narnia).toContain('No place called “Narnia”; showing results for Springfield. 1 business for “fuel” in Springfield, United States');
    // An empty result names the place searched, and offers it whole.
    const empty = body(await page('/search?q=zzzyxq&location=Springfield%2C%20Vermont'));
    expect(text(empty)).toContain('Nothing found for “zzzyxq” in Springfield, United States.');
    expect(empty).toMatch(/<a class="button button-secondary" href="\/search\?location=Springfield(%2C|,)(\+|%20)United(\+|%20)States">Show all businesses in Springfield, United States<\/a>/);
    // A region that holds one of the Springfields, a city with its country: nothing to say.
    for (const location of ['Springfield%2C%20MO', 'Paris%2C%20France']) {
      const applied = text(body(await page(`/search?location=${location}`)));
      expect(applied, location).not.toMatch(/No \S+ found in|No place called/);
    }
    expect(text(body(await page('/search?location=Springfield%2C%20MO')))).toContain('1 business in Springfield, Missouri, United States');
  });

  it('says both what it left out and that it looked around a real city without businesses', async () => {
    const headings = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1]!));
    // Grenoble has no business here (Lyon's plumbers lie 95 km away); Narnia is no place.
    const narnia = body(await page('/search?q=plumb&location=Grenoble%2C%20Narnia'));
    const plumbers = sqlCount("(name LIKE '%plumb%' OR category LIKE '%plumb%') AND city = 'Lyon'");
    expect(text(narnia)).toContain(
      `No place called “Narnia”. No businesses in Grenoble, France; showing the nearest. ${plumbers} businesses for “plumb” within 250 km of Grenoble, France`,
    );
    expect(headings(narnia)).toEqual(['Results for “plumb” near Grenoble, France']);
    // Eugene has none either, and Vermont holds no Eugene: the one of Oregon, beside its Springfield.
    const vermont = body(await page('/search?location=Eugene%2C%20Vermont'));
    expect(text(vermont)).toContain('No Eugene found in Vermont. No businesses in Eugene, United States; showing the nearest. 1 business within 250 km of Eugene, United States');
    expect(text(vermont)).toContain('Springfield Petrol');
    expect(headings(vermont)).toEqual(['Businesses near Eugene, United States']);
    // Around a place written alone, only the note on the place.
    expect(text(body(await page('/search?q=plumb&location=Grenoble')))).not.toMatch(/No \S+ found in|No place called/);
  });

  it('answers a start several places share with "No place called", never with results from everywhere', async () => {
    // Paris, and Paraguay (a country without businesses here).
    const response = await app.get('/api/search?q=plumber&location=Par');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { totalCount: number; unknownPlace?: { text: string; suggestions: string[] } };
    expect(answer).toMatchObject({ totalCount: 0, unknownPlace: { text: 'Par', suggestions: ['Paris, France'] } });
    const visible = text(body(await page('/search?q=plumber&location=Par')));
    expect(visible).toContain('No place called “Par”');
    expect(visible).not.toContain('Plomberie Lumière');
  });

  /** The page's canonical URL's path and query, and whether it says noindex. */
  async function robots(path: string): Promise<{ canonical: string | undefined; isNoIndex: boolean }> {
    const html = await page(path);
    const canonical = /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    return { canonical, isNoIndex: html.includes('<meta name="robots" content="noindex"') };
  }

  it('is titled after the search and may be indexed when it is a what and where that found businesses', async () => {
    const html = await page('/search?q=plumb&location=lyon');
    expect(html).toContain('<title>Search: plumb in lyon | Business Directory</title>');
    expect(await robots('/search?q=plumb&location=lyon')).toEqual({ canonical: '/search?q=plumb&location=lyon', isNoIndex: false });
    expect(await robots('/search?q=plumb')).toEqual({ canonical: '/search?q=plumb', isNoIndex: false });
    // A parameter the page does not know (a campaign tag) is left out of the canonical URL.
    expect(await robots('/search?location=lyon&q=plumb&utm_source=mail')).toEqual({ canonical: '/search?q=plumb&location=lyon', isNoIndex: false });
  });

  it("keeps a search's variations and empty results out of search engines, pointing at the search itself", async () => {
    const base = '/search?q=lyon+locksmith&location=lyon';
    expect(await robots(base)).toEqual({ canonical: base, isNoIndex: false });
    for (const variation of ['&page=2', '&category=locksmith', '&sort=rating', '&minRating=4', '&openNow=true']) {
      expect(await robots(base + variation), variation).toEqual({ canonical: base, isNoIndex: true });
    }
    expect(await robots('/search?q=zzzyxq&location=lyon')).toEqual({ canonical: '/search?q=zzzyxq&location=lyon', isNoIndex: true });
    expect(await robots('/search?location=lyon')).toEqual({ canonical: '/search?location=lyon', isNoIndex: true });
    // "plumb in Grenoble" showing Lyon's plumbers is no page of its own (nor would it be for every city on Earth).
    expect(await robots('/search?q=plumb&location=Grenoble')).toEqual({ canonical: '/search?q=plumb&location=Grenoble', isNoIndex: true });
    // So is a misspelt place, and a country without businesses.
    expect(await robots('/search?q=plumb&location=Grenoblle')).toEqual({ canonical: '/search?q=plumb&location=Grenoblle', isNoIndex: true });
    expect(await robots('/search?location=Iceland')).toEqual({ canonical: '/search?location=Iceland', isNoIndex: true });
    expect(await robots('/search')).toEqual({ canonical: '/search', isNoIndex: true });
    // "fuel in Springfield, Vermont" showing every Springfield's is no page of its own (nor is any text written after a city),
    // nor is "plumb in Grenoble, Narnia"; "fuel in Springfield, MO", Missouri's, is.
    for (const path of ['/search?q=fuel&location=Springfield%2C+Vermont', '/search?q=fuel&location=Springfield%2C+Narnia', '/search?q=plumb&location=Grenoble%2C+Narnia']) {
      expect(await robots(path), path).toEqual({ canonical: path, isNoIndex: true });
    }
    expect(await robots('/search?q=fuel&location=Springfield%2C+MO')).toEqual({ canonical: '/search?q=fuel&location=Springfield%2C+MO', isNoIndex: false });
  });

  it('hands the results to the browser so hydration does not search again', async () => {
    const html = await page('/search?q=plumb&location=lyon');
    const data = /<script nonce="[^"]+">window\.__staticRouterHydrationData = (\{.*?\});<\/script>/.exec(html)?.[1];
    expect(data).toBeDefined();
    const hydration = JSON.parse(data!) as { loaderData: Record<string, { serverState?: { initialResults: Record<string, unknown> } }> };
    const search = Object.values(hydration.loaderData).find((value) => value && 'serverState' in value);
    expect(Object.keys(search?.serverState?.initialResults ?? {})).toEqual(['businesses']);
  });

  it('echoes no control character of the what or where: a NUL goes, a tab or line break is a space', async () => {
    const html = await page('/search?q=plu%00mb%1B&location=ly%00on%09');
    // eslint-disable-next-line no-control-regex -- the C0 control characters and DEL are what must not be there
    expect(html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(html).toContain('<title>Search: plumb in lyon | Business Directory</title>');
    expect(text(body(html))).toContain('Plomberie Lumière');
    expect((await robots('/search?q=plumb%0Aer')).canonical).toBe('/search?q=plumb+er');
  });

  it('ignores values a hand-edited URL gets wrong instead of failing', async () => {
    const html = body(await page('/search?q=plumb&city=nowhere&sort=distance&page=abc&minRating=9'));
    expect(text(html)).toContain('Plomberie Lumière');
  });
});
