/**
 * The one toast system (visitor spec §9, admin spec §8) in Debian's Chromium, driven on the
 * admin business list: one toast visible at a time (the newest), 5000 ms each, swipe right past
 * 50 px to dismiss, F8 focuses the notification area. Time is Playwright's controlled clock, not waited for.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { signInAsAdmin } from '@directory/backend/testing/admin-client.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { launchBrowser } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startTestApp(
    Array.from({ length: 3 }, (_, i) => buildBusiness({ name: `Toast Bakery ${i + 1}`, reviews: 100 - i, isApproved: false })),
    { withBuiltSite: true },
  );
  const admin = await signInAsAdmin(app);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = admin.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  page = await context.newPage();
  await page.clock.install();
  await page.goto(`${app.url}/admin/businesses?sortBy=name&sortOrder=asc`);
  await page.getByRole('button', { name: 'Onayla', exact: true }).first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const toasts = () => page.locator('.toast-viewport > li');

/** Clicks the row's approval button and waits until the record says the business is approved. */
async function approve(name: string): Promise<void> {
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: 'Onayla', exact: true }).click();
  await expect.poll(() => app.deps.record.prepare('SELECT is_approved FROM businesses WHERE name = ?').pluck().get(name)).toBe(1);
}

/** Drags the visible toast `dx` pixels to the right with the mouse (a pointer swipe). */
async function swipe(dx: number): Promise<void> {
  const box = (await toasts().first().boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 20 + dx, y, { steps: 5 });
  await page.mouse.up();
}

describe('toasts', () => {
  it('shows one toast at a time, the newest in place of the older one, and announces it politely', async () => {
    await approve('Toast Bakery 1');
    await expect.poll(() => toasts().count()).toBe(1);
    await expect.poll(() => toasts().first().getAttribute('role')).toBe('status');
    expect(await toasts().first().innerText()).toContain('İşletme onaylandı');
    // Approve, then delete (after its confirmation): the deletion is what shows, not the approval before it.
    await page.getByRole('button', { name: 'Sil: Toast Bakery 2' }).click();
    await page.getByRole('dialog', { name: '"Toast Bakery 2" silinsin mi?' }).getByRole('button', { name: 'İşletmeyi sil' }).click();
    await expect.poll(() => toasts().first().innerText()).toContain('İşletme silindi');
    expect(await toasts().count()).toBe(1);
  });

  it('F8 moves the focus to the notification area', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('toast-viewport');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
  });

  it('keeps a toast swiped less than 50 px, dismisses one swiped further, and the one it replaced never comes back', async () => {
    await swipe(30);
    expect(await toasts().count()).toBe(1);
    await swipe(80);
    await expect.poll(() => toasts().count()).toBe(0);
  });

  it('closes a toast after 5000 ms on its own', async () => {
    await approve('Toast Bakery 3');
    await page.mouse.move(5, 5);
    await expect.poll(() => toasts().count()).toBe(1);
    await page.clock.runFor(4900);
    expect(await toasts().count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => toasts().count()).toBe(0);
  });
});
