import type { ComponentType } from 'react';

/** What a page tells search engines and link previews: rendered into <head> on the server. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL ("/business/joes-pizza-a1b2c3"); none for an error page (no canonical link, no og:url). */
  canonicalPath?: string;
  image?: string | null;
  ogType?: 'website' | 'business.business' | 'article';
  /** schema.org objects, each rendered as one application/ld+json script. */
  jsonLd?: object[];
  noIndex?: boolean;
}

export const SITE_NAME = 'Business Directory';

/** A route's `handle`: how to describe the page from its loader data. */
export interface RouteHandle<T = unknown> {
  /** `origin` ("https://directory.example"): what the page's absolute URLs (JSON-LD) start with, as its canonical link does. */
  meta?: (data: T, params: Record<string, string | undefined>, origin: string) => PageMeta;
  /** The navigation link this route highlights. */
  nav?: string;
  /** What stands in for the page while the browser loads it (components/page-skeleton.tsx). */
  skeleton?: ComponentType;
  /** The title of the screen this route's error element shows (its heading), when not the generic "Page Not Found". */
  errorTitle?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const UNSAFE_IN_SCRIPT = /[<>\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON for a <script> element: "</script>" and friends cannot close it early (one pass over the text). */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (character) => SCRIPT_ESCAPES[character]!);

/** The <head> tags of a page, as HTML text. */
export function renderHeadTags(meta: PageMeta, origin: string): string {
  const url = meta.canonicalPath === undefined ? null : origin + meta.canonicalPath;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ...(url === null ? [] : [`<link rel="canonical" href="${escapeHtml(url)}">`]),
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    ...(url === null ? [] : [`<meta property="og:url" content="${escapeHtml(url)}">`]),
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta name="twitter:card" content="summary">`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}">`);
  if (meta.noIndex) tags.push('<meta name="robots" content="noindex">');
  for (const object of meta.jsonLd ?? []) tags.push(`<script type="application/ld+json">${safeJson(object)}</script>`);
  return tags.join('\n    ');
}
