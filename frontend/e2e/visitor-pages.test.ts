/**
 * Every public page at a phone's width (390 px) and a laptop's (1280 px), in Debian's Chromium:
 * nothing wider than the screen, every navigation link reachable, the contact notice in view,
 * the not-found pages, past-the-last-page lists, the open/closed reason, loading placeholders and
 * tooltips. Screenshots of every page at both widths land in test-results/screenshots/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

let app: TestApp & { url: string };
let browser: Browser;
let atelierSlug: string;

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const NAV_LABELS = ['Home', 'Businesses', 'Categories', 'Countries', 'Cities', 'Contact'];
const WEEKDAYS_9_TO_6 = { Monday: '9AM–6PM', Tuesday: '9AM–6PM', Wednesday: '9AM–6PM', Thursday: '9AM–6PM', Friday: '9AM–6PM', Saturday: 'Closed', Sunday: 'Closed' };

function world(): BusinessInput[] {
  return [
    buildBusiness({ name: 'Atelier du Robinet', category: 'Plumber', type: 'Plumber', reviews: 5000, rating: 4.9, workingHours: WEEKDAYS_9_TO_6, timeZone: 'Europe/Paris' }),
    // 31 plumbers in Lyon: three pages of the category and city pages.
    ...Array.from({ length: 30 }, (_, i) =>
      buildBusiness({ name: `Lyon Plumbing ${String(i + 1).padStart(2, '0')}`, category: 'Plumber', type: 'Plumber', reviews: 900 - i }),
    ),
    ...Array.from({ length: 20 }, (_, i) =>
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
    ),
  ];
}

beforeAll(async () => {
  app = await startTestApp(world(), { withBuiltSite: true });
  atelierSlug = slugOfName(app.deps.record, 'Atelier du Robinet');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Resolves once React has hydrated the page (the menu becomes a real button then). */
const hydrated = (page: Page) => page.waitForFunction(() => document.querySelector('.nav-toggle')?.tagName === 'BUTTON');

async function openPage(path: string, viewport: { width: number; height: number }, context?: BrowserContext): Promise<Page> {
  const page = context ? await context.newPage() : await browser.newPage({ viewport });
  if (context) await page.setViewportSize(viewport);
  await page.goto(app.url + path);
  await hydrated(page);
  return page;
}

/** True when the element lies wholly inside the visible part of the window. */
async function isInViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.height > 0;
  });
}

describe('every public page at 390 px and 1280 px', () => {
  const pages = () => [
    ['/', 'home'],
    ['/businesses', 'businesses'],
    ['/businesses?page=2', 'businesses-page-2'],
    ['/categories', 'categories'],
    ['/categories?letter=P', 'categories-letter-p'],
    ['/categories?view=list', 'categories-list-view'],
    ['/categories/plumber', 'category'],
    ['/categories/plumber?page=99', 'category-past-last-page'],
    ['/countries', 'countries'],
    ['/countries/france', 'country'],
    ['/countries/france/cities', 'country-cities'],
    ['/cities', 'cities'],
    ['/cities/B', 'cities-letter-b'],
    ['/cities/fr/lyon', 'city'],
    ['/cities/fr/lyon?page=99', 'city-past-last-page'],
    [`/business/${atelierSlug}`, 'business'],
    ['/contact', 'contact'],
    ['/privacy-policy', 'privacy-policy'],
    ['/legal-notice', 'legal-notice'],
    ['/terms-of-service', 'terms-of-service'],
    ['/cookie-policy', 'cookie-policy'],
    ['/search?q=plumber', 'search'],
    ['/countries/atlantis', 'country-not-found'],
    ['/cities/fr/atlantis', 'city-not-found'],
    ['/categories/nonexistent-cat', 'category-not-found'],
    ['/business/no-such-business-abc123', 'business-not-found'],
    ['/this/does/not/exist', 'not-found'],
  ];

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('no page is wider than a %s screen (screenshots saved)', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    const tooWide: string[] = [];
    for (const [path, shot] of pages()) {
      await page.goto(app.url + path);
      await hydrated(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > viewport.width) tooWide.push(`${path}: ${width} px`);
      await screenshot(page, `${viewport.width}/${shot}`);
    }
    expect(tooWide).toEqual([]);
    await page.close();
  }, 180_000);
});

