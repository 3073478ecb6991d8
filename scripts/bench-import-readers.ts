/**
 * Baselines for the import benchmark: how fast the libraries merely read a file, with no
 * cleaning and no writing. `tsx scripts/bench-import-readers.ts FILE.xlsx|FILE.csv`
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: tsx scripts/bench-import-readers.ts FILE.xlsx|FILE.csv\n');
  process.exit(2);
}
const started = performance.now();
let rows = 0;
if (file.endsWith('.xlsx')) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) if (row.values) rows += 1;
    break;
  }
} else {
  for await (const record of createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }))) if (record) rows += 1;
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${file}: ${rows} rows read in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s (${file.endsWith('.xlsx') ? 'exceljs streaming WorkbookReader' : 'csv-parse'} alone)\n`);
