import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '@directory/indexer/config.ts';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { ImportReportRepository } from '../db/import-report-repository.ts';
import { importFile } from './import-runner.ts';

let dir: string;
let record: RecordDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-runner-'));
  record = openRecord(join(dir, 'record.sqlite'));
});
afterEach(() => {
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, content: string | Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};
const run = (file: string, options: { batchSize?: number; isDryRun?: boolean } = {}) =>
  importFile({ record, file, fileName: file.split('/').pop()!, batchSize: options.batchSize ?? 500, isDryRun: options.isDryRun ?? false });
const count = (sql: string) => record.prepare(sql).pluck().get() as number;

// At CI the real exports sit at ../shared/realworld beside the repository; a worktree is one level deeper.
const REALWORLD = [join(PROJECT_ROOT, '..', 'shared', 'realworld'), join(PROJECT_ROOT, '..', '..', 'shared', 'realworld')].find((candidate) => existsSync(candidate));
const realworld = (file: string) => join(REALWORLD ?? '', file);
const readRecords = (file: string) => parse(readFileSync(realworld(file)), { columns: true, bom: true }) as Record<string, string>[];

describe(`real exports from ../shared/realworld (${REALWORLD ? `found at ${REALWORLD}` : 'FOLDER NOT FOUND: these tests are skipped'})`, () => {
  it.skipIf(!REALWORLD)('imports the gosom export: place ids from links, duplicates counted, Greek and Arabic names exact', async () => {
    const rows = readRecords('gosom-cyprus-restaurants.csv');
    const ids = rows.map((row) => /!19s(ChI[A-Za-z0-9_-]+)/.exec(row.link!)?.[1]);
    const distinct = new Set(ids).size;
    const result = await run(realworld('gosom-cyprus-restaurants.csv'));
    expect(result).toMatchObject({ success: true, totalRows: rows.length, successCount: rows.length, errorCount: 0, skippedCount: 0 });
    expect(result.duplicateAnalysis).toMatchObject({ excelDuplicateCount: rows.length - distinct, uniquePlaceIds: distinct, recordsWithPlaceId: distinct });
    expect(count('SELECT count(*) FROM businesses')).toBe(distinct);
    expect(result.columnExtraction?.successful).toEqual(expect.arrayContaining(['name', 'full_address', 'working_hours', 'rating', 'reviews', 'latitude', 'place_id'].filter((c) => c !== 'place_id')));
    // The last row of a duplicated place wins.
    const lastIndex = ids.lastIndexOf(ids.find((id, index) => ids.indexOf(id) !== index));
    const last = rows[lastIndex]!;
    const stored = record.prepare('SELECT name, reviews, country_code, city FROM businesses WHERE place_id = ?').get(ids[lastIndex]) as Record<string, unknown>;
    expect(stored).toEqual({ name: last.title!.trim(), reviews: Number(last.review_count), country_code: 'CY', city: JSON.parse(last.complete_address!).city });
    const nonLatin = rows.filter((row) => /[\u0370-\u03FF\u0600-\u06FF]/.test(row.title!));
    expect(nonLatin.length).toBeGreaterThan(0);
    for (const row of nonLatin) expect(count(`SELECT count(*) FROM businesses WHERE name = '${row.title!.trim().replace(/'/g, "''")}'`)).toBe(1);
    const hours = record.prepare("SELECT working_hours FROM businesses WHERE working_hours LIKE '%Friday%' LIMIT 1").pluck().get() as string;
    expect(Object.values(JSON.parse(hours) as Record<string, string>).every((text) => !text.includes('\u202f'))).toBe(true);
  });

  it.skipIf(!REALWORLD)('imports the Outscraper export: floats cleaned, temporarily closed marked', async () => {
    const rows = readRecords('outscraper-law-firms-southern-california.csv');
    const temporarilyClosed = rows.filter((row) => row.business_status === 'CLOSED_TEMPORARILY').length;
    const permanentlyClosed = rows.filter((row) => row.business_status === 'CLOSED_PERMANENTLY').length;
    const result = await run(realworld('outscraper-law-firms-southern-california.csv'), { batchSize: 100 });
    expect(result).toMatchObject({ success: true, totalRows: rows.length, errorCount: 0, skippedCount: permanentlyClosed, temporarilyClosedCount: temporarilyClosed });
    expect(result.successCount).toBe(rows.length - permanentlyClosed);
    expect(count('SELECT count(*) FROM businesses')).toBe(new Set(rows.map((row) => row.place_id)).size);
    expect(count('SELECT count(*) FROM business_closures')).toBe(temporarilyClosed);
    const first = rows[0]!;
    expect(record.prepare('SELECT postal_code, reviews, verified, country_code FROM businesses WHERE place_id = ?').get(first.place_id)).toEqual({
      postal_code: first.postal_code!.replace(/\.0$/, ''), reviews: Number(first.reviews), verified: first.verified === 'True' ? 1 : 0, country_code: first.country_code,
    });
    expect(result.columnExtraction?.extractedCount).toBe(23);
  });

  it.skipIf(!REALWORLD)('imports the Apify export: BOM, place id from url, rows without city or rating', async () => {
    const rows = readRecords('apify-mobile-phlebotomy-us.csv');
    const result = await run(realworld('apify-mobile-phlebotomy-us.csv'));
    expect(result).toMatchObject({ success: true, totalRows: rows.length, successCount: rows.length, errorCount: 0, skippedCount: 0 });
    expect(count('SELECT count(*) FROM businesses')).toBe(new Set(rows.map((row) => /query_place_id=([^&]+)/.exec(row.url!)?.[1])).size);
    expect(count('SELECT count(*) FROM businesses WHERE rating IS NULL')).toBe(rows.filter((row) => row.totalScore === '').length);
    expect(count("SELECT count(*) FROM businesses WHERE url LIKE '%google.com/maps%'")).toBe(0);
  });
});

describe('importFile', () => {
  const header = 'name,place_id,latitude,longitude,rating,phone\n';

  it('reports a corrupt row and a repeated header row, writes the rest, and the numbers add up', async () => {
    const file = write('messy.csv', `${header}A,ChIJaaaaaaaaaaaaaaaa01,45,4,4.5,1\nB,ChIJaaaaaaaaaaaaaaaa02,999,4,4,2\nname,place_id,latitude,longitude,rating,phone\nC,ChIJaaaaaaaaaaaaaaaa03,,,N/A,3\n`);
    const result = await run(file);
    expect(result).toMatchObject({
      success: true, totalRows: 4, successCount: 2, errorCount: 1, skippedCount: 1,
      errors: [{ row: 3, column: 'latitude', reason: '999 is outside −90…90', code: 'coordinate_out_of_range', params: { value: 999, limit: 90 } }],
      skippedBusinesses: [{ row: 4, name: null, reason: 'repeated header row', code: 'repeated_header', params: {} }],
    });
    expect(result.successCount + result.errorCount + result.skippedCount).toBe(result.totalRows);
    expect(count('SELECT count(*) FROM businesses')).toBe(2);
    const stored = new ImportReportRepository(record).find(result.reportId!);
    expect(stored).toMatchObject({ status: 'completed', total_rows: 4, inserted: 2, skipped: 1, error_count: 1 });
    expect([...new ImportReportRepository(record).iterateRows(result.reportId!)]).toEqual([
      { row: 3, sheet: null, kind: 'error', column: 'latitude', reason: '999 is outside −90…90', issue: { code: 'coordinate_out_of_range', params: { value: 999, limit: 90 } }, name: 'B' },
      { row: 4, sheet: null, kind: 'skipped', column: '', reason: 'repeated header row', issue: { code: 'repeated_header', params: {} }, name: null },
    ]);
  });

  it('names the sheet and its own row of every reported row of a workbook of several sheets, read on the thread or in a worker', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Sayfa1');
    first.addRow(header.trim().split(','));
    first.addRow(['A', 'ChIJssssssssssssssss01', '45', '4', '4.5', '1']);
    first.addRow(['B', 'ChIJssssssssssssssss02', '999', '4', '4', '2']);
    workbook.addWorksheet('Notlar').addRow(['not read']);
    const second = workbook.addWorksheet('Sayfa2');
    second.addRow(header.trim().split(','));
    second.addRow(['C', 'ChIJssssssssssssssss03', '45', '4', '9', '3']);
    second.addRow(header.trim().split(','));
    second.addRow(['A again', 'ChIJssssssssssssssss01', '45', '4', '4', '1']);
    const file = join(dir, 'two-sheets.xlsx');
    await workbook.xlsx.writeFile(file);
    for (const readInWorker of [false, true]) {
      const result = await importFile({ record, file, fileName: 'two-sheets.xlsx', batchSize: 500, isDryRun: false, readInWorker });
      // Rows 1–3 are Sayfa1's; Sayfa2's rows 2–4 are numbered on as rows 4–6 of the file.
      expect(result, `in a worker: ${readInWorker}`).toMatchObject({
        totalRows: 5, errorCount: 2, skippedCount: 1,
        errors: [
          { row: 3, sheet: { name: 'Sayfa1', row: 3 }, column: 'latitude', code: 'coordinate_out_of_range' },
          { row: 4, sheet: { name: 'Sayfa2', row: 2 }, column: 'rating', code: 'rating_out_of_range' },
        ],
        skippedBusinesses: [{ row: 5, sheet: { name: 'Sayfa2', row: 3 }, code: 'repeated_header' }],
        duplicateAnalysis: { excelDuplicateRecords: [{ row: 6, sheet: { name: 'Sayfa2', row: 4 }, name: 'A again' }] },
      });
      expect([...new ImportReportRepository(record).iterateRows(result.reportId!)].map(({ row, sheet, kind }) => ({ row, sheet, kind }))).toEqual([
        { row: 3, sheet: { name: 'Sayfa1', row: 3 }, kind: 'error' },
        { row: 4, sheet: { name: 'Sayfa2', row: 2 }, kind: 'error' },
        { row: 5, sheet: { name: 'Sayfa2', row: 3 }, kind: 'skipped' },
      ]);
    }
  });

  it('names no sheet for a workbook of one sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Places');
    sheet.addRow(header.trim().split(','));
    sheet.addRow(['B', 'ChIJssssssssssssssss02', '999', '4', '4', '2']);
    const file = join(dir, 'one-sheet.xlsx');
    await workbook.xlsx.writeFile(file);
    const result = await run(file);
    expect(result.errors).toMatchObject([{ row: 2, sheet: null, column: 'latitude' }]);
  });

  it('updates on re-import, keeping the slug, and counts database duplicates', async () => {
    await run(write('first.csv', `${header}Old Name,ChIJbbbbbbbbbbbbbbbb01,45,4,4.0,1\n`));
    const slug = record.prepare('SELECT slug FROM businesses').pluck().get();
    const result = await run(write('second.csv', `${header}New Name,ChIJbbbbbbbbbbbbbbbb01,45,4,4.8,1\nOther,ChIJbbbbbbbbbbbbbbbb02,1,1,1,1\n`));
    expect(result).toMatchObject({ inserted: 1, updated: 1, duplicateAnalysis: { databaseDuplicateCount: 1, newPlaceIdCount: 1 } });
    expect(record.prepare('SELECT name, rating, slug FROM businesses WHERE place_id = ?').get('ChIJbbbbbbbbbbbbbbbb01')).toEqual({ name: 'New Name', rating: 4.8, slug });
    expect(count('SELECT count(*) FROM businesses')).toBe(2);
  });

  it('re-importing the same file counts every row as updated but rewrites none: same updated_at, no change-log entry', async () => {
    const file = write('same.csv', `${header}A,ChIJeeeeeeeeeeeeeeee01,45,4,4.5,1\nB,ChIJeeeeeeeeeeeeeeee02,46,5,3,2\n`);
    expect(await run(file)).toMatchObject({ inserted: 2, changedCount: 2 });
    const before = record.prepare('SELECT place_id, updated_at FROM businesses ORDER BY id').all();
    const logged = count('SELECT count(*) FROM change_log');
    const again = await run(file);
    expect(again).toMatchObject({ success: true, inserted: 0, updated: 2, changedCount: 0, duplicateAnalysis: { databaseDuplicateCount: 2 } });
    expect(record.prepare('SELECT place_id, updated_at FROM businesses ORDER BY id').all()).toEqual(before);
    expect(count('SELECT count(*) FROM change_log')).toBe(logged);
    // One changed cell: that row, and only it, is written and logged for the index.
    const changed = await run(write('changed.csv', `${header}A,ChIJeeeeeeeeeeeeeeee01,45,4,4.5,1\nB,ChIJeeeeeeeeeeeeeeee02,46,5,3.5,2\n`));
    expect(changed).toMatchObject({ updated: 2, changedCount: 1 });
    expect(record.prepare('SELECT rating FROM businesses WHERE place_id = ?').pluck().get('ChIJeeeeeeeeeeeeeeee02')).toBe(3.5);
    expect(count('SELECT count(*) FROM change_log')).toBe(logged + 1);
  });

  it('gives a business whose slug is taken (in the record or earlier in its batch) a widened one', async () => {
    // The three place ids end alike, so the short slugs ("cafe-abcdef") collide.
    await run(write('one.csv', `${header}Café,ChIJffffffffffffffffx1abcdef,45,4,4,1\n`));
    await run(write('two.csv', `${header}Café,ChIJffffffffffffffffy1abcdef,45,4,4,1\nCafé,ChIJffffffffffffffffz1abcdef,45,4,4,1\n`));
    const slugs = record.prepare('SELECT slug FROM businesses ORDER BY id').pluck().all();
    expect(slugs).toEqual(['cafe-abcdef', 'cafe-y1abcdef', 'cafe-z1abcdef']);
  });

  it('marks a temporarily closed business and clears the mark when a later file has it open again', async () => {
    const closedHeader = 'name,place_id,latitude,longitude,business_status\n';
    await run(write('closed.csv', `${closedHeader}A,ChIJgggggggggggggggg01,45,4,CLOSED_TEMPORARILY\nB,ChIJgggggggggggggggg02,45,4,OPERATIONAL\n`));
    const closedNames = () => record.prepare('SELECT b.name FROM business_closures c JOIN businesses b ON b.id = c.business_id ORDER BY b.name').pluck().all();
    expect(closedNames()).toEqual(['A']);
    await run(write('reopened.csv', `${closedHeader}A,ChIJgggggggggggggggg01,45,4,OPERATIONAL\nB,ChIJgggggggggggggggg02,45,4,CLOSED_TEMPORARILY\n`));
    expect(closedNames()).toEqual(['B']);
  });

  it('counts each row once when a batch rolls back after its rows were counted and is written again row by row', async () => {
    // The report's counts are saved last in a batch's transaction: refuse that once, so the
    // batch rolls back after its rows were tallied, and the importer retries them one by one.
    let refusals = 1;
    record.function('refuse_once', () => (refusals-- > 0 ? 1 : 0));
    record.exec("CREATE TEMP TRIGGER refuse_counts BEFORE UPDATE ON upload_reports WHEN refuse_once() = 1 BEGIN SELECT RAISE(ABORT, 'refused once'); END");
    const file = write('retried.csv', `${header}A,ChIJcccccccccccccccc01,45,4,4.5,1\nB,ChIJcccccccccccccccc02,45,4,4,2\nA again,ChIJcccccccccccccccc01,45,4,4.5,1\n`);
    const result = await run(file);
    expect(refusals).toBeLessThan(0);
    expect(result).toMatchObject({ success: true, totalRows: 3, successCount: 3, inserted: 2, updated: 1, errorCount: 0, changedCount: 3 });
    expect(result.duplicateAnalysis).toMatchObject({ newPlaceIdCount: 2, excelDuplicateCount: 1, databaseDuplicateCount: 0 });
    expect(count('SELECT count(*) FROM businesses')).toBe(2);
    expect(new ImportReportRepository(record).find(result.reportId!)).toMatchObject({ status: 'completed', total_rows: 3, inserted: 2, updated: 1 });
  });

  it('keeps the last of duplicate rows in a file, across batches', async () => {
    const file = write('dups.csv', `${header}First,ChIJcccccccccccccccc01,1,1,1,1\nMiddle,ChIJcccccccccccccccc02,1,1,1,1\nLast,ChIJcccccccccccccccc01,1,1,2,1\n`);
    const result = await run(file, { batchSize: 1 });
    expect(result).toMatchObject({ successCount: 3, duplicateAnalysis: { excelDuplicateCount: 1, excelDuplicateRecords: [{ row: 4, key: 'ChIJcccccccccccccccc01', name: 'Last' }] } });
    expect(record.prepare('SELECT name FROM businesses WHERE place_id = ?').pluck().get('ChIJcccccccccccccccc01')).toBe('Last');
  });

  it('keeps the last of duplicate rows inside one batch: its values, name search and closure; the slug of the first', async () => {
    const closedHeader = 'name,place_id,latitude,longitude,rating,business_status\n';
    const file = write('dups-in-batch.csv', `${closedHeader}First,ChIJhhhhhhhhhhhhhhhh01,1,1,1,CLOSED_TEMPORARILY\nOther,ChIJhhhhhhhhhhhhhhhh02,1,1,1,OPERATIONAL\nLast,ChIJhhhhhhhhhhhhhhhh01,1,1,2,OPERATIONAL\n`);
    const result = await run(file);
    // The repeat is counted as updated, but its business is written once, with the last row's values.
    expect(result).toMatchObject({ successCount: 3, inserted: 2, updated: 1, changedCount: 2, duplicateAnalysis: { excelDuplicateCount: 1, newPlaceIdCount: 2 } });
    // Nothing was in the record to update: the message says the third row repeats the first.
    expect(result.message).toBe('3 of 3 rows imported (2 new, 0 updated, 1 repeating an earlier row of the file), 0 with errors, 0 skipped.');
    expect(result.failure).toBeNull();
    expect(record.prepare('SELECT name, rating, slug FROM businesses WHERE place_id = ?').get('ChIJhhhhhhhhhhhhhhhh01')).toEqual({ name: 'Last', rating: 2, slug: 'first-hhhh01' });
    expect(record.prepare("SELECT b.place_id FROM businesses_name_fts f JOIN businesses b ON b.id = f.rowid WHERE businesses_name_fts MATCH 'last'").pluck().all()).toEqual(['ChIJhhhhhhhhhhhhhhhh01']);
    expect(count("SELECT count(*) FROM businesses_name_fts WHERE businesses_name_fts MATCH 'first'")).toBe(0);
    expect(count('SELECT count(*) FROM business_closures')).toBe(0);
  });

  it('writes nothing in a dry run but reports the same numbers', async () => {
    const file = write('dry.csv', `${header}A,ChIJdddddddddddddddd01,1,1,1,1\nA again,ChIJdddddddddddddddd01,1,1,1,1\nBad,,1,1,9,1\n`);
    const result = await run(file, { isDryRun: true });
    expect(result).toMatchObject({ isDryRun: true, totalRows: 3, successCount: 2, errorCount: 1, inserted: 1, updated: 1, changedCount: 0 });
    expect(count('SELECT count(*) FROM businesses')).toBe(0);
  });

  it('fails an unreadable file with a clear message and writes nothing', async () => {
    const result = await run(write('photo.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])));
    const notSpreadsheet = { code: 'file_unreadable', params: { problem: { code: 'not_a_spreadsheet', params: {} } } };
    expect(result).toMatchObject({ success: false, message: 'The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.', failure: notSpreadsheet, totalRows: 0 });
    expect(count('SELECT count(*) FROM businesses')).toBe(0);
    // The report keeps the reason by code beside its English words, for the admin's Turkish.
    expect(new ImportReportRepository(record).find(result.reportId!)).toMatchObject({ status: 'failed', message: result.message, message_code: 'file_unreadable' });
    expect(JSON.parse(new ImportReportRepository(record).find(result.reportId!)!.message_params!)).toEqual(notSpreadsheet.params);
    const noName = await run(write('no-name.csv', 'foo,bar\n1,2\n'));
    expect(noName).toMatchObject({
      success: false, message: 'No name column was found (name, title, …). Columns found: foo, bar.', failure: { code: 'no_name_column', params: { found: 'foo, bar' } },
    });
    // A text file renamed .xlsx is read as text (the bytes decide): its first line is not called columns.
    const licence = await run(write('gpl.xlsx', '                    GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007\n'));
    expect(licence).toMatchObject({
      success: false,
      message:
        'The file is named .xlsx but is a text file, not an Excel workbook, and its first line is no header with a name column (it reads: GNU GENERAL PUBLIC LICENSE). ' +
        'Save the spreadsheet from Excel as a workbook, or as a .csv file with a header row (name, …).',
    });
    // A CSV with a name column imports whatever it is called.
    expect(await run(write('places.xlsx', 'name,place_id\nRenamed Cafe,ChIJrenamed000001\n'))).toMatchObject({ success: true, inserted: 1 });
  });

  // The CSV's worker maps the rows; the .xlsx's worker only reads them and the importer maps them (mapsWhileReading).
  it.each(['csv', 'xlsx'] as const)('reads a .%s in a worker thread with the same result, record and report rows as on the calling thread', async (format) => {
    // Three batches of 2 rows with a bad row, a repeated header, a duplicate and a temporarily closed place among them.
    const body = [
      'A,ChIJeeeeeeeeeeeeeeee01,45,4,4.5,1', 'B,ChIJeeeeeeeeeeeeeeee02,999,4,4,2', 'name,place_id,latitude,longitude,rating,phone',
      'C,ChIJeeeeeeeeeeeeeeee03,,,N/A,3', 'Ä again,ChIJeeeeeeeeeeeeeeee01,45,4,5,1', 'D,ChIJeeeeeeeeeeeeeeee04,1,2,3,4', 'E,ChIJeeeeeeeeeeeeeeee05,1,2,3,4',
    ].join('\n');
    let file = write('both.csv', `${header}${body}\n`);
    if (format === 'xlsx') {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Places');
      for (const line of `${header}${body}`.split('\n')) sheet.addRow(line.split(','));
      file = join(dir, 'both.xlsx');
      await workbook.xlsx.writeFile(file);
    }
    const outcomes = [];
    for (const readInWorker of [false, true]) {
      const result = await importFile({ record, file, fileName: `both.${format}`, batchSize: 2, isDryRun: false, readInWorker });
      const rows = [...new ImportReportRepository(record).iterateRows(result.reportId!)];
      const businesses = record.prepare('SELECT place_id, name, latitude, rating, slug FROM businesses ORDER BY place_id').all();
      const { reportId, processingTimeSeconds, ...rest } = result;
      outcomes.push({ rest, rows, businesses, reportId, processingTimeSeconds });
      record.exec('DELETE FROM businesses; DELETE FROM change_log');
    }
    const [onThread, inWorker] = outcomes;
    expect(onThread!.rest).toMatchObject({ totalRows: 7, successCount: 5, errorCount: 1, skippedCount: 1, inserted: 4, updated: 1 });
    expect(inWorker!.rest).toEqual(onThread!.rest);
    expect(inWorker!.rows).toEqual(onThread!.rows);
    expect(inWorker!.businesses).toEqual(onThread!.businesses);
    expect(inWorker!.businesses).toContainEqual(expect.objectContaining({ place_id: 'ChIJeeeeeeeeeeeeeeee01', name: 'Ä again' }));
  });

  it('fails an unreadable file the same way when it is read in a worker thread', async () => {
    const photo = write('photo2.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const result = await importFile({ record, file: photo, fileName: 'photo2.xlsx', batchSize: 500, isDryRun: false, readInWorker: true });
    expect(result).toMatchObject({ success: false, message: 'The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.', totalRows: 0 });
    const noName = await importFile({ record, file: write('no-name2.csv', 'foo,bar\n1,2\n'), fileName: 'no-name2.csv', batchSize: 500, isDryRun: false, readInWorker: true });
    expect(noName).toMatchObject({ success: false, message: 'No name column was found (name, title, …). Columns found: foo, bar.' });
  });

  it('marks reports left running by a dead process as interrupted', () => {
    const reports = new ImportReportRepository(record);
    const dead = reports.create({ fileName: 'a.csv', fileSize: 1, isDryRun: false, batchSize: 500, ownerPid: 999_999_999 });
    const alive = reports.create({ fileName: 'b.csv', fileSize: 1, isDryRun: false, batchSize: 500, ownerPid: process.pid });
    expect(reports.markDeadRunsInterrupted((pid) => pid === process.pid)).toBe(1);
    expect(reports.find(dead)).toMatchObject({
      status: 'interrupted', message: expect.stringContaining('Import the file again to complete it'), message_code: 'interrupted', message_params: '{"rows":0,"written":0}',
    });
    expect(reports.find(alive)?.status).toBe('running');
  });
});

describe('importFile and the write-ahead log', () => {
  it('widens the checkpoint window only while a file is imported and checkpoints at the end', async () => {
    expect(record.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const file = write('wal.csv', 'name,place_id\nA,ChIJffffffffffffffff01\nB,ChIJffffffffffffffff02\n');
    const result = await importFile({ record, file, fileName: 'wal.csv', batchSize: 100, isDryRun: false });
    expect(result.successCount).toBe(2);
    expect(record.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Everything committed has been copied into the record file: nothing is left to checkpoint.
    const [checkpoint] = record.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(checkpoint!.checkpointed).toBe(checkpoint!.log);
  });
});
