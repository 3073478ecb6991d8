import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadBackendConfig } from '@directory/backend/config.ts';
import { startServer, type RunningServer } from '@directory/backend/server.ts';
import { hydrated } from './browser.ts';

/** The operator account of an admin browser test's server. */
export const ADMIN_USERNAME = 'operator';
export const ADMIN_PASSWORD = 'browser-test-Passw0rd-2026';

/** A server for an admin browser test: its own data folder, a demo record of `demoSize` businesses, the account above, no index sync. */
export interface AdminTestServer {
  server: RunningServer;
  /** Stops the server and removes its data folder. */
  close(): Promise<void>;
}

export async function startAdminTestServer(folderPrefix: string, options: { demoSize?: number; env?: Record<string, string> } = {}): Promise<AdminTestServer> {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  try {
    const config = loadBackendConfig({
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_SIZE: String(options.demoSize ?? 20),
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      INDEX_SYNC: 'off',
      NODE_ENV: 'test',
      ADMISSION_MAX_WAIT_MS: '600000',
      ...options.env,
    });
    const server = await startServer(config, () => undefined);
    return {
      server,
      close: async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Signs in on the login page as the test account and waits for `next` to open, hydrated. */
export async function signIn(page: Page, serverUrl: string, next: string): Promise<void> {
  await page.goto(`${serverUrl}/admin/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel('Kullanıcı adı').fill(ADMIN_USERNAME);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL(`${serverUrl}${next}`);
  await hydrated(page);
}

/** A session opened through the API (no browser): its cookie header and CSRF token, or the refusal's status. */
export async function apiSignIn(serverUrl: string, password = ADMIN_PASSWORD): Promise<{ status: number; cookie: string; csrfToken: string }> {
  const login = await fetch(`${serverUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ username: ADMIN_USERNAME, password }),
  });
  const body = (await login.json()) as { csrfToken?: string };
  return { status: login.status, cookie: login.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; '), csrfToken: body.csrfToken ?? '' };
}

/** A browser context carrying a session's cookie (from `apiSignIn`), at the given window size. */
export async function signedInContext(browser: Browser, serverUrl: string, cookie: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: serverUrl }]);
  return context;
}
