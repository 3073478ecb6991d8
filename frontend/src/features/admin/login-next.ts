/** Where the login page sends the operator: `next` when it is an admin page of this site, else /admin. */
export function safeNextPath(raw: string | null): string {
  if (!raw || !raw.startsWith('/admin') || raw.startsWith('//') || raw.includes('\\')) return '/admin';
  const path = new URL(raw, 'http://localhost').pathname;
  if (path !== '/admin' && !path.startsWith('/admin/')) return '/admin';
  if (path === '/admin/login') return '/admin';
  return raw;
}

/** The login page's URL that comes back to `location` (path + query) afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}
