/**
 * A visitor's paths through the real site: the built bundle served by the real server on a
 * temporary database, driven in Debian's Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser, screenshot, seriousAccessibilityViolations } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;

const WEEK = { Monday: '9AM–6PM', Tuesday: '9AM–6PM', Wednesday: '9AM–6PM', Thursday: '9AM–6PM', Friday: '9AM–6PM', Saturday: '10AM–2PM', Sunday: 'Closed' };

function world(): BusinessInput[] {
  const plumbers = Array.from({ length: 30 }, (_, i) =>
    buildBusiness({ name: `Lyon Plumbing ${String(i + 1).padStart(2, '0')}`, category: 'Plumber', type: 'Plumber', reviews: 900 - i, rating: 4.6 }),
  );
  const others = Array.from({ length: 20 }, (_, i) =>
    buildBusiness({
      name: `Berlin Bakery ${i + 1}`,
      category: 'Bakery',
      type: 'Bakery',
      city: 'Berlin',
      country: 'Germany',
      countryCode: 'DE',
      fullAddress: `Hauptstraße ${i + 1}, Berlin, Germany`,
      latitude: 52.52,
      longitude: 13.405,
      timeZone: 'Europe/Berlin',
      reviews: 50 + i,
    }),
  );
  return [
    buildBusiness({
      name: 'Atelier du Robinet',
      category: 'Plumber',
      type: 'Plumber',
      reviews: 5000,
      rating: 4.9,
      workingHours: WEEK,
      about: { 'Service options': { 'Onsite services': true, 'Online appointments': true } },
    }),
    ...plumbers,
    ...others,
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

async function openPage(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(app.url + path);
  return page;
}

describe('a visitor', () => {
  it('goes from the home page to a category, to a business with its map and hours', async () => {
    const page = await openPage('/');
    await screenshot(page, 'home');
    await page.getByRole('region', { name: 'Popular Categories' }).getByRole('link', { name: /Plumber/ }).click();
    await page.waitForURL('**/categories/plumber');
    await page.getByRole('heading', { level: 1, name: /Plumber/ }).waitFor();
    await screenshot(page, 'category');

    await page.getByRole('link', { name: 'Atelier du Robinet' }).first().click();
    await page.waitForURL(/\/business\/atelier-du-robinet-/);
    await page.waitForFunction(() => document.title === 'Atelier du Robinet - Plumber | Business Directory');
    const hours = page.getByRole('table', { name: /Opening hours/ });
    expect(await hours.getByRole('row').count()).toBe(7);
    expect(await hours.getByRole('row', { name: /Sunday/ }).textContent()).toContain('Closed');
    const map = page.getByRole('region', { name: 'Map showing the location of Atelier du Robinet' });
    // The map loads when its section comes near the screen.
    await map.scrollIntoViewIfNeeded();
    // The map's tiles, its pin, and the popup of name and address, open from the start.
    await map.locator('.business-map-canvas img').first().waitFor({ timeout: 10_000 });
    expect(await map.locator('.business-map-popup').textContent()).toContain('Atelier du Robinet');
    await screenshot(page, 'business');
    await page.close();
  });

  it('pages through the business list to page 2 and back', async () => {
    const page = await openPage('/businesses');
    expect(await page.getByText(/Showing 1-20 of 51 businesses/).count()).toBe(1);
    await page.getByRole('link', { name: /^(Page )?2$/ }).first().click();
    await page.waitForURL('**/businesses?page=2');
    await page.getByText(/Showing 21-40 of 51 businesses/).waitFor();
    await page.goBack();
    await page.waitForURL(/\/businesses$/);
    await page.getByText(/Showing 1-20 of 51 businesses/).waitFor();
    await screenshot(page, 'businesses');
    await page.close();
  });

  it('searches from the 404 page', async () => {
    const page = await openPage('/this/does/not/exist');
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(1);
    await screenshot(page, 'not-found');
    await page.getByRole('searchbox', { name: 'What are you looking for?' }).fill('plumber');
    await page.getByRole('searchbox', { name: 'Where?' }).fill('Lyon');
    await Promise.all([page.waitForURL(/\/search\?q=plumber&location=Lyon$/), page.getByRole('searchbox', { name: 'Where?' }).press('Enter')]);
    await page.close();
  });

  it('sees the contact form errors, then sends a message that lands in the database', async () => {
    const page = await openPage('/contact');
    // The messages as the hydrated form shows them (the form without JavaScript has its own test).
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    expect(await page.getByText('Please enter a valid email address').count()).toBe(1);
    expect(await page.getByText('Subject must be at least 5 characters').count()).toBe(1);
    expect(await page.getByText('Message must be at least 10 characters').count()).toBe(1);
    await screenshot(page, 'contact-errors');

    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email Address').fill('grace@example.com');
    await page.getByLabel('Subject').fill('Please add my shop');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('We opened a new bakery in Lyon last month.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('group', { name: 'Message Sent Successfully' }).waitFor();
    // Said once, in place: no toast repeating it.
    expect(await page.getByText('Message Sent Successfully').count()).toBe(1);
    const stored = app.deps.record.prepare('SELECT name, email, subject FROM contact_messages ORDER BY id DESC LIMIT 1').get();
    expect(stored).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', subject: 'Please add my shop' });
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');
    await page.close();
  });

  it('still sees the content with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/cities/de/berlin`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Berlin');
    expect(await page.getByRole('link', { name: 'Berlin Bakery 20' }).count()).toBeGreaterThan(0);
    await page.goto(`${app.url}/businesses?page=2`);
    expect(await page.getByText(/Showing 21-40 of 51 businesses/).count()).toBe(1);
    await context.close();
  });

  it.each([
    ['/', 'home'],
    ['/businesses', 'business list'],
    ['/categories', 'categories'],
    ['/countries', 'countries'],
    ['/cities', 'cities'],
    ['/contact', 'contact'],
    ['/privacy-policy', 'privacy policy'],
    ['/this/does/not/exist', '404'],
  ])('meets accessibility rules on %s (%s): no serious or critical axe violations', async (path) => {
    const page = await openPage(path);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    await page.close();
  });

  it('meets accessibility rules on a business page', async () => {
    const page = await openPage('/categories/bakery');
    await page.getByRole('link', { name: 'Berlin Bakery 20' }).first().click();
    await page.waitForURL(/\/business\//);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'business-without-hours');
    await page.close();
  });
});
