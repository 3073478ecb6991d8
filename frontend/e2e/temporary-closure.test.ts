/**
 * A temporarily closed business in Debian's Chromium, against the built site and the real server
 * (INDEX_SYNC=off: the index follows the record through `deps.sync.catchUp()`, step by step): the
 * operator ticks "Geçici olarak kapalı" on the edit form and it comes back ticked; the list marks
 * the row; its page says "Temporarily closed", never "Open", before and after hydration, its hours
 * read as the usual ones; its search card carries the badge and "open now" leaves it out; clearing
 * the box undoes all of it. Run `npm run build` first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@directory/backend/server.ts';
import { signIn, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { hydrated, launchBrowser, screenshot, seriousAccessibilityViolations } from './browser.ts';

const ALWAYS_OPEN = JSON.stringify(Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, 'Open 24 hours'])));

let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let admin: Page;
let business: { id: number; slug: string; name: string };

beforeAll(async () => {
  // A kept /search page is otherwise served up to 30 s after the index changed under it (README, Consistency).
  test = await startAdminTestServer('temporary-closure-', { env: { PAGE_STALE_SECONDS: '0' } });
  server = test.server;
  const record = server.deps.record;
  // One business open around the clock (so only its mark can keep "Open" off its page), public whatever the listing policy.
  business = record.prepare('SELECT id, slug, name FROM businesses ORDER BY reviews DESC LIMIT 1').get() as typeof business;
  record.prepare("UPDATE businesses SET working_hours = ?, is_approved = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(ALWAYS_OPEN, business.id);
  await server.deps.sync.catchUp();
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(admin, server.url, `/admin/businesses/${business.id}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

const closureBox = () => admin.getByRole('checkbox', { name: 'Geçici olarak kapalı' });

/** Ticks or clears the box on the edit form, saves, and reads the form again from the server. */
async function saveClosure(isClosed: boolean): Promise<void> {
  await admin.goto(`${server.url}/admin/businesses/${business.id}`);
  await hydrated(admin);
  await closureBox().setChecked(isClosed);
  await admin.getByRole('button', { name: 'Kaydet' }).click();
  await admin.locator('.toast').filter({ hasText: 'İşletme güncellendi' }).first().waitFor();
  await server.deps.sync.catchUp();
  await admin.reload();
  await hydrated(admin);
}

/** The business page at a width: the text of its badges and Status, and whether it ever said "Open" (as served, then hydrated). */
async function businessPage(width: number, shot?: string): Promise<{ served: string; badges: string; status: string; hours: string; page: Page }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const response = await page.goto(`${server.url}/business/${business.slug}`);
  const served = (await response!.text()).replace(/<!-- -->/g, '');
  await hydrated(page);
  const badges = (await page.locator('.business-badges').textContent()) ?? '';
  const status = (await page.locator('.business-facts div').filter({ hasText: 'Status' }).locator('dd').textContent()) ?? '';
  const hours = (await page.getByRole('region', { name: 'Opening hours' }).textContent()) ?? '';
  if (shot) await screenshot(page, shot);
  return { served, badges, status, hours, page };
}

/** A search for the business's name: the text of its card, and whether "open now" finds it. */
async function searchCard(width: number, shot?: string): Promise<{ card: string; isOpenNow: boolean }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}/search?q=${encodeURIComponent(business.name)}`);
  await hydrated(page);
  const card = page.locator('.search-card').filter({ has: page.getByRole('link', { name: business.name, exact: true }) });
  const text = (await card.textContent()) ?? '';
  if (shot) await screenshot(page, shot);
  await page.goto(`${server.url}/search?q=${encodeURIComponent(business.name)}&openNow=true`);
  await hydrated(page);
  const isOpenNow = (await page.getByRole('link', { name: business.name, exact: true }).count()) > 0;
  await page.close();
  return { card: text, isOpenNow };
}

describe('a business marked temporarily closed', () => {
  it('is open around the clock before the mark', async () => {
    const { badges, status, page } = await businessPage(1280);
    expect(badges).toContain('Open');
    expect(status).toBe('OPERATIONAL');
    await page.close();
    expect((await searchCard(1280)).isOpenNow).toBe(true);
    await expect(closureBox().isChecked()).resolves.toBe(false);
  });

  it('is marked from the edit form, and the box comes back ticked; the list shows the mark', async () => {
    await saveClosure(true);
    await expect(closureBox().isChecked()).resolves.toBe(true);
    expect(server.deps.record.prepare('SELECT status FROM business_closures WHERE business_id = ?').pluck().get(business.id)).toBe('temporarily_closed');
    await closureBox().scrollIntoViewIfNeeded();
    await screenshot(admin, 'temporary-closure/admin-edit');
    await admin.goto(`${server.url}/admin/businesses?filter=${encodeURIComponent(business.name)}`);
    await hydrated(admin);
    const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: business.name, exact: true }) });
    await expect(row.locator('.admin-closure-badge').textContent()).resolves.toBe('Geçici olarak kapalı');
    await screenshot(admin, 'temporary-closure/admin-list');
  });

  it('says "Temporarily closed" on its page at 1280 and 412 px, never "Open", served and hydrated, its hours the usual ones', async () => {
    for (const width of [1280, 412]) {
      const { served, badges, status, hours, page } = await businessPage(width, `temporary-closure/business-${width}`);
      const servedBadges = /<div class="business-badges">([\s\S]*?)<\/div>/.exec(served)![1]!;
      expect(servedBadges).toContain('Temporarily closed');
      expect(servedBadges).not.toMatch(/status-open|status-closed/);
      expect(badges).toContain('Temporarily closed');
      expect(badges).not.toMatch(/\bOpen\b|Closes|Opens/);
      expect(status).toBe('Temporarily closed');
      expect(hours).toContain('Usual hours; the business is temporarily closed.');
      expect(hours).toContain('Open 24 hours');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it('carries the badge on its search card, and "open now" leaves it out', async () => {
    for (const width of [1280, 412]) {
      const { card, isOpenNow } = await searchCard(width, `temporary-closure/search-${width}`);
      expect(card).toContain('Temporarily closed');
      expect(isOpenNow).toBe(false);
    }
  });

  it('is open again once the box is cleared', async () => {
    await saveClosure(false);
    await expect(closureBox().isChecked()).resolves.toBe(false);
    const { badges, status, page } = await businessPage(1280);
    expect(badges).not.toContain('Temporarily closed');
    expect(status).toBe('OPERATIONAL');
    await page.close();
    const { card, isOpenNow } = await searchCard(1280);
    expect(card).not.toContain('Temporarily closed');
    expect(isOpenNow).toBe(true);
  });
});
