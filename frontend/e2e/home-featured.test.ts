/**
 * The home page's Featured Businesses in Debian's Chromium, at a laptop's width and a phone's:
 * every card fills its grid cell (a card whose name is cut sits in a tooltip anchor), and a long
 * category is cut with an ellipsis inside its card. Screenshots land in test-results/screenshots/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { launchBrowser, screenshot } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;

/** Names cut at 15 characters and names that fit, with categories too long for a phone's card. */
const FEATURED: [name: string, category: string][] = [
  ['Kowalski Cleaning Crew', 'House cleaning service'],
  ['Deli', 'Convenience store'],
  ['Ali Real Estate Partners', 'Real estate agency'],
  ['Ming Nails', 'Nail salon'],
  ['Taylor Tax & Accounting', 'Accountant'],
  ['Harmony Physio', 'Physiotherapist'],
  ['Spa Resort Paris Riverside', 'Resort hotel'],
  ['Gelato Bellevue', 'Ice cream shop'],
];

beforeAll(async () => {
  app = await startTestApp(
    FEATURED.map(([name, category], index) => buildBusiness({ name, category, type: category, rating: 4.5, reviews: 500 - index })),
    { withBuiltSite: true },
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the featured businesses', () => {
  it.each([
    ['home-featured-laptop', { width: 1366, height: 900 }],
    ['home-featured-phone', { width: 390, height: 844 }],
  ])('fill their grid cells and keep their badges inside (%s)', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${app.url}/`);
    const grid = page.getByRole('region', { name: 'Featured Businesses' });
    await grid.getByRole('listitem').first().waitFor();
    const cards = await page.locator('.featured-card').evaluateAll((items) =>
      items.map((item) => {
        const cell = item.getBoundingClientRect();
        const card = item.querySelector('.featured-card-link')!.getBoundingClientRect();
        const badge = item.querySelector('.badge')!;
        return {
          name: item.querySelector('.featured-card-name .visually-hidden')!.textContent,
          cell: cell.width,
          card: card.width,
          badgeOverflow: badge.getBoundingClientRect().right - (card.right - 8),
          isBadgeCut: badge.scrollWidth > badge.clientWidth,
          ellipsis: getComputedStyle(badge).textOverflow,
        };
      }),
    );
    expect(cards).toHaveLength(FEATURED.length);
    for (const card of cards) {
      expect(Math.abs(card.card - card.cell), `${card.name}: card ${card.card} px in a ${card.cell} px cell`).toBeLessThan(1);
      expect(card.badgeOverflow, `${card.name}: its badge ends past the card's padding`).toBeLessThanOrEqual(0);
      if (card.isBadgeCut) expect(card.ellipsis).toBe('ellipsis');
    }
    // One column width for all of them: the grid is even.
    expect(new Set(cards.map((card) => Math.round(card.cell))).size).toBe(1);
    if (viewport.width < 400) expect(cards.some((card) => card.isBadgeCut), 'a phone cuts "House cleaning service"').toBe(true);
    await grid.scrollIntoViewIfNeeded();
    await screenshot(page, name);
    await page.close();
  });
});
