/**
 * An operator's day in the admin area, in Debian's Chromium, against the built site and the real
 * server (startServer) on a temporary data directory with a small demo record and
 * PUBLIC_LISTING=approved: log in, approve, edit, site snippets, ad codes, contact messages,
 * delete, filter by category, delete in bulk, rebuild the index while visitors browse, log out.
 * Also a cross-origin write attempt and every admin screen at 390 px and 1280 px (screenshots in
 * test-results/screenshots/admin/).
 * The index follows the record through `deps.sync.catchUp()` (INDEX_SYNC=off), so each step is
 * driven, not waited for.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBackendConfig } from '@directory/backend/config.ts';
import { startServer, type RunningServer } from '@directory/backend/server.ts';
import { hydrated, launchBrowser, screenshot, viewportScreenshot } from './browser.ts';

const USERNAME = 'operator';
const PASSWORD = 'journey-Passw0rd-2026';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
/** A wide phone, where the dialogs' screenshots are taken. */
const NARROW = { width: 412, height: 915 };

let dir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The two businesses deleted in one call, as the activity log must name them: "Ad (#12)". */
let bulkDeleted: string[] = [];

interface Listed {
  id: number;
  name: string;
  slug: string;
}

/** A business whose name no other business shares, so the admin search finds exactly one row. */
function uniqueBusiness(isApproved: boolean, except: number[] = []): Listed {
  const row = server.deps.record
    .prepare(
      `SELECT id, name, slug FROM businesses WHERE is_approved = ? AND id NOT IN (SELECT value FROM json_each(?))
       AND name IN (SELECT name FROM businesses GROUP BY name HAVING COUNT(*) = 1) ORDER BY id LIMIT 1`,
    )
    .get(isApproved ? 1 : 0, JSON.stringify(except)) as Listed | undefined;
  if (!row) throw new Error(`the demo record has no ${isApproved ? 'approved' : 'unapproved'} business with a unique name`);
  return row;
}

const visit = (path: string) => fetch(server.url + path, { redirect: 'manual' });

