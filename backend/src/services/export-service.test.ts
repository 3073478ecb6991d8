import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessInput } from '@directory/data/business.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { buildEveryFieldBusiness } from '@directory/data/testing/build-business.ts';
import { writeSample } from '../../../scripts/samples/generate-sample.ts';
import { cellText } from '../import/read-rows.ts';
import type { AdminBusiness, AdminBusinessPage } from '../shared/admin-types.ts';
import type { BusinessDetail } from '../shared/api-types.ts';
import { EXPORT_FIELDS, type ExportField, type ExportFormat } from '../shared/export-types.ts';
import type { FileImportResult } from '../shared/import-types.ts';
import { signInAsAdmin, type AdminClient } from '../testing/admin-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { streamExport, type ExportFilter } from './export-service.ts';
import { importFile } from './import-runner.ts';
import { SLICE_MS } from './time-slices.ts';

let dir: string;
let record: RecordDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'export-service-'));
  record = openRecord(join(dir, 'record.sqlite'));
});
afterEach(() => {
  vi.restoreAllMocks();
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const ROWS = 40;
/** The export fields a re-import gives back as they were: all but those the record assigns. */
const REIMPORTED_FIELDS = EXPORT_FIELDS.filter((field) => field !== 'id' && field !== 'created_at' && field !== 'updated_at');
const filter: ExportFilter = { fields: ['name'], countryCode: null, categories: [], dateRange: 'all', startDate: null, endDate: null };

describe('the CSV export and the event loop', () => {
  it('lets the event loop run between slices of rows, however fast its reader reads', async () => {
    const file = join(dir, 'places.csv');
    writeFileSync(file, `name,place_id\n${Array.from({ length: ROWS }, (_, index) => `Cafe ${index},ChIJexport${String(index).padStart(10, '0')}`).join('\n')}\n`);
    await importFile({ record, file, fileName: 'places.csv', batchSize: 500, isDryRun: false });

    // Every row takes a whole slice: the export must let the event loop turn after each.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += SLICE_MS));
    const stream = streamExport(record.name, filter, 'csv');
    let isDone = false;
    let turns = 0;
    const turn = () => {
      turns += 1;
      if (!isDone) setImmediate(turn);
    };
    setImmediate(turn);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    isDone = true;

    expect(text.trim().split('\r\n')).toHaveLength(ROWS + 1);
    // A reader as fast as this one never makes the stream wait: without the slices, the whole file was written in a turn or two.
    expect(turns).toBeGreaterThanOrEqual(ROWS);
  });
});

describe('an .xlsx export past one sheet', () => {
  it('re-imports to the same businesses, every sheet read, field by field', async () => {
    const sample = join(dir, 'outscraper.csv');
    await writeSample({ rows: 60, tool: 'outscraper', format: 'csv', out: sample });
    await importFile({ record, file: sample, fileName: 'outscraper.csv', batchSize: 500, isDryRun: false });
    const businesses = record.prepare('SELECT count(*) FROM businesses').pluck().get() as number;
    expect(businesses).toBeGreaterThan(40);

    const rowsPerSheet = 7;
    const chunks: Buffer[] = [];
    for await (const chunk of streamExport(record.name, { ...filter, fields: [...EXPORT_FIELDS] }, 'xlsx', new Date(), { rowsPerSheet })) chunks.push(chunk as Buffer);
    const file = join(dir, 'export.xlsx');
    writeFileSync(file, Buffer.concat(chunks));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets).toHaveLength(Math.ceil(businesses / rowsPerSheet));

    const columns = REIMPORTED_FIELDS.join(', ');
    const fresh = openRecord(join(dir, 'fresh.sqlite'));
    try {
      const result = await importFile({ record: fresh, file, fileName: 'export.xlsx', batchSize: 500, isDryRun: false });
      expect(result).toMatchObject({ success: true, errorCount: 0, skippedCount: 0, totalRows: businesses, inserted: businesses });
      const all = `SELECT ${columns} FROM businesses ORDER BY place_id`;
      expect(fresh.prepare(all).all()).toEqual(record.prepare(all).all());
    } finally {
      fresh.close();
    }
  });
});

type Field = keyof BusinessInput;
type TestAppWithUrl = TestApp & { url: string };

/** A field's column in the record and the export (`placeId` → `place_id`). */
const columnOf = (field: Field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The fields an export leaves out (the admin spec's 27 export fields), and what a re-import gives them instead. */
const NOT_EXPORTED: { [F in Field]?: { reimported: BusinessInput[F]; reason: string } } = {
  timeZone: { reimported: null, reason: 'not one of the 27 export fields' },
  isApproved: { reimported: false, reason: 'not one of the 27 export fields: an import never approves, an operator does' },
};

/** The fields the admin's full read shows otherwise than a business input holds them, or not at all (null). */
const ADMIN_READS: { [F in Field]?: ((business: AdminBusiness) => unknown) | null } = {
  // The operator reads and edits the stored text.
  about: (business) => (business.about === null ? null : JSON.parse(business.about)),
  // Not in the admin spec's full read.
  timeZone: null,
};

/** The one business of an export, by field: text cells for a CSV, typed cells for an .xlsx. */
async function readExport(client: AdminClient, format: ExportFormat): Promise<{ file: Buffer; row: Record<string, unknown> }> {
  const response = await client.request('GET', `/api/admin/export-csv?fields=${EXPORT_FIELDS.join(',')}&format=${format}`);
  expect(response.status).toBe(200);
  const bytes = await response.arrayBuffer();
  const file = Buffer.from(bytes);
  if (format === 'csv') {
    const rows = parse(file, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    return { file, row: rows[0]! };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  const row: Record<string, unknown> = {};
  sheet.getRow(1).eachCell((cell, column) => (row[cellText(cell.value)] = sheet.getRow(2).getCell(column).value));
  return { file, row };
}

/** Uploads a file to the admin import, as the upload screen does. */
async function upload(app: TestAppWithUrl, client: AdminClient, file: Buffer, fileName: string): Promise<FileImportResult> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const response = await fetch(`${app.url}/api/upload-excel-batch`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookie, origin: app.url, 'x-csrf-token': client.csrfToken },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as FileImportResult;
}

describe('a business with every field set', () => {
  const business = buildEveryFieldBusiness();
  // Every field of BusinessInput: the factory's type makes a new field need a value there.
  const fields = Object.keys(business) as Field[];
  let source: TestAppWithUrl;
  let sourceAdmin: AdminClient;
  beforeAll(async () => {
    source = await startTestApp([business]);
    sourceAdmin = await signInAsAdmin(source);
  });
  afterAll(() => source.close());

  it.each(['csv', 'xlsx'] as const)(
    'comes back field by field after an export as %s, an import into an empty record, the admin and public reads, and an export again',
    async (format) => {
      expect(fields.filter((field) => business[field] === null)).toEqual([]);
      const first = await readExport(sourceAdmin, format);
      for (const field of fields) {
        const column = columnOf(field) as ExportField;
        const isExported = (EXPORT_FIELDS as readonly string[]).includes(column);
        expect(isExported, `${field}: exported, or listed in NOT_EXPORTED with the reason`).toBe(NOT_EXPORTED[field] === undefined);
        if (isExported) expect(first.row[column], `${field} in the export`).not.toBeOneOf([null, undefined, '']);
      }

      const target = await startTestApp();
      try {
        const targetAdmin = await signInAsAdmin(target);
        expect(await upload(target, targetAdmin, first.file, `export.${format}`)).toMatchObject({ success: true, errorCount: 0, skippedCount: 0, inserted: 1 });
        const list = (await (await targetAdmin.request('GET', '/api/admin/businesses')).json()) as AdminBusinessPage;
        expect(list.businesses).toHaveLength(1);
        const { id, slug } = list.businesses[0]!;
        const adminRead = (await (await targetAdmin.request('GET', `/api/admin/businesses/${id}`)).json()) as AdminBusiness;
        const publicResponse = await target.get(`/api/businesses/${encodeURIComponent(slug)}`);
        expect(publicResponse.status).toBe(200);
        const publicRead = (await publicResponse.json()) as BusinessDetail;

        for (const field of fields) {
          const notExported = NOT_EXPORTED[field];
          const expected = notExported === undefined ? business[field] : notExported.reimported;
          const adminReadOf = ADMIN_READS[field];
          if (adminReadOf === null) expect(adminRead, `${field} is not in the admin read`).not.toHaveProperty(field);
          else expect(adminReadOf === undefined ? (adminRead as unknown as Record<string, unknown>)[field] : adminReadOf(adminRead), `${field} in the admin read`).toEqual(expected);
          expect((publicRead as unknown as Record<string, unknown>)[field], `${field} in the public read`).toEqual(expected);
        }

        const again = await readExport(targetAdmin, format);
        for (const field of EXPORT_FIELDS) {
          // The record stamps the import's own times.
          if (field === 'created_at' || field === 'updated_at') expect(again.row[field], field).not.toBeOneOf([null, undefined, '']);
          else expect(again.row[field], `${field} exported again`).toEqual(first.row[field]);
        }
      } finally {
        await target.close();
      }
    },
  );
});
