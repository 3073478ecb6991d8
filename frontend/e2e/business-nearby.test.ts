/**
 * A business page's "Nearby" section, read by the browser once the end of the page comes near
 * the screen (the server renders the page without it): the nearest businesses of its category as
 * cards linking to their pages, else of any category, nothing for a business without a place.
 * In Debian's Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser, screenshot } from './browser.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp & { url: string };
let browser: Browser;

const LYON = { city: 'Lyon', country: 'France', countryCode: 'FR', latitude: 45.764, longitude: 4.8357, timeZone: 'Europe/Paris' };
const PLUMBERS = ['Rhône Plumbing', 'Saône Pipes', 'Fourvière Taps', 'Croix-Rousse Drains'];

beforeAll(async () => {
  app = await startTestApp(
    [
      ...PLUMBERS.map((name, index) => buildBusiness({ ...LYON, name, category: 'Plumber', type: 'Plumber', latitude: LYON.latitude + index * 0.01, rating: 4 + index / 10 })),
      buildBusiness({ ...LYON, name: 'Le Bouchon Seul', category: 'Restaurant', type: 'Restaurant', latitude: LYON.latitude - 0.005 }),
      buildBusiness({ name: 'Nowhere Plumbing', category: 'Plumber', type: 'Plumber', latitude: null, longitude: null }),
    ],
    { withBuiltSite: true },
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const slugOf = (name: string) => slugOfName(app.deps.record, name);

/** The page of a business, hydrated, scrolled to its end so the section is read. */
async function openAndScroll(name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${app.url}/business/${slugOf(name)}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Back to Home' }).scrollIntoViewIfNeeded();
  return page;
}

/** The section's title and its cards' links and texts. */
async function nearbyOf(page: Page) {
  const section = page.getByRole('region', { name: /nearby/i });
  await section.waitFor();
  const cards = await section.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({ href: link.getAttribute('href'), text: (link as HTMLElement).innerText.replace(/\s+/g, ' ').trim() })),
  );
  return { title: await section.getByRole('heading', { level: 2 }).innerText(), cards };
}

describe('the Nearby section of a business page', () => {
  it('shows the nearest businesses of its category, nearest first, each linking to its page with its distance', async () => {
    const page = await openAndScroll('Rhône Plumbing');
    const { title, cards } = await nearbyOf(page);
    expect(title).toBe('Other plumbers nearby');
    expect(cards.map((card) => card.href)).toEqual(PLUMBERS.slice(1).map((name) => `/business/${slugOf(name)}`));
    expect(cards[0]!.text).toMatch(/^S Saône Pipes Lyon 4\.1 1\.1 km away$/);
    await screenshot(page, 'business-nearby');
    await page.close();
  });

  it('falls back to businesses of any category, each saying its category, when none of its own is near', async () => {
    const page = await openAndScroll('Le Bouchon Seul');
    const { title, cards } = await nearbyOf(page);
    expect(title).toBe('Nearby businesses');
    expect(cards).toHaveLength(PLUMBERS.length);
    expect(cards.every((card) => card.text.includes('Plumber · Lyon'))).toBe(true);
    await page.close();
  });

  it('is not shown for a business without a place, and was not in the page the server sent', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Listened for before the page loads: a page this short asks as soon as it is hydrated, a longer one once scrolled.
    const answered = page.waitForResponse((response) => response.url().endsWith(`/api/businesses/${slugOf('Nowhere Plumbing')}/nearby`));
    await page.goto(`${app.url}/business/${slugOf('Nowhere Plumbing')}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Back to Home' }).scrollIntoViewIfNeeded();
    // The read has answered, and nothing was drawn.
    expect((await answered).status()).toBe(200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.getByRole('region', { name: /nearby/i }).count()).toBe(0);
    const served = await (await app.get(`/business/${slugOf('Rhône Plumbing')}`)).text();
    expect(served).not.toContain('nearby-title');
    await page.close();
  });
});
