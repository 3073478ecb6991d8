/**
 * One name per country on every visitor page: a business imported with the file's country text
 * ("United States of America") is shown under the directory's name for its code ("United
 * States"), as /countries names it, while the record keeps what the file said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { slugOfName } from '@directory/data/testing/insert-business.ts';
import type { BusinessDetail } from '../shared/api-types.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { visibleText } from '../testing/visible-text.ts';

let app: TestApp;

const RIDGECREST = {
  city: 'Ridgecrest',
  postalCode: '93555',
  countryCode: 'US',
  timeZone: 'America/Los_Angeles',
  latitude: 35.6225,
  longitude: -117.6709,
  category: 'Radiator repair service',
  type: 'Radiator repair service',
};

beforeAll(async () => {
  app = await startTestApp(
    [
      // As an Outscraper file writes it; its amenities make the About text a sentence naming the country.
      buildBusiness({ ...RIDGECREST, name: 'Ridgecrest Radiators', country: 'United States of America', fullAddress: '100 W Ridgecrest Blvd, Ridgecrest, CA 93555' }),
      buildBusiness({ ...RIDGECREST, name: 'Desert Radiator Works', country: 'United States', fullAddress: '200 China Lake Blvd, Ridgecrest, CA 93555' }),
    ],
    { withPages: true },
  );
});

afterAll(() => app.close());

async function textOf(path: string): Promise<string> {
  const response = await app.get(path);
  expect(response.status, path).toBe(200);
  return visibleText(await response.text());
}

describe("a business's country", () => {
  it('keeps the imported text in the record', () => {
    const stored = app.deps.record.prepare("SELECT country FROM businesses WHERE name = 'Ridgecrest Radiators'").pluck().get();
    expect(stored).toBe('United States of America');
  });

  it('is named as /countries names it on the business page: "More in" links and the About text', async () => {
    expect(await textOf('/countries')).toContain('United States');
    const slug = slugOfName(app.deps.record, 'Ridgecrest Radiators');
    const html = await (await app.get(`/business/${slug}`)).text();
    const text = visibleText(html);
    expect(text).toContain('More in Ridgecrest · United States');
    expect(text).toContain('Ridgecrest Radiators is a radiator repair service located in Ridgecrest, United States.');
    expect(html).not.toContain('United States of America');
  });

  it('is the same in the business API and in the JSON-LD address (its ISO code, as schema.org recommends)', async () => {
    const slug = slugOfName(app.deps.record, 'Ridgecrest Radiators');
    const detail = (await (await app.get(`/api/businesses/${slug}`)).json()) as BusinessDetail;
    expect([detail.country, detail.countryCode]).toEqual(['United States', 'US']);
    const html = await (await app.get(`/business/${slug}`)).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { address?: { addressCountry?: string } });
    expect(ld.find((object) => object.address)?.address?.addressCountry).toBe('US');
  });

  it('is the same on the cards of /businesses and in the country filter of /search', async () => {
    expect(await textOf('/businesses')).toContain('Ridgecrest Radiators Radiator repair service Ridgecrest, United States');
    expect(await textOf('/search?q=radiator')).toContain('Country United States 2');
    for (const path of ['/businesses', '/search?q=radiator']) expect(await textOf(path), path).not.toContain('United States of America');
  });
});
