/**
 * Imported photo links expire: a photo that cannot be loaded shows the page's own fallback (the
 * business page's initial, a card's storefront icon, a featured card's initial), never the
 * browser's broken-image icon, whether it failed before the page hydrated or after. A photo
 * that loads is shown. In Debian's Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser, screenshot } from './browser.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp & { url: string };
let browser: Browser;

/** An address nothing answers at (refused at once), allowed by the pages' img-src. */
const DEAD_PHOTO = 'https://127.0.0.1:9/expired-photo.jpg';
/** A photo that loads: a 4 × 3 orange rectangle. */
const GOOD_PHOTO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3" fill="orange"/></svg>')}`;

beforeAll(async () => {
  app = await startTestApp(
    [
      buildBusiness({ name: 'Expired Photo Bakery', category: 'Bakery', type: 'Bakery', photo: DEAD_PHOTO, rating: 4.8, reviews: 900 }),
      buildBusiness({ name: 'Good Photo Bakery', category: 'Bakery', type: 'Bakery', photo: GOOD_PHOTO, rating: 4.7, reviews: 800 }),
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

/** Every <img> inside `scope` (the page's main content unless said): its address and whether it drew a picture. */
const images = (page: Page, scope = 'main') =>
  page.locator(`${scope} img`).evaluateAll((items) => (items as HTMLImageElement[]).map((image) => ({ src: image.src, drawn: image.complete && image.naturalWidth > 0 })));

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${app.url}${path}`);
  await hydrated(page);
  return page;
}

describe('a photo that cannot be loaded', () => {
  it('leaves the business page its initial, with no image', async () => {
    const page = await open(`/business/${slugOf('Expired Photo Bakery')}`);
    await page.locator('.business-photo-fallback').waitFor();
    expect(await page.locator('.business-photo').textContent()).toContain('Bakery');
    // The header's photo only: the Nearby cards below show the other bakery with its photo.
    expect(await images(page, '.business-photo')).toEqual([]);
    await screenshot(page, 'photo-expired-business');
    await page.close();
  });

  it('leaves a category card its storefront icon, and the loaded photo of the other card', async () => {
    const page = await open('/categories/bakery');
    const expired = page.locator('article', { hasText: 'Expired Photo Bakery' });
    await expired.locator('.business-card-fallback svg').waitFor();
    expect(await expired.locator('img').count()).toBe(0);
    const good = page.locator('article', { hasText: 'Good Photo Bakery' }).locator('img');
    await expect.poll(() => good.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await images(page)).toEqual([{ src: GOOD_PHOTO, drawn: true }]);
    await screenshot(page, 'photo-expired-card');
    await page.close();
  });

  it('leaves a featured card on the home page its initial', async () => {
    const page = await open('/');
    const card = page.locator('.featured-card-link', { hasText: 'Expired Photo' });
    await card.locator('.featured-card-initial').waitFor();
    expect(await card.locator('.featured-card-initial').textContent()).toBe('E');
    expect(await card.locator('img').count()).toBe(0);
    await page.close();
  });

  it('is replaced when it fails after the page is shown (held, then refused)', async () => {
    const page = await open('/categories/bakery');
    // The photo's request is held until the page shows it, then refused: the failure comes after React has the image.
    let refuse = () => {};
    const held = new Promise<void>((resolve) => {
      void page.route(DEAD_PHOTO, async (route) => {
        resolve();
        await new Promise<void>((release) => (refuse = release));
        await route.abort('connectionrefused');
      });
    });
    await page.getByRole('link', { name: 'Expired Photo Bakery' }).click();
    await page.waitForURL(/\/business\//);
    await held;
    // The category page's own card may have asked for the photo first (its image loads lazily): wait for the business page's.
    await page.locator('.business-photo img').waitFor({ state: 'attached' });
    expect(await images(page, '.business-photo')).toEqual([{ src: DEAD_PHOTO, drawn: false }]);
    refuse();
    await page.locator('.business-photo-fallback').waitFor();
    expect(await images(page, '.business-photo')).toEqual([]);
    await page.close();
  });
});
