/**
 * Typed rows written as an .xlsx by exceljs's streaming WorkbookWriter (no shared strings, no
 * style table: a row costs the same whatever came before it), fair to a slow reader and to the
 * event loop:
 *
 * - A worksheet holds EXCEL_SHEET_ROWS rows. When one is full, it is committed (its XML is
 *   finished and handed to the zip, nothing of it kept) and the rows go on in a new worksheet
 *   with the same header row, widths and frozen header: "businesses", "businesses 2", ...
 * - exceljs does not honour back-pressure. A committed row's XML goes into the sheet's own
 *   buffer, which hands each 64 KB to a PassThrough that archiver puts in front of the zip entry
 *   and writes there whatever that PassThrough answers. Everything after it (deflate, archiver,
 *   the response) does honour it, so when the reader is slow the XML piles up in that one
 *   PassThrough. The row loop waits for it to drain whenever it holds more than its
 *   high-water mark: at most a few hundred kilobytes are ever buffered, whatever the number of rows.
 *   Each worksheet is a zip entry of its own, with a PassThrough of its own: the loop watches the
 *   current sheet's. archiver zips one entry at a time, so a new sheet's PassThrough is read only
 *   once the committed sheet's is through; the loop waits on the new one meanwhile.
 * - Rows are written in slices of about 20 ms of CPU (time-slices.ts), then the loop yields, so
 *   requests arriving meanwhile are served between slices.
 */
import { EventEmitter, once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXCEL_CELL_CHARS, EXCEL_SHEET_ROWS } from '../shared/excel-limits.ts';
import { TimeSlices } from './time-slices.ts';

/** The first worksheet's name; the next ones are numbered after it ("businesses 2", ...). */
export const XLSX_SHEET_NAME = 'businesses';

/** How a column's values are written: numbers and booleans as such, dates as Excel dates, the rest as text. */
export type XlsxCellKind = 'number' | 'boolean' | 'date' | 'text';

export interface XlsxColumn {
  header: string;
  kind: XlsxCellKind;
  /** In characters, as Excel counts column widths. */
  width: number;
}

export interface XlsxStreamOptions {
  /** Called each time the row loop waits for the reader, with the rows written so far. */
  onWaitForReader?: (rowsWritten: number) => void;
  /** Data rows a worksheet takes, below its header row, before the next one starts; as many as Excel shows by default. */
  rowsPerSheet?: number;
}

/**
 * archiver's own read buffer (1 MB by default) kept to a stream's usual size: it is filled with
 * zipped bytes however slow the reader is. Deflate at level 1, archiver's default for zip.
 */
const ZIP_OPTIONS = { highWaterMark: 64 * 1024, zlib: { level: 1 } } as Partial<ExcelJS.stream.xlsx.ArchiverZipOptions>;

/** The writable side of the PassThrough archiver reads a zip entry from (readable-stream 2). */
interface EntryBuffer extends EventEmitter {
  _writableState: { length: number; highWaterMark: number };
}

/**
 * The PassThrough between the sheet's XML and its zip entry: exceljs 4's WorksheetWriter keeps
 * its output in `stream` (a StreamBuf) and archiver pipes that into a PassThrough of its own
 * (archiver-utils' normalizeInputSource). A change of either library fails the export here,
 * loudly, rather than let it buffer a whole file for a slow reader.
 */
function entryBufferOf(sheet: ExcelJS.Worksheet): EntryBuffer {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = pipes?.length === 1 ? pipes[0] : undefined;
  if (!(entry instanceof EventEmitter) || typeof (entry as Partial<EntryBuffer>)._writableState?.length !== 'number') {
    throw new Error("exceljs's worksheet stream is not piped into one PassThrough: the xlsx export cannot follow its reader");
  }
  return entry as EntryBuffer;
}

