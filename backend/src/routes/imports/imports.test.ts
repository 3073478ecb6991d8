import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Koa, { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openRecord } from '@directory/data/record.ts';
import { writeSample, type SampleSummary } from '../../../../scripts/samples/generate-sample.ts';
import { cellText } from '../../import/read-rows.ts';
import { errorHandler } from '../../middleware/error-handler.ts';
import { importFile } from '../../services/import-runner.ts';
import { EXPORT_FIELDS } from '../../shared/export-types.ts';
import type { FileImportResult, ImportProgressMessage, SimpleUploadReport } from '../../shared/import-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { attachImportProgressSocket, IMPORT_PROGRESS_PATH } from './import-progress-socket.ts';
import { createImportRouter } from './imports.ts';

const letThrough: Middleware = (_ctx, next) => next();

let app: TestApp;
let server: Server;
let base: string;
let socket: { close(): void };
let dir: string;
let sample: { file: string; summary: SampleSummary };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'imports-route-'));
  app = await startTestApp();
  // The admin guards are the admin area's; here they let every call through.
  const koa = new Koa();
  koa.use(errorHandler({ isDevelopment: false }));
  koa.use(koaBody({ jsonLimit: '100kb', multipart: false }));
  const api = new Router({ prefix: '/api' });
  const imports = createImportRouter({ imports: app.deps.imports, record: app.deps.record, guardRead: letThrough, guardWrite: letThrough });
  api.use(imports.routes(), imports.allowedMethods());
  koa.use(api.routes());
  server = await new Promise((resolve) => {
    const listening = koa.listen(0, '127.0.0.1', () => resolve(listening));
  });
  socket = attachImportProgressSocket(server, app.deps.imports, () => true);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file = join(dir, 'outscraper.csv');
  sample = { file, summary: await writeSample({ rows: 600, tool: 'outscraper', format: 'csv', out: file }) };
});
afterAll(async () => {
  socket.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.deps.imports.settled();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

function upload(path: string, content: Buffer | string, fileName: string, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
  return fetch(base + path, { method: 'POST', body: form });
}
const count = (sql: string) => app.deps.record.prepare(sql).pluck().get() as number;

describe('POST /api/upload-excel-batch', () => {
  it('imports the file in a worker, reports it per file, and streams progress over the websocket', async () => {
    const client = new WebSocket(`${base.replace('http', 'ws')}${IMPORT_PROGRESS_PATH}`);
    const messages: ImportProgressMessage[] = [];
    client.on('message', (data) => messages.push(JSON.parse(String(data)) as ImportProgressMessage));
    await new Promise((resolve) => client.once('open', resolve));

    const response = await upload('/api/upload-excel-batch', readFileSync(sample.file), 'outscraper.csv', { batchSize: '100', fileIndex: '2', totalFiles: '3' });
    expect(response.status).toBe(200);
    const result = (await response.json()) as FileImportResult;
    const { summary } = sample;
    expect(result).toMatchObject({
      success: true, fileName: 'outscraper.csv', fileIndex: 2, totalFiles: 3, totalRows: summary.rows, errorCount: summary.errorRows,
      skippedCount: summary.skippedRows, successCount: summary.rows - summary.errorRows - summary.skippedRows, indexUpdate: 'change-log',
      columnExtraction: { extractedCount: 23, totalColumns: 23 }, duplicateAnalysis: { excelDuplicateCount: summary.duplicateRows },
    });
    expect(count('SELECT count(*) FROM businesses')).toBe(summary.distinctPlaces);

    // The last message is sent before the HTTP answer; the socket may still be delivering it.
    await new Promise<void>((resolve) => (messages.some((message) => message.isDone) ? resolve() : client.on('message', () => messages.some((m) => m.isDone) && resolve())));
    client.close();
    const last = messages.at(-1)!;
    expect(last).toMatchObject({ type: 'import-progress', fileName: 'outscraper.csv', fileIndex: 2, totalFiles: 3, rowsRead: summary.rows, rowsWritten: result.successCount, isDone: true });
    expect(messages.filter((message) => !message.isDone).length).toBeGreaterThanOrEqual(5);
  });

  it('writes nothing on a dry run', async () => {
    const before = count('SELECT count(*) FROM businesses');
    const result = (await (await upload('/api/upload-excel-batch', 'name,place_id\nDry Cafe,ChIJdryrun000000000001\n', 'dry.csv', { dryRun: 'true' })).json()) as FileImportResult;
    expect(result).toMatchObject({ success: true, isDryRun: true, totalRows: 1, successCount: 1, inserted: 1, indexUpdate: 'none' });
    expect(count('SELECT count(*) FROM businesses')).toBe(before);
  });

  it('answers 400 naming a bad batch size, and when no file is sent', async () => {
    const response = await upload('/api/upload-excel-batch', 'name\nA\n', 'a.csv', { batchSize: '300' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        id: 'bad_request',
        fields: { batchSize: ['must be one of 100, 500, 1000, 2000'] },
        issues: [{ field: 'batchSize', code: 'batch_size', params: { values: [100, 500, 1000, 2000] } }],
      },
    });
    const form = new FormData();
    form.append('batchSize', '500');
    const noFile = await fetch(`${base}/api/upload-excel-batch`, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      error: { fields: { file: ['no file was sent in the field "file"'] }, issues: [{ field: 'file', code: 'file_missing', params: {} }] },
    });
  });

  it('fails a non-spreadsheet renamed .xlsx with a clear message, as a failed result', async () => {
    const result = (await (await upload('/api/upload-excel-batch', Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3]), 'report.xlsx')).json()) as FileImportResult;
    expect(result).toMatchObject({ success: false, message: 'The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.', totalRows: 0 });
  });

  it("answers 413 with the spec's message once the upload passes 150 MB while streaming", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    let sent = 0;
    const boundary = 'testboundary';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= 151) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    // No Content-Length (chunked): only the streaming limit can stop it.
    const response = await fetch(`${base}/api/upload-excel-batch`, {
      method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { id: 'payload_too_large', message: "huge.csv - Maksimum dosya boyutu 150MB'dır", params: { fileName: 'huge.csv', maxBytes: 150 * 1024 * 1024 } },
    });
  });
});

