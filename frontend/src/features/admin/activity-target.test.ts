import { describe, expect, it } from 'vitest';
import type { AdminActivityItem } from '@directory/backend/shared/admin-types.ts';
import { MAINTENANCE_TASKS } from '@directory/backend/shared/maintenance-tasks.ts';
import { activityTarget } from './activity-target.ts';

type RequestBusiness = { id: number; exists: boolean; name: string | null } | null;
const request = (method: string, path: string, business: RequestBusiness = null): Pick<AdminActivityItem, 'target' | 'subject'> => ({
  target: `${method} ${path}`, subject: { kind: 'request', method, path, business },
});

describe("an activity entry's target, as the operator reads it", () => {
  it('names a business by its name and number, linked to its edit screen while it is kept, unlinked once deleted', () => {
    const business = (id: number, exists: boolean, name: string | null) => activityTarget({ target: `business:${id}`, subject: { kind: 'business', id, exists, name } });
    expect(business(1, true, 'Kebapçı Halil')).toEqual({ label: 'Kebapçı Halil (#1)', href: '/admin/businesses/1', raw: null });
    expect(business(60, false, 'Harmony Dentistry')).toEqual({ label: 'Harmony Dentistry (#60, silinmiş)', href: null, raw: null });
    // An entry written before names were kept, about a business deleted since: its number alone.
    expect(business(61, false, null)).toEqual({ label: 'İşletme #61 (silinmiş)', href: null, raw: null });
    expect(activityTarget({ target: 'message:3', subject: { kind: 'message', id: 3, exists: true, name: null } })).toEqual({ label: 'Mesaj #3', href: '/admin/messages', raw: null });
  });

  it('names a refused request by the screen it came from, the request kept for its title', () => {
    expect(activityTarget(request('POST', '/api/admin/site-settings'))).toEqual({ label: 'Site Ayarları', href: '/admin/settings', raw: 'POST /api/admin/site-settings' });
    expect(activityTarget(request('POST', '/api/admin/clear-cache'))?.label).toBe('Site Ayarları');
    expect(activityTarget(request('POST', '/api/admin/advertisement-codes'))?.href).toBe('/admin/advertisements');
    expect(activityTarget(request('POST', '/api/upload-excel-batch'))?.label).toBe('Excel Yükleme');
    // The index rebuild and every maintenance task of the task table, by the call it names.
    for (const { method, path } of [{ method: 'POST', path: '/api/admin/reindex' }, ...Object.values(MAINTENANCE_TASKS)]) {
      expect(activityTarget(request(method, path)), path).toEqual({ label: 'Bakım', href: '/admin/maintenance', raw: `${method} ${path}` });
    }
    expect(Object.values(MAINTENANCE_TASKS).map(({ path }) => path)).toEqual(['/api/admin/businesses', '/api/admin/test-data', '/api/admin/fix-slugs']);
    // Nor a path that only starts like one.
    expect(activityTarget(request('DELETE', '/api/admin/test-data/x'))?.label).toBe('DELETE /api/admin/test-data/x');
    expect(activityTarget(request('POST', '/api/admin/businesses/bulk'))?.label).toBe('İşletme Yönetimi');
    // A refused write to one business names that business, linked while it is kept.
    expect(activityTarget(request('PUT', '/api/admin/businesses/12', { id: 12, exists: true, name: 'Kebapçı Halil' }))).toEqual({
      label: 'Kebapçı Halil (#12)', href: '/admin/businesses/12', raw: 'PUT /api/admin/businesses/12',
    });
    expect(activityTarget(request('DELETE', '/api/businesses/12', { id: 12, exists: false, name: null }))).toEqual({
      label: 'İşletme #12 (silinmiş)', href: null, raw: 'DELETE /api/businesses/12',
    });
    // A path no screen sends is shown as it is.
    expect(activityTarget(request('POST', '/api/admin/no-such-thing'))).toEqual({ label: 'POST /api/admin/no-such-thing', href: null, raw: null });
  });

  it('shows a user or file name as it is, and nothing without a target', () => {
    expect(activityTarget({ target: 'admin', subject: null })).toEqual({ label: 'admin', href: null, raw: null });
    expect(activityTarget({ target: null, subject: null })).toBeNull();
  });
});
