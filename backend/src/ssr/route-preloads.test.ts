import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { RoutePreloads, type BuildManifest } from './route-preloads.ts';
import { NONCE_PLACEHOLDER } from './script-nonce.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

describe('RoutePreloads', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_card.js': { file: 'assets/card.js', imports: ['_react.js'], css: ['assets/card.css'] },
    'src/page-a.tsx': { file: 'assets/page-a.js', imports: ['_card.js', '_react.js'], css: ['assets/page-a.css'] },
    'src/page-b.tsx': { file: 'assets/page-b.js', imports: ['_card.js'] },
  };
  const preloads = new RoutePreloads(manifest);

  it("links a route's chunk, the chunks it imports and their styles, but nothing the template already loads", () => {
    const links = preloads.linksFor(['src/page-a.tsx']).split('\n');
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/card.css">',
      '<link rel="stylesheet" crossorigin href="/assets/page-a.css">',
      `<link rel="modulepreload" crossorigin href="/assets/card.js" nonce="${NONCE_PLACEHOLDER}">`,
      `<link rel="modulepreload" crossorigin href="/assets/page-a.js" nonce="${NONCE_PLACEHOLDER}">`,
    ]);
  });

  it('names a chunk shared by two routes once, and nothing for a key the build does not have', () => {
    const links = preloads.linksFor(['src/page-a.tsx', 'src/page-b.tsx', 'src/unknown.tsx']);
    expect(links.match(/card\.js/g)).toHaveLength(1);
    expect(links).toContain('/assets/page-b.js');
    expect(preloads.linksFor(['src/unknown.tsx'])).toBe('');
  });
});

describe('the pages the server renders', () => {
  let app: TestApp;
  let manifest: BuildManifest;
  const fileOf = (key: string) => `/${manifest[key]!.file}`;
  const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);

  beforeAll(async () => {
    manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'frontend', 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
    app = await startTestApp([buildBusiness({ name: 'Preload Bakery', category: 'Bakery' })], { withBuiltSite: true });
  });
  afterAll(() => app.close());

  it("preload the rendered route's chunk, with the response's nonce, and not other routes' chunks", async () => {
    const slug = slugOfName(app.deps.record, 'Preload Bakery');
    const response = await app.get(`/business/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const preloads = preloadsIn(html);
    expect(preloads).toContain(fileOf('src/features/business/components/business-page.tsx'));
    expect(preloads).not.toContain(fileOf('src/features/home/components/home-page.tsx'));
    const nonce = /<link rel="modulepreload"[^>]*business-page[^>]*nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    // The page's styles are linked too, so it is styled before any script runs.
    for (const css of manifest['src/features/business/components/business-page.tsx']!.css ?? []) expect(html).toContain(`href="/${css}"`);
  });

  it('preload the home page chunk on the home page and the search chunk on /search', async () => {
    expect(preloadsIn(await (await app.get('/')).text())).toContain(fileOf('src/features/home/components/home-page.tsx'));
    const search = preloadsIn(await (await app.get('/search?q=bakery')).text());
    expect(search).toContain(fileOf('src/features/search/components/search-page.tsx'));
    expect(search).not.toContain(fileOf('src/features/admin/admin-app.tsx'));
  });

  it('preload only the login chunk of the admin area on the login page', async () => {
    const preloads = preloadsIn(await (await app.get('/admin/login')).text());
    expect(preloads).toContain(fileOf('src/features/admin/admin-login.tsx'));
    expect(preloads).not.toContain(fileOf('src/features/admin/admin-app.tsx'));
  });
});
