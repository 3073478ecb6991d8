/** GET /api/admin/export-csv's query, through the real app and its admin guards. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp & { url: string };
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp([
    buildBusiness({ name: 'Grill House', category: 'Bar, Grill' }),
    buildBusiness({ name: 'La Terrasse', category: 'Bar' }),
    buildBusiness({ name: 'Smoke Pit', category: 'Grill' }),
    buildBusiness({ name: 'Le Petit Four', category: 'Bakery' }),
  ]);
  admin = await signInAsAdmin(app);
});
afterAll(() => app.close());

/** The names of an export's rows. */
async function exportedNames(query: string): Promise<string[]> {
  const response = await admin.request('GET', `/api/admin/export-csv?fields=name,category&${query}`);
  expect(response.status, query).toBe(200);
  return (parse(await response.text(), { bom: true, columns: true }) as { name: string }[]).map((row) => row.name);
}

describe('the categories of an export', () => {
  it('takes a JSON array of exact names, so a name with a comma is one category', async () => {
    expect(await exportedNames(`categories=${encodeURIComponent(JSON.stringify(['Bar, Grill']))}`)).toEqual(['Grill House']);
    expect(await exportedNames(`categories=${encodeURIComponent(JSON.stringify(['Bar, Grill', 'Bakery']))}`)).toEqual(['Grill House', 'Le Petit Four']);
  });

  it("keeps the spec's comma-joined names for names without a comma", async () => {
    expect(await exportedNames('categories=Bar,Bakery')).toEqual(['La Terrasse', 'Le Petit Four']);
    expect(await exportedNames(`categories=${encodeURIComponent('Grill, Bakery')}`)).toEqual(['Smoke Pit', 'Le Petit Four']);
  });

  it('answers 400 naming categories when they are given twice', async () => {
    const response = await admin.request('GET', '/api/admin/export-csv?fields=name&categories=Bar&categories=Grill');
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields.categories).toEqual(['must be given once: names joined by commas, or a JSON array of names']);
  });
});

describe('refusals of the export and report calls', () => {
  const fieldsOf = async (response: Response) => ((await response.json()) as { error: { fields: Record<string, string[]> } }).error.fields;

  it('answers one error about a start date that is not a date, not a second one about the end date', async () => {
    const response = await admin.request('GET', '/api/admin/export-csv?fields=name&dateRange=custom&startDate=garbage&endDate=2026-01-31');
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual({ startDate: ['must be a date as YYYY-MM-DD'] });
    expect(await fieldsOf(await admin.request('GET', '/api/admin/export-csv?fields=name&dateRange=custom&startDate=2026-02-30&endDate=2026-03-31'))).toEqual({
      startDate: ['must be a date as YYYY-MM-DD'],
    });
    expect(await fieldsOf(await admin.request('GET', '/api/admin/export-csv?fields=name&dateRange=custom&startDate=2026-03-10&endDate=2026-03-01'))).toEqual({
      endDate: ['must not be before startDate'],
    });
  });

  it("answers 400 'id must be a positive integer' for a report id that is not one", async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      const response = await admin.request('GET', `/api/admin/upload-reports/${id}/errors.csv`);
      expect(response.status, id).toBe(400);
      const { error } = (await response.json()) as { error: { message: string } };
      expect(error.message, id).toBe('Invalid request. id: must be a positive integer');
    }
    expect((await admin.request('GET', '/api/admin/upload-reports/12345/errors.csv')).status).toBe(404);
  });
});
