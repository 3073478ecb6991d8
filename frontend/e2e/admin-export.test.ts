/**
 * The export dialog of the admin area (İşletme Yönetimi → Dışa Aktar (Excel, CSV)) in Debian's
 * Chromium, against the built site and the real server (startServer) on a temporary data
 * directory with a small demo record: an operator logs in, chooses fields and a category,
 * downloads the file (an .xlsx by default, or a CSV), and the file's header and rows are checked
 * against the record.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessRepository } from '@directory/backend/db/business-repository.ts';
import type { RunningServer } from '@directory/backend/server.ts';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { signIn, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { hydrated, launchBrowser, viewportScreenshot } from './browser.ts';

const OPEN_BUTTON = 'Dışa Aktar (Excel, CSV)';
const DIALOG = 'İşletmeleri Dışa Aktar';

let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  test = await startAdminTestServer('admin-export-', { demoSize: 80 });
  server = test.server;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

describe('the export dialog', () => {
  it('downloads the chosen fields of the chosen category as an .xlsx by default, one typed row per business of the record', async () => {
    await signIn(page, server.url, '/admin');

    // The category with the most businesses, so the filter has something to keep and something to leave out.
    const { category, n } = server.deps.record
      .prepare("SELECT category, count(*) AS n FROM businesses WHERE trim(coalesce(category, '')) <> '' GROUP BY category ORDER BY n DESC, category LIMIT 1")
      .get() as { category: string; n: number };
    const total = server.deps.record.prepare('SELECT count(*) FROM businesses').pluck().get() as number;
    expect(n).toBeLessThan(total);

    await page.goto(`${server.url}/admin/businesses`);
    await page.getByRole('heading', { name: 'İşletme Yönetimi' }).waitFor();
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.waitFor();
    // Excel first; then the spec's defaults, then: phone out, rating and place_id in.
    expect(await dialog.getByRole('radio', { name: /^Excel \(\.xlsx\)/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /^CSV/ }).isChecked()).toBe(false);
    // A sheet's rows, less its header: an export past them goes on in the next sheets.
    expect(await dialog.getByText('Bir sayfa 1.048.575 işletme alır: fazlası sonraki sayfalarda.').count()).toBe(1);
    expect(await dialog.getByText('Alanlar (4/27)').count()).toBe(1);
    await dialog.getByRole('checkbox', { name: 'phone', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'rating', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'place_id', exact: true }).check();
    await dialog.getByText('Alanlar (5/27)').waitFor();

    await dialog.getByLabel('Kategori ara').fill(category);
    await dialog.getByRole('checkbox', { name: category, exact: true }).check();
    await dialog.getByText('Kategoriler (1 seçili)').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^businesses_all_1kategoriler_all_\d{8}_\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(readFileSync(await download.path())).buffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push([1, 2, 3, 4, 5].map((column) => row.getCell(column).text)));
    // The fields in the record's order, whatever order they were ticked in.
    expect(rows[0]).toEqual(['name', 'type', 'full_address', 'rating', 'place_id']);
    expect(rows.length - 1).toBe(n);
    const expected = server.deps.record
      .prepare('SELECT id, name, rating, place_id FROM businesses WHERE category = ? ORDER BY id')
      .all(category) as { id: number; name: string; rating: number | null; place_id: string | null }[];
    expect(rows.slice(1).map((row) => [row[0], row[4]])).toEqual(expected.map((row) => [row.name, row.place_id ?? '']));
    // Ratings are numbers, as the record holds them.
    const ratings = expected.map((_row, index) => sheet.getRow(index + 2).getCell(4).value);
    expect(ratings).toEqual(expected.map((row) => row.rating));
    // A successful export closes the dialog and says so (spec §8), naming the file's kind.
    await dialog.waitFor({ state: 'detached' });
    const toast = page.getByRole('status').filter({ hasText: 'Dışa aktarma başarılı' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Excel dosyası indirildi');
  }, 180_000);

  it('downloads a CSV when CSV is chosen, of exactly the businesses of a category whose name holds a comma', async () => {
    const id = server.deps.record.prepare('SELECT min(id) FROM businesses').pluck().get() as number;
    server.deps.record.prepare("UPDATE businesses SET category = 'Bar, Grill' WHERE id = ?").run(id);
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByRole('radio', { name: /^CSV/ }).check();
    // The choices of the last export are still there: one category, which is let go first.
    await dialog.getByRole('checkbox', { name: 'Tümünü seç' }).uncheck();
    await dialog.getByLabel('Kategori ara').fill('Bar, Grill');
    await dialog.getByRole('checkbox', { name: 'Bar, Grill', exact: true }).check();
    await dialog.getByText('Kategoriler (1 seçili)').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^businesses_all_1kategoriler_all_\d{8}_\d{6}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text, { bom: true, columns: true }) as { name: string }[];
    const name = server.deps.record.prepare('SELECT name FROM businesses WHERE id = ?').pluck().get(id) as string;
    expect(rows.map((row) => row.name)).toEqual([name]);
    const toast = page.getByRole('status').filter({ hasText: 'CSV dosyası indirildi' });
    await toast.waitFor();
  }, 120_000);

  it('is a modal dialog: the page behind is inert, Tab stays inside, Escape closes it', async () => {
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await viewportScreenshot(page, 'admin/export-dialog-desktop');
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab');
      const isInside = await dialog.evaluate((element) => document.activeElement === document.body || element.contains(document.activeElement));
      expect(isInside, `Tab ${press + 1} left the dialog`).toBe(true);
    }
    // Buttons of normal size, not the browser's bare 40x20 px.
    const cancel = await dialog.getByRole('button', { name: 'İptal' }).boundingBox();
    expect(cancel!.height).toBeGreaterThanOrEqual(32);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(OPEN_BUTTON);
  }, 120_000);

  it('shows a refusal in the dialog, in words, with the field and the reason', async () => {
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByLabel('Tarih aralığı').selectOption('custom');
    await dialog.getByLabel('Başlangıç').fill('2026-03-10');
    await dialog.getByLabel('Bitiş').fill('2026-03-01');
    await dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Dışa aktarma hatası: Bitiş: Başlangıç tarihinden önce olamaz.');

    // Only one date of a custom range: the spec sends neither, and the server says what is missing.
    await dialog.getByLabel('Bitiş').fill('');
    await dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click();
    await alert.filter({ hasText: 'Tarih aralığı: Özel aralık için başlangıç ve bitiş tarihlerinin ikisi de seçilmeli.' }).waitFor();
    expect(await alert.textContent()).not.toMatch(/[{}]|400|Export failed/);
    await viewportScreenshot(page, 'admin/export-dialog-error');
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 120_000);

  it('writes the admin screens in Turkish: upper-case headers keep the dotted İ; the visitor site stays English', async () => {
    await page.goto(`${server.url}/admin/reports`);
    const header = page.getByRole('columnheader', { name: 'Kategori', exact: true });
    // innerText is what the screen shows, text-transform applied.
    expect(await header.innerText()).toBe('KATEGORİ');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    await page.getByRole('link', { name: 'Ana siteye dön' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.goto(`${server.url}/admin/businesses`);
    await page.getByRole('heading', { name: 'İşletme Yönetimi' }).waitFor();
  }, 120_000);

  it('fills a phone screen and keeps its buttons in reach', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
    const exportButton = await dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).boundingBox();
    expect(exportButton!.y + exportButton!.height).toBeLessThanOrEqual(844);
    await viewportScreenshot(page, 'admin/export-dialog-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it("starts from the list's category, says what it will export, and that the list's name search is not applied", async () => {
    const { category, n } = server.deps.record
      .prepare("SELECT category, count(*) AS n FROM businesses WHERE trim(coalesce(category, '')) <> '' GROUP BY category ORDER BY n DESC, category LIMIT 1")
      .get() as { category: string; n: number };
    // A name search that keeps fewer rows than the category has: the export does not apply it.
    const filter = 'zz';
    await page.goto(`${server.url}/admin/businesses?category=${encodeURIComponent(category)}&filter=${filter}`);
    await hydrated(page);
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByText('Kategoriler (1 seçili)').waitFor();
    expect(await dialog.getByRole('checkbox', { name: category, exact: true }).isChecked()).toBe(true);
    const scope = dialog.locator('.admin-export-scope');
    expect(await scope.locator('p').allInnerTexts()).toEqual([
      `Dışa aktarılacak: Yalnızca eşleşen işletmeler: kategori "${category}".`,
      `Ad araması ("${filter}") dışa aktarmaya uygulanmaz: dosyada adı aramayla eşleşmeyen işletmeler de olur.`,
    ]);
    await dialog.getByLabel('Ülke kodu').selectOption('all');
    await dialog.getByRole('radio', { name: /^CSV/ }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Dışa Aktar', exact: true }).click()]);
    const rows = parse(readFileSync(await download.path(), 'utf8'), { bom: true, columns: true }) as { name: string }[];
    expect(rows.length).toBe(n);

    // The list lets its category go: the dialog starts from every business again.
    await page.getByRole('button', { name: 'Kategori filtresini kaldır' }).click();
    await page.waitForURL((url) => !url.searchParams.has('category'));
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    await dialog.getByText('Kategoriler (0 seçili)').waitFor();
    expect((await scope.locator('p').allInnerTexts())[0]).toBe('Dışa aktarılacak: Tüm işletmeler (onaylı ve onay bekleyen).');
    await page.keyboard.press('Escape');
  }, 120_000);

  // Last: the categories it adds would change what the tests above pick.
  it('finds any of hundreds of categories by a part of its name, and lists the one the list started from as chosen', async () => {
    const businesses = new BusinessRepository(server.deps.record);
    const added = Array.from({ length: 130 }, (_, index) => `Atölye ${String(index + 1).padStart(3, '0')}`);
    for (const [index, category] of [...added, 'Zümrüt Kuyumcu'].entries()) {
      businesses.insertColumns(toBusinessColumns(buildBusiness({ name: `Çok Kategori ${index}`, category, placeId: `ChIJmanycategories${String(index).padStart(4, '0')}` })), `cok-kategori-${index}`);
    }
    const total = server.deps.record.prepare("SELECT count(*) FROM business_counts WHERE dimension = 'category' AND n > 0").pluck().get() as number;
    expect(total).toBeGreaterThan(130);
    // One business each, named after the others: past the first 100 the dialog lists.
    const rare = 'Zümrüt Kuyumcu';

    await page.goto(`${server.url}/admin/businesses?category=${encodeURIComponent(rare)}`);
    await hydrated(page);
    await page.getByRole('button', { name: OPEN_BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    const list = dialog.getByRole('group', { name: 'Kategori listesi' });
    await dialog.getByText('Kategoriler (1 seçili)').waitFor();
    await dialog.getByText(`${total.toLocaleString('tr-TR')} kategoriden ilk 100 tanesi listeleniyor; diğerlerini bulmak için adlarının bir kısmını yazın.`).waitFor();
    // The list's own category is listed first, ticked, though it is not among the first 100.
    expect(await list.getByRole('checkbox').count()).toBe(101);
    expect(await list.getByRole('checkbox', { name: rare, exact: true }).isChecked()).toBe(true);
    expect(await list.locator('label').first().innerText()).toBe(rare);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 412, height: 860 }]) {
      await page.setViewportSize(viewport);
      await list.scrollIntoViewIfNeeded();
      await viewportScreenshot(page, `admin/${viewport.width}/dialog-export-categories`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Typed without its accents, a part of a name finds it; the others of its kind come with it.
    await list.getByRole('checkbox', { name: rare, exact: true }).uncheck();
    await dialog.getByText('Kategoriler (0 seçili)').waitFor();
    await dialog.getByLabel('Kategori ara').fill('zumrut');
    expect((await list.locator('label').allInnerTexts()).map((text) => text.trim())).toEqual([rare]);
    await dialog.getByLabel('Kategori ara').fill('atölye 12');
    expect((await list.locator('label').allInnerTexts()).map((text) => text.trim())).toEqual(['Atölye 120', 'Atölye 121', 'Atölye 122', 'Atölye 123', 'Atölye 124', 'Atölye 125', 'Atölye 126', 'Atölye 127', 'Atölye 128', 'Atölye 129']);
    await dialog.getByRole('checkbox', { name: 'Tümünü seç (10)' }).check();
    await dialog.getByText('Kategoriler (10 seçili)').waitFor();
    await dialog.getByLabel('Kategori ara').fill('qqq');
    await dialog.getByText('“qqq” ile eşleşen kategori yok.').waitFor();
    // The chosen ones stay listed, ticked, whatever is typed.
    expect(await list.getByRole('checkbox', { checked: true }).count()).toBe(10);
    await page.keyboard.press('Escape');
  }, 120_000);
});