/** The cell a value is written as, for its column's kind; null and undefined leave the cell empty. */
export function xlsxCellValue(kind: XlsxCellKind, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'boolean':
      return value === true || value === 1 || value === 'true';
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : date;
    }
    case 'text': {
      // A string cell holds text only: Excel never runs it as a formula, so it needs no apostrophe.
      const text = String(value);
      // Past Excel's limit a cell makes Excel offer to "repair" the whole file: cut it there, marked.
      if (text.length <= EXCEL_CELL_CHARS) return text;
      // Never between the two halves of a character outside the BMP (an emoji).
      const end = /[\uD800-\uDBFF]/.test(text.charAt(EXCEL_CELL_CHARS - 2)) ? EXCEL_CELL_CHARS - 2 : EXCEL_CELL_CHARS - 1;
      return `${text.slice(0, end)}…`;
    }
  }
}

/** The name of the worksheet at `index` (from 0). */
const sheetName = (index: number) => (index === 0 ? XLSX_SHEET_NAME : `${XLSX_SHEET_NAME} ${index + 1}`);

/**
 * The rows as a streamed .xlsx: in each worksheet a bold header row of the columns' headers (rich
 * text, so no style table is needed), frozen, with the columns' widths, then at most
 * `rowsPerSheet` rows; as many worksheets as the rows fill, none empty but the first of an empty
 * export. `rows` is ended (its `return()` called) when the file is complete, the stream is
 * destroyed, or writing fails.
 */
export function streamXlsx(rows: Iterator<readonly unknown[]>, columns: readonly XlsxColumn[], options: XlsxStreamOptions = {}): Readable {
  const { rowsPerSheet = EXCEL_SHEET_ROWS - 1 } = options;
  if (!Number.isInteger(rowsPerSheet) || rowsPerSheet < 1 || rowsPerSheet > EXCEL_SHEET_ROWS - 1) {
    throw new RangeError(`rowsPerSheet must be a whole number from 1 to ${EXCEL_SHEET_ROWS - 1}, not ${rowsPerSheet}`);
  }
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: false, zip: ZIP_OPTIONS });
  const kinds = columns.map((column) => column.kind);
  const header = columns.map((column) => ({ richText: [{ text: column.header, font: { bold: true } }] }));

  function addSheet(index: number): ExcelJS.Worksheet {
    const sheet = workbook.addWorksheet(sheetName(index), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
    sheet.columns = columns.map((column) => ({ key: column.header, width: column.width }));
    return sheet;
  }
  /** Writes a sheet's header row; returns the PassThrough its zip entry is read from. */
  function startRows(sheet: ExcelJS.Worksheet): EntryBuffer {
    sheet.addRow(header).commit();
    return entryBufferOf(sheet);
  }
  let sheet = addSheet(0);
  let sheets = 1;

  const isClosed = () => output.destroyed;
  const closed = new Promise<void>((resolve) => output.once('close', resolve));

  async function write(): Promise<void> {
    // Nothing is written before the caller has the stream (and the request that asked for it has its answer).
    const slices = new TimeSlices();
    await slices.next();
    let entry = startRows(sheet);
    let rowsInSheet = 0;
    let rowsWritten = 0;
    for (let next = rows.next(); !next.done; next = rows.next()) {
      if (rowsInSheet === rowsPerSheet) {
        // Started only for a row to put in it: an export that fills its last sheet exactly ends there.
        sheet.commit();
        sheet = addSheet(sheets);
        sheets += 1;
        entry = startRows(sheet);
        rowsInSheet = 0;
      }
      const values = next.value;
      sheet.addRow(kinds.map((kind, index) => xlsxCellValue(kind, values[index]))).commit();
      rowsInSheet += 1;
      rowsWritten += 1;
      if (entry._writableState.length >= entry._writableState.highWaterMark) {
        options.onWaitForReader?.(rowsWritten);
        await Promise.race([once(entry, 'drain'), closed]);
      }
      if (slices.isOver) await slices.next();
      if (isClosed()) return;
    }
    sheet.commit();
    await workbook.commit();
  }

  write().then(
    () => rows.return?.(),
    (error: unknown) => {
      rows.return?.();
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return output;
}
