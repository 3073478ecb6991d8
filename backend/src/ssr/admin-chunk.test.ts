import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const ADMIN_MODULE = 'src/features/admin/admin-app.tsx';

let app: TestApp;
let manifest: Record<string, ManifestChunk>;

/** Every chunk a page of the site downloads before any route loads code on demand: the entry and its static imports. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);

beforeAll(async () => {
  manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'frontend', 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  app = await startTestApp([buildBusiness({ name: 'Chunk Check Bakery' })], { withBuiltSite: true });
});
afterAll(() => app.close());

describe('the admin app is a chunk of its own', () => {
  it('is loaded on demand only: no page of the site imports it up front', () => {
    const admin = manifest[ADMIN_MODULE];
    expect(admin?.file).toMatch(/^assets\/admin-app-.*\.js$/);
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const upFront = [...staticClosure(entryKey)];
    // The route table, in the chunk the entry imports, loads it when an admin route matches.
    expect(upFront.some((key) => manifest[key]!.dynamicImports?.includes(ADMIN_MODULE))).toBe(true);
    expect(upFront).not.toContain(ADMIN_MODULE);
  });

  it("is not referenced by a business page's HTML", async () => {
    const slug = slugOfName(app.deps.record, 'Chunk Check Bakery');
    const response = await app.get(`/business/${slug}`);
    expect(response.status).toBe(200);
    const assets = assetsOf(await response.text());
    expect(assets.length).toBeGreaterThan(0);
    const admin = manifest[ADMIN_MODULE]!;
    for (const file of [admin.file, ...(admin.css ?? [])]) expect(assets).not.toContain(file);
    expect(assets.some((asset) => /admin/i.test(asset))).toBe(false);
  });

  it('serves admin pages uncached, unindexed and without the operator snippets', async () => {
    app.deps.record.prepare('UPDATE site_settings SET value = ? WHERE key = ?').run('<meta name="operator-marker">', 'head_tags');
    const response = await app.get('/admin/login');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain('Yönetici Girişi');
    expect(html).not.toContain('operator-marker');
    // The public page still carries the operator's head snippet.
    expect(await (await app.get('/contact')).text()).toContain('operator-marker');
  });
});
