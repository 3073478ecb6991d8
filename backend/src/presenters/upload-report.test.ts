import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { ImportReportRepository } from '../db/import-report-repository.ts';
import { importFile } from '../services/import-runner.ts';
import { presentUploadReport } from './upload-report.ts';

let dir: string;
let record: RecordDatabase;
let reports: ImportReportRepository;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'upload-report-'));
  record = openRecord(join(dir, 'record.sqlite'));
  reports = new ImportReportRepository(record);
});
afterEach(() => {
  record.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (name: string, content: string) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return importFile({ record, file, fileName: name, batchSize: 500, isDryRun: false });
};
const presented = (id: number) => presentUploadReport(reports.find(id)!);
const businesses = () => record.prepare('SELECT count(*) FROM businesses').pluck().get() as number;

describe('an upload report on the dashboard and in the import history', () => {
  it('counts updates of businesses the record held apart from rows repeating an earlier row, as the report card does', async () => {
    await run('first.csv', 'name,place_id\nAlpha,ChIJaaaaaaaaaaaaaaaaa01\nBeta,ChIJbbbbbbbbbbbbbbbbb01\n');
    expect(businesses()).toBe(2);
    // Alpha is in the record; Gamma is new and repeated twice further down; Alpha repeats once.
    const result = await run(
      'second.csv',
      'name,place_id\nAlpha 2,ChIJaaaaaaaaaaaaaaaaa01\nGamma,ChIJccccccccccccccccc01\nGamma 2,ChIJccccccccccccccccc01\nAlpha 3,ChIJaaaaaaaaaaaaaaaaa01\nGamma 3,ChIJccccccccccccccccc01\n',
    );
    expect(businesses()).toBe(3);
    // The importer counts every repeat as an update of what the file wrote.
    expect(reports.find(result.reportId!)).toMatchObject({ total_rows: 5, inserted: 1, updated: 4 });
    const report = presented(result.reportId!);
    expect(report.results).toMatchObject({ inserted: 1, updated: 1, repeated: 3, updateRate: 20 });
    // The report card's figures (features/admin-import/components/file-report.tsx).
    expect(report.results.updated).toBe(result.duplicateAnalysis!.databaseDuplicateCount);
    expect(report.results.repeated).toBe(result.duplicateAnalysis!.excelDuplicateCount);
    // Each of the file's two places once: Gamma new, Alpha updated.
    expect(report.results.inserted + report.results.updated).toBe(2);
  });

  it('reads reports stored before, by what they kept: the duplicate analysis of a completed import, nothing to tell apart otherwise', () => {
    const store = (status: string, updated: number, details: unknown) =>
      Number(
        record
          .prepare(
            `INSERT INTO upload_reports (file_name, file_size_bytes, status, total_rows, inserted, updated, skipped, error_count, details, started_at)
             VALUES ('old.csv', 10, ?, 10, 2, ?, 0, 0, ?, '2026-01-01T00:00:00.000Z')`,
          )
          .run(status, updated, details === null ? null : JSON.stringify(details)).lastInsertRowid,
      );
    const completed = store('completed', 8, {
      duplicateAnalysis: { totalRecords: 10, databaseDuplicateCount: 5, excelDuplicateCount: 3, totalDuplicateRecords: 8, duplicateRate: 80 },
      errors: [],
    });
    expect(presented(completed).results).toMatchObject({ updated: 5, repeated: 3, updateRate: 50 });
    const failed = store('failed', 8, { errors: [], columnExtraction: null });
    expect(presented(failed).results).toMatchObject({ updated: 8, repeated: null, updateRate: 80 });
    const interrupted = store('interrupted', 8, null);
    expect(presented(interrupted).results).toMatchObject({ updated: 8, repeated: null });
  });

  it('keeps the count of repeats while the file is read, so a run that never ends still tells them apart', async () => {
    await run('first.csv', 'name,place_id\nAlpha,ChIJaaaaaaaaaaaaaaaaa01\n');
    // A batch of 2: after the first committed batch of the second file, the report stores what it has.
    let seen: ReturnType<typeof presented> | null = null;
    const file = join(dir, 'second.csv');
    writeFileSync(file, 'name,place_id\nAlpha 2,ChIJaaaaaaaaaaaaaaaaa01\nAlpha 3,ChIJaaaaaaaaaaaaaaaaa01\nDelta,ChIJddddddddddddddddd01\n');
    const result = await importFile({
      record, file, fileName: 'second.csv', batchSize: 2, isDryRun: false,
      onBatchCommitted: (batch) => {
        if (batch === 1) seen = presented(reports.newest(1)[0]!.id);
      },
    });
    expect(seen).toMatchObject({ status: 'running', results: { inserted: 0, updated: 1, repeated: 1 } });
    expect(presented(result.reportId!).results).toMatchObject({ inserted: 1, updated: 1, repeated: 1 });
  });
});
