import type { Middleware } from 'koa';
import { requireAdmin, requireAdminWrite, sessionOf } from './admin-auth.ts';

/** `/admin` and everything under it: the admin app's pages. */
export const isAdminPagePath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * Collapses repeated slashes and drops a trailing slash; under `/api/admin` and `/admin` the
 * path is also lower-cased. Runs before routing, so `//api/admin/login`, `/api/admin/login/`
 * and `/API/ADMIN/LOGIN` meet the same guards, limits and handlers as the canonical path.
 */
export const normalisePath: Middleware = async (ctx, next) => {
  let path = ctx.path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (/^\/(?:api\/)?admin(?:\/|$)/i.test(path)) path = path.toLowerCase();
  if (path !== ctx.path) ctx.path = path;
  await next();
};

const PUBLIC_ADMIN_READS = new Set(['/api/admin/site-settings', '/api/admin/advertisement-codes']);
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The guard in front of every `/api/admin/*` call (the route groups check again): 401 without a
 * session, CSRF checks on writes; login and the two public reads pass. Admin answers are never
 * cached; a public read answered with a session is private.
 */
export const adminApiGate: Middleware = async (ctx, next) => {
  if (!(ctx.path === '/api/admin' || ctx.path.startsWith('/api/admin/'))) return next();
  ctx.vary('Cookie');
  if (PUBLIC_ADMIN_READS.has(ctx.path) && READ_METHODS.has(ctx.method)) {
    if (sessionOf(ctx)) ctx.set('Cache-Control', 'private, no-store');
    return next();
  }
  ctx.set('Cache-Control', 'no-store');
  if (ctx.path === '/api/admin/login') return next();
  return READ_METHODS.has(ctx.method) ? requireAdmin(ctx, next) : requireAdminWrite(ctx, next);
};

/**
 * Admin pages: `/admin-legacy` moves to `/admin` (301); without a session every admin page but
 * the login page answers 302 to `/admin/login?next=…` before any HTML; all are noindex and never cached.
 */
export const adminPages: Middleware = async (ctx, next) => {
  if (ctx.path === '/admin-legacy' || ctx.path.startsWith('/admin-legacy/')) {
    ctx.status = 301;
    ctx.redirect('/admin');
    return;
  }
  if (!isAdminPagePath(ctx.path)) return next();
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.vary('Cookie');
  if (ctx.path !== '/admin/login' && !sessionOf(ctx)) {
    ctx.status = 302;
    ctx.redirect(`/admin/login?next=${encodeURIComponent(ctx.path + ctx.search)}`);
    return;
  }
  await next();
};
