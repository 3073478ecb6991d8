import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { generateDemoBusinesses } from '@directory/data/demo/generate.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { PROJECT_ROOT } from './config.ts';
import { IndexSync, rebuildIndex } from './sync.ts';
import { createTempIndex, type TempIndex } from './testing/temp-index.ts';
import { formatVerifyReport, verifyIndex } from './verify.ts';

let temp: TempIndex;

const insert = (overrides: Partial<BusinessInput>) =>
  insertBusiness(temp.record, buildBusiness({ ...overrides, fullAddress: `1 Main St, ${overrides.city ?? 'Lyon'}, X` }));

function seed(): void {
  insert({ name: 'Chez Paul', category: 'Restaurant', city: 'Lyon', countryCode: 'FR', rating: 4.6 });
  insert({ name: 'Plomberie Martin', category: 'Plumber', city: 'Lyon', countryCode: 'FR', rating: 4.1 });
  insert({ name: 'Berlin Bäckerei', category: 'Bakery', city: 'Berlin', countryCode: 'DE', rating: 4.8 });
  // No city column: the city comes from the address, as the documents take it.
  insertBusiness(temp.record, buildBusiness({ name: 'Address Only', category: 'Bakery', city: null, fullAddress: '3 Via Roma, Roma, Italia', countryCode: 'IT' }));
}

function runCli(): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'indexer/src/cli.ts'), '--verify'], {
    env: { ...process.env, DATA_DIR: temp.dir, SEARCH_ENGINE: 'sqlite', PUBLIC_LISTING: 'all' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout };
}

beforeEach(() => {
  temp = createTempIndex('verify-test');
});

afterEach(() => temp.dispose());

