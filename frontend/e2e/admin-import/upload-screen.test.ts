import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import ExcelJS from 'exceljs';
import Koa, { type Middleware } from 'koa';
import serve from 'koa-static';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '@directory/backend/middleware/error-handler.ts';
import { attachImportProgressSocket } from '@directory/backend/routes/imports/import-progress-socket.ts';
import { createImportRouter } from '@directory/backend/routes/imports/imports.ts';
import { startTestApp, type TestApp } from '@directory/backend/testing/test-app.ts';
import { writeSample, type SampleSummary } from '../../../scripts/samples/generate-sample.ts';
import { launchBrowser, screenshot } from '../browser.ts';

let dir: string;
let app: TestApp;
let server: Server;
let base: string;
let browser: Browser;
let socket: { close(): void };
let summary: SampleSummary;
/** A count as the admin screens write it (12.480). */
const turkish = (value: number) => value.toLocaleString('tr-TR');
const csrfHeaders: (string | undefined)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'upload-screen-'));
  await build({ configFile: false, root: import.meta.dirname, logLevel: 'silent', build: { outDir: join(dir, 'site'), emptyOutDir: true } });
  app = await startTestApp();
  // The screen's calls go to the real import router; the guard only records the CSRF header it got.
  const recordCsrf: Middleware = (ctx, next) => {
    csrfHeaders.push(ctx.get('X-CSRF-Token') || undefined);
    return next();
  };
  const koa = new Koa();
  koa.use(errorHandler({ isDevelopment: false }));
  const api = new Router({ prefix: '/api' });
  const imports = createImportRouter({ imports: app.deps.imports, record: app.deps.record, guardRead: (_ctx, next) => next(), guardWrite: recordCsrf });
  api.use(imports.routes());
  koa.use(api.routes());
  koa.use(serve(join(dir, 'site')));
  server = await new Promise((resolve) => {
    const listening = koa.listen(0, '127.0.0.1', () => resolve(listening));
  });
  socket = attachImportProgressSocket(server, app.deps.imports, () => true);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  summary = await writeSample({ rows: 3000, tool: 'gosom', format: 'csv', out: join(dir, 'gosom-places.csv') });
  writeFileSync(join(dir, 'full.csv'), 'name,place_id\nFull Cafe,ChIJe2efull000001\n');
  writeFileSync(join(dir, 'dry.csv'), 'name,place_id\nDry Cafe,ChIJe2edryrun0001\n');
  writeFileSync(
    join(dir, 'messy.csv'),
    'name,place_id,lat,lng,business_status\nGood Cafe,ChIJe2emessy00001,41.0,29.0,OPERATIONAL\nFar Cafe,ChIJe2emessy00002,999,29.0,OPERATIONAL\n' +
      'Gone Cafe,ChIJe2emessy00003,41.1,29.1,CLOSED_PERMANENTLY\n',
  );
  // Two sheets of one table: Sayfa2's rows are numbered on from Sayfa1's in the file, not where the operator finds them.
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sayfa1').addRows([['name', 'place_id', 'lat', 'lng'], ['Bir Cafe', 'ChIJe2esheets0001', '41', '29'], ['Uzak Cafe', 'ChIJe2esheets0002', '999', '29']]);
  workbook.addWorksheet('Sayfa2').addRows([
    ['name', 'place_id', 'lat', 'lng'], ['İki Cafe', 'ChIJe2esheets0003', '41', '29'], ['Kuzey Cafe', 'ChIJe2esheets0004', '41', '290'],
    ['name', 'place_id', 'lat', 'lng'], ['Bir Cafe yine', 'ChIJe2esheets0001', '41', '29'],
  ]);
  await workbook.xlsx.writeFile(join(dir, 'two-sheets.xlsx'));
  writeFileSync(join(dir, 'photo.xlsx'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  socket?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.deps.imports.settled();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the upload screen in Chromium', () => {
  it('uploads two files one at a time, shows progress from the websocket and each file report', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const progressFrames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => progressFrames.push(String(frame.payload))));
    await page.goto(`${base}/index.html`);

    await page.getByLabel('Dosyalar').setInputFiles([join(dir, 'gosom-places.csv'), join(dir, 'photo.xlsx')]);
    await page.getByLabel('Grup boyutu').selectOption('100');
    await page.getByRole('button', { name: 'Yükle' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Kısmi başarı' });
    await alert.waitFor({ timeout: 90_000 });
    expect(await alert.textContent()).toBe('Kısmi başarı 1/2');
    // The spec's destructive style: white on the danger colour.
    expect(await alert.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color])).toEqual(['rgb(185, 28, 28)', 'rgb(255, 255, 255)']);
    // Partial success keeps the files, to remove the failed one and try again.
    expect(await page.getByRole('button', { name: 'Yükle' }).isEnabled()).toBe(true);

    const good = page.getByRole('region', { name: 'Rapor: gosom-places.csv' });
    const written = summary.rows - summary.errorRows - summary.skippedRows;
    expect(await good.getByRole('status').textContent()).toContain(`${turkish(summary.rows)} satırın ${turkish(written)} tanesi içe aktarıldı`);
    expect(await good.locator('dt:has-text("Toplam satır") + dd').textContent()).toBe(String(summary.rows));
    expect(await good.getByRole('table', { name: 'İlk hatalar' }).getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('402');
    // A first import into an empty record updates nothing: the file's repeated places are said to be repeats.
    expect(await good.getByRole('status').textContent()).toContain(`(${turkish(summary.distinctPlaces)} yeni, 0 güncelleme, ${turkish(summary.duplicateRows)} dosyada tekrar eden)`);
    const figure = async (label: string) => good.locator(`dt:text-is("${label}") + dd`).textContent();
    expect(await figure('Yeni')).toBe(String(summary.distinctPlaces));
    expect(await figure('Güncellenen')).toBe('0');
    expect(await figure('Dosyada tekrar eden')).toBe(String(summary.duplicateRows));
    expect(await figure('Geçici olarak kapalı')).toBe(String(summary.temporarilyClosedRows));
    expect(await figure('Atlanan')).toBe(String(summary.skippedRows));
    const skipped = good.getByRole('table', { name: 'İlk atlanan satırlar' }).getByRole('row');
    expect(await skipped.count()).toBe(1 + Math.min(summary.skippedRows, 10));
    expect(await skipped.nth(1).getByRole('cell').last().textContent()).toBe('Kalıcı olarak kapanmış.');
    await good.getByText(/^Tekrar analizi/).click();
    expect(await good.getByText(/^Place ID'li yer:/).textContent()).toMatch(new RegExp(`^Place ID'li yer: ${summary.distinctPlaces} / ${summary.distinctPlaces} farklı yer\\.`));
    expect(await good.getByRole('link', { name: 'Hatalı ve atlanan satırları indir (CSV)' }).getAttribute('href')).toMatch(/^\/api\/admin\/upload-reports\/\d+\/errors\.csv$/);
    expect(await page.getByRole('progressbar', { name: 'gosom-places.csv ilerleme' }).getAttribute('value')).toBe('100');

    const failed = page.getByRole('region', { name: 'Rapor: photo.xlsx' });
    expect(await failed.getByRole('status').textContent()).toBe('Dosya ne bir Excel çalışma kitabı (.xlsx, .xls) ne de CSV metin dosyası.');

    const messages = progressFrames.map((frame) => JSON.parse(frame) as { fileIndex: number; rowsRead: number; isDone: boolean; totalFiles: number });
    expect(messages.filter((message) => message.fileIndex === 1 && !message.isDone).length).toBeGreaterThanOrEqual(5);
    expect(messages.find((message) => message.fileIndex === 1 && message.isDone)).toMatchObject({ rowsRead: summary.rows, totalFiles: 2 });
    expect(csrfHeaders).toEqual(['csrf-test-token', 'csrf-test-token']);
    await screenshot(page, 'admin-upload-screen');
  }, 120_000);

  it('says a dry run wrote nothing, and marks its report', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/index.html`);
    await page.getByLabel('Dosyalar').setInputFiles(join(dir, 'dry.csv'));
    await page.getByLabel('Deneme (hiçbir şey yazılmaz)').check();
    await page.getByRole('button', { name: 'Yükle' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Deneme tamamlandı' });
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toBe('Deneme tamamlandı: tüm dosyalar okundu ve denetlendi, kayda hiçbir şey yazılmadı.');
    const report = page.getByRole('region', { name: 'Rapor: dry.csv' });
    expect(await report.getByText('deneme (yazılmadı)').count()).toBe(1);
    expect(await report.getByRole('status').textContent()).toBe(
      'Deneme: 1 satırın 1 tanesi yazılacaktı (1 yeni, 0 güncelleme); 0 satır hatalı, 0 satır atlanacaktı. Kayda hiçbir şey yazılmadı.',
    );
    // A dry run keeps the file, to be imported for real next.
    expect(await page.getByRole('button', { name: 'Yükle' }).isEnabled()).toBe(true);
    await page.close();
  }, 120_000);

  it('clears the file after a full success, so a second click cannot import it again', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/index.html`);
    const picker = page.getByLabel('Dosyalar');
    await picker.setInputFiles(join(dir, 'full.csv'));
    await page.getByRole('button', { name: 'Yükle' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Tüm dosyalar başarıyla yüklendi.' });
    await notice.waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Yükle' }).isDisabled()).toBe(true);
    expect(await picker.evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(0);
    expect(await page.getByRole('button', { name: 'full.csv kaldır' }).count()).toBe(0);
    // The report stays on screen.
    expect(await page.getByRole('region', { name: 'Rapor: full.csv' }).getByRole('status').textContent()).toBe(
      '1 satırın 1 tanesi içe aktarıldı (1 yeni, 0 güncelleme); 0 satır hatalı, 0 satır atlandı.',
    );
    await screenshot(page, 'admin-upload-full-success');
    await page.close();
  }, 120_000);

  it("words a file's counts, its bad rows and its skipped rows in Turkish, naming the column as the file does", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/index.html`);
    // The picker speaks Turkish, whatever the browser's language: its own "Choose Files" button is hidden.
    const picker = page.locator('.admin-import-picker');
    expect(await picker.innerText()).toBe('Dosyalar\nDosya seçin\nDosya seçilmedi');
    // Clipped to nothing (still focusable, still the label's control), so its "Choose Files" never shows.
    expect(await page.getByLabel('Dosyalar').evaluate((input) => getComputedStyle(input).clip)).toBe('rect(0px, 0px, 0px, 0px)');
    await page.getByLabel('Dosyalar').setInputFiles(join(dir, 'messy.csv'));
    expect(await picker.locator('.admin-import-picker-box').innerText()).toBe('Dosya seçin\nmessy.csv');
    await page.getByRole('button', { name: 'Yükle' }).click();
    const report = page.getByRole('region', { name: 'Rapor: messy.csv' });
    await report.waitFor({ timeout: 60_000 });
    expect(await report.getByRole('status').textContent()).toBe('3 satırın 1 tanesi içe aktarıldı (1 yeni, 0 güncelleme); 1 satır hatalı, 1 satır atlandı.');
    const cells = async (table: string) => report.getByRole('table', { name: table }).getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(await cells('İlk hatalar')).toEqual(['3', 'lat', '999 geçerli bir enlem değil: −90 ile 90 arasında olmalı.']);
    expect(await cells('İlk atlanan satırlar')).toEqual(['4', 'Gone Cafe', 'Kalıcı olarak kapanmış.']);
    expect(await report.textContent()).not.toMatch(/outside|permanently|rows imported/);
    // The file went in, but not every row: the notice over the reports says so, not "başarıyla".
    const notice = page.locator('.admin-import-notice');
    expect(await notice.textContent()).toBe('Tüm dosyalar yüklendi; 1 satır hatalı, 1 satır atlandı: ayrıntılar aşağıda.');
    expect(await notice.getAttribute('class')).toContain('is-warning');
    await screenshot(page, 'admin-upload-messy');
    await page.setViewportSize({ width: 412, height: 900 });
    await screenshot(page, 'admin-upload-messy-412');
    await page.close();
  }, 120_000);

  it('names the sheet and its own row of each reported row of a workbook of several sheets', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/index.html`);
    await page.getByLabel('Dosyalar').setInputFiles(join(dir, 'two-sheets.xlsx'));
    await page.getByRole('button', { name: 'Yükle' }).click();
    const report = page.getByRole('region', { name: 'Rapor: two-sheets.xlsx' });
    await report.waitFor({ timeout: 60_000 });
    const rows = async (table: string) => {
      const lines = await report.getByRole('table', { name: table }).getByRole('row').all();
      return Promise.all(lines.map((line) => line.getByRole('columnheader').or(line.getByRole('cell')).allTextContents()));
    };
    expect(await rows('İlk hatalar')).toEqual([
      ['Sayfa', 'Satır', 'Sütun', 'Neden'],
      ['Sayfa1', '3', 'lat', '999 geçerli bir enlem değil: −90 ile 90 arasında olmalı.'],
      ['Sayfa2', '3', 'lng', '290 geçerli bir boylam değil: −180 ile 180 arasında olmalı.'],
    ]);
    expect(await rows('İlk atlanan satırlar')).toEqual([['Sayfa', 'Satır', 'Ad', 'Neden'], ['Sayfa2', '4', '—', 'Tekrarlanan başlık satırı.']]);
    await report.getByText(/^Tekrar analizi/).click();
    expect(await report.getByRole('listitem').allTextContents()).toEqual(['Sayfa2, satır 5: Bir Cafe yine']);
    await screenshot(page, 'admin-upload-sheets');
    await page.setViewportSize({ width: 412, height: 900 });
    await screenshot(page, 'admin-upload-sheets-412');
    await page.close();
  }, 120_000);
});
