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
