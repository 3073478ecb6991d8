/**
 * An admin screen before its script has run, in Debian's Chromium: the page's scripts are held
 * back by the test (not raced against), so the server's HTML is all there is. Its controls are
 * disabled then (text typed into them would never reach React's state), and work once React has
 * adopted the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '@directory/backend/testing/admin-client.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { hydrated, launchBrowser } from './browser.ts';

let app: TestApp & { url: string };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp([], { withBuiltSite: true });
  const admin = await signInAsAdmin(app);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = admin.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('an admin screen before and after hydration', () => {
  it('keeps every control disabled until React has adopted the page, then takes typed text', async () => {
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsReleased;
      await route.continue();
    });

    await page.goto(`${app.url}/admin/advertisements`, { waitUntil: 'commit' });
    const adCode = page.getByLabel('Reklam Alanı 1 (ad1)');
    await adCode.waitFor();
    expect(await adCode.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Çıkış Yap' }).isDisabled()).toBe(true);

    releaseScripts();
    await hydrated(page);
    // fill() waits until the field is enabled: the render after hydration lifts the guard.
    await adCode.fill('<div>typed after hydration</div>');
    expect(await adCode.isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Kaydet' }).isEnabled()).toBe(true);
  });
});
