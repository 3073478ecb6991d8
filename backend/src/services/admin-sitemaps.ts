import { STATIC_PAGE_PATHS, type SitemapService } from './sitemap-service.ts';
import type { AdminSitemaps } from '../shared/admin-types.ts';

/**
 * The sitemap panel: every file the index lists with its URL count. Sitemaps are generated
 * from the record and the index at each request, so these figures are live; `lastGenerated`
 * is the newest `lastmod` the index announces (when its content last changed).
 */
export async function describeSitemaps(sitemaps: SitemapService): Promise<AdminSitemaps> {
  const [index, categories, countries, cities, businessCounts] = await Promise.all([
    sitemaps.index(), sitemaps.categories(), sitemaps.countries(), sitemaps.cities(), sitemaps.businessFileUrlCounts(),
  ]);
  const fixed: Record<string, number> = {
    '/sitemaps/main.xml': STATIC_PAGE_PATHS.length,
    '/sitemaps/categories.xml': categories.length,
    '/sitemaps/countries.xml': countries.length,
    '/sitemaps/cities.xml': cities.length,
  };
  let businessFile = 0;
  const files = index.map((file) => {
    let urlCount = fixed[file.path];
    if (urlCount === undefined) {
      urlCount = businessCounts[businessFile] ?? 0;
      businessFile += 1;
    }
    return { name: file.path.split('/').pop()!, path: file.path, urlCount };
  });
  const lastGenerated = index.reduce<string | null>((latest, file) => (latest === null || file.lastmod > latest ? file.lastmod : latest), null);
  return { files, totalUrls: files.reduce((sum, file) => sum + file.urlCount, 0), lastGenerated };
}