describe('verifyIndex', () => {
  it('finds no difference after a fresh build of the default demo data (averages on a rounding boundary included)', async () => {
    // npm start's first run: 5,000 demo businesses. Their category averages include values such as
    // 4.05, which the record and the index add up in a different order.
    const insertAll = temp.record.transaction(() => {
      for (const business of generateDemoBusinesses(5000)) insertBusiness(temp.record, business);
    });
    insertAll();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const report = await verifyIndex(temp.recordFile, temp.engine, 'all');
    expect(report.differences).toEqual([]);
    expect(report.businesses).toBe(5000);
  });

  it('finds no difference between a rebuilt or an incrementally updated index and the record', async () => {
    seed();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const report = await verifyIndex(temp.recordFile, temp.engine, 'all');
    expect(report).toMatchObject({ businesses: 4, differences: [], differenceCount: 0 });
    expect(formatVerifyReport(report)).toMatch(/^Index matches the record: 4 public businesses/);

    insert({ name: 'Nice Bakery', category: 'Bakery', city: 'Nice', countryCode: 'FR' });
    temp.record.prepare("UPDATE businesses SET category = 'Café', slug = 'chez-paul-2' WHERE name = 'Chez Paul'").run();
    await new IndexSync(temp.record, temp.engine, 'all').catchUp();
    expect((await verifyIndex(temp.recordFile, temp.engine, 'all')).differences).toEqual([]);
  });

  it('names each difference: a missing, an extra and a renamed business, counts, letters and totals', async () => {
    seed();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const paulId = temp.record.prepare("SELECT id FROM businesses WHERE name = 'Chez Paul'").pluck().get() as number;
    const berlinId = temp.record.prepare("SELECT id FROM businesses WHERE name = 'Berlin Bäckerei'").pluck().get() as number;
    // Writes the index never saw: the change log is emptied behind its back.
    temp.record.prepare("UPDATE businesses SET slug = 'berlin-new' WHERE id = ?").run(berlinId);
    const newId = insert({ name: 'Zagreb Zoo', category: 'Zoo', city: 'Zagreb', countryCode: 'HR' });
    temp.record.prepare('DELETE FROM businesses WHERE id = ?').run(paulId);

    const report = await verifyIndex(temp.recordFile, temp.engine, 'all');
    const found = (kind: string, key: string) => report.differences.find((d) => d.kind === kind && d.key === key);
    expect(found('missing', String(newId))).toMatchObject({ record: expect.stringContaining('zagreb-zoo'), index: null });
    expect(found('extra', String(paulId))).toMatchObject({ record: null });
    expect(found('slug', String(berlinId))).toMatchObject({ record: 'berlin-new' });
    expect(found('category', 'restaurant businesses')).toMatchObject({ record: null, index: 1 });
    expect(found('category', 'zoo businesses')).toMatchObject({ record: 1, index: null });
    expect(found('country', 'HR businesses')).toMatchObject({ record: 1, index: null });
    expect(found('city', 'HR:zagreb businesses')).toMatchObject({ record: 1, index: null });
    expect(found('letter', 'cities under Z')).toMatchObject({ record: 1, index: 0 });
    expect(found('total', 'countries')).toMatchObject({ record: 4, index: 3 });
    expect(found('total', 'businesses')).toBeUndefined();
    expect(report.differenceCount).toBe(report.differences.length);
    expect(formatVerifyReport(report)).toContain(`missing ${newId}: record zagreb-zoo`);
  });

  it('lists at most maxListed differences of a kind, and says how many of each kind there are in all', async () => {
    seed();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    // Three businesses the index never saw (the change log is emptied behind its back).
    for (const name of ['Zagreb Zoo', 'Split Zoo', 'Osijek Zoo']) insert({ name, category: 'Zoo', city: name.split(' ')[0]!, countryCode: 'HR' });
    temp.record.prepare('DELETE FROM change_log').run();

    const all = await verifyIndex(temp.recordFile, temp.engine, 'all');
    const report = await verifyIndex(temp.recordFile, temp.engine, 'all', { maxListed: 1 });
    const kinds = [...new Set(all.differences.map((d) => d.kind))];
    const countOf = (kind: string) => all.differences.filter((d) => d.kind === kind).length;
    expect(countOf('missing')).toBe(3);
    expect(report.differences.map((d) => d.kind)).toEqual(kinds);
    expect(report.differenceCount).toBe(all.differenceCount);
    expect(report.differenceCountByKind).toEqual(Object.fromEntries(kinds.map((kind) => [kind, countOf(kind)])));
    const byKind = kinds.map((kind) => `${kind} ${countOf(kind)}`).join(', ');
    expect(formatVerifyReport(report)).toContain(`… and ${all.differenceCount - kinds.length} more, not listed. Differences of each kind: ${byKind}.`);
  });

  it('reports a count the index holds wrong even when every document is there', async () => {
    seed();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    temp.engine.database.prepare("UPDATE categories SET business_count = 5, letter = 'Q' WHERE slug = 'bakery'").run();
    temp.engine.database.prepare("UPDATE meta SET value = '3' WHERE key = 'business_count'").run();
    const report = await verifyIndex(temp.recordFile, temp.engine, 'all');
    expect(report.differences).toEqual([
      { kind: 'category', key: 'bakery businesses', record: 2, index: 5 },
      { kind: 'letter', key: 'category bakery', record: 'B', index: 'Q' },
      { kind: 'total', key: 'businesses', record: 4, index: 3 },
    ]);
  });
});

describe('npm run index:verify', () => {
  it('prints the differences and exits 1 on any, 0 when the index equals the record', async () => {
    seed();
    await rebuildIndex(temp.recordFile, temp.engine, 'all');
    const clean = runCli();
    expect(clean.stdout).toMatch(/Index matches the record: 4 public businesses/);
    expect(clean.status).toBe(0);

    insert({ name: 'Unindexed', category: 'Florist', city: 'Lyon', countryCode: 'FR' });
    const dirty = runCli();
    expect(dirty.stdout).toMatch(/Index differs from the record in \d+ places/);
    expect(dirty.stdout).toContain('category florist businesses: record 1, index (none)');
    expect(dirty.stdout).toContain('run it again once the indexer caught up');
    expect(dirty.status).toBe(1);
  });
});
