import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXCEL_CELL_CHARS, streamXlsx, xlsxCellValue, type XlsxColumn } from './xlsx-stream.ts';

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
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook.worksheets[0]!;
}

describe('streamXlsx', () => {
  it('writes no further ahead of a slow reader than its buffers hold, then the whole file', async () => {
    const total = 40_000;
    const { state, rows, exhausted } = countedRows(total);
    const chunks: Buffer[] = [];
    let bytesRead = 0;
    // The reader reads only while the writer waits for it (from its call to the writer's next
    // pull of a row), a chunk at a time, and nothing else.
    const samples: { pulled: number; bytesRead: number }[] = [];
    let isReading = false;
    const file = streamXlsx(rows, COLUMNS, {
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
    // rows' bytes are alike, so the file's bytes are spread evenly over them).
    const ahead = samples.map((sample) => Math.round(sample.pulled - (total * sample.bytesRead) / bytes.length));
    expect(Math.max(...ahead)).toBeLessThan(total / 10);
    expect(samples.length).toBeGreaterThan(10);

    const sheet = await readWorkbook(bytes);
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(total + 1).values).toEqual([undefined, total, `Ταβέρνα ${total} =SUM(A1:A2)`, true, new Date('2026-03-10T12:34:56.000Z')]);
  }, 60_000);

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
