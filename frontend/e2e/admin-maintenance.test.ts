/**
 * The maintenance screen's confirmations (Bakım → Tehlikeli İşlemler) in Debian's Chromium, against the
 * built site and the real server on a temporary data directory: a demo record of 20 businesses
 * (the test data) and two imported ones. Each action asks in the admin's own dialog saying how
 * many businesses it touches; cancelling changes nothing, confirming changes the record; deleting
 * every business wants the word SİL typed first. Screenshots of each dialog at 412 and 1280 px
 * in test-results/screenshots/admin/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { RunningServer } from '@directory/backend/server.ts';
import { saveBusinesses } from '@directory/backend/services/business-writer.ts';
import type { AdminStats } from '@directory/backend/shared/admin-types.ts';
import { signIn, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { launchBrowser, viewportScreenshot } from './browser.ts';

const LAPTOP = { width: 1280, height: 800 };
const NARROW = { width: 412, height: 915 };
const DEMO_SIZE = 20;

let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

const count = (sql: string) => server.deps.record.prepare(sql).pluck().get() as number;
const danger = () => page.getByRole('region', { name: 'Tehlikeli İşlemler' });

/** The admin API's figures as the page reads them (the session cookie goes with it). */
const pageStats = () => page.evaluate(async () => (await (await fetch('/api/admin/stats', { credentials: 'include' })).json()) as AdminStats);

/** Clicks a Tehlikeli İşlemler button and returns its dialog, once open. */
async function open(button: string, title: string) {
  await danger().getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** Whether the focus is on the Tehlikeli İşlemler button of that name. */
const isFocused = (button: string) => danger().getByRole('button', { name: button, exact: true }).evaluate((element) => element === document.activeElement);

beforeAll(async () => {
  test = await startAdminTestServer('admin-maintenance-', { demoSize: DEMO_SIZE });
  server = test.server;
  saveBusinesses(server.deps.businesses, [
    buildBusiness({ placeId: 'ChIJmaint000001', name: 'Imported Bakery' }),
    buildBusiness({ placeId: 'ChIJmaint000002', name: 'Imported Florist' }),
  ]);
  // A slug from an older importer, which "URL'leri düzelt" shortens.
  server.deps.record.prepare(`UPDATE businesses SET slug = 'imported-florist-1700000000000-old-long-form' WHERE name = 'Imported Florist'`).run();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  await signIn(page, server.url, '/admin/maintenance');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.deps.admin.reindex.whenIdle();
  await test?.close();
});

describe('the maintenance confirmations', () => {
  it('shows each dialog with its counts at 412 and 1280 px; Escape, × and Vazgeç change nothing and give the focus back', async () => {
    expect(count('SELECT count(*) FROM businesses')).toBe(DEMO_SIZE + 2);
    const dialogs = [
      ['Test verilerini sil', '20 test işletmesi silinsin mi?', 'Demo üreticisinin yüklediği 20 test işletmesi kalıcı olarak silinecek', 'test-data'],
      ["URL'leri düzelt", "URL'ler kısa biçime dönüştürülsün mü?", "Kayıttaki 22 işletmenin URL'si (slug) incelenecek", 'fix-slugs'],
      ['Tümünü sil', '22 işletmenin tümü silinsin mi?', 'Kayıttaki 22 işletmenin tamamı kalıcı olarak silinecek', 'delete-all'],
    ] as const;
    const cancels = [
      (dialog: Awaited<ReturnType<typeof open>>) => dialog.getByRole('button', { name: 'Vazgeç' }).click(),
      () => page.keyboard.press('Escape'),
      (dialog: Awaited<ReturnType<typeof open>>) => dialog.getByRole('button', { name: 'Kapat' }).click(),
    ];
    for (const viewport of [NARROW, LAPTOP]) {
      await page.setViewportSize(viewport);
      for (const [index, [button, title, says, name]] of dialogs.entries()) {
        const dialog = await open(button, title);
        expect(await dialog.textContent()).toContain(says);
        await viewportScreenshot(page, `admin/${viewport.width}/dialog-${name}`);
        await cancels[index]!(dialog);
        await dialog.waitFor({ state: 'detached' });
        expect(await isFocused(button), button).toBe(true);
      }
    }
    expect(count('SELECT count(*) FROM businesses')).toBe(DEMO_SIZE + 2);
    expect(count(`SELECT count(*) FROM businesses WHERE slug LIKE '%-old-long-form'`)).toBe(1);
  });

  it('shortens the old slug after its dialog, the old address redirecting to the new one', async () => {
    const dialog = await open("URL'leri düzelt", "URL'ler kısa biçime dönüştürülsün mü?");
    await dialog.getByRole('button', { name: "URL'leri düzelt" }).click();
    await page.getByRole('status').filter({ hasText: '22 işletme işlendi, 1 URL düzeltildi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(count(`SELECT count(*) FROM businesses WHERE slug LIKE '%-old-long-form'`)).toBe(0);
    const moved = await fetch(`${server.url}/api/businesses/imported-florist-1700000000000-old-long-form`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
  });

  it('deletes the test data after its dialog: the imported businesses stay, and the action is then not offered', async () => {
    const dialog = await open('Test verilerini sil', '20 test işletmesi silinsin mi?');
    await dialog.getByRole('button', { name: 'Test verilerini sil' }).click();
    await page.getByRole('status').filter({ hasText: '20 test işletmesi silindi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(server.deps.record.prepare('SELECT name FROM businesses ORDER BY name').pluck().all()).toEqual(['Imported Bakery', 'Imported Florist']);
    // The screen read the counts again: nothing is left for the button to do.
    await danger().getByText('Kayıtta şu an test verisi yok.').waitFor();
    expect(await danger().getByRole('button', { name: 'Test verilerini sil', exact: true }).isDisabled()).toBe(true);
  });

  it('deletes every business only once SİL is typed; a refusal stays in the dialog, the record untouched', async () => {
    const dialog = await open('Tümünü sil', '2 işletmenin tümü silinsin mi?');
    const word = dialog.getByRole('textbox', { name: 'Onaylamak için SİL yazın' });
    const confirm = dialog.getByRole('button', { name: 'Tümünü kalıcı olarak sil' });
    // The box has the focus; the red button waits for the word.
    expect(await word.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    await word.fill('SI');
    expect(await confirm.isDisabled()).toBe(true);
    await word.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await word.fill('sil');
    expect(await confirm.isEnabled()).toBe(true);
    await viewportScreenshot(page, 'admin/1280/dialog-delete-all-typed');

    // The record is busy with another writer: the server's reason, in Turkish, in the dialog.
    await page.route(`${server.url}/api/admin/businesses`, (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
        body: JSON.stringify({ error: { id: 'record_busy', message: 'The record is busy' } }),
      }),
    );
    await confirm.click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Dizin başka bir değişikliği (içe aktarma ya da bakım) kaydediyor; hiçbir şey kaydedilmedi. Lütfen 5 saniye sonra yeniden deneyin.' })
      .waitFor();
    await page.unroute(`${server.url}/api/admin/businesses`);
    expect(count('SELECT count(*) FROM businesses')).toBe(2);

    // Enter in the box confirms, as the button does.
    await word.press('Enter');
    await page.getByRole('status').filter({ hasText: '2 işletme silindi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(count('SELECT count(*) FROM businesses')).toBe(0);
    expect((await pageStats()).totalBusinesses).toBe(0);
    await danger().getByText('Kayıt şu an boş.').waitFor();
    expect(await danger().getByRole('button', { name: 'Tümünü sil', exact: true }).isDisabled()).toBe(true);
  });
});