describe('the navigation', () => {
  it('shows every link in a row on a laptop, and each one leads to its page', async () => {
    const page = await openPage('/', LAPTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    for (const label of NAV_LABELS) expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL('**/contact');
    await expect.poll(() => nav.getByRole('link', { name: 'Contact', exact: true }).getAttribute('class')).toContain('active');
    await page.close();
  });

  it('puts every link behind a Menu button on a phone: aria-expanded, aria-controls, Escape, and a link closes it', async () => {
    const page = await openPage('/', PHONE);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const listId = await menu.getAttribute('aria-controls');
    expect(await page.locator(`[id="${listId}"]`).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Cities', exact: true }).isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const label of NAV_LABELS) {
      const link = nav.getByRole('link', { name: label, exact: true });
      expect(await link.isVisible(), label).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(page, '390/menu-open');

    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

    await menu.click();
    await nav.getByRole('link', { name: 'Cities', exact: true }).click();
    await page.waitForURL('**/cities');
    await page.getByRole('heading', { level: 1, name: 'Cities Directory' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it.each([360, 320])('keeps the logo and the Menu button on one row on a %i px phone', async (width) => {
    const page = await openPage('/', { width, height: 740 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logo = (await page.locator('.logo').boundingBox())!;
    const menu = (await nav.getByRole('button', { name: 'Menu' }).boundingBox())!;
    // Their middles level: the button beside the logo, not wrapped below it.
    expect(Math.abs(logo.y + logo.height / 2 - (menu.y + menu.height / 2))).toBeLessThan(4);
    expect(menu.x).toBeGreaterThan(logo.x + logo.width);
    expect(menu.x + menu.width).toBeLessThanOrEqual(width);
    await screenshot(page, `${width}/header`);
    await page.close();
  });

  it('opens the phone menu without JavaScript too', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Contact', exact: true }).isVisible()).toBe(false);
    await nav.locator('summary', { hasText: 'Menu' }).click();
    for (const label of NAV_LABELS) expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    await nav.getByRole('link', { name: 'Countries', exact: true }).click();
    await page.waitForURL('**/countries');
    await context.close();
  });
});

describe('the navigation without JavaScript on a laptop', () => {
  it('shows every link in a row, with no Menu button', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: LAPTOP });
    const page = await context.newPage();
    await page.goto(`${app.url}/cities`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of NAV_LABELS) expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    expect(await nav.locator('summary').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the 404 page on a phone', () => {
  it('lines its house banner up with the cards below it: as wide, not indented', async () => {
    const page = await openPage('/this/does/not/exist', { width: 412, height: 915 });
    const edges = async (box: { x: number; width: number } | null) => [Math.round(box!.x), Math.round(box!.x + box!.width)];
    const banner = await edges(await page.getByRole('complementary', { name: 'Advertisement' }).boundingBox());
    expect(banner).toEqual(await edges(await page.locator('.browse-card').first().boundingBox()));
    expect(banner).toEqual(await edges(await page.getByRole('search', { name: 'Search the directory' }).boundingBox()));
    await screenshot(page, '412/not-found');
    await page.close();
  });
});

describe('the contact form', () => {
  const fill = async (page: Page) => {
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email Address').fill('grace@example.com');
    await page.getByLabel('Subject').fill('Please add my shop');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('We opened a new bakery in Lyon last month.');
  };

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('brings the success notice into view and focus on a %s', async (_name, viewport) => {
    const page = await openPage('/contact', viewport);
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    // The result shows once, in place: no toast repeating it.
    const notice = page.getByRole('group', { name: 'Message Sent Successfully' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Thank you for your message. We'll get back to you within 24 hours.");
    expect(await page.getByText('Message Sent Successfully').count()).toBe(1);
    expect(await page.getByText("Thank you for your message. We'll get back to you within 24 hours.").count()).toBe(1);
    expect(await isInViewport(page, '.contact-notice')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('contact-notice'))).toBe(true);
    await screenshot(page, `${viewport.width}/contact-sent`);
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('brings the error notice into view on a %s when the message cannot be sent, and keeps the form', async (_name, viewport) => {
    const page = await openPage('/contact', viewport);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const notice = page.getByRole('group', { name: 'Error' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Failed to send message. Please try again later.');
    expect(await page.getByText('Failed to send message. Please try again later.').count()).toBe(1);
    expect(await isInViewport(page, '.contact-notice')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('contact-notice'))).toBe(true);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Grace Hopper');
    await page.close();
  });
});

describe('the contact form without JavaScript', () => {
  it('answers a sent message on a phone with the notice in view, and stores the message', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${app.url}/contact`);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await page.getByLabel('Subject').fill('No script here');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Sent from a browser without JavaScript.');
    await Promise.all([page.waitForURL('**/contact#send-message'), page.getByRole('button', { name: 'Send Message' }).click()]);
    expect(await page.locator('.contact-notice').getByText('Message Sent Successfully').count()).toBe(1);
    expect(await isInViewport(page, '.contact-notice')).toBe(true);
    const stored = app.deps.record.prepare('SELECT email FROM contact_messages ORDER BY id DESC LIMIT 1').pluck().get();
    expect(stored).toBe('ada@example.com');
    await context.close();
  });
});

describe('pages that do not exist', () => {
  it.each([
    ['/countries/atlantis', 'Country not found', 'Back to countries', '/countries'],
    ['/cities/fr/atlantis', 'City not found', 'Back to cities', '/cities'],
    ['/categories/nonexistent-cat', 'Category not found', 'Back to categories', '/categories'],
  ])('%s says %s and leads back', async (path, heading, back, listPath) => {
    const page = await openPage(path, LAPTOP);
    expect(await page.getByRole('heading', { level: 1, name: heading }).count()).toBe(1);
    await page.getByRole('link', { name: back }).click();
    await page.waitForURL(`**${listPath}`);
    await page.close();
  });
});

describe('lists past their last page', () => {
  it.each([
    ['/categories/plumber?page=99', 'Showing 25 - 31 of 31 businesses'],
    ['/cities/fr/lyon?page=99', 'Showing 25 - 31 of 31 businesses'],
    ['/businesses?page=99', 'Showing 41-51 of 51 businesses'],
  ])('%s shows the last page', async (path, showing) => {
    const page = await openPage(path, LAPTOP);
    expect(await page.getByText(showing).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByText(/No businesses found/).count()).toBe(0);
    await page.close();
  });
});

describe('the open/closed badge', () => {
  it.each([
    // Wednesday 07:00 in Paris: closed, opens at 9.
    ['2025-01-15T06:00:00Z', 'Closed', 'Opens at 9 AM'],
    // Wednesday 11:00 in Paris: open until 6.
    ['2025-01-15T10:00:00Z', 'Open', 'Closes at 6 PM'],
    // Saturday noon in Paris: closed until Monday.
    ['2025-01-18T11:00:00Z', 'Closed', 'Opens Monday at 9 AM'],
  ])('at %s reads %s with "%s"', async (time, badge, reason) => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.clock.setFixedTime(new Date(time));
    await page.goto(`${app.url}/business/${atelierSlug}`);
    await hydrated(page);
    await page.getByText(reason, { exact: true }).waitFor();
    expect(await page.locator('.business-badges .status-badge').first().textContent()).toBe(badge);
    await page.close();
  });
});

describe('loading', () => {
  it('shows a progress bar and 12 placeholder cards while the cities load', async () => {
    const page = await openPage('/', LAPTOP);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/cities?**', async (route) => {
      await held;
      await route.continue();
    });
    // Followed from the footer, far down the page: the placeholders still come into view.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cities', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor();
    const skeleton = page.getByTestId('page-skeleton');
    await skeleton.waitFor();
    expect(await skeleton.locator('.skeleton-card').count()).toBe(12);
    await expect.poll(() => isInViewport(page, '.page-skeleton .browse-header')).toBe(true);
    await screenshot(page, '1280/loading-cities');
    release();
    await page.getByRole('heading', { level: 1, name: 'Cities Directory' }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await skeleton.count()).toBe(0);
    await page.close();
  });

  it('shows the home placeholders while the home page loads', async () => {
    const page = await openPage('/contact', LAPTOP);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/featured-businesses', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    const skeleton = page.getByTestId('page-skeleton');
    await skeleton.waitFor();
    expect(await skeleton.getByText('Loading the home page…').count()).toBe(1);
    expect(await skeleton.locator('.skeleton-card').count()).toBe(12);
    release();
    await page.getByRole('region', { name: 'Popular Categories' }).waitFor();
    await page.close();
  });

  it('does not fetch again a page of a list it already has, nor the page the server rendered', async () => {
    const page = await openPage('/categories/plumber', LAPTOP);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    });
    const pager = page.getByRole('navigation', { name: 'Plumber pages' });
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await page.getByText('Showing 13 - 24 of 31 businesses').waitFor();
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await page.getByText('Showing 1 - 12 of 31 businesses').waitFor();
    // Page 1 came with the server-rendered page: the browser's cache started with it.
    expect(calls).toEqual(['/api/categories/plumber?page=2&limit=12']);
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await page.getByText('Showing 13 - 24 of 31 businesses').waitFor();
    expect(calls).toEqual(['/api/categories/plumber?page=2&limit=12']);
    await page.close();
  });
});

describe('the home counters', () => {
  const digitsOf = (page: Page) => page.locator('.home-counter-value [aria-hidden="true"]').allTextContents();

  it('keep the figures of the server HTML through hydration: no number falls', async () => {
    const html = await (await app.get('/')).text();
    const served = [...html.matchAll(/<dd class="home-counter-value"><span class="visually-hidden">[^<]*<\/span><span aria-hidden="true">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(served).toEqual(['51', '2', '2']);
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install({ time: new Date('2025-01-15T10:00:00Z') });
    await page.goto(app.url + '/');
    await hydrated(page);
    await page.clock.pauseAt(new Date('2025-01-15T10:01:00Z'));
    // The count-up took 2 s in 50 steps: every step of it, and after.
    for (let step = 0; step <= 55; step += 1) {
      expect(await digitsOf(page), `after ${step * 40} ms`).toEqual(served);
      await page.clock.runFor(40);
    }
    await page.close();
  });

  it('count up, never down, when the home page opens from another page, and not at all with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const page = await browser.newPage({ viewport: LAPTOP, reducedMotion });
      await page.clock.install({ time: new Date('2025-01-15T10:00:00Z') });
      await page.goto(`${app.url}/categories`);
      await hydrated(page);
      await page.clock.pauseAt(new Date('2025-01-15T10:01:00Z'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await page.locator('.home-counter-value').first().waitFor();
      const seen: number[] = [];
      for (let step = 0; step <= 55; step += 1) {
        seen.push(Number((await digitsOf(page))[0]));
        await page.clock.runFor(40);
      }
      expect(seen, reducedMotion).toEqual([...seen].sort((a, b) => a - b));
      expect(seen.at(-1)).toBe(51);
      if (reducedMotion === 'reduce') expect(new Set(seen)).toEqual(new Set([51]));
      else expect(seen[0]).toBeLessThan(51);
      await page.close();
    }
  });
});

describe('tooltips', () => {
  it('name the icon-only Next link on a phone after 700 ms, and the next one at once', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.clock.install({ time: new Date('2025-01-15T10:00:00Z') });
    await page.goto(`${app.url}/categories/plumber?page=2`);
    await hydrated(page);
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt(new Date('2025-01-15T10:01:00Z'));
    const next = page.getByRole('link', { name: /Next/ });
    const tooltipId = await next.getAttribute('aria-describedby');
    const tooltip = page.locator(`[id="${tooltipId}"]`);
    expect(await tooltip.getAttribute('role')).toBe('tooltip');
    expect(await tooltip.textContent()).toBe('Next page');

    await next.hover();
    expect(await tooltip.isVisible(), 'at once').toBe(false);
    await page.clock.runFor(699);
    expect(await tooltip.isVisible(), 'after 699 ms').toBe(false);
    await page.clock.runFor(1);
    expect(await tooltip.isVisible()).toBe(true);

    // Moving straight to Previous (within 300 ms): no new wait.
    const previous = page.getByRole('link', { name: /Previous/ });
    await previous.hover();
    expect(await tooltip.isVisible(), 'Next, left').toBe(false);
    const previousTooltip = page.locator(`[id="${await previous.getAttribute('aria-describedby')}"]`);
    expect(await previousTooltip.isVisible()).toBe(true);
    expect(await previousTooltip.textContent()).toBe('Previous page');
    await page.close();
  });

  it('show the whole name of a featured business cut at 15 characters', async () => {
    const page = await openPage('/', LAPTOP);
    const card = page.getByRole('region', { name: 'Featured Businesses' }).getByRole('link', { name: 'Lyon Plumbing 01' });
    const tooltipId = await card.getAttribute('aria-describedby');
    expect(tooltipId).toBeTruthy();
    expect(await page.locator(`[id="${tooltipId}"]`).textContent()).toBe('Lyon Plumbing 01');
    await card.focus();
    await page.locator(`[id="${tooltipId}"]`).waitFor({ state: 'visible' });
    await page.close();
  });
});

describe('when a call fails', () => {
  it("shows 'Error loading category' with HTTP {status}: {text} once the retries are spent", async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.clock.install({ time: new Date('2025-01-15T10:00:00Z') });
    await page.goto(`${app.url}/categories`);
    await hydrated(page);
    await page.clock.pauseAt(new Date('2025-01-15T10:01:00Z'));
    let calls = 0;
    await page.route('**/api/categories/plumber?**', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, body: 'Service Unavailable' });
    });
    await page.getByRole('link', { name: /Plumber/ }).first().click();
    await expect.poll(() => calls).toBe(1);
    // Three retries (their 1 s, 2 s, 4 s waits are checked in src/lib/api-client.test.ts): the
    // page's time is moved on in steps until the last one has been made, then the error shows.
    await expect.poll(async () => {
      await page.clock.runFor(1000);
      return calls;
    }, { timeout: 20_000 }).toBe(4);
    await page.getByRole('heading', { name: 'Error loading category' }).waitFor();
    await page.clock.runFor(60_000);
    expect(calls).toBe(4);
    expect(await page.getByText('HTTP 503: Service Unavailable').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to categories' }).count()).toBe(1);
    await page.close();
  });

  it('shows Business Not Found, with the search form and cards, when the detail call fails', async () => {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.clock.install({ time: new Date('2025-01-15T10:00:00Z') });
    await page.goto(`${app.url}/categories/plumber`);
    await hydrated(page);
    await page.clock.pauseAt(new Date('2025-01-15T10:01:00Z'));
    let calls = 0;
    await page.route('**/api/businesses/*', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, body: 'boom' });
    });
    await page.getByRole('link', { name: 'Atelier du Robinet' }).first().click();
    await expect.poll(() => calls).toBe(1);
    // The business detail is retried once.
    await expect.poll(async () => {
      await page.clock.runFor(500);
      return calls;
    }, { timeout: 20_000 }).toBe(2);
    await page.getByRole('heading', { level: 1, name: 'Business Not Found' }).waitFor();
    await page.clock.runFor(60_000);
    expect(calls).toBe(2);
    expect(await page.getByText('Business not found: 500').count()).toBe(1);
    expect(await page.getByRole('search').count()).toBeGreaterThan(0);
    for (const name of [/Categories/, /Countries/, /Cities/]) expect(await page.getByRole('main').getByRole('link', { name }).count()).toBeGreaterThan(0);
    await page.close();
  });
});
