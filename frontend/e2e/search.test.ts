/**
 * The /search page in a real browser: the built site served by the real server on a temporary
 * database, driven in Debian's Chromium. Run `npm run build` first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser, screenshot, seriousAccessibilityViolations } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;

const BERLIN = { city: 'Berlin', country: 'Germany', countryCode: 'DE', latitude: 52.52, longitude: 13.405, timeZone: 'Europe/Berlin', postalCode: '10117' };
const PARIS = { city: 'Paris', postalCode: '75002', latitude: 48.8666, longitude: 2.3444 };

function world(): BusinessInput[] {
  const lyonPlumbers = Array.from({ length: 24 }, (_, i) =>
    buildBusiness({
      name: `Lyon Plumbing ${String(i + 1).padStart(2, '0')}`,
      category: 'Plumber',
      type: 'Plumber',
      rating: 3.5 + (i % 4) * 0.4,
      reviews: 300 - i,
      // Spread over the city, so the map has markers and clusters.
      latitude: 45.74 + (i % 6) * 0.008,
      longitude: 4.82 + Math.floor(i / 6) * 0.01,
    }),
  );
  const bakeries = Array.from({ length: 6 }, (_, i) =>
    buildBusiness({ name: `Berlin Bakery ${i + 1}`, category: 'Bakery', type: 'Bakery', fullAddress: `Hauptstraße ${i + 1}, Berlin`, ...BERLIN, latitude: 52.52 + i * 0.004 }),
  );
  return [
    ...lyonPlumbers,
    ...bakeries,
    buildBusiness({ name: 'Paris Plumbing Co', category: 'Plumber', type: 'Plumber', fullAddress: '2 Rue du Sentier, Paris', rating: 4.9, reviews: 800, ...PARIS }),
    buildBusiness({ name: 'Bakery Montmartre', category: 'Bakery', type: 'Bakery', fullAddress: '5 Rue Lepic, Paris', ...PARIS }),
    // Two real Springfields, filed under one city (US:springfield).
    ...(
      [
        ['Ozark Fuel', 37.209, -93.2923],
        ['Springfield Petrol', 44.0943, -122.9735],
      ] as const
    ).map(([name, latitude, longitude]) =>
      buildBusiness({ name, category: 'Gas station', type: 'Gas station', city: 'Springfield', country: 'United States', countryCode: 'US', latitude, longitude, timeZone: 'America/Chicago' }),
    ),
  ];
}

beforeAll(async () => {
  app = await startTestApp(world(), { withBuiltSite: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A page that records the search calls it makes and the script errors it meets. */
async function openSearch(path: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; searches: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  // Generous: CI machines are shared and a loaded one renders slowly; a wait ends as soon as its condition holds.
  page.setDefaultTimeout(30_000);
  const searches: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/search/multi')) searches.push(request.postData() ?? '');
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Map tiles come from the internet, which these machines may not reach: only script errors count.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  await page.goto(app.url + path);
  return { page, searches, errors };
}

/** Shows the results map: its button appears once the page has hydrated, and Leaflet loads on the click. */
async function showMap(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Map of the results' }).getByRole('button', { name: 'Show map' }).click();
  await page.locator('.results-map .leaflet-container').waitFor();
}

/** Every pin, cluster and label of the results map lies inside the map's frame. */
async function expectFramedWhole(page: Page): Promise<void> {
  const map = page.getByRole('region', { name: 'Map of the results' });
  // The first one seen (a chosen city's label stands on a marker of no size, never "visible").
  await map.locator('.leaflet-marker-icon').filter({ visible: true }).first().waitFor();
  const frame = (await map.locator('.leaflet-container').boundingBox())!;
  const boxes = await map.locator('.leaflet-marker-icon, .leaflet-tooltip').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    expect(box.top).toBeGreaterThanOrEqual(frame.y);
    expect(box.bottom).toBeLessThanOrEqual(frame.y + frame.height);
    expect(box.left).toBeGreaterThanOrEqual(frame.x);
    expect(box.right).toBeLessThanOrEqual(frame.x + frame.width);
  }
}

/**
 * Zooms the results map in by one level and waits for the zoom to end: a zoom still animating
 * ends (moveend) after a later click, and would count as the visitor moving the map again.
 */