describe('POST /api/upload-excel', () => {
  it("answers the spec's simple report", async () => {
    const response = await upload('/api/upload-excel', 'name,latitude,longitude\nGood,1,1\nBad,100,1\n', 'simple.csv');
    const report = (await response.json()) as SimpleUploadReport;
    expect(Object.keys(report).sort()).toEqual(['errorCount', 'errors', 'message', 'skippedBusinesses', 'skippedCount', 'success', 'successCount', 'totalRows']);
    expect(report).toMatchObject({ success: true, totalRows: 2, successCount: 1, errorCount: 1, skippedCount: 0, errors: [{ row: 3, column: 'latitude' }] });
  });
});

describe('GET /api/admin/upload-reports/:id/errors.csv', () => {
  it('lists every error and skipped row of a report, with the business name an error row had', async () => {
    const file = 'name,rating,latitude,longitude\n=cmd,9,,\nBad Lat,4,140.5,2\n,4,,\nOK,1,,\nname,rating,latitude,longitude\n';
    const result = (await (await upload('/api/upload-excel-batch', file, 'errs.csv')).json()) as FileImportResult;
    // A row stored before codes were kept (migration 011) has its English words only, and keeps them.
    app.deps.record
      .prepare("INSERT INTO upload_report_rows (report_id, row_number, kind, column_name, reason, name) VALUES (?, 7, 'error', 'rating', 'x is not a number', 'Old')")
      .run(result.reportId);
    const response = await fetch(`${base}/api/admin/upload-reports/${result.reportId}/errors.csv`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="upload_report_${result.reportId}_errors.csv"`);
    const rows = parse(await response.text(), { bom: true }) as string[][];
    expect(rows).toEqual([
      ['satır', 'tür', 'sütun', 'neden', 'ad'],
      ['2', 'hata', 'rating', '9 geçerli bir puan değil: 0 ile 5 arasında olmalı.', "'=cmd"],
      ['3', 'hata', 'latitude', '140,5 geçerli bir enlem değil: −90 ile 90 arasında olmalı.', 'Bad Lat'],
      ['4', 'hata', 'name', 'İşletme adı (name) boş.', ''],
      ['6', 'atlandı', '', 'Tekrarlanan başlık satırı.', ''],
      ['7', 'hata', 'rating', 'x is not a number', 'Old'],
    ]);
    // The JSON keeps the English words beside each code, for API readers.
    expect(result.errors[1]).toEqual({ row: 3, sheet: null, column: 'latitude', reason: '140.5 is outside −90…90', code: 'coordinate_out_of_range', params: { value: 140.5, limit: 90 } });
    expect((await fetch(`${base}/api/admin/upload-reports/999999/errors.csv`)).status).toBe(404);
  });

  it('names the sheet of each row of a workbook of several sheets, with its own row there', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sayfa1').addRows([['name', 'rating'], ['A', '4'], ['B', '9']]);
    workbook.addWorksheet('Sayfa2').addRows([['name', 'rating'], ['C', '4'], ['', '4'], ['name', 'rating']]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = (await (await upload('/api/upload-excel-batch', file, 'two-sheets.xlsx')).json()) as FileImportResult;
    expect(result.errors.map(({ row, sheet }) => ({ row, sheet }))).toEqual([
      { row: 3, sheet: { name: 'Sayfa1', row: 3 } },
      { row: 5, sheet: { name: 'Sayfa2', row: 3 } },
    ]);
    const rows = parse(await (await fetch(`${base}/api/admin/upload-reports/${result.reportId}/errors.csv`)).text(), { bom: true }) as string[][];
    expect(rows).toEqual([
      ['sayfa', 'satır', 'tür', 'sütun', 'neden', 'ad'],
      ['Sayfa1', '3', 'hata', 'rating', '9 geçerli bir puan değil: 0 ile 5 arasında olmalı.', 'B'],
      ['Sayfa2', '3', 'hata', 'name', 'İşletme adı (name) boş.', ''],
      ['Sayfa2', '4', 'atlandı', '', 'Tekrarlanan başlık satırı.', ''],
    ]);
  });
});

describe('CSV export', () => {
  it('streams the chosen fields with a BOM, CRLF, the spec file name, and neutralised formulas', async () => {
    const response = await fetch(`${base}/api/admin/export-csv?fields=name,phone,rating,country_code&countryCode=us&dateRange=today`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="businesses_us_0kategoriler_today_\d{8}_\d{6}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')[0]).toBe('\uFEFFname,phone,rating,country_code');
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(count("SELECT count(*) FROM businesses WHERE country_code = 'US'"));
    expect(rows.every((row) => row.country_code === 'US')).toBe(true);
    expect(rows.filter((row) => row.phone !== '').every((row) => row.phone!.startsWith("'+1 555"))).toBe(true);
    const everyName = parse(await (await fetch(`${base}/api/admin/export-csv?fields=name`)).text(), { bom: true, columns: true }) as Record<string, string>[];
    const formulas = everyName.filter((row) => row.name!.includes('=SUM('));
    expect(formulas.length).toBe(count("SELECT count(*) FROM businesses WHERE name LIKE '=SUM(%'"));
    expect(formulas.length).toBeGreaterThan(0);
    expect(formulas.every((row) => row.name!.startsWith("'=SUM(A1:A2) Café"))).toBe(true);
  });

  it('filters by categories and a custom date range', async () => {
    const category = app.deps.record.prepare('SELECT category FROM businesses WHERE category IS NOT NULL LIMIT 1').pluck().get() as string;
    const today = new Date().toISOString().slice(0, 10);
    const inRange = parse(await (await fetch(`${base}/api/admin/export-csv?fields=category&categories=${encodeURIComponent(category)}&dateRange=custom&startDate=${today}&endDate=${today}`)).text(), { bom: true, columns: true });
    expect(inRange.length).toBe(count(`SELECT count(*) FROM businesses WHERE category = '${category}'`));
    const past = parse(await (await fetch(`${base}/api/admin/export-csv?fields=category&dateRange=custom&startDate=2001-01-01&endDate=2001-01-31`)).text(), { bom: true, columns: true });
    expect(past).toEqual([]);
  });

  it('answers 400 for no field, an unknown field, or a custom range without both dates', async () => {
    for (const [query, field] of [
      ['fields=', 'fields'], ['fields=name,password', 'fields.1'], ['fields=name&dateRange=custom&startDate=2026-01-01', 'dateRange'], ['fields=name&countryCode=usa', 'countryCode'],
    ] as const) {
      const response = await fetch(`${base}/api/admin/export-csv?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string[]> } }).error.fields, query).toHaveProperty([field]);
    }
    const post = await fetch(`${base}/api/export-csv`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ selectedFields: [] }) });
    expect(post.status).toBe(400);
  });

  it('POST /api/export-csv names the file businesses_export_{date}.csv', async () => {
    const response = await fetch(`${base}/api/export-csv`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ selectedFields: ['name', 'place_id'], countryCode: '' }) });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="businesses_export_${new Date().toISOString().slice(0, 10)}.csv"`);
    expect((parse(await response.text(), { bom: true, columns: true }) as unknown[]).length).toBe(count('SELECT count(*) FROM businesses'));
  });
});

const ALL_FIELDS = EXPORT_FIELDS.join(',');

/** An .xlsx answer's rows below its header, one value per column (null for an empty cell), and its header. */
async function readXlsx(response: Response): Promise<{ header: string[]; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((cell) => cellText(cell));
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(header.map((_field, index) => row.getCell(index + 1).value));
  });
  return { header, rows };
}

describe('Excel export', () => {
  it('streams every field as typed cells, equal to the record, under the spec file name with .xlsx', async () => {
    const response = await fetch(`${base}/api/admin/export-csv?fields=${ALL_FIELDS}&format=xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="businesses_all_0kategoriler_all_\d{8}_\d{6}\.xlsx"$/);
    const { header, rows } = await readXlsx(response);
    expect(header).toEqual([...EXPORT_FIELDS]);

    const record = app.deps.record.prepare(`SELECT ${EXPORT_FIELDS.join(', ')} FROM businesses ORDER BY id`).raw(true).all() as unknown[][];
    expect(rows.length).toBe(record.length);
    const expected = record.map((row) =>
      row.map((value, index) => {
        const field = EXPORT_FIELDS[index]!;
        if (value === null) return null;
        if (field === 'verified') return value === 1;
        if (field === 'created_at' || field === 'updated_at') return new Date(value as string);
        return value;
      }),
    );
    expect(rows).toEqual(expected);
    // Numbers are numbers; a name that looks like a formula is text, exactly as stored; accents, Greek and Arabic exact.
    const column = (field: string) => rows.map((row) => row[header.indexOf(field)]);
    expect(column('rating').some((value) => typeof value === 'number' && !Number.isInteger(value))).toBe(true);
    expect(column('latitude').every((value) => value === null || typeof value === 'number')).toBe(true);
    const names = column('name') as string[];
    expect(names.filter((name) => name.startsWith('=SUM(A1:A2) Café')).length).toBe(count("SELECT count(*) FROM businesses WHERE name LIKE '=SUM(A1:A2) Café%'"));
    expect(names.filter((name) => name.startsWith('=SUM(')).length).toBeGreaterThan(0);
    for (const start of ['Ταβέρνα Ο Στάθης', '\u200Eمطعم الشرق\u200E']) {
      const stored = app.deps.record.prepare('SELECT name FROM businesses WHERE substr(name, 1, ?) = ? ORDER BY id').pluck().all(start.length, start);
      expect(stored.length).toBeGreaterThan(0);
      expect(names.filter((name) => name.startsWith(start))).toEqual(stored);
    }
  });

  it('keeps the same businesses as the CSV for a country, categories and a date range', async () => {
    const category = app.deps.record.prepare("SELECT category FROM businesses WHERE category IS NOT NULL GROUP BY category ORDER BY count(*) DESC").pluck().get() as string;
    const today = new Date().toISOString().slice(0, 10);
    for (const query of [
      'countryCode=us', `categories=${encodeURIComponent(category)}&dateRange=custom&startDate=${today}&endDate=${today}`, 'dateRange=custom&startDate=2001-01-01&endDate=2001-01-31',
    ]) {
      const csv = parse(await (await fetch(`${base}/api/admin/export-csv?fields=id,category&${query}`)).text(), { bom: true, columns: true }) as { id: string }[];
      const { rows } = await readXlsx(await fetch(`${base}/api/admin/export-csv?fields=id,category&${query}&format=xlsx`));
      expect(rows.map((row) => row[0]), query).toEqual(csv.map((row) => Number(row.id)));
    }
  });

  it('answers 400 naming the format, with the code the admin screens word', async () => {
    const response = await fetch(`${base}/api/admin/export-csv?fields=name&format=xls`);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string[]>; issues: unknown[] } };
    expect(error.fields).toEqual({ format: ['must be xlsx or csv'] });
    expect(error.issues).toEqual([{ field: 'format', code: 'one_of', params: { values: ['xlsx', 'csv'] } }]);
  });

  it('POST /api/export-csv names the file businesses_export_{date}.xlsx', async () => {
    const response = await fetch(`${base}/api/export-csv`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ selectedFields: ['name'], format: 'xlsx' }) });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="businesses_export_${new Date().toISOString().slice(0, 10)}.xlsx"`);
    expect((await readXlsx(response)).rows.length).toBe(count('SELECT count(*) FROM businesses'));
  });
});

describe('re-importing an export', () => {
  it.each(['csv', 'xlsx'] as const)('exports all 27 fields as %s so that re-importing gives back the same businesses, field by field', async (format) => {
    const response = await fetch(`${base}/api/admin/export-csv?fields=${encodeURIComponent(ALL_FIELDS)}&format=${format}`);
    const file = join(dir, `export.${format}`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const columns = 'place_id, slug, name, category, type, full_address, street, city, postal_code, country, country_code, phone, latitude, longitude, rating, reviews, reviews_link, photo, logo, located_in, working_hours, verified, about, url';
    const original = app.deps.record.prepare(`SELECT ${columns} FROM businesses ORDER BY place_id`).all();

    const fresh = openRecord(join(dir, `fresh-${format}.sqlite`));
    try {
      const result = await importFile({ record: fresh, file, fileName: `export.${format}`, batchSize: 500, isDryRun: false });
      expect(original.length).toBeGreaterThan(500);
      expect(result).toMatchObject({ success: true, errorCount: 0, skippedCount: 0, totalRows: original.length, inserted: original.length });
      expect(fresh.prepare(`SELECT ${columns} FROM businesses ORDER BY place_id`).all()).toEqual(original);
    } finally {
      fresh.close();
    }
    const again = await importFile({ record: app.deps.record, file, fileName: `export.${format}`, batchSize: 500, isDryRun: false });
    expect(again).toMatchObject({ inserted: 0, updated: original.length });
    expect(app.deps.record.prepare(`SELECT ${columns} FROM businesses ORDER BY place_id`).all()).toEqual(original);
  });
});

describe('as mounted in the API before the admin guards are wired', () => {
  it('answers 401 to every import and export call', async () => {
    for (const [method, path] of [
      ['POST', '/api/upload-excel'], ['POST', '/api/upload-excel-batch'], ['POST', '/api/export-csv'], ['GET', '/api/admin/export-csv?fields=name'],
      ['GET', '/api/admin/upload-reports/1/errors.csv'], ['GET', '/api/admin/import-status'],
    ] as const) {
      const response = await fetch(`${(app as TestApp & { url: string }).url}${path}`, { method });
      expect(response.status, path).toBe(401);
    }
  });
});
