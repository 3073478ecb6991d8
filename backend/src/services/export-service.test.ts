import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { writeSample } from '../../../scripts/samples/generate-sample.ts';
import { EXPORT_FIELDS } from '../shared/import-types.ts';
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

    const columns = 'place_id, slug, name, category, type, full_address, street, city, postal_code, country, country_code, phone, latitude, longitude, rating, reviews, reviews_link, photo, logo, located_in, working_hours, verified, about, url';
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
