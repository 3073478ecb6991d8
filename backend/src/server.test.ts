import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import type { CategoryEntry, HomepageData, PagedBusinesses } from './shared/api-types.ts';
import { loadBackendConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';

let dataDir: string;
let server: RunningServer;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const config = loadBackendConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SIZE: '300' });
  server = await startServer(config, (line) => logged.push(line));
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the real server', () => {
  it('loads the demo data into an empty record and serves the API over HTTP', async () => {
    const home = (await (await fetch(`${server.url}/api/homepage-data`)).json()) as HomepageData;
    expect(home.totals.businesses).toBe(300);
    const page = (await (await fetch(`${server.url}/api/businesses?page=15`)).json()) as PagedBusinesses;
    expect(page).toMatchObject({ currentPage: 15, totalPages: 15, totalCount: 300, hasNextPage: false });
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as CategoryEntry[];
    const counted = server.deps.record
      .prepare('SELECT count(*) FROM businesses WHERE coalesce(category, type) = ?')
      .pluck()
      .get(categories[0]!.category);
    expect(categories[0]!.count).toBe(counted);
  });

  it('checks the index it built against the record on a thread once listening, and logs the result', async () => {
    await server.indexCheck;
    const check = logged.findIndex((line) => /^Index matches the record: 300 public businesses/.test(line));
    expect(check).toBeGreaterThan(logged.findIndex((line) => line.startsWith('Indexed 300 businesses')));
  });

  it('ends its first start with every index of the record built, the ones the demo load deferred on a thread of their own', () => {
    const indexesOf = (db: RecordDatabase) => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();
    const fresh = openRecord(join(dataDir, 'fresh.sqlite'));
    try {
      expect(indexesOf(server.deps.record)).toEqual(indexesOf(fresh));
    } finally {
      fresh.close();
    }
    expect(server.deps.record.prepare('SELECT count(*) FROM deferred_indexes').pluck().get()).toBe(0);
    expect(logged).toContainEqual(expect.stringMatching(/^Built 10 more indexes of the record in [\d.]+ s, beside the search index\.$/));
  });

  it('shows a new business in the lists within a second, through the change log', async () => {
    server.deps.record
      .prepare(
        `INSERT INTO businesses (slug, place_id, name, category, city, country_code, full_address, reviews)
         VALUES ('brand-new-zzzzzz', 'ChIJbrandnewzzzzzz', 'Brand New Bakery', 'Zeppelin repair', 'Lyon', 'FR', '1 Rue, Lyon, France', 0)`,
      )
      .run();
    const deadline = Date.now() + 1000;
    let categories: CategoryEntry[] = [];
    while (Date.now() < deadline) {
      categories = (await (await fetch(`${server.url}/api/categories?letter=Z`)).json()) as CategoryEntry[];
      if (categories.some((c) => c.category === 'Zeppelin repair')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(categories.find((c) => c.category === 'Zeppelin repair')?.count).toBe(1);
  });

  it('rejects bad configuration listing every bad variable', () => {
    const errors: string[] = [];
    const exit = process.exit;
    const error = console.error;
    process.exit = ((code: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit;
    console.error = (line: string) => errors.push(line);
    try {
      expect(() => loadBackendConfig({ PORT: 'eighty', SEARCH_ENGINE: 'solr', DEMO_SIZE: '-1' })).toThrow('exit 1');
    } finally {
      process.exit = exit;
      console.error = error;
    }
    const report = errors.join('\n');
    expect(report).toContain('Invalid configuration:');
    expect(report).toMatch(/PORT: .*number/);
    expect(report).toMatch(/SEARCH_ENGINE: .*"sqlite"\|"meilisearch"/);
    expect(report).toMatch(/DEMO_SIZE: .*>=0/);
  });
});
