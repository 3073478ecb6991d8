import type { ComponentType } from 'react';

/** What a page tells search engines and link previews: rendered into <head> on the server. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL ("/business/joes-pizza-a1b2c3"); none for an error page (no canonical link, no og:url). */
  canonicalPath?: string;
  /** The picture link previews show (og:image); none: a preview without one (the site has no picture of its own to stand in). */
  image?: PageImage | null;
  ogType?: 'website' | 'business.business' | 'article';
  /** schema.org objects, each rendered as one application/ld+json script. */
  jsonLd?: object[];
  noIndex?: boolean;
}

export const SITE_NAME = 'Business Directory';

/** A picture that stands for a page in link previews. */
export interface PageImage {
  /** As stored: an absolute address, a protocol-relative one or a path of the site (made absolute with the page's origin). */
  url: string;
  alt: string;
  /** A photo, shown as a large card; a logo (small, square) is shown beside the text. */
  isPhoto: boolean;
}

/**
 * `url` as an absolute http(s) address, resolved against `origin` as the canonical link is
 * written ("/media/a.jpg" and "//cdn.example/a.jpg" get its host or scheme); null for what names
 * no web address ("javascript:…", text that is no URL).
 */
export function absoluteUrl(url: string, origin: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(url.trim(), `${origin}/`);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
  return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
}

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

/**
 * Marks the <head> elements a page's meta wrote (all but its <title>, of which a document has one):
 * a client-side navigation replaces exactly these, never the operator's head snippets beside them.
 */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

/** One <head> element of a page: its name, its attributes in order, and the text of a <title> or <script>. */
export interface HeadTag {
  name: 'title' | 'meta' | 'link' | 'script';
  attributes: [name: string, value: string][];
  text?: string;
}

/** The <head> elements of a page, in order: what the server writes as HTML and the browser as elements after a navigation. */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const url = meta.canonicalPath === undefined ? null : origin + meta.canonicalPath;
  const image = meta.image ? absoluteUrl(meta.image.url, origin) : null;
  const property = (name: string, content: string): HeadTag => ({ name: 'meta', attributes: [['property', name], ['content', content]] });
  const tags: HeadTag[] = [
    { name: 'title', attributes: [], text: meta.title },
    { name: 'meta', attributes: [['name', 'description'], ['content', meta.description]] },
    ...(url === null ? [] : [{ name: 'link', attributes: [['rel', 'canonical'], ['href', url]] } satisfies HeadTag]),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.title),
    property('og:description', meta.description),
    ...(url === null ? [] : [property('og:url', url)]),
    property('og:type', meta.ogType ?? 'website'),
    // A photo gets the large card; a logo or no picture, the small one.
    { name: 'meta', attributes: [['name', 'twitter:card'], ['content', image !== null && meta.image!.isPhoto ? 'summary_large_image' : 'summary']] },
  ];
  if (image !== null) tags.push(property('og:image', image), property('og:image:alt', meta.image!.alt));
  if (meta.noIndex) tags.push({ name: 'meta', attributes: [['name', 'robots'], ['content', 'noindex']] });
  for (const object of meta.jsonLd ?? []) tags.push({ name: 'script', attributes: [['type', 'application/ld+json']], text: safeJson(object) });
  return tags;
}

/** One element as HTML; the page's own carry {@link PAGE_HEAD_ATTRIBUTE}. */
function tagHtml(tag: HeadTag): string {
  const attributes = tag.attributes.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  if (tag.name === 'title') return `<title>${escapeHtml(tag.text ?? '')}</title>`;
  const open = `<${tag.name}${attributes} ${PAGE_HEAD_ATTRIBUTE}>`;
  // A script's text is JSON made safe for a <script> element (safeJson): written as it is.
  return tag.name === 'script' ? `${open}${tag.text ?? ''}</script>` : open;
}

/** The <head> tags of a page, as HTML text (the server's render). */
export function renderHeadTags(meta: PageMeta, origin: string): string {
  return headTags(meta, origin).map(tagHtml).join('\n    ');
}

/**
 * Puts the <head> of the page described by `meta` in place of the one shown (the browser, after a
 * client-side navigation): its title, and its marked elements where the previous page's were.
 */
export function applyHeadTags(document: Document, meta: PageMeta, origin: string): void {
  const previous = [...document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)];
  const anchor = previous[0] ?? null;
  for (const tag of headTags(meta, origin)) {
    if (tag.name === 'title') {
      document.title = tag.text ?? '';
      continue;
    }
    const element = document.createElement(tag.name);
    for (const [name, value] of tag.attributes) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
    if (tag.text !== undefined) element.textContent = tag.text;
    document.head.insertBefore(element, anchor);
  }
  for (const element of previous) element.remove();
}
