import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBusinessEdit } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError, getApiClient, httpApiClient, setApiClient, type AdminCallInit } from '../../../lib/api-client.ts';
import { createAdminApi } from './admin-api.ts';
import { adminErrorText, SESSION_EXPIRED_MESSAGE } from './admin-error-text.ts';

const original = getApiClient();
afterAll(() => setApiClient(original));

const EDIT: AdminBusinessEdit = { name: 'Le Bouchon', category: null, type: null, street: null, city: null, postalCode: null, country: null, countryCode: null, phone: '04 78 00 00 00', latitude: null, longitude: null, workingHours: null, about: null, url: null, photo: null, verified: false, isApproved: true };

/** A server whose session is `live` (its CSRF token), or ended (null). */
function fakeServer() {
  const server = { live: null as string | null, calls: [] as { path: string; method: string; csrfToken: string | undefined }[] };
  setApiClient({
    ...httpApiClient,
    async admin<T>(path: string, init: AdminCallInit = {}): Promise<T> {
      const method = init.method ?? 'GET';
      server.calls.push({ path, method, csrfToken: init.csrfToken });
      if (server.live === null) throw new ApiRequestError(401, JSON.stringify({ error: { id: 'unauthorized', message: 'Sign in as an administrator first' } }));
      if (path === '/api/admin/session') return { username: 'admin', csrfToken: server.live, expiresAt: '' } as T;
      if (method !== 'GET' && init.csrfToken !== server.live) {
        throw new ApiRequestError(403, JSON.stringify({ error: { id: 'csrf_failed', message: 'Request refused' } }));
      }
      return { id: 1, ...EDIT } as T;
    },
  });
  return server;
}

describe('a write that finds the session ended', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
  });

  it('asks for a new sign-in, then sends the same write again with the new token', async () => {
    const renewSession = vi.fn(async () => {
      server.live = 'token-2';
      return 'token-2';
    });
    const onUnauthorized = vi.fn();
    const api = createAdminApi({ csrfToken: 'token-1', renewSession, onUnauthorized });
    await expect(api.updateBusiness(1, EDIT)).resolves.toMatchObject({ phone: '04 78 00 00 00' });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.calls.map((call) => [call.method, call.path, call.csrfToken])).toEqual([
      ['PUT', '/api/admin/businesses/1', 'token-1'],
      ['PUT', '/api/admin/businesses/1', 'token-2'],
    ]);
  });

  it('fails with its 401 when the operator gives up, worded for the operator, and stays on the screen', async () => {
    const onUnauthorized = vi.fn();
    const api = createAdminApi({ csrfToken: 'token-1', renewSession: async () => null, onUnauthorized });
    const failure = await api.saveSiteSettings({ head_tags: '', footer_tags: 'x', analytics_code: '', facebook_pixel: '' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401 });
    expect(adminErrorText(failure)).toBe(SESSION_EXPIRED_MESSAGE);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(1);
  });

  it('takes the live session\'s token when another tab signed in again (403), without asking', async () => {
    server.live = 'token-3';
    const renewSession = vi.fn(async () => 'never');
    const api = createAdminApi({ csrfToken: 'token-1', renewSession });
    await expect(api.updateBusiness(1, EDIT)).resolves.toMatchObject({ id: 1 });
    expect(renewSession).not.toHaveBeenCalled();
    expect(server.calls.map((call) => call.csrfToken)).toEqual(['token-1', undefined, 'token-3']);
  });

  it('never renews for a refused login or logout, nor for a read (that goes to the login page)', async () => {
    const renewSession = vi.fn(async () => 'token-2');
    const onUnauthorized = vi.fn();
    const api = createAdminApi({ csrfToken: 'token-1', renewSession, onUnauthorized });
    await expect(api.login('admin', 'wrong')).rejects.toMatchObject({ status: 401 });
    await expect(api.logout()).rejects.toMatchObject({ status: 401 });
    await expect(api.stats()).rejects.toMatchObject({ status: 401 });
    expect(renewSession).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalled();
  });
});
