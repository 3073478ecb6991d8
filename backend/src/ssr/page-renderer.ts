import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { RENDERED_READS_ELEMENT_ID, type ApiClient, type ApiRead, type RenderedReads } from '@directory/frontend/src/lib/api-client.ts';
import { safeJson } from '@directory/frontend/src/lib/page-meta.ts';
import type { SiteRepository } from '../db/site-repository.ts';
import { publicCacheControl } from '../middleware/cache-headers.ts';
import { setPagePolicy } from '../middleware/content-security-policy.ts';
import { FRESHNESS_SECONDS } from '../shared/freshness.ts';
import { withReadLog } from './in-process-api-client.ts';
import { withPageRequest } from './page-request.ts';
import { routePreloadsFor } from './route-preloads.ts';
import { applyNonce, createNonce, NONCE_PLACEHOLDER, NonceStamper, stampDocumentNonces } from './script-nonce.ts';
import { businessSlugOf } from './page-path.ts';
import type { GzipTemplate } from './gzip-template.ts';
import { pageUrlOf, type SiteOrigin } from '../site-origin.ts';

/** What the frontend's server entry exports (frontend/src/app/entry-server.tsx). */
export interface ServerEntry {
  render(request: Request, options?: { nonce?: string }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; head: string; html: string; chunks?: string[] }
  >;
  setApiClient(client: ApiClient): void;
}

/** Public pages stay fresh 10 minutes (visitor spec §9). */
const PAGE_CACHE_CONTROL = publicCacheControl(FRESHNESS_SECONDS.page);

type TemplatePage = { head: string; html: string };
type TemplateSnippets = { head: string; bodyStart: string; bodyEnd: string };

/** The template's places, in the order they appear in frontend/index.html. */
const TEMPLATE_SLOTS = ['<!--app-head-->', '<!--app-body-start-->', '<!--app-html-->', '<!--app-body-end-->'] as const;

/**
 * Cuts the HTML template at its places once, so filling it costs one join per page, not a
 * search of the template per place: the page head (then the admin's head snippets), the body
 * snippet, the rendered app, the end-of-body snippets.
 */
export function compileTemplate(template: string): (page: TemplatePage, snippets: TemplateSnippets) => string {
  const parts: string[] = [];
  let rest = template;
  for (const slot of TEMPLATE_SLOTS) {
    const at = rest.indexOf(slot);
    if (at < 0) throw new Error(`The page template has no ${slot} after the places before it`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + slot.length);
  }
  const [beforeHead, beforeBodyStart, beforeHtml, beforeBodyEnd] = parts as [string, string, string, string];
  return (page, snippets) =>
    `${beforeHead}${page.head}\n${snippets.head}${beforeBodyStart}${snippets.bodyStart}${beforeHtml}${page.html}${beforeBodyEnd}${snippets.bodyEnd}${rest}`;
}

/**
 * The reads a render made, as the `<script type="application/json">` the browser seeds its cache
 * from. JSON data is never run (a CSP does not apply to it); it is escaped as every JSON in the
 * page's scripts is (`safeJson`), so no text in the data can close the element.
 */
export function renderedReadsElement(reads: ApiRead[], readAt: number): string {
  if (reads.length === 0) return '';
  const rendered: RenderedReads = { readAt, reads };
  const json = safeJson(rendered);
  // The nonce too: every script element of a page carries it, data blocks included.
  return `<script type="application/json" id="${RENDERED_READS_ELEMENT_ID}" nonce="${NONCE_PLACEHOLDER}">${json}</script>`;
}

/** The language of the admin area's pages (the visitors' pages keep the template's). */
export const ADMIN_LANGUAGE = 'tr';

/** The template with `lang` of its <html> element set to `language`. */
export function withDocumentLanguage(template: string, language: string): string {
  const html = /<html\b[^>]*>/i.exec(template);
  if (!html) throw new Error('The page template has no <html> element');
  const element = /\slang="[^"]*"/i.test(html[0]) ? html[0].replace(/\slang="[^"]*"/i, ` lang="${language}"`) : html[0].replace(/^<html/i, `<html lang="${language}"`);
  return template.replace(html[0], element);
}

