import { Readable } from 'node:stream';
import type { SitemapFile, SitemapUrl } from '../../services/sitemap-service.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A record timestamp ("2025-03-01T10:20:30.123Z", or SQLite's "2025-03-01 10:20:30", which is
 * UTC) as a W3C datetime the sitemap protocol accepts ("2025-03-01T10:20:30+00:00"); null when
 * it is not a timestamp, so the entry goes without one.
 */
export function toW3cDateTime(timestamp: string): string | null {
  const match = TIMESTAMP.exec(timestamp);
  if (!match) return null;
  const [, date, time, zone] = match;
  if (time === undefined) return date!;
  return `${date}T${time}${zone === undefined || zone === 'Z' ? '+00:00' : zone}`;
}

function lastmodElement(timestamp: string | undefined): string {
  const lastmod = timestamp === undefined ? null : toW3cDateTime(timestamp);
  return lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
}

function urlElements(origin: string, urls: readonly SitemapUrl[]): string {
  let xml = '';
  for (const url of urls) xml += `<url><loc>${escapeXml(origin + url.path)}</loc>${lastmodElement(url.lastmod)}</url>\n`;
  return xml;
}

/** A sitemap index listing `files` under `origin`. */
export function presentSitemapIndex(origin: string, files: readonly SitemapFile[]): string {
  const entries = files.map((file) => `<sitemap><loc>${escapeXml(origin + file.path)}</loc>${lastmodElement(file.lastmod)}</sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}

/** A whole urlset, for the small files (static pages, categories, countries, cities). */
export function presentUrlset(origin: string, urls: readonly SitemapUrl[]): string {
  return URLSET_OPEN + urlElements(origin, urls) + URLSET_CLOSE;
}

/**
 * A urlset written as `chunks` are read: one piece of XML per chunk, pulled only when the
 * response has room for it, so a file is never held whole in memory.
 */
export function streamUrlset(origin: string, chunks: Iterable<readonly SitemapUrl[]>): Readable {
  function* pieces(): Generator<string, void, undefined> {
    yield URLSET_OPEN;
    for (const chunk of chunks) yield urlElements(origin, chunk);
    yield URLSET_CLOSE;
  }
  return Readable.from(pieces());
}
