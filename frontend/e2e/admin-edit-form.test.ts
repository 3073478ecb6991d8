/**
 * The business edit form in Debian's Chromium against the built site and the real server: a
 * refused save says why in Turkish, naming the fields as the form labels them; a save with several
 * bad fields names each one next to its field at once, hours that cannot be read are refused, and
 * the toasts leave the form's buttons free.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@directory/backend/server.ts';
import { signIn, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { launchBrowser, screenshot, SCREENSHOT_DIR } from './browser.ts';


let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;
let id: number;

/** The message shown under a field (its aria-describedby), or null. */
async function errorOf(label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  const describedBy = await field.getAttribute('aria-describedby');
  return describedBy ? page.locator(`#${describedBy}`).textContent() : null;
}

beforeAll(async () => {
  test = await startAdminTestServer('admin-edit-form-');
  server = test.server;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  id = server.deps.record.prepare('SELECT min(id) FROM businesses').pluck().get() as number;
  await signIn(page, server.url, `/admin/businesses/${id}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

/** The words of the toast on screen. */
const toastText = async () => (await page.locator('.toast').filter({ hasText: 'Kayıt hatası' }).first().textContent())?.replace(/\s+/g, ' ') ?? '';

describe('the business edit form', () => {
  it('says a refused rating and link in Turkish, naming each field as the form labels it', async () => {
    const before = server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id);
    await page.getByLabel('Puan (0–5)').fill('9');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.locator('.admin-field-error').first().waitFor();
    expect(await errorOf('Puan (0–5)')).toBe('0 ile 5 arasında bir sayı girin (ör. 4.5).');
    expect(await toastText()).toContain('Puan (0–5): 0 ile 5 arasında bir sayı girin (ör. 4.5).');

    await page.getByLabel('Web sitesi').fill('www.example');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.locator('.toast').filter({ hasText: '2 alanda hata var' }).waitFor();
    expect(await errorOf('Web sitesi')).toBe('http:// veya https:// ile başlayan bir adres girin.');
    expect(await errorOf('Puan (0–5)')).toBe('0 ile 5 arasında bir sayı girin (ör. 4.5).');
    expect(await toastText()).toContain('2 alanda hata var: Web sitesi, Puan (0–5).');
    // Nothing of the server's English reaches the screen.
    expect(await page.locator('main').textContent()).not.toMatch(/must be|http\(s\) address/);
    await screenshot(page, 'admin/edit-form-rating-url');
    expect(server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id)).toEqual(before);
    await page.getByRole('button', { name: 'Sıfırla' }).click();
  });

  it('names every bad field at once, next to each field, and saves nothing', async () => {
    const before = server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id);
    await page.getByLabel('Enlem').fill('north');
    await page.getByLabel('Boylam').fill('200');
    await page.getByLabel('Web sitesi').fill('not a url');
    await page.getByLabel('Ülke kodu').fill('USA');
    await page.getByLabel('Pazartesi').fill('banana');
    await page.getByRole('button', { name: 'Kaydet' }).click();

    await page.locator('.admin-field-error').first().waitFor();
    expect(await errorOf('Enlem')).toBe('Geçerli bir sayı girin (ör. 41.0082).');
    expect(await errorOf('Boylam')).toBe('-180 ile 180 arasında olmalı.');
    expect(await errorOf('Web sitesi')).toBe('http:// veya https:// ile başlayan bir adres girin.');
    expect(await errorOf('Ülke kodu')).toBe('İki harfli bir ülke kodu girin (ör. TR).');
    expect(await errorOf('Pazartesi')).toBe('Saat olarak okunamadı: ör. 9AM–5PM, 9AM–1PM, 2–6PM, Closed veya Open 24 hours.');
    // The focus goes to the first bad field of the form, in reading order.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-url');
    await screenshot(page, 'admin/edit-form-errors');
    expect(server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id)).toEqual(before);
  });

  it("takes a field's message away once that field changes, leaving the others and the focus where they are", async () => {
    await page.getByLabel('Enlem').fill('41,0082');
    expect(await errorOf('Enlem')).toBeNull();
    expect(await page.getByLabel('Enlem').getAttribute('aria-invalid')).toBeNull();
    expect(await errorOf('Boylam')).toBe('-180 ile 180 arasında olmalı.');
    expect(await errorOf('Web sitesi')).toBe('http:// veya https:// ile başlayan bir adres girin.');
    // The focus stays in the field being typed; it does not jump to the first field still refused.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-latitude');
    await page.getByLabel('Pazartesi').fill('9 am - 5 pm');
    expect(await errorOf('Pazartesi')).toBeNull();
  });

  it('saves once the fields are right, hours written as the record writes them', async () => {
    await page.getByLabel('Enlem').fill('41,0082');
    await page.getByLabel('Boylam').fill('28.9784');
    await page.getByLabel('Web sitesi').fill('https://example.com');
    await page.getByLabel('Ülke kodu').fill('tr');
    await page.getByLabel('Pazartesi').fill('9 am - 5 pm');
    // The refusal's toast is still on screen: it leaves the buttons free.
    expect(await page.getByRole('alert').filter({ hasText: 'Kayıt hatası' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByRole('status').filter({ hasText: 'İşletme güncellendi' }).waitFor();
    expect(await page.getByLabel('Pazartesi').inputValue()).toBe('9AM–5PM');
    const row = server.deps.record.prepare('SELECT latitude, country_code, working_hours FROM businesses WHERE id = ?').get(id) as {
      latitude: number;
      country_code: string;
      working_hours: string;
    };
    expect(row).toMatchObject({ latitude: 41.0082, country_code: 'TR' });
    expect(JSON.parse(row.working_hours)).toMatchObject({ Monday: '9AM–5PM' });
  });

  it('lets Kaydet be pressed with an empty name, then says why at the field, with every other problem, and focuses the first', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const before = server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id);
    await page.getByLabel('Ad', { exact: true }).fill('   ');
    await page.getByLabel('Enlem').fill('999');
    const save = page.getByRole('button', { name: 'Kaydet' });
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.locator('.admin-field-error').first().waitFor();
    expect(await errorOf('Ad')).toBe('Bu alan zorunlu.');
    expect(await errorOf('Enlem')).toBe('-90 ile 90 arasında olmalı.');
    await page.locator('.toast').filter({ hasText: '2 alanda hata var: Ad, Enlem.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-name');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin', 'edit-form-empty-name.png') });
    expect(server.deps.record.prepare('SELECT * FROM businesses WHERE id = ?').get(id)).toEqual(before);
    // Sıfırla brings the saved values back, and no message about the ones typed stays.
    await page.getByRole('button', { name: 'Sıfırla' }).click();
    expect(await errorOf('Ad')).toBeNull();
    expect(await errorOf('Enlem')).toBeNull();
  });

  it('shows its toasts clear of the Kaydet and Sıfırla buttons, on a laptop and on a phone', async () => {
    for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.getByLabel('Telefon').fill(`+90 212 555 0${viewport.width}`);
      const save = page.getByRole('button', { name: 'Kaydet' });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const toast = page.locator('.toast').filter({ hasText: 'İşletme güncellendi' });
      await toast.waitFor();
      const toastBox = (await toast.boundingBox())!;
      for (const name of ['Kaydet', 'Sıfırla']) {
        const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        const overlaps =
          button.x < toastBox.x + toastBox.width && toastBox.x < button.x + button.width && button.y < toastBox.y + toastBox.height && toastBox.y < button.y + button.height;
        expect(overlaps, `${name} under the toast at ${viewport.width} px`).toBe(false);
      }
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin', `edit-form-toast-${viewport.width}.png`) });
    }
  });
});
