import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { ApiError } from '../../shared/api-types.ts';
import { CONTACT_MESSAGES_RULE, SEARCH_BURST_RULE } from '../../services/rate-limits.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp & { url: string };

/**
 * The production number of calls over a window of 10 minutes: however slow the shared machine
 * is at sending them, the burst stays inside one window.
 */
const RULE = { ...SEARCH_BURST_RULE, durationSeconds: 600 };

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Pizzeria Da Michele', category: 'Pizza restaurant' })], {
    rateLimits: { contact: CONTACT_MESSAGES_RULE, search: RULE },
  });
});

afterAll(() => app.close());

const searchFrom = (address: string, path = '/api/search?q=pizz') => fetch(app.url + path, { headers: { 'x-forwarded-for': address } });
const multiFrom = (address: string) =>
  fetch(`${app.url}/api/search/multi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ requests: [{ indexName: 'businesses', params: { query: 'pizz' } }] }),
  });

describe(`search burst limit (${SEARCH_BURST_RULE.points} calls per window per address)`, () => {
  it('answers every call of a burst within the limit, then 429 with Retry-After for the next, whatever the search route', async () => {
    // Half as plain searches, half as the instant search's multi-queries: one budget for both.
    for (let i = 0; i < RULE.points; i += 1) {
      const response = i % 2 === 0 ? await searchFrom('203.0.113.50') : await multiFrom('203.0.113.50');
      expect(response.status).toBe(200);
    }
    for (const refused of [await searchFrom('203.0.113.50'), await multiFrom('203.0.113.50'), await searchFrom('203.0.113.50', '/api/search?q=%00')]) {
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RULE.durationSeconds);
      expect(((await refused.json()) as ApiError).error).toEqual({
        id: 'too_many_searches',
        message: 'Too many searches in a short time. Please wait a few seconds and try again.',
      });
    }
    // Another visitor searches on; lists and pages are not counted.
    expect((await searchFrom('203.0.113.51')).status).toBe(200);
    expect((await fetch(`${app.url}/api/categories`, { headers: { 'x-forwarded-for': '203.0.113.50' } })).status).toBe(200);
  });
});
