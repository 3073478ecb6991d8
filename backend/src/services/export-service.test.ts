import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
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