/** Opens the business list filtered to one name and returns its row. */
async function businessRow(name: string) {
  await page.goto(`${server.url}/admin/businesses`);
  await page.getByRole('heading', { name: 'İşletme Yönetimi' }).waitFor();
  await hydrated(page);
  await page.getByLabel('İşletme adı ara').fill(name);
  await page.getByLabel('İşletme adı ara').press('Enter');
  const row = page.locator('tr.admin-row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.waitFor();
  return row;
}

/**
 * A visitor's page in a browser of its own: public pages are fresh for 10 minutes (visitor
 * spec §9), so the operator's browser may show a page it saw before the change.
 */
const visitorPage = () => browser.newPage({ viewport: LAPTOP });

/** The admin API as the page calls it (the session cookie goes with it). */
function pageApiStatus(path: string): Promise<number> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, `${server.url}${path}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-journey-'));
  const config = loadBackendConfig({
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_SIZE: '60',
    ADMIN_USERNAME: USERNAME,
    ADMIN_PASSWORD: PASSWORD,
    PUBLIC_LISTING: 'approved',
    INDEX_SYNC: 'off',
    NODE_ENV: 'test',
    // A loaded test machine renders slowly: the queue in front of pages must not shed the journey.
    ADMISSION_MAX_WAIT_MS: '600000',
    // The rebuild test asks a search every round for as long as the rebuild runs: on a fast
    // machine more than the 50 in 10 s one address may (it once answered 429).
    SEARCH_RATE_LIMIT: '0',
  });
  server = await startServer(config, () => undefined);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: LAPTOP });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.deps.admin.reindex.whenIdle();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("an operator's journey", () => {
  it('is refused with the Turkish error on a wrong password, then logs in and lands on the dashboard', async () => {
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Kullanıcı adı').fill(USERNAME);
    await page.getByLabel('Şifre').fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Geçersiz kullanıcı adı veya şifre' });
    await error.waitFor();
    expect(page.url()).toBe(`${server.url}/admin/login`);

    await page.getByLabel('Şifre').fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('button', { name: 'Çıkış Yap' }).waitFor();
    expect(await error.count()).toBe(0);
  });

  it('approves a business in İşletme Yönetimi and then finds its public page', async () => {
    const business = uniqueBusiness(false);
    await server.deps.sync.catchUp();
    expect((await visit(`/business/${business.slug}`)).status).toBe(404);

    const row = await businessRow(business.name);
    await row.getByRole('button', { name: 'Onayla', exact: true }).click();
    await row.getByRole('button', { name: 'Onaylı', exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Onaylı' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.deps.record.prepare('SELECT is_approved FROM businesses WHERE id = ?').pluck().get(business.id)).toBe(1);

    await server.deps.sync.catchUp();
    const answer = await visit(`/business/${business.slug}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(business.name);
  });

  it('edits a phone number and sees the new number on the public page', async () => {
    const business = uniqueBusiness(true);
    const row = await businessRow(business.name);
    await row.getByRole('link', { name: 'Düzenle' }).click();
    await page.waitForURL(`${server.url}/admin/businesses/${business.id}`);
    const phone = page.getByLabel('Telefon');
    await phone.fill('+33 4 78 90 12 34');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('status').filter({ hasText: 'İşletme güncellendi' }).waitFor();
    expect(server.deps.record.prepare('SELECT phone FROM businesses WHERE id = ?').pluck().get(business.id)).toBe('+33 4 78 90 12 34');

    await server.deps.sync.catchUp();
    const publicPage = await visitorPage();
    await publicPage.goto(`${server.url}/business/${business.slug}`);
    await publicPage.getByRole('link', { name: /\+33 4 78 90 12 34/ }).first().waitFor();
    expect(await publicPage.locator('a[href^="tel:"]').first().getAttribute('href')).toContain('+33478901234');
    await publicPage.close();
  });

  it('puts a marker in the head snippet: public pages carry it, admin pages do not', async () => {
    const marker = '<meta name="journey-marker" content="head-snippet-7f3a">';
    await page.goto(`${server.url}/admin/settings`);
    await hydrated(page);
    await page.getByLabel('Head Etiketleri').fill(marker);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('status').filter({ hasText: 'Ayarlar kaydedildi' }).waitFor();

    const business = uniqueBusiness(true);
    for (const path of ['/', `/business/${business.slug}`, '/contact']) {
      const html = await (await visit(path)).text();
      expect(html, path).toContain(marker);
      expect(html.indexOf(marker), path).toBeLessThan(html.indexOf('</head>'));
    }
    for (const path of ['/admin/login', '/admin/settings']) {
      expect(await (await visit(path)).text(), path).not.toContain('head-snippet-7f3a');
    }
  });

  it('saves an ad code in Reklam Yönetimi and sees it on a business page', async () => {
    await page.goto(`${server.url}/admin/advertisements`);
    await hydrated(page);
    await page.getByLabel('Reklam Alanı 1 (ad1)').fill('<div class="journey-ad">Journey ad 42</div>');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('status').filter({ hasText: 'Reklam kodları kaydedildi' }).waitFor();

    const business = uniqueBusiness(true);
    const publicPage = await visitorPage();
    await publicPage.goto(`${server.url}/business/${business.slug}`);
    await publicPage.locator('.journey-ad', { hasText: 'Journey ad 42' }).waitFor();
    expect(await publicPage.locator('.journey-ad').count()).toBe(1);
    await publicPage.close();
  });

  it('reads in Mesajlar a message a visitor sent from /contact', async () => {
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`${server.url}/contact`);
    await visitor.waitForFunction(() => document.querySelector('.nav-toggle')?.tagName === 'BUTTON');
    await visitor.getByLabel('Full Name').fill('Ada Lovelace');
    await visitor.getByLabel('Email Address').fill('ada@example.com');
    await visitor.getByLabel('Subject').fill('Journey message 5c1d');
    await visitor.getByRole('textbox', { name: 'Message', exact: true }).fill('Please correct the opening hours of my shop.');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('group', { name: 'Message Sent Successfully' }).waitFor();
    await visitor.close();

    await page.goto(`${server.url}/admin/messages`);

    const message = page.locator('article.admin-message').filter({ has: page.getByRole('heading', { name: 'Journey message 5c1d' }) });
    await message.waitFor();
    expect(await message.textContent()).toContain('Ada Lovelace');
    expect(await message.textContent()).toContain('ada@example.com');
    expect(await message.textContent()).toContain('Please correct the opening hours of my shop.');
    expect(await message.getByText('Okunmadı', { exact: true }).count()).toBe(1);
  });

  it('deletes a message after a dialog naming it: Vazgeç keeps it, a message deleted meanwhile is refused in the dialog', async () => {
    const insert = server.deps.record.prepare('INSERT INTO contact_messages (name, email, subject, message) VALUES (?, ?, ?, ?)');
    const kept = Number(insert.run('Grace Hopper', 'grace@example.com', 'Journey message to delete', 'An old request.').lastInsertRowid);
    const raced = Number(insert.run('Alan Turing', 'alan@example.com', 'Journey message deleted elsewhere', 'Another request.').lastInsertRowid);
    const stored = (id: number) => server.deps.record.prepare('SELECT count(*) FROM contact_messages WHERE id = ?').pluck().get(id);
    await page.goto(`${server.url}/admin/messages`);
    await hydrated(page);
    const card = (subject: string) => page.locator('article.admin-message').filter({ has: page.getByRole('heading', { name: subject }) });

    const opener = card('Journey message to delete').getByRole('button', { name: 'Sil' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '"Journey message to delete" mesajı silinsin mi?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Grace Hopper (grace@example.com) tarafından');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vazgeç');
    for (const viewport of [NARROW, LAPTOP]) {
      await page.setViewportSize(viewport);
      await viewportScreenshot(page, `admin/${viewport.width}/dialog-message-delete`);
    }
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(stored(kept)).toBe(1);

    await opener.click();
    await dialog.getByRole('button', { name: 'Mesajı sil' }).click();
    await page.getByRole('status').filter({ hasText: 'Mesaj silindi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card('Journey message to delete').waitFor({ state: 'detached' });
    expect(stored(kept)).toBe(0);

    // Deleted by someone else while the screen showed it: the dialog stays, with the server's reason in Turkish.
    await card('Journey message deleted elsewhere').getByRole('button', { name: 'Sil' }).click();
    const racedDialog = page.getByRole('dialog', { name: '"Journey message deleted elsewhere" mesajı silinsin mi?' });
    server.deps.record.prepare('DELETE FROM contact_messages WHERE id = ?').run(raced);
    await racedDialog.getByRole('button', { name: 'Mesajı sil' }).click();
    await racedDialog.getByRole('alert').filter({ hasText: `Mesaj #${raced} bulunamadı; silinmiş olabilir. Sayfayı yenileyin.` }).waitFor();
    expect(await racedDialog.getByRole('button', { name: 'Mesajı sil' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await racedDialog.waitFor({ state: 'detached' });
  });

  it('deletes a business after a dialog naming it, the button busy meanwhile; its page then answers 410 Gone', async () => {
    const business = uniqueBusiness(true);
    expect((await visit(`/business/${business.slug}`)).status).toBe(200);
    const row = await businessRow(business.name);
    const opener = row.getByRole('button', { name: `Sil: ${business.name}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `"${business.name}" silinsin mi?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`/business/${business.slug}`);
    for (const viewport of [NARROW, LAPTOP]) {
      await page.setViewportSize(viewport);
      await viewportScreenshot(page, `admin/${viewport.width}/dialog-business-delete`);
    }
    // Escape cancels: the focus is back on the button, the business still there.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(server.deps.record.prepare('SELECT COUNT(*) FROM businesses WHERE id = ?').pluck().get(business.id)).toBe(1);

    // The deletion is held on its way to the server, to see the dialog while the call runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${server.url}/api/businesses/${business.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await opener.click();
    await dialog.getByRole('button', { name: 'İşletmeyi sil' }).click();
    const busy = dialog.getByRole('button', { name: 'İşleniyor...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Vazgeç' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    release();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.unroute(`${server.url}/api/businesses/${business.id}`);
    expect(server.deps.record.prepare('SELECT COUNT(*) FROM businesses WHERE id = ?').pluck().get(business.id)).toBe(0);

    await server.deps.sync.catchUp();
    expect((await visit(`/business/${business.slug}`)).status).toBe(410);
  });

  it('finds a category by typing part of its name, any case and no accents, and the list shows exactly its businesses', async () => {
    const first = uniqueBusiness(true);
    const second = uniqueBusiness(false, [first.id]);
    // A category the demo catalogue does not have, written as a record edit would (the kept counts follow).
    server.deps.record.prepare(`UPDATE businesses SET category = 'Börekçi' WHERE id IN (?, ?)`).run(first.id, second.id);
    await page.goto(`${server.url}/admin/businesses`);
    await hydrated(page);

    const combobox = page.getByRole('combobox', { name: 'Kategori' });
    await combobox.fill('BOREK');
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    const option = page.getByRole('listbox', { name: 'Kategoriler' }).getByRole('option');
    expect(await Promise.all((await option.all()).map((item) => item.getAttribute('aria-label')))).toEqual(['Börekçi, 2 işletme']);
    // The best match is highlighted as the active option: Enter picks it.
    expect(await combobox.getAttribute('aria-activedescendant')).toBe(await option.first().getAttribute('id'));
    await combobox.press('Enter');
    await page.waitForURL(`${server.url}/admin/businesses?category=B%C3%B6rek%C3%A7i`);
    await page.getByText('2 / 2 işletme gösteriliyor').waitFor();
    expect(await combobox.inputValue()).toBe('Börekçi');
    expect(await combobox.getAttribute('aria-expanded')).toBe('false');
    const expected = server.deps.record.prepare(`SELECT name FROM businesses WHERE category = 'Börekçi' ORDER BY name`).pluck().all();
    expect((await page.locator('tr.admin-row .admin-row-name').allTextContents()).sort()).toEqual(expected);
    expect(expected).toEqual([first.name, second.name].sort());

    // × lists every business again; the mouse picks too (another part of the name, clicked in the list).
    await page.getByRole('button', { name: 'Kategori filtresini kaldır' }).click();
    await page.waitForURL(`${server.url}/admin/businesses`);
    const total = server.deps.record.prepare('SELECT count(*) FROM businesses').pluck().get() as number;
    await page.getByText(`20 / ${total} işletme gösteriliyor`).waitFor();
    expect(await combobox.inputValue()).toBe('');
    await combobox.fill('rekç');
    await page.getByRole('option', { name: 'Börekçi, 2 işletme' }).click();
    await page.waitForURL(`${server.url}/admin/businesses?category=B%C3%B6rek%C3%A7i`);
    await page.getByText('2 / 2 işletme gösteriliyor').waitFor();
  });

  it('selects two rows and deletes them in one call, after a dialog that says how many it deletes', async () => {
    await page.goto(`${server.url}/admin/businesses`);
    await hydrated(page);
    const rows = page.locator('tr.admin-row');
    const chosen = await Promise.all(
      [0, 1].map(async (index) => {
        const link = rows.nth(index).locator('.admin-row-name');
        return { name: (await link.textContent())!, slug: (await link.getAttribute('href'))!.replace('/business/', '') };
      }),
    );
    for (const { name } of chosen) await page.getByRole('checkbox', { name: `Seç: ${name}` }).check();
    const idOf = server.deps.record.prepare('SELECT id FROM businesses WHERE slug = ?').pluck();
    bulkDeleted = chosen.map(({ name, slug }) => `${name} (#${idOf.get(slug) as number})`);
    const bulk = page.getByRole('group', { name: 'Toplu işlemler' });
    await bulk.getByText('2 işletme seçildi').waitFor();
    // The page-wide box shows the partial selection as mixed.
    expect(await bulk.getByRole('checkbox', { name: 'Bu sayfadakilerin tümünü seç' }).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

    await bulk.getByRole('button', { name: 'Seçilenleri sil' }).click();
    const dialog = page.getByRole('dialog', { name: '2 işletme silinsin mi?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('list', { name: 'Değişecek işletmeler' }).getByRole('listitem').allTextContents()).toEqual(chosen.map((row) => row.name));
    for (const viewport of [NARROW, LAPTOP]) {
      await page.setViewportSize(viewport);
      await viewportScreenshot(page, `admin/${viewport.width}/dialog-bulk-delete`);
    }
    await dialog.getByRole('button', { name: '2 işletmeyi sil' }).click();
    await page.getByRole('status').filter({ hasText: '2 işletme silindi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await bulk.getByText('Seçili işletme yok').waitFor();
    const slugsLeft = server.deps.record.prepare('SELECT slug FROM businesses WHERE slug IN (?, ?)').pluck().all(chosen[0]!.slug, chosen[1]!.slug);
    expect(slugsLeft).toEqual([]);
    for (const { slug } of chosen) await page.locator(`tr.admin-row a[href="/business/${slug}"]`).waitFor({ state: 'detached' });

    await server.deps.sync.catchUp();
    for (const { slug } of chosen) expect((await visit(`/business/${slug}`)).status, slug).toBe(410);
  });

  it('rebuilds the index from the maintenance screen while visitor pages keep answering 200', async () => {
    await page.goto(`${server.url}/admin/maintenance`);
    await hydrated(page);
    const panel = page.getByRole('region', { name: 'Arama İndeksini Yeniden Oluştur' });
    await panel.waitFor();
    const publicPaths = ['/', '/businesses', '/categories', `/business/${uniqueBusiness(true).slug}`, '/api/search?q=a'];
    await panel.getByRole('button', { name: 'İndeksi yeniden oluştur' }).click();

    // While the indexer child process runs, every visitor page asked answers 200; the status
    // is read after each round, so a round counts only when the rebuild was still running after it.
    let roundsWhileRunning = 0;
    for (;;) {
      const statuses = await Promise.all(publicPaths.map(async (path) => (await visit(path)).status));
      const state = server.deps.admin.reindex.current().state;
      if (state !== 'running') break;
      expect(statuses).toEqual(publicPaths.map(() => 200));
      roundsWhileRunning += 1;
    }
    expect(roundsWhileRunning).toBeGreaterThan(0);
    await panel.getByText('Tamamlandı').waitFor({ timeout: 60_000 });
    expect(server.deps.admin.reindex.current().state).toBe('succeeded');
    expect((await visit('/businesses')).status).toBe(200);
  });

  it('refuses an admin write sent with the session cookie from a page of another origin (403)', async () => {
    const before = server.deps.record.prepare('SELECT value FROM site_settings WHERE key = ?').pluck().get('footer_tags');
    // Another site on this host (same site for cookies, another origin): its page posts to the admin API.
    const target = `${server.url}/api/admin/site-settings`;
    const attacker: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>elsewhere</title><script>
        fetch(${JSON.stringify(target)}, {
          method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ head_tags: 'pwned', footer_tags: 'pwned', analytics_code: '', facebook_pixel: '' }),
        }).finally(() => { document.title = 'sent'; });
      </script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const other = await context.newPage();
      const answered = other.waitForResponse((response) => response.url() === target);
      await other.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const response = await answered;
      expect(response.status()).toBe(403);
      await other.waitForFunction(() => document.title === 'sent');
      await other.close();
    } finally {
      await new Promise<void>((resolve) => attacker.close(() => resolve()));
    }
    expect(server.deps.record.prepare('SELECT value FROM site_settings WHERE key = ?').pluck().get('footer_tags')).toBe(before);
    expect(server.deps.record.prepare('SELECT value FROM site_settings WHERE key = ?').pluck().get('head_tags')).not.toBe('pwned');
  });

  it('imports a file with row errors, then reads the day in Etkinlik Kaydı in Turkish: the deleted businesses without a link, a refused field by its label', async () => {
    const file = join(dir, 'journey-cafes.csv');
    writeFileSync(file, 'name,lat,lng\nJourney Cafe,41.0,29.0\nBroken Cafe,999,29.0\n');
    await page.goto(`${server.url}/admin/upload`);
    await hydrated(page);
    await page.getByLabel('Dosyalar').setInputFiles(file);
    await page.getByRole('button', { name: 'Yükle' }).click();
    await page.getByRole('region', { name: 'Rapor: journey-cafes.csv' }).getByRole('status').filter({ hasText: '2 satırın 1 tanesi içe aktarıldı' }).waitFor({ timeout: 60_000 });
    // A save the server refuses on İletişim Bilgileri (a name over 200 characters; the form leaves the length to the server).
    await page.goto(`${server.url}/admin/contact-details`);
    await hydrated(page);
    await page.getByLabel('Kuruluş adı').fill('K'.repeat(201));
    await page.getByRole('button', { name: 'Kaydet' }).click();
    const refusal = 'Kuruluş adı: En fazla 200 karakter olabilir.';
    await page.locator('.toast').filter({ hasText: refusal }).waitFor();

    // The day's entries, 20 a page, newest first: every page's text.
    const entries = server.deps.record.prepare('SELECT count(*) FROM audit_log').pluck().get() as number;
    const log = page.locator('.admin-activity-list');
    let text = '';
    const deletedTags: string[] = [];
    for (let pageNumber = Math.ceil(entries / 20); pageNumber >= 1; pageNumber -= 1) {
      await page.goto(`${server.url}/admin/activity?page=${pageNumber}`);
      text += (await log.textContent())!;
      deletedTags.push(...(await log.locator('.admin-activity-target', { hasText: 'silinmiş)' }).evaluateAll((elements) => elements.map((element) => element.tagName))));
    }
    for (const phrase of [
      'Geçersiz kullanıcı adı veya şifre.',
      // The businesses deleted in one call, by the names they had.
      `2 işletmenin 2 tanesi silindi: ${bulkDeleted.join(', ')}.`,
      'İstek reddedildi: başka bir siteden gönderilmiş.',
      '2 satırın 1 tanesi içe aktarıldı (1 yeni, 0 güncelleme); 1 satır hatalı, 0 satır atlandı.',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).toMatch(/Tamamlandı: [\d.]+ işletme [\d,]+ sn içinde dizinlendi\./);
    for (const english of ['invalid username or password', 'businesses deleted', 'rows imported', 'finished:', 'Request refused']) expect(text, english).not.toContain(english);
    // The business deleted on its own is named as it was, with its number.
    const deletion = server.deps.record.prepare("SELECT target, detail FROM audit_log WHERE action = 'business.delete' ORDER BY id DESC LIMIT 1").get() as { target: string; detail: string };
    expect(text).toContain(`${deletion.detail} (#${deletion.target.slice('business:'.length)}, silinmiş)`);
    // The deleted business is named, not linked; on the newest page, the refused cross-site write names the screen it was aimed at.
    expect(deletedTags.length).toBeGreaterThan(0);
    expect(deletedTags).not.toContain('A');
    expect(await log.getByRole('link', { name: 'Site Ayarları' }).getAttribute('title')).toBe('POST /api/admin/site-settings');
    // The refused contact save names its field as the form labels it, in the words its toast used.
    const contactEntry = log.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'İletişim Bilgileri' }) });
    expect(await contactEntry.locator('.admin-activity-detail').textContent()).toBe(refusal);
  });

  it.each([
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ])('shows every admin screen on a %s without anything wider than the screen (screenshots saved)', async (_name, viewport) => {
    const business = uniqueBusiness(true);
    const screens = [
      ['/admin', 'dashboard'],
      ['/admin/activity', 'activity'],
      ['/admin/businesses', 'businesses'],
      [`/admin/businesses/${business.id}`, 'business-edit'],
      ['/admin/upload', 'upload'],
      ['/admin/settings', 'settings'],
      ['/admin/advertisements', 'advertisements'],
      ['/admin/reports', 'reports'],
      ['/admin/messages', 'messages'],
      ['/admin/maintenance', 'maintenance'],
      ['/admin/no-such-screen', 'not-found'],
    ];
    await page.setViewportSize(viewport);
    const tooWide: string[] = [];
    for (const [path, name] of screens) {
      await page.goto(server.url + path);
      await page.locator('h1').first().waitFor();
      expect(page.url(), path).toBe(server.url + path);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        widest: [...document.querySelectorAll('body *')]
          .filter((element) => !element.closest('.visually-hidden') && element.getBoundingClientRect().width > 0)
          .map((element) => ({ tag: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`, right: element.getBoundingClientRect().right }))
          .filter((box) => box.right > window.innerWidth + 0.5)
          .slice(0, 3),
      }));
      if (widths.page > viewport.width || widths.widest.length > 0) tooWide.push(`${path}: ${widths.page} px ${JSON.stringify(widths.widest)}`);
      await screenshot(page, `admin/${viewport.width}/${name}`);
    }
    expect(tooWide).toEqual([]);
    await page.setViewportSize(LAPTOP);
  });

  it('logs out, and is refused afterwards: the screens send to the login page, the API answers 401', async () => {
    await page.goto(`${server.url}/admin`);
    await hydrated(page);
    const cookies = await context.cookies(server.url);
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL(/\/admin\/login/);

    await page.goto(`${server.url}/admin/businesses`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByRole('heading', { name: 'Yönetici Girişi' }).waitFor();
    expect(await pageApiStatus('/api/admin/stats')).toBe(401);
    expect(await pageApiStatus('/api/admin/businesses')).toBe(401);

    // The old session cookie, replayed by hand, opens nothing either.
    const replayed = await fetch(`${server.url}/api/admin/stats`, { headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') } });
    expect(cookies.length).toBeGreaterThan(0);
    expect(replayed.status).toBe(401);
    expect((await visit('/admin/settings')).status).toBe(302);

    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `admin/${viewport.width}/login`);
    }
  });
});
