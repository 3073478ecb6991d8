import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { SITEMAP_FILE_SIZE, type SitemapFile } from '../engine.ts';
import { IndexSync, rebuildIndex } from '../sync.ts';
import { createTempIndex, type TempIndex } from '../testing/temp-index.ts';

let index: TempIndex;
let sync: IndexSync;

function insertMany(count: number, updatedAt?: string): void {
  index.record.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = insertBusiness(index.record, buildBusiness({ name: `Shop ${i}` }));
      if (updatedAt) index.record.prepare('UPDATE businesses SET updated_at = ? WHERE id = ?').run(updatedAt, id);
    }
  })();
}

const publicIds = () => index.record.prepare('SELECT id FROM businesses ORDER BY id').pluck().all() as number[];

/** The public ids of each file, by the file ranges. */
function idsByFile(files: SitemapFile[]): number[][] {
  return files.map((file, i) => publicIds().filter((id) => id >= file.firstId && id < (files[i + 1]?.firstId ?? Infinity)));
}

function planOf(sql: string, ...params: unknown[]): string {
  return (index.engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join('; ');
}

beforeAll(async () => {
  index = createTempIndex('sitemap-files');
  insertMany(SITEMAP_FILE_SIZE + 5, '2000-01-01T00:00:00.000Z');
  await rebuildIndex(index.recordFile, index.engine, 'all');
  sync = new IndexSync(index.record, index.engine, 'all');
}, 120_000);

afterAll(() => index.dispose());

describe('sitemap files of the embedded index', () => {
  it('cuts the public businesses at a rebuild, 9,000 a file in id order, with their latest change', async () => {
    const files = await index.engine.sitemapFiles();
    const ids = publicIds();
    expect(files).toEqual([
      { firstId: 0, lastmod: '2000-01-01T00:00:00.000Z' },
      { firstId: ids[SITEMAP_FILE_SIZE], lastmod: '2000-01-01T00:00:00.000Z' },
    ]);
    expect(idsByFile(files).map((file) => file.length)).toEqual([SITEMAP_FILE_SIZE, 5]);
  });

  it('keeps every public business in exactly one file as businesses are added and removed', async () => {
    const before = await index.engine.sitemapFiles();
    // New businesses fill the last file, then open a new one.
    insertMany(SITEMAP_FILE_SIZE);
    await sync.catchUp();
    const grown = await index.engine.sitemapFiles();
    expect(grown.slice(0, 2).map((file) => file.firstId)).toEqual(before.map((file) => file.firstId));
    expect(grown).toHaveLength(3);
    expect(idsByFile(grown).map((file) => file.length)).toEqual([SITEMAP_FILE_SIZE, SITEMAP_FILE_SIZE, 5]);
    // The file that gave its tail away and the new one both changed.
    expect(grown[1]!.lastmod! > before[1]!.lastmod!).toBe(true);
    expect(grown[2]!.lastmod).not.toBeNull();

    // Removing businesses of the first file moves no boundary; the file shrinks and is dated now.
    const firstFile = idsByFile(grown)[0]!;
    index.record.prepare(`DELETE FROM businesses WHERE id IN (${firstFile.slice(0, 10).join(', ')})`).run();
    await sync.catchUp();
    const shrunk = await index.engine.sitemapFiles();
    expect(shrunk.map((file) => file.firstId)).toEqual(grown.map((file) => file.firstId));
    expect(idsByFile(shrunk).map((file) => file.length)).toEqual([SITEMAP_FILE_SIZE - 10, SITEMAP_FILE_SIZE, 5]);
    expect(shrunk[0]!.lastmod! > grown[0]!.lastmod!).toBe(true);

    // Every public business once, in id order, across the files.
    expect(idsByFile(shrunk).flat()).toEqual(publicIds());
  });

  it('finds a file boundary through the business-id index, reading at most one file of it', () => {
    const plan = planOf('SELECT business_id FROM docs WHERE business_id >= ? ORDER BY business_id LIMIT 1 OFFSET ?', 0, SITEMAP_FILE_SIZE);
    expect(plan).toMatch(/SEARCH docs USING COVERING INDEX docs_business \(business_id>\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('finds the file of a business id through the first-id index', () => {
    const plan = planOf('SELECT file FROM sitemap_files WHERE first_id <= ? ORDER BY first_id DESC LIMIT 1', 5);
    expect(plan).toMatch(/SEARCH sitemap_files USING COVERING INDEX sqlite_autoindex_sitemap_files_1 \(first_id<\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
