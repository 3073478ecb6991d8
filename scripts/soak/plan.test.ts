import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord } from '@directory/data/record.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { insertBusiness } from '@directory/data/testing/insert-business.ts';
import { formatResident, placeIdsMissing, planTraffic, residentMegabytes, TRAFFIC_KINDS, visitorAddress } from './plan.ts';

const dir = mkdtempSync(join(tmpdir(), 'soak-plan-'));
const recordFile = join(dir, 'directory.sqlite');
const placeIds: string[] = [];

beforeAll(() => {
  const record = openRecord(recordFile);
  for (const [i, city] of ['Lyon', 'Saint-Étienne', 'Lyon'].entries()) {
    const business = buildBusiness({ name: `Soak Bakery ${i}`, category: 'Bakery shop', city });
    placeIds.push(business.placeId!);
    insertBusiness(record, business, `soak-bakery-${i}`);
  }
  record.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the soak plan', () => {
  it('draws paths of every kind from the record', () => {
    const plan = planTraffic(recordFile, 10);
    expect(Object.keys(plan)).toEqual([...TRAFFIC_KINDS]);
    expect(plan['business pages'].sort()).toEqual(['/business/soak-bakery-0', '/business/soak-bakery-1', '/business/soak-bakery-2']);
    expect(plan['other pages']).toContain('/categories/bakery-shop');
    expect(plan['other pages']).toContain('/cities/fr/saint-etienne');
    expect(plan['other pages']).toContain('/countries/fr');
    expect(plan.lists).toContain('/api/businesses?page=1');
    expect(plan.searches).toContain('/api/search?q=Bakery');
    expect(plan.searches).toContain('/api/search?q=Lyon');
  });

  it('finds the place ids the record lacks', () => {
    expect(placeIdsMissing(recordFile, [...placeIds, 'ChIJnot-imported'])).toEqual({ checked: 4, missing: ['ChIJnot-imported'] });
  });

  it('gives each simulated visitor its own address, and reads RSS from /proc status text', () => {
    const addresses = new Set(Array.from({ length: 70_000 }, (_, i) => visitorAddress(i)));
    expect(addresses.size).toBe(70_000);
    expect(visitorAddress(258)).toBe('10.0.1.2');
    const status = 'Name:\tnode\nVmRSS:\t  204800 kB\nRssAnon:\t  153600 kB\nRssFile:\t   51200 kB\nThreads:\t11\n';
    expect(residentMegabytes(status)).toEqual({ total: 200, anonymous: 150 });
    expect(formatResident(residentMegabytes(status))).toBe('200 MB (anonymous 150 MB)');
    expect(() => residentMegabytes('Name:\tnode\nVmRSS:\t  204800 kB\n')).toThrow('No RssAnon line');
  });
});
