/**
 * The import history of /admin/reports in Debian's Chromium against the built site and the real
 * server: on a laptop (1366 and 1280 px) all ten columns fit the panel; in a narrower box the
 * table scrolls sideways inside the panel, never the page.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@directory/backend/server.ts';
import { apiSignIn, signedInContext, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { launchBrowser, SCREENSHOT_DIR } from './browser.ts';


let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  test = await startAdminTestServer('admin-reports-');
  server = test.server;
  const { cookie, csrfToken } = await apiSignIn(server.url);
  // Two imports with the long names real exports have.
  for (const name of ['outscraper-law-firms-southern-california.csv', 'apify-mobile-phlebotomy-us.csv']) {
    const form = new FormData();
    form.append('file', new Blob(['name,phone,category\nTable Test Cafe,+90 212 000 00 00,Cafe\n']), name);
    const upload = await fetch(`${server.url}/api/upload-excel-batch`, { method: 'POST', body: form, headers: { cookie, origin: server.url, 'x-csrf-token': csrfToken } });
    expect(upload.status).toBe(200);
  }
  browser = await launchBrowser();
  page = await (await signedInContext(browser, server.url, cookie, { width: 1366, height: 900 })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

/** The history table's box and width, and whether the page itself scrolls sideways. */
async function historyWidths(width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}/admin/reports`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'İçe Aktarma Geçmişi' }) });
  await section.locator('table').waitFor();
  await section.screenshot({ path: join(SCREENSHOT_DIR, 'admin', `import-history-${width}.png`) });
  return section.evaluate((element) => {
    const box = element.querySelector<HTMLElement>('.admin-table-wrap')!;
    return {
      box: box.clientWidth,
      table: box.scrollWidth,
      overflowX: getComputedStyle(box).overflowX,
      pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

describe('the import history table', () => {
  it.each([1366, 1280])('shows all ten columns inside the panel at %i px', async (width) => {
    const widths = await historyWidths(width);
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    expect(await page.getByRole('columnheader', { name: 'Süre' }).isVisible()).toBe(true);
    expect(widths.pageScrolls).toBe(false);
  });

  it('scrolls sideways inside the panel in a narrower box, not the page', async () => {
    const widths = await historyWidths(1000);
    expect(widths.overflowX).toBe('auto');
    expect(widths.pageScrolls).toBe(false);
  });
});