/** The admin area's pages: /admin and everything under it. */
const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** The page request's cookie, for the loaders' admin calls (the operator's session); nothing else is forwarded. */
const cookieHeader = (cookie: string): Record<string, string> => (cookie ? { cookie } : {});

/** Whether `path` is the page of a business that was deleted (`/business/<slug>` with a tombstone). */
function isDeletedBusinessPage(path: string, isGoneSlug: ((slug: string) => boolean) | undefined): boolean {
  const slug = businessSlugOf(path);
  // A malformed escape cannot name a slug we deleted. Slugs are lower case: one typed in capitals
  // names the same business (a live one's page redirects to its own spelling).
  return slug !== null && isGoneSlug !== undefined && isGoneSlug(slug.toLowerCase());
}

/**
 * The urlencoded body of a form POST, re-encoded from what the body parser read (it parses
 * forms up to its 100 kB limit): route actions read it with `request.formData()`.
 */
function formBody(parsed: unknown): string {
  const body = new URLSearchParams();
  if (typeof parsed !== 'object' || parsed === null) return '';
  for (const [key, value] of Object.entries(parsed)) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') body.append(key, item);
  }
  return body.toString();
}

/**
 * Serves every non-API GET with a complete server-rendered page: content, head tags, status,
 * redirects, and the operator's head, body/pixel, analytics and footer snippets, each of their
 * scripts stamped with the response's CSP nonce (content-security-policy.ts). Form POSTs
 * (urlencoded, as a browser without JavaScript sends them) go to the route's action the same way.
 */