async function zoomIn(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Map of the results' }).getByRole('button', { name: 'Zoom in' }).click();
  // Leaflet starts the zoom animation on the next frame, and ends it (then fires moveend) by removing this class.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.querySelector('.results-map .leaflet-zoom-anim') === null);
}

/** A screenshot name and a viewport for a desktop and for a phone. */
const onDesktopAndPhone = (name: string) =>
  [
    [`${name}-desktop`, { width: 1280, height: 900 }],
    [`${name}-mobile`, { width: 412, height: 900 }],
  ] as const;

/** Missouri's Springfield as the place catalogue (city-timezones) has it. */
const SPRINGFIELD_MISSOURI = { lat: 37.18, lng: -93.32 };
/** Ozark Fuel, the business of the world filed under Springfield 3 km from Missouri's. */
const OZARK_FUEL = { lat: 37.209, lng: -93.2923 };

/**
 * The circle of the area searched, drawn as an SVG path in the map's overlay pane: its centre on the
 * map, found from its distance to the one pin (Ozark Fuel) at the scale of its own 80 km height,
 * and whether the whole circle lies inside the map's frame.
 */
async function searchedCircle(page: Page): Promise<{ centre: { lat: number; lng: number }; isInsideFrame: boolean }> {
  const map = page.getByRole('region', { name: 'Map of the results' });
  const path = map.locator('.leaflet-overlay-pane path.results-map-radius');
  expect(await path.count()).toBe(1);
  const box = (await path.boundingBox())!;
  const frame = (await map.locator('.leaflet-container').boundingBox())!;
  const pin = (await map.getByRole('button', { name: 'Ozark Fuel' }).boundingBox())!;
  // A pin's point is the middle of its bottom edge; the circle's height is its 2 × 40 km.
  const kmPerPixel = 80 / box.height;
  const eastKm = (box.x + box.width / 2 - (pin.x + pin.width / 2)) * kmPerPixel;
  const northKm = (pin.y + pin.height - (box.y + box.height / 2)) * kmPerPixel;
  const centre = { lat: OZARK_FUEL.lat + northKm / 111.2, lng: OZARK_FUEL.lng + eastKm / (111.2 * Math.cos((OZARK_FUEL.lat * Math.PI) / 180)) };
  const isInsideFrame = box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width && box.y + box.height <= frame.y + frame.height;
  return { centre, isInsideFrame };
}

const resultNames = (page: Page) => page.getByRole('list', { name: 'Businesses found' }).getByRole('heading', { level: 3 }).allTextContents();

/** Waits until the results list shows exactly these first names. */
async function waitForFirstResult(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[aria-label="Businesses found"] h3')?.textContent === expected,
    name,
  );
}

