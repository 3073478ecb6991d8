import { afterAll, beforeAll, expect } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { hashPassword } from '../services/password.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' } as const;

/**
 * The test account's hash cost: a login verifies with the cost its stored hash names, so each
 * test login takes a few ms instead of the production cost's ~128 MiB and 0.1-1 s (which
 * admin-accounts.test.ts and the admin browser tests, on a real server, still pay).
 */
const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };

/** Creates the test administrator on the app's record, unless it is there already. */
export async function createTestAdmin(app: TestApp): Promise<void> {
  const accounts = new AdminAccountRepository(app.deps.record);
  if (!accounts.findUser(TEST_ADMIN.username)) accounts.createUser(TEST_ADMIN.username, await hashPassword(TEST_ADMIN.password, TEST_HASH_COST));
}

/** A signed-in administrator's view of a test app: requests carry the session cookie and, for writes, the CSRF token. */
export interface AdminClient {
  cookie: string;
  csrfToken: string;
  /** A request with the session cookie, the same-origin Origin header and the CSRF token (overridable). */
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** A read that must answer 200: its JSON. */
  read<T>(path: string): Promise<T>;
}

/** Creates the test administrator (once per app) and signs in. */
export async function signInAsAdmin(app: TestApp & { url: string }): Promise<AdminClient> {
  await createTestAdmin(app);
  const response = await fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(TEST_ADMIN),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');
  const client: AdminClient = {
    cookie,
    csrfToken,
    async read<T>(path: string) {
      const response = await client.request('GET', path);
      expect(response.status, `${path}: ${response.status}`).toBe(200);
      return (await response.json()) as T;
    },
    request: (method, path, options = {}) =>
      fetch(app.url + path, {
        method,
        redirect: 'manual',
        headers: {
          cookie,
          origin: app.url,
          'x-csrf-token': csrfToken,
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      }),
  };
  return client;
}

/** The `error` of an API answer (`{ error: { id, message } }`). */
export const errorOf = async (response: Response) => ((await response.json()) as { error: { id: string; message: string } }).error;

/**
 * A test app holding `businesses`, with the administrator signed in, for the tests of one
 * describe block: started before them, closed after. Its fields are set once they have started.
 */
export function signedInApp(businesses: BusinessInput[] = []): { app: TestApp & { url: string }; admin: AdminClient } {
  const context = {} as { app: TestApp & { url: string }; admin: AdminClient };
  beforeAll(async () => {
    context.app = await startTestApp(businesses);
    context.admin = await signInAsAdmin(context.app);
  });
  afterAll(() => context.app.close());
  return context;
}