export function pageRenderer(options: {
  entry: ServerEntry;
  templateFile: string;
  site: SiteRepository;
  /** Whether a business slug belongs to a deleted business (its page answers 410 Gone). */
  isGoneSlug?: (slug: string) => boolean;
  /** Seconds a visitor should wait before asking again for a page the search engine could not serve (503). */
  unavailableRetryAfter?: () => number;
  /** The origin of the URL the page is rendered for, which its canonical link, og:url and JSON-LD are written with. */
  originOf: SiteOrigin;
}): Middleware {
  // Our own scripts in the template (the app's module, its preloads) carry the nonce too.
  const template = stampDocumentNonces(readFileSync(options.templateFile, 'utf8'), NONCE_PLACEHOLDER);
  const fillTemplate = compileTemplate(template);
  // The operators' screens are Turkish: CSS upper case and screen readers follow the page's language.
  const fillAdminTemplate = compileTemplate(withDocumentLanguage(template, ADMIN_LANGUAGE));
  const stamper = new NonceStamper();
  const preloads = routePreloadsFor(options.templateFile);
  return async (ctx, next) => {
    const isFormPost = ctx.method === 'POST' && ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD' && !isFormPost) || ctx.path.startsWith('/api/')) return next();
    const url = pageUrlOf(ctx, options.originOf);
    const request = isFormPost
      ? new Request(url, {
          method: 'POST',
          headers: { accept: ctx.get('accept') || 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...cookieHeader(ctx.get('cookie')) },
          body: formBody(ctx.request.body),
        })
      : new Request(url, { headers: { accept: ctx.get('accept') || 'text/html', ...cookieHeader(ctx.get('cookie')) } });
    const readAt = Date.now();
    const { result, reads } = await withReadLog(() =>
      withPageRequest({ address: ctx.ip }, () => options.entry.render(request, { nonce: NONCE_PLACEHOLDER })),
    );
    if (result.kind === 'redirect') {
      if (isAdminPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
      ctx.status = result.status;
      ctx.redirect(result.location);
      return;
    }
    // The page's own route code and styles, fetched with the HTML (route-preloads.ts).
    const links = preloads && result.chunks?.length ? preloads.linksFor(result.chunks) : '';
    const page = links ? { ...result, head: `${result.head}\n${links}` } : result;
    ctx.status = result.status === 404 && isDeletedBusinessPage(ctx.path, options.isGoneSlug) ? 410 : result.status;
    ctx.type = 'text/html; charset=utf-8';
    // As the API's 503 does: when to ask again (a probe is due by then).
    if (ctx.status === 503 && options.unavailableRetryAfter) ctx.set('Retry-After', String(options.unavailableRetryAfter()));
    if (isAdminPath(ctx.path)) {
      // An operator's screens: never stored by a browser or CDN, and no operator snippets or ads run on them.
      ctx.set('Cache-Control', 'no-store');
      sendPage(ctx, 'admin', { html: fillAdminTemplate(page, { head: '', bodyStart: '', bodyEnd: '' }), reads: '' });
      return;
    }
    const settings = options.site.siteSettings();
    if (isFormPost) ctx.set('Cache-Control', 'no-store');
    else if (result.status === 200) ctx.set('Cache-Control', PAGE_CACHE_CONTROL);
    // A page the rendered-page cache keeps has its version's ETag already (page-cache.ts): no hash of the body.
    const versionEtag = ctx.status === 200 ? (ctx.state.pageEtag as string | undefined) : undefined;
    sendPage(ctx, 'public', {
      html: fillTemplate(page, {
        head: stamper.stamp([settings.head_tags, settings.analytics_code].filter(Boolean).join('\n')),
        bodyStart: stamper.stamp(settings.facebook_pixel),
        bodyEnd: `${READS_SLOT}\n${stamper.stamp(settings.footer_tags)}`,
      }),
      reads: renderedReadsElement(reads, readAt),
    }, versionEtag);
  };
}

/** Where a public page's rendered reads go: filled in after the ETag is taken, since they carry the time of the read. */
const READS_SLOT = '<!--app-reads-->';

/**
 * A page ready to send but for what each response gets of its own: the nonce (its placeholder is
 * in `html`) and the rendered reads element. What the rendered-page cache keeps.
 */
export interface PreparedPage {
  html: string;
  reads: string;
}

/**
 * Sends a prepared page under this response's own nonce and policy. Its ETag hashes the prepared
 * page without its reads, so a repeat visit still gets a 304 (the security headers leave the
 * policy off a 304: the browser keeps the one that matches the copy it holds); the reads' data is
 * in the page's hydration data anyway; a caller that knows the page's version passes its own
 * `etag` and saves the hash. Leaves the prepared page in `ctx.state.preparedPage`.
 */
export function sendPage(ctx: Context, kind: 'public' | 'admin', page: PreparedPage, etag?: string): void {
  const nonce = createNonce();
  if (etag === undefined) ctx.etag = createHash('sha1').update(page.html).digest('base64url');
  else ctx.set('ETag', etag);
  setPagePolicy(ctx, kind, nonce);
  ctx.body = applyNonce(pageText(page), nonce);
  ctx.state.preparedPage = page;
}

/** The text a prepared page is sent as, the nonce still its placeholder. */
export function pageText(page: PreparedPage): string {
  return page.html.replace(READS_SLOT, () => page.reads);
}

/**
 * Sends a kept public page as {@link sendPage} does, from its text compressed once as gzip with
 * this response's nonce filled in (`template`: {@link pageText} around NONCE_PLACEHOLDER).
 */
export function sendGzippedPage(ctx: Context, template: GzipTemplate, etag: string): void {
  const nonce = createNonce();
  ctx.set('ETag', etag);
  setPagePolicy(ctx, 'public', nonce);
  ctx.set('Content-Encoding', 'gzip');
  ctx.vary('Accept-Encoding');
  ctx.body = template.fill(nonce);
}

/** Sends a kept public page kept only as its gzip template, unpacked, for a client that does not take gzip. */
export function sendUnpackedPage(ctx: Context, template: GzipTemplate, etag: string): void {
  const nonce = createNonce();
  ctx.set('ETag', etag);
  setPagePolicy(ctx, 'public', nonce);
  ctx.body = gunzipSync(template.fill(nonce)).toString('utf8');
}