describe('the search page', () => {
  it('hydrates the server results without searching again, then follows the boxes as the visitor types', async () => {
    const { page, searches, errors } = await openSearch('/search?q=plumb&location=lyon');
    expect(await page.getByRole('searchbox', { name: 'What are you looking for?' }).inputValue()).toBe('plumb');
    expect(await page.getByRole('searchbox', { name: 'Where?' }).inputValue()).toBe('lyon');
    expect(await page.getByText('24 businesses for “plumb” in lyon').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Results for “plumb” in Lyon']);
    // Wait for hydration (the map's Show button comes with it), then check no search was needed for it.
    await showMap(page);
    expect(searches).toEqual([]);
    await page.evaluate(() => Object.assign(window, { searchPageMarker: 'still here' }));

    const what = page.getByRole('searchbox', { name: 'What are you looking for?' });
    const where = page.getByRole('searchbox', { name: 'Where?' });
    await where.fill('');
    await what.fill('');
    await what.pressSequentially('bak', { delay: 60 });
    await page.getByText('7 businesses for “bak”').waitFor();
    expect((await resultNames(page)).sort()).toEqual(['Bakery Montmartre', ...Array.from({ length: 6 }, (_, i) => `Berlin Bakery ${i + 1}`)].sort());
    await page.waitForURL(/\/search\?q=bak$/);
    // The debounce sends one search for the word, not one per letter.
    expect(searches.length).toBeLessThanOrEqual(3);

    await where.pressSequentially('Berlin', { delay: 40 });
    await page.getByText('6 businesses for “bak” in Berlin').waitFor();
    // The page's heading follows the search, as its title does.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Results for “bak” in Berlin']);
    await page.waitForURL(/\/search\?q=bak&location=Berlin$/);
    expect(await page.evaluate(() => (window as unknown as { searchPageMarker?: string }).searchPageMarker)).toBe('still here');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.waitForFunction(() => document.title === 'Search: bak in Berlin | Business Directory');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters by a facet into the URL; a reload shows the same results; Back restores the previous ones', async () => {
    const { page, errors } = await openSearch('/search?q=plumb');
    await page.getByText('25 businesses for “plumb”').waitFor();
    await showMap(page);
    const parisFilter = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: /Paris/ });
    await parisFilter.click();
    await page.waitForURL(/\/search\?q=plumb&city=FR%3Aparis$/);
    await page.getByText('1 business for “plumb”').waitFor();
    expect(await resultNames(page)).toEqual(['Paris Plumbing Co']);
    expect(await page.getByRole('checkbox', { name: /Paris/ }).getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await page.getByText('1 business for “plumb”').waitFor();
    expect(await resultNames(page)).toEqual(['Paris Plumbing Co']);
    expect(await page.getByRole('checkbox', { name: /Paris/ }).getAttribute('aria-checked')).toBe('true');

    await showMap(page);
    await page.getByRole('radio', { name: '4.5+ stars' }).click();
    await page.waitForURL(/minRating=4\.5/);
    await page.goBack();
    await page.waitForURL(/\/search\?q=plumb&city=FR%3Aparis$/);
    await page.goBack();
    await page.waitForURL(/\/search\?q=plumb$/);
    await page.getByText('25 businesses for “plumb”').waitFor();
    expect(await page.getByRole('checkbox', { name: /Paris/ }).getAttribute('aria-checked')).toBe('false');

    // Into a result and back: the search is shown again, from its URL.
    await page.getByRole('link', { name: 'Paris Plumbing Co' }).click();
    await page.waitForURL(/\/business\//);
    await page.getByRole('heading', { level: 1, name: 'Paris Plumbing Co' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/search\?q=plumb$/);
    await page.getByText('25 businesses for “plumb”').waitFor();
    expect(await page.getByRole('searchbox', { name: 'What are you looking for?' }).inputValue()).toBe('plumb');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pages with the pager, sorts, and offers to remove filters when nothing matches', async () => {
    const { page, errors } = await openSearch('/search?q=plumb&location=lyon');
    await showMap(page);
    await page.getByRole('navigation', { name: 'Search result pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2$/);
    expect(await resultNames(page)).toHaveLength(4);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('reviews');
    await page.waitForURL(/sort=reviews/);
    expect(page.url()).not.toContain('page=');
    await waitForFirstResult(page, 'Lyon Plumbing 01');
    expect(await page.getByRole('option', { name: /Distance/ }).isDisabled()).toBe(true);

    await page.getByRole('checkbox', { name: 'Open now' }).click();
    await page.waitForURL(/openNow=true/);
    await page.getByRole('searchbox', { name: 'What are you looking for?' }).fill('zzzz');
    await page.getByText('Nothing found for “zzzz” in lyon').waitFor();
    await screenshot(page, 'search-empty');
    await page.getByRole('link', { name: 'Remove all filters' }).click();
    await page.waitForURL(/\/search\?q=zzzz&location=lyon&sort=reviews$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the businesses around a real place that has none, nearest first with their distance, and says so', async () => {
    // Grenoble has no business here; Lyon's plumbers lie about 95 km away, Paris's 480 km (too far).
    const { page, searches, errors } = await openSearch('/search?q=plumb&location=Grenoble');
    const summary = page.getByRole('status');
    await summary.getByText('No businesses in Grenoble, France; showing the nearest.').waitFor();
    expect(await summary.textContent()).toContain('24 businesses for “plumb” within 250 km of Grenoble, France');
    expect(await page.getByText('No place called').count()).toBe(0);
    const distances = await page.getByRole('list', { name: 'Businesses found' }).getByText(/km away$/).allTextContents();
    expect(distances).toHaveLength(20);
    expect(distances.map((text) => Number.parseFloat(text))).toEqual([...distances.map((text) => Number.parseFloat(text))].sort((a, b) => a - b));
    await showMap(page);
    expect(searches).toEqual([]);
    // The map marks the place searched around, by name, with the results.
    const map = page.getByRole('region', { name: 'Map of the results' });
    await map.getByText('Grenoble, France', { exact: true }).waitFor();
    expect(await map.getByTitle('Grenoble, France: the place searched around').count()).toBe(1);
    expect(await map.locator('.results-map-radius').count()).toBe(1);
    await expectFramedWhole(page);
    await screenshot(page, 'search-around-place');
    // The same once typed: a misspelt one, another real place without businesses, then one with them.
    const where = page.getByRole('searchbox', { name: 'Where?' });
    await where.fill('Grenoblle');
    await summary.getByText('Showing results for Grenoble, France (you typed “Grenoblle”).', { exact: false }).waitFor();
    expect(await summary.textContent()).toContain('24 businesses for “plumb” within 250 km of Grenoble, France');
    await where.fill('Sydney');
    await page.getByRole('heading', { name: 'No businesses near Sydney, Australia yet' }).waitFor();
    await page.getByText('The directory has no businesses in Sydney, Australia yet, nor within 250 km of it.', { exact: false }).waitFor();
    // The heading says where the results would lie; there is nothing to sort.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Results for “plumb” near Sydney']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Show all businesses/ }).count()).toBe(0);
    await where.fill('Iceland');
    await page.getByRole('heading', { name: 'No businesses in Iceland yet' }).waitFor();
    await screenshot(page, 'search-country-without-businesses');
    await page.getByRole('link', { name: 'Search everywhere for “plumb”' }).click();
    await page.waitForURL(/\/search\?q=plumb$/);
    await summary.getByText('25 businesses for “plumb”', { exact: false }).waitFor();
    await where.fill('Lyon');
    await summary.getByText('24 businesses for “plumb” in Lyon').waitFor();
    expect(await summary.textContent()).not.toContain('No businesses in');
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Results for “plumb” in Lyon']);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();

    // One pin north of the place (Lyon lies north of Grenoble): a pin stands above its point, and stays inside the frame.
    const one = await openSearch('/search?q=plumbing%2007&location=Grenoble');
    await one.page.getByRole('status').getByText('1 business for “plumbing 07” within 250 km of Grenoble, France', { exact: false }).waitFor();
    await showMap(one.page);
    await expectFramedWhole(one.page);
    await one.page.close();

    const phone = await openSearch('/search?q=plumb&location=Grenoble', { width: 412, height: 900 });
    await phone.page.getByRole('status').getByText('No businesses in Grenoble, France; showing the nearest.').waitFor();
    await showMap(phone.page);
    await phone.page.getByRole('region', { name: 'Map of the results' }).getByText('Grenoble, France', { exact: true }).waitFor();
    await screenshot(phone.page, 'search-around-place-phone');
    expect(phone.errors).toEqual([]);
    await phone.page.close();
  });

  it('heads a search around a place without businesses "near" it, and offers no sort for an empty answer, the same before and after hydration', async () => {
    // Grenoble has no business, Lyon's lie 95 km away; Sydney and Iceland have none within 250 km.
    const cases = [
      ['/search?q=plumb&location=Grenoble', 'Results for “plumb” near Grenoble', true],
      ['/search?q=plumb&location=Sydney', 'Results for “plumb” near Sydney', false],
      ['/search?location=Iceland', 'Businesses near Iceland', false],
      ['/search?q=plumb&location=lyon', 'Results for “plumb” in Lyon', true],
    ] as const;
    const serverPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage({ viewport: { width: 1280, height: 900 } });
    for (const [path, heading, hasResults] of cases) {
      // What an empty answer shows first below the toolbar.
      const content = (page: Page) => page.getByRole('status').getByRole('heading', { level: 2 });
      await serverPage.goto(app.url + path);
      const { page, searches, errors } = await openSearch(path);
      await hydrated(page);
      for (const [state, shown] of [['server HTML', serverPage], ['hydrated', page]] as const) {
        expect(await shown.getByRole('heading', { level: 1 }).allTextContents(), `${path}, ${state}`).toEqual([heading]);
        expect(await shown.getByRole('combobox', { name: 'Sort by' }).count(), `${path}, ${state}`).toBe(hasResults ? 1 : 0);
        expect(await shown.getByRole('button', { name: 'Near me' }).count(), `${path}, ${state}`).toBe(hasResults ? 1 : 0);
      }
      if (!hasResults) {
        // Nothing moves when the page hydrates: no sort bar comes to push the empty state down. (With
        // results, the page without JavaScript shows the sort box's <noscript> button: no like for like.)
        expect((await content(page).boundingBox())?.y, path).toBe((await content(serverPage).boundingBox())?.y);
        expect(await page.getByRole('link', { name: /^Search everywhere|^Show all businesses/ }).count(), path).toBe(1);
      }
      expect(searches, path).toEqual([]);
      expect(errors, path).toEqual([]);
      await page.close();
    }
    await serverPage.context().close();
  });

  it('says which words it searched with when nothing matches them all, on the server page and after typing', async () => {
    const { page, errors } = await openSearch('/search?q=bakery%20zzqxv&location=berlin');
    const summary = page.getByRole('status');
    await summary.getByText('No results for all words; showing results for “bakery”.').waitFor();
    expect((await resultNames(page)).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Berlin Bakery ${i + 1}`));
    await page.getByRole('searchbox', { name: 'What are you looking for?' }).fill('bakeries');
    await page.waitForURL(/q=bakeries/);
    await summary.getByText('6 businesses', { exact: false }).waitFor();
    expect(await summary.textContent()).not.toContain('No results for all words');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says which place it searched when the where box had a typo, on the server page', async () => {
    const { page, errors } = await openSearch('/search?q=bakery&location=berln');
    const summary = page.getByRole('status');
    await summary.getByText('Showing results for Berlin (you typed “berln”).', { exact: false }).waitFor();
    expect((await resultNames(page)).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Berlin Bakery ${i + 1}`));
    expect(await summary.textContent()).toContain('6 businesses for “bakery” in Berlin');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the Springfield a state chose, with its state, and shows only its businesses', async () => {
    for (const [name, viewport] of onDesktopAndPhone('search-chosen-city')) {
      const { page, errors } = await openSearch('/search?location=Springfield%2C%20MO', viewport);
      await page.getByRole('heading', { level: 1, name: 'Businesses in Springfield, Missouri, United States' }).waitFor();
      await page.getByRole('status').getByText('1 business in Springfield, Missouri, United States').waitFor();
      expect(await resultNames(page)).toEqual(['Ozark Fuel']);
      const map = page.getByRole('region', { name: 'Map of the results' });
      await map.getByText('Map of the 1 result, within 40 km of Springfield, Missouri, United States').waitFor();
      await showMap(page);
      // The map draws the 40 km the search kept, around Missouri's Springfield, whole, and names it.
      await map.locator('.leaflet-tooltip', { hasText: /^Springfield, Missouri, United States$/ }).waitFor();
      expect(await map.getByTitle('Springfield, Missouri, United States: the area searched').count()).toBe(1);
      const circle = await searchedCircle(page);
      expect(circle.centre.lat).toBeCloseTo(SPRINGFIELD_MISSOURI.lat, 1);
      expect(circle.centre.lng).toBeCloseTo(SPRINGFIELD_MISSOURI.lng, 1);
      expect(circle.isInsideFrame).toBe(true);
      await expectFramedWhole(page);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('says when the region written with the city holds no city of its name, or names no place, and shows every Springfield', async () => {
    for (const [name, viewport] of onDesktopAndPhone('search-unmatched-region')) {
      const { page, errors } = await openSearch('/search?q=fuel&location=Springfield%2C%20Vermont', viewport);
      await page.getByRole('heading', { level: 1, name: 'Results for “fuel” in Springfield, United States' }).waitFor();
      const summary = page.getByRole('status');
      await summary.getByText('No Springfield found in Vermont; showing every Springfield.', { exact: false }).waitFor();
      expect(await summary.textContent()).toContain('1 business for “fuel” in Springfield, United States');
      expect(await resultNames(page)).toEqual(['Ozark Fuel']);
      // Every Springfield: no area of one of them on the map.
      await showMap(page);
      await page.getByRole('region', { name: 'Map of the results' }).getByRole('button', { name: 'Ozark Fuel' }).waitFor();
      expect(await page.locator('.results-map .results-map-radius').count()).toBe(0);
      await screenshot(page, name);
      // Typed on: a place nobody knows, then a region that holds a Springfield.
      const where = page.getByRole('searchbox', { name: 'Where?' });
      await where.fill('Springfield, Narnia');
      await summary.getByText('No place called “Narnia”; showing results for Springfield.', { exact: false }).waitFor();
      await where.fill('Springfield, MO');
      await summary.getByText('1 business for “fuel” in Springfield, Missouri, United States').waitFor();
      expect(await summary.textContent()).not.toContain('No place called');
      await page.locator('.results-map .results-map-radius').waitFor();
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('searches the area the visitor moved the map to, and clears it again', async () => {
    const { page, errors } = await openSearch('/search?q=plumb');
    const map = page.getByRole('region', { name: 'Map of the results' });
    await showMap(page);
    // Paris and Lyon are framed together; nearby Lyon results are grouped in a numbered cluster.
    await map.locator('.results-map-cluster').first().waitFor();
    expect(await page.getByRole('button', { name: 'Search this area' }).count()).toBe(0);
    for (let step = 0; step < 3; step += 1) await zoomIn(page);
    await page.getByRole('button', { name: 'Search this area' }).click();
    await page.waitForURL(/bbox=/);
    await page.getByText(/^0 businesses/).waitFor();
    await page.getByRole('button', { name: 'Clear map area' }).click();
    await page.getByText('25 businesses for “plumb”').waitFor();
    await page.waitForURL(/\/search\?q=plumb$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sorts by distance from the visitor with Near me', async () => {
    const context = await browser.newContext({ geolocation: { latitude: 48.87, longitude: 2.35 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    await page.goto(`${app.url}/search?q=plumb`);
    await showMap(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.waitForURL(/near=48\.87000%2C2\.35000&sort=distance/);
    await waitForFirstResult(page, 'Paris Plumbing Co');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('distance');
    expect(await page.locator('.search-card-distance').first().textContent()).toMatch(/^\d+ m away$/);
    await page.getByRole('button', { name: 'Near me', pressed: true }).click();
    await page.waitForURL(/\/search\?q=plumb$/);
    await context.close();
  });

  it('shows the results, facets and pager of its URL with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/search?q=plumb&location=lyon`);
    expect(await page.getByText('24 businesses for “plumb” in lyon').count()).toBe(1);
    expect(await resultNames(page)).toHaveLength(20);
    expect(await page.getByRole('checkbox', { name: /Plumber\s*24/ }).count()).toBe(1);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2$/);
    expect(await resultNames(page)).toHaveLength(4);
    await page.getByRole('checkbox', { name: 'Open now' }).click();
    await page.waitForURL(/openNow=true/);
    await page.getByRole('searchbox', { name: 'What are you looking for?' }).fill('bakery');
    await page.getByRole('searchbox', { name: 'Where?' }).fill('Berlin');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=bakery&location=Berlin$/);
    expect((await resultNames(page)).length).toBe(6);
    await context.close();
  });

  it('meets accessibility rules: no serious or critical axe violations, with results and when empty', async () => {
    for (const path of ['/search?q=plumb&location=lyon', '/search?q=nothingatall']) {
      const { page } = await openSearch(path);
      await page.waitForLoadState('networkidle');
      const violations = await seriousAccessibilityViolations(page);
      expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      await page.close();
    }
  });

  it('wraps a very long query instead of widening the page, on a phone and a desktop', async () => {
    const long = 'x'.repeat(200);
    for (const [name, viewport] of [
      ['search-long-query-mobile', { width: 390, height: 844 }],
      ['search-long-query-desktop', { width: 1366, height: 900 }],
    ] as const) {
      // Found by its first word ("plumb", then the long word dropped); nothing anywhere; an unknown place.
      for (const path of [`/search?q=plumb+${long}`, `/search?q=${long}&location=lyon`, `/search?q=plumb&location=${long}`]) {
        const { page } = await openSearch(path, viewport);
        await page.locator('.search-summary strong').waitFor();
        const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
        expect(width.page, path).toBeLessThanOrEqual(width.viewport);
        if (path.includes('location=lyon')) await screenshot(page, name);
        await page.close();
      }
    }
  });

  it('looks right on a desktop and a phone', async () => {
    for (const [name, viewport] of [
      ['search-desktop', { width: 1280, height: 900 }],
      ['search-mobile', { width: 390, height: 844 }],
    ] as const) {
      const { page } = await openSearch('/search?q=plumb', viewport);
      await showMap(page);
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
      await page.close();
    }
  });
});
