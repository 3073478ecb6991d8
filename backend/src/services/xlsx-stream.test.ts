import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXCEL_CELL_CHARS, EXCEL_SHEET_ROWS } from '../shared/excel-limits.ts';
import { streamXlsx, xlsxCellValue, type XlsxColumn } from './xlsx-stream.ts';

const COLUMNS: XlsxColumn[] = [
  { header: 'id', kind: 'number', width: 10 },
  { header: 'name', kind: 'text', width: 32 },
  { header: 'verified', kind: 'boolean', width: 10 },
  { header: 'created_at', kind: 'date', width: 12 },
];

/** `total` rows counting how many the writer has pulled, and telling when it has pulled the last. */
function countedRows(total: number) {
  const state = { pulled: 0, isReturned: false, isWriterWaiting: false };
  let markExhausted = () => {};
  const exhausted = new Promise<void>((resolve) => (markExhausted = resolve));
  function* rows(): Generator<unknown[]> {
    try {
      for (let id = 1; id <= total; id += 1) {
        state.pulled += 1;
        state.isWriterWaiting = false;
        yield [id, `Ταβέρνα ${id} =SUM(A1:A2)`, id % 2 === 0 ? 'true' : 'false', '2026-03-10T12:34:56.000Z'];
      }
      state.isWriterWaiting = false;
      markExhausted();
    } finally {
      state.isReturned = true;
    }
  }
  return { state, rows: rows(), exhausted };
}

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  return (await readWorksheets(bytes))[0]!;
}

/** Every worksheet of the file, in the workbook's order. */
async function readWorksheets(bytes: Buffer): Promise<ExcelJS.Worksheet[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook.worksheets;
}

