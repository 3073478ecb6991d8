import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './login-next.ts';

describe('the login redirect target', () => {
  it('returns to the admin page the operator was sent away from', () => {
    expect(safeNextPath('/admin/businesses?filter=pizza&page=2')).toBe('/admin/businesses?filter=pizza&page=2');
    expect(safeNextPath(new URLSearchParams(loginPathFor({ pathname: '/admin/messages', search: '?status=unread' }).split('?')[1]).get('next'))).toBe(
      '/admin/messages?status=unread',
    );
  });

  it('never leaves the admin area of this site', () => {
    for (const raw of [null, '', 'https://evil.example/admin', '//evil.example/admin', '/administrator', '/admin-legacy', '/\\evil.example', '/admin/login', '/business/x']) {
      expect(safeNextPath(raw)).toBe('/admin');
    }
  });
});
