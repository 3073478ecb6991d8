/**
 * The <head> after client-side navigation: each page the browser's router shows (and each search
 * the search page runs) gets the head the server writes for that URL: title, description,
 * canonical link, og:*, robots and JSON-LD. The built site served by the real server on a
 * temporary database, driven in Debian's Chromium. Run `npm run build` first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser, screenshot } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp(
    [
      ...Array.from({ length: 3 }, (_, i) => buildBusiness({ name: `Lyon Dentist ${i + 1}`, category: 'Dentist', type: 'Dentist', reviews: 90 - i })),
      buildBusiness({ name: 'Pizzeria Bellecour', category: 'Pizza restaurant', type: 'Pizza restaurant', reviews: 400 }),
    ],
    { withBuiltSite: true },
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A page's head as a visitor's browser holds it: the title and every element the page's meta wrote, in order. */
function headOf(page: Page): Promise<{ title: string; tags: string[] }> {
  return page.evaluate(() => ({ title: document.title, tags: [...document.head.querySelectorAll('[data-page-head]')].map((element) => element.outerHTML) }));
}

/** The head the server writes for `path`, read by a browser that runs no script. */
async function serverHeadOf(path: string): Promise<{ title: string; tags: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(app.url + path);
    return await headOf(page);
  } finally {
    await context.close();
  }
}

const canonicalOf = (page: Page) => page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null);

/** Waits until the page's canonical link is `path` on the test server, then checks its whole head is the server's for `path`. */
async function expectServerHead(page: Page, path: string): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector('link[rel="canonical"]')?.getAttribute('href') === expected, app.url + path);
  expect(await headOf(page)).toEqual(await serverHeadOf(path));
}

async function openPage(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
  await page.goto(app.url + path);
  await hydrated(page);
  return page;
}

describe('the head after a client-side navigation', () => {
  it("is the next page's own, from the categories to a category, a business, home and contact, and back", async () => {
    const page = await openPage('/categories');
    const first = await headOf(page);
    expect(first).toEqual(await serverHeadOf('/categories'));
    const navigations = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    await page.getByRole('link', { name: /Dentist/ }).first().click();
    await page.getByRole('heading', { level: 1, name: /Dentist/ }).waitFor();
    await expectServerHead(page, '/categories/dentist');
    const category = await headOf(page);
    expect(category.tags.join('\n')).toContain('"@type":"BreadcrumbList"');
    expect(category.tags.join('\n')).not.toContain('Business Categories');

    await page.getByRole('link', { name: 'Lyon Dentist 1' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Lyon Dentist 1' }).waitFor();
    const slug = new URL(page.url()).pathname;
    await expectServerHead(page, slug);
    expect((await headOf(page)).tags.join('\n')).toContain('"@type":"LocalBusiness"');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expectServerHead(page, '/');
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await expectServerHead(page, '/contact');
    await screenshot(page, 'page-head-contact');

    await page.goBack();
    await expectServerHead(page, '/');
    // Every page came through the router: the document was loaded once.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(navigations);
    // One of each, never the previous page's beside the new one's.
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    await page.close();
  });

  it('leaves the 404 page\'s noindex behind: the categories page it leads to is indexable, with its canonical link', async () => {
    const page = await openPage('/nope');
    expect(await canonicalOf(page)).toBeNull();
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByRole('link', { name: /Browse Categories/ }).click();
    await expectServerHead(page, '/categories');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    await page.close();
  });

  it("follows the search page's own searches: a search that finds businesses drops the empty one's noindex", async () => {
    const page = await openPage('/search?q=zzqxjv');
    expect(await canonicalOf(page)).toBe(`${app.url}/search?q=zzqxjv`);
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const what = page.getByRole('searchbox', { name: 'What are you looking for?' });
    await what.fill('');
    await what.pressSequentially('pizza', { delay: 40 });
    await page.getByText('1 business for “pizza”').waitFor();
    await page.waitForURL(/\/search\?q=pizza$/);
    await expectServerHead(page, '/search?q=pizza');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    expect(await page.title()).toBe('Search: pizza | Business Directory');
    await page.close();
  });

  it('follows a search whose where box could not be applied whole: noindex, as the server writes it', async () => {
    const page = await openPage('/search?q=pizza&location=Lyon');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    const where = page.getByRole('searchbox', { name: 'Where?' });
    await where.fill('Lyon, Narnia');
    // Lyon's pizzeria all the same, the part left out said.
    await page.getByText('No place called “Narnia”; showing results for Lyon. 1 business for “pizza” in Lyon, France').waitFor();
    await page.waitForURL(/\/search\?q=pizza&location=Lyon%2C\+Narnia$/);
    await expectServerHead(page, '/search?q=pizza&location=Lyon%2C+Narnia');
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.close();
  });
});