async function readAll(file: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A sheet's rows below its header, as the ids in their first column. */
const idsOf = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(2).map((values) => (values as ExcelJS.CellValue[])[1]);

describe('streamXlsx', () => {
  it.each([
    { sheets: 1, rowsPerSheet: undefined },
    { sheets: 4, rowsPerSheet: 10_000 },
  ])('writes no further ahead of a slow reader than its buffers hold, then the whole file ($sheets sheet(s))', async ({ sheets, rowsPerSheet }) => {
    const total = 40_000;
    const { state, rows, exhausted } = countedRows(total);
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    // The reader reads only while the writer waits for it (from its call to the writer's next
    // pull of a row), a chunk at a time, and nothing else.
    const samples: { pulled: number; bytesRead: number }[] = [];
    let isReading = false;
    const file = streamXlsx(rows, COLUMNS, {
      rowsPerSheet,
      onWaitForReader: () => {
        state.isWriterWaiting = true;
        samples.push({ pulled: state.pulled, bytesRead });
        void readWhileWriterWaits();
      },
    });
    async function readWhileWriterWaits(): Promise<void> {
      if (isReading) return;
      isReading = true;
      while (state.isWriterWaiting && !file.readableEnded) {
        const chunk = file.read() as Buffer | null;
        if (chunk === null) {
          await once(file, 'readable');
          continue;
        }
        chunks.push(chunk);
        bytesRead += chunk.length;
      }
      isReading = false;
    }
    await exhausted;
    samples.push({ pulled: state.pulled, bytesRead });
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);

    // How many rows the writer had pulled beyond those whose bytes the reader had taken (the
    // rows' bytes are alike, so the file's bytes are spread evenly over them). Past a sheet's
    // end, the writer waits for the reader to take the next sheet's bytes, not the last one's.
    const ahead = samples.map((sample) => Math.round(sample.pulled - (total * sample.bytesRead) / bytes.length));
    expect(Math.max(...ahead)).toBeLessThan(total / 10);
    expect(samples.length).toBeGreaterThan(10);
    // It waited in the last sheet too.
    expect(samples.filter((sample) => sample.pulled > total - total / sheets).length).toBeGreaterThan(1);

    const written = await readWorksheets(bytes);
    expect(written).toHaveLength(sheets);
    const last = written.at(-1)!;
    expect(last.rowCount).toBe(total / sheets + 1);
    expect(last.getRow(total / sheets + 1).values).toEqual([undefined, total, `Ταβέρνα ${total} =SUM(A1:A2)`, true, new Date('2026-03-10T12:34:56.000Z')]);
  }, 60_000);

  it('goes on in a new worksheet, with the same header, widths and frozen header, when one is full', async () => {
    const sevenRows = countedRows(7).rows;
    const sheets = await readWorksheets(await readAll(streamXlsx(sevenRows, COLUMNS, { rowsPerSheet: 3 })));

    expect(sheets.map((sheet) => sheet.name)).toEqual(['businesses', 'businesses 2', 'businesses 3']);
    // Every business once, in id order across the sheets.
    expect(sheets.map(idsOf)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    for (const sheet of sheets) {
      expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((column) => ({ richText: [{ text: column.header, font: { bold: true } }] }))]);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(COLUMNS.map((_column, index) => sheet.getColumn(index + 1).width)).toEqual(COLUMNS.map((column) => column.width));
    }
    expect(sheets[1]!.getRow(2).values).toEqual([undefined, 4, 'Ταβέρνα 4 =SUM(A1:A2)', true, new Date('2026-03-10T12:34:56.000Z')]);
  });

  it('starts no empty worksheet after one the rows fill exactly, and writes the header alone when there are no rows', async () => {
    const full = await readWorksheets(await readAll(streamXlsx(countedRows(6).rows, COLUMNS, { rowsPerSheet: 3 })));
    expect(full.map(idsOf)).toEqual([[1, 2, 3], [4, 5, 6]]);
    const empty = await readWorksheets(await readAll(streamXlsx(countedRows(0).rows, COLUMNS, { rowsPerSheet: 3 })));
    expect(empty.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([['businesses', 1]]);
  });

  it("takes as many rows in a sheet as Excel shows by default, and no more than it can", () => {
    expect(EXCEL_SHEET_ROWS).toBe(2 ** 20);
    expect(() => streamXlsx(countedRows(1).rows, COLUMNS, { rowsPerSheet: EXCEL_SHEET_ROWS })).toThrow(RangeError);
    expect(() => streamXlsx(countedRows(1).rows, COLUMNS, { rowsPerSheet: 0 })).toThrow(RangeError);
  });

  it('stops pulling rows and ends them when the reader goes away', async () => {
    const { state, rows } = countedRows(1_000_000);
    const file = streamXlsx(rows, COLUMNS);
    await once(file, 'readable');
    file.destroy();
    await once(file, 'close');
    // The writer notices at its next row or as it waits; the rows end there.
    while (!state.isReturned) await new Promise((resolve) => setImmediate(resolve));
    expect(state.pulled).toBeLessThan(1_000_000);
  }, 60_000);

  it('types each cell by its column, writes text as text, and freezes a bold header of widths', async () => {
    const columns: XlsxColumn[] = [...COLUMNS, { header: 'rating', kind: 'number', width: 8 }];
    const rows = [
      [7, '=HYPERLINK("http://evil.example","click")', 'true', '2026-01-02T03:04:05.678Z', 4.5],
      [8, '+90 212 555 01 01', 'false', null, null],
      [9, 'مطعم الشرق \u200E', 'false', '2025-12-31T23:59:59.000Z', 0],
    ];
    const chunks: Buffer[] = [];
    const file = streamXlsx(rows[Symbol.iterator](), columns);
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(file, 'end');
    const sheet = await readWorkbook(Buffer.concat(chunks));

    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((column) => ({ richText: [{ text: column.header, font: { bold: true } }] }))]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(columns.map((_column, index) => sheet.getColumn(index + 1).width)).toEqual(columns.map((column) => column.width));
    expect(sheet.getRow(2).values).toEqual([undefined, 7, '=HYPERLINK("http://evil.example","click")', true, new Date('2026-01-02T03:04:05.678Z'), 4.5]);
    // A string cell, not a formula: exceljs reads a formula as { formula, result }.
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).values).toEqual([undefined, 8, '+90 212 555 01 01', false]);
    expect(sheet.getRow(4).values).toEqual([undefined, 9, 'مطعم الشرق \u200E', false, new Date('2025-12-31T23:59:59.000Z'), 0]);
    // Dates show as dates (Excel's short date format, which follows the reader's locale).
    expect(sheet.getCell('D2').numFmt).toBe('mm-dd-yy');
  });

  it("cuts a text longer than an Excel cell holds at the limit, marked with an ellipsis, and keeps one that fits whole", () => {
    const long = `${'é'.repeat(EXCEL_CELL_CHARS)}tail`;
    const cut = xlsxCellValue('text', long) as string;
    expect(cut).toHaveLength(EXCEL_CELL_CHARS);
    expect(cut.endsWith('é…')).toBe(true);
    // An emoji (two UTF-16 units) across the cut is dropped whole, not halved.
    const emoji = xlsxCellValue('text', `${'x'.repeat(EXCEL_CELL_CHARS - 2)}😀tail`) as string;
    expect(emoji).toBe(`${'x'.repeat(EXCEL_CELL_CHARS - 2)}…`);
    const fits = 'x'.repeat(EXCEL_CELL_CHARS);
    expect(xlsxCellValue('text', fits)).toBe(fits);
  });
});
