/**
 * A session that ends while the operator edits (admin findings, item 2), in Debian's Chromium
 * against the built site and the real server: the save asks for the password in a dialog over
 * the screen, and after signing in the edit is saved as typed. Nothing is lost, also when the
 * operator first cancels the dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@directory/backend/server.ts';
import { ADMIN_PASSWORD, signIn, startAdminTestServer, type AdminTestServer } from './admin-server.ts';
import { launchBrowser, screenshot } from './browser.ts';


let test: AdminTestServer;
let server: RunningServer;
let browser: Browser;
let page: Page;

/** Ends every session on the server, as the idle expiry would. */
const endSessions = () => server.deps.record.prepare('DELETE FROM admin_sessions').run();

async function logIn(next: string): Promise<void> {
  endSessions();
  await signIn(page, server.url, next);
}

beforeAll(async () => {
  test = await startAdminTestServer('admin-renewal-');
  server = test.server;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await test?.close();
});

describe('a session that ends during an edit', () => {
  it('keeps the business edit: the save asks for the password over the form, then saves what was typed', async () => {
    const id = server.deps.record.prepare('SELECT min(id) FROM businesses').pluck().get() as number;
    const path = `/admin/businesses/${id}`;
    await logIn(path);
    await page.getByLabel('Telefon').fill('+90 212 555 01 02');
    endSessions();

    await page.getByRole('button', { name: 'Kaydet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Oturum süresi doldu' });
    await dialog.waitFor();
    await screenshot(page, 'admin/session-renewal-dialog');
    // Still the edit screen, the typed number still in its field behind the dialog.
    expect(page.url()).toBe(`${server.url}${path}`);
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+90 212 555 01 02');
    // The user name is filled in: the focus waits in the password field.
    expect(await dialog.getByLabel('Şifre').evaluate((input) => input === document.activeElement)).toBe(true);

    await dialog.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Giriş yap ve devam et' }).click();
    await page.getByRole('status').filter({ hasText: 'İşletme güncellendi' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.url}${path}`);
    expect(server.deps.record.prepare('SELECT phone FROM businesses WHERE id = ?').pluck().get(id)).toBe('+90 212 555 01 02');
  });

  it('keeps the settings when the operator first cancels the sign-in, and saves them on the next try', async () => {
    await logIn('/admin/settings');
    const footer = page.getByLabel('Footer Etiketleri');
    await footer.fill('<p>renewal footer</p>');
    endSessions();

    await page.getByRole('button', { name: 'Kaydet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Oturum süresi doldu' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'Oturumunuzun süresi doldu' }).waitFor();
    expect(page.url()).toBe(`${server.url}/admin/settings`);
    expect(await footer.inputValue()).toBe('<p>renewal footer</p>');

    await page.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await dialog.getByLabel('Şifre').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Ayarlar kaydedildi' }).waitFor();
    const saved = server.deps.record.prepare("SELECT value FROM site_settings WHERE key = 'footer_tags'").pluck().get();
    expect(saved).toBe('<p>renewal footer</p>');
  });
});
