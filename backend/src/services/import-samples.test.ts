import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { SAMPLE_TOOLS, writeSample, type SampleFormat } from '../../../scripts/samples/generate-sample.ts';
import { importFile } from './import-runner.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-samples-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generated exports of every tool, as .xlsx and .csv', () => {
  for (const tool of SAMPLE_TOOLS) {
    for (const format of ['csv', 'xlsx'] as SampleFormat[]) {
      // gosom's .xlsx is long enough for a multi-byte character to straddle two inflated chunks.
      const rows = tool === 'gosom' && format === 'xlsx' ? 2000 : 700;
      it(`${tool} .${format}: every row accounted for, duplicates counted, text exact`, async () => {
        const file = join(dir, `${tool}.${format}`);
        const expected = await writeSample({ rows, tool, format, out: file });
        const record: RecordDatabase = openRecord(join(dir, `${tool}-${format}.sqlite`));
        try {
          const result = await importFile({ record, file, fileName: `${tool}.${format}`, batchSize: 100, isDryRun: false });
          expect(result).toMatchObject({
            success: true, totalRows: expected.rows, errorCount: expected.errorRows, skippedCount: expected.skippedRows,
            temporarilyClosedCount: expected.temporarilyClosedRows, unreadableHoursCount: 0,
            duplicateAnalysis: { excelDuplicateCount: expected.duplicateRows },
          });
          expect(result.successCount + result.errorCount + result.skippedCount).toBe(result.totalRows);
          expect(record.prepare('SELECT count(*) FROM businesses').pluck().get()).toBe(expected.distinctPlaces);
          expect(record.prepare("SELECT count(*) FROM businesses WHERE name LIKE '%\uFFFD%' OR working_hours LIKE '%\uFFFD%' OR city LIKE '%\uFFFD%'").pluck().get()).toBe(0);
          expect(record.prepare("SELECT count(*) FROM businesses WHERE name = '\u200Eمطعم الشرق\u200E 2'").pluck().get()).toBe(1);
        } finally {
          record.close();
        }
      });
    }
  }
});
