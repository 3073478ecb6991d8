/**
 * Alignment of two admin screens in Debian's Chromium against the built site and the real
 * server: the activity log's entries start their text at one x whatever their result's badge
 * says (Başarılı, Bilgi, Uyarı, Hata), on a phone and on a laptop; the upload screen's captions
 * (Dosyalar, Grup boyutu) stand on one line and its controls share one height.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@directory/backend/server.ts';
import { apiSignIn, signedInContext, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { hydrated, launchBrowser, SCREENSHOT_DIR } from './browser.ts';

let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  test = await startAdminTestServer('admin-alignment-');
  server = test.server;
  // One entry of each result: a refused login (Hata), a login (Başarılı), a refused edit (Uyarı), a logout (Bilgi).
  expect((await apiSignIn(server.url, 'not-the-password')).status).toBe(401);
  const first = await apiSignIn(server.url);
  const writeHeaders = { cookie: first.cookie, origin: server.url, 'x-csrf-token': first.csrfToken, 'content-type': 'application/json' };
  const id = server.deps.record.prepare('SELECT min(id) FROM businesses').pluck().get() as number;
  expect((await fetch(`${server.url}/api/admin/businesses/${id}`, { method: 'PUT', headers: writeHeaders, body: JSON.stringify({ name: '' }) })).status).toBe(400);
  expect((await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: writeHeaders })).ok).toBe(true);
  const session = await apiSignIn(server.url);
  browser = await launchBrowser();
  page = await (await signedInContext(browser, server.url, session.cookie, { width: 1280, height: 900 })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

describe('the activity log', () => {
  it.each([412, 1280])('starts every entry text at one x, whatever its badge says, at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/admin/activity`);
    await hydrated(page);
    const entries = await page.locator('.admin-activity').evaluateAll((items) =>
      items.map((item) => {
        const badge = item.querySelector<HTMLElement>('.admin-status')!;
        return {
          badge: badge.textContent,
          badgeWidth: badge.getBoundingClientRect().width,
          isBadgeTextCut: badge.scrollWidth > badge.clientWidth,
          textX: item.querySelector('.admin-activity-text')!.getBoundingClientRect().x,
        };
      }),
    );
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin', `activity-${width}.png`), fullPage: true });
    expect(new Set(entries.map((entry) => entry.badge))).toEqual(new Set(['Başarılı', 'Bilgi', 'Uyarı', 'Hata']));
    expect(new Set(entries.map((entry) => entry.textX)).size).toBe(1);
    expect(new Set(entries.map((entry) => entry.badgeWidth)).size).toBe(1);
    expect(entries.filter((entry) => entry.isBadgeTextCut)).toEqual([]);
  });
});

describe('the upload screen', () => {
  it('puts the captions Dosyalar and Grup boyutu on one line at 1280 px, their controls one height', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/upload`);
    await hydrated(page);
    const boxes = await page.locator('.admin-import-controls').evaluate((controls) => {
      const [files, batch] = [...controls.querySelectorAll<HTMLLabelElement>(':scope > label')];
      /** The top of a label's caption (its first text), and the box of its control. */
      const captionTop = (label: HTMLLabelElement) => {
        const range = document.createRange();
        range.selectNodeContents(label.firstChild!);
        return range.getBoundingClientRect().top;
      };
      const fileBox = files!.querySelector('.admin-import-picker-box')!.getBoundingClientRect();
      const select = batch!.querySelector('select')!.getBoundingClientRect();
      const dryRun = controls.querySelector('input[type="checkbox"]')!.getBoundingClientRect();
      return {
        captions: [files!.firstChild!.textContent, batch!.firstChild!.textContent],
        captionTops: [captionTop(files!), captionTop(batch!)],
        heights: [fileBox.height, select.height],
        centres: [fileBox.top + fileBox.height / 2, select.top + select.height / 2, dryRun.top + dryRun.height / 2],
      };
    });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin', 'upload-1280.png') });
    expect(boxes.captions).toEqual(['Dosyalar', 'Grup boyutu']);
    expect(boxes.captionTops[1]).toBe(boxes.captionTops[0]);
    expect(boxes.heights[1]).toBe(boxes.heights[0]);
    // The dry-run box sits level with the controls beside it (within a pixel of rounding).
    for (const centre of boxes.centres) expect(Math.abs(centre - boxes.centres[0]!)).toBeLessThanOrEqual(1);
  });
});
