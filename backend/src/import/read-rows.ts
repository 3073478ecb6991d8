/**
 * Streams the rows of a spreadsheet as text cells, whatever its kind: .xlsx through exceljs's
 * streaming WorkbookReader, CSV through papaparse (any of `, ; \t`, any encoding detected),
 * legacy .xls through @e965/xlsx (whole file, size-capped: an .xls holds at most 65,536 rows).
 * A workbook's sheets are read as one table (rowsAcrossSheets). Nothing but the current rows is
 * held in memory.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
// Types only: the spreadsheet libraries are loaded when a file of their kind is opened (a
// CSV import does not pay for loading them, ~0.3 s of CPU in each thread that reads).
import type ExcelJS from 'exceljs';
import type * as XLSX from '@e965/xlsx';
import { detectFileKindOf, headerColumnCount, sniffDelimiter, sniffLineBreak, type FileKind, type TextEncoding } from './file-type.ts';
import { WorkbookArchive } from './workbook-archive.ts';
import { inspectZip, ZIP_LIMITS } from './zip-guard.ts';
import type { SheetStart } from './sheet-places.ts';
import { fileProblemText, type FileProblem, type RecordProblem } from '../shared/import-reasons.ts';

export type SheetRow =
  | { rowNumber: number; cells: string[] }
  /** A row the parser could not read (an unclosed quote, for example). */
  | { rowNumber: number; unreadable: RecordProblem }
  /**
   * A workbook of several worksheets: the rows that follow are this sheet's (told before its first
   * row, so a report can name a row by its sheet and its own row there). A CSV or a workbook of
   * one worksheet tells none.
   */
  | { sheet: SheetStart };

export interface RowSource {
  kind: 'xlsx' | 'xls' | 'csv';
  rows: AsyncIterable<SheetRow>;
  /** Bytes of the file consumed so far, for progress. */
  bytesRead(): number;
  fileSize: number;
}

/** A file that cannot be read at all, or no further; its message is the problem's English words. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';

  constructor(readonly problem: FileProblem) {
    super(fileProblemText(problem));
  }
}

/** Legacy .xls files are read whole; 65,536 rows of text fit well under this. */
export const MAX_XLS_BYTES = 100 * 1024 ** 2;
/** Bytes read to sniff a CSV's delimiter and check its header line. */
const SAMPLE_BYTES = 64 * 1024;
/** Columns a CSV may have (places exports have 10-150): the parser's time grows with them. */
export const MAX_CSV_COLUMNS = 1_000;
/** Characters one CSV record may hold; reading stops at a longer one, reported as unreadable (real rows are a few kB). */
export const MAX_CSV_RECORD_CHARS = 1_000_000;

/** Opens a spreadsheet for streaming, deciding its kind by content; throws UnreadableFileError when it cannot. */
export async function openRows(file: string, zipLimits = ZIP_LIMITS): Promise<RowSource> {
  const kind: FileKind = await detectFileKindOf(file);
  const { size } = await stat(file);
  if (kind.kind === 'unknown') throw new UnreadableFileError(kind.problem);
  if (kind.kind === 'xlsx') {
    const verdict = await inspectZip(file, zipLimits);
    if (!verdict.isAccepted) throw new UnreadableFileError(verdict.problem);
    const budget = new InflatedBudget(Math.min(zipLimits.maxTotalBytes, verdict.declaredBytes), verdict.declaredBytes < zipLimits.maxTotalBytes);
    const progress = { bytesRead: 0 };
    return { kind: 'xlsx', rows: xlsxRows(file, budget, progress), bytesRead: () => progress.bytesRead, fileSize: size };
  }
  if (kind.kind === 'xls') {
    if (size > MAX_XLS_BYTES) throw new UnreadableFileError({ code: 'xls_too_large', params: { maxMb: MAX_XLS_BYTES / 1024 ** 2 } });
    let isRead = false;
    return { kind: 'xls', rows: xlsRows(file, () => (isRead = true)), bytesRead: () => (isRead ? size : 0), fileSize: size };
  }
  const sample = await readSample(file, kind.encoding, kind.bomLength);
  const delimiter = sniffDelimiter(sample);
  const headerColumns = headerColumnCount(sample, delimiter, size - kind.bomLength <= SAMPLE_BYTES);
  if (headerColumns === null) throw new UnreadableFileError({ code: 'header_line_too_long', params: { maxKb: SAMPLE_BYTES / 1024 } });
  if (headerColumns > MAX_CSV_COLUMNS) throw new UnreadableFileError({ code: 'too_many_columns', params: { columns: headerColumns, max: MAX_CSV_COLUMNS } });
  const counted = countedStream(file);
  return { kind: 'csv', rows: csvRows(counted.stream, kind.encoding, delimiter, sniffLineBreak(sample)), bytesRead: counted.bytesRead, fileSize: size };
}

function countedStream(file: string): { stream: Readable; bytesRead: () => number } {
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  return { stream, bytesRead: () => stream.bytesRead };
}

async function readSample(file: string, encoding: TextEncoding, bomLength: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, bomLength);
    return new TextDecoder(encoding).decode(buffer.subarray(0, bytesRead), { stream: true });
  } finally {
    await handle.close();
  }
}

/**
 * Text decoded from `encoding` across chunk boundaries (a multi-byte character split between two
 * chunks stays whole; a leading BOM is dropped), each chunk's bytes counted against `budget` when
 * one is given (a workbook's inflated parts).
 */
async function* decodeAcrossChunks(
  chunks: AsyncIterable<Buffer | string>,
  { encoding = 'utf-8', budget }: { encoding?: TextEncoding; budget?: InflatedBudget } = {},
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    budget?.add(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length);
    yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Line breaks in `text[from, to)` as a text editor counts them: CRLF, LF or a lone CR, each one line. */
function lineBreaks(text: string, from = 0, to = text.length): number {
  let breaks = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) breaks += 1;
  for (let at = text.indexOf('\r', from); at !== -1 && at < to; at = text.indexOf('\r', at + 1)) if (text[at + 1] !== '\n' || at + 1 === to) breaks += 1;
  return breaks;
}

/** The characters of a record's fields. */
const recordChars = (record: readonly string[]) => record.reduce((chars, field) => chars + field.length, 0);

/** The row that stops the reading at a record longer than MAX_CSV_RECORD_CHARS, numbered by the line it reaches. */
const tooLong = (rowNumber: number): SheetRow => ({
  rowNumber,
  unreadable: { code: 'record_too_long', params: { max: MAX_CSV_RECORD_CHARS } },
});

/** Line breaks inside a record's fields (quoted fields may hold them). */
const breaksInside = (record: readonly string[]) => record.reduce((breaks, field) => breaks + lineBreaks(field), 0);

/** What papaparse's core parser answers for a piece of text. */
interface PapaResult {
  data: string[][];
  errors: { code: 'MissingQuotes' | 'InvalidQuotes' | string; row: number; index: number }[];
  /** `truncated`: the parse stopped at its `preview` count of records. */
  meta: { cursor: number; truncated: boolean };
}

/** Records read at a time after a malformed one, until a stretch of them reads clean. */
const CAREFUL_RECORDS = 16;

const UNCLOSED_QUOTE: RecordProblem = { code: 'unclosed_quote', params: {} };
const MALFORMED_QUOTE: RecordProblem = { code: 'malformed_quote', params: {} };

/**
 * CSV records through papaparse's core parser (about twice as fast as csv-parse on places exports,
 * ~7 µs a row against ~15), fed the text a chunk at a time: each chunk's complete records are read
 * and an incomplete last one is carried into the next. A row's number is the line it ends on (the
 * header is line 1), as a text editor shows it: within a chunk whose records each end on their own
 * line break the lines count one by one, else by the line breaks inside each record's fields.
 * Blank lines are skipped (and counted). A record that cannot be read is reported as unreadable:
 * one whose quoted field is followed by other characters (`"B"x,…`), after which reading goes on at
 * the next line; one whose quote never closes (it runs to the end of the file); one longer than
 * MAX_CSV_RECORD_CHARS, where reading stops.
 */
async function* csvRows(input: Readable, encoding: TextEncoding, delimiter: string, lineBreak: '\r\n' | '\n' | '\r'): AsyncGenerator<SheetRow> {
  const papaParser = (options: { preview?: number } = {}) =>
    new Papa.Parser({ delimiter, newline: lineBreak, quoteChar: '"', ...options }) as { parse(input: string, baseIndex: number, ignoreLastRow: boolean): PapaResult };
  const parser = papaParser();
  /** Reads at most CAREFUL_RECORDS records: after a malformed one (see `read`). */
  const carefulParser = papaParser({ preview: CAREFUL_RECORDS });
  /** The line the next record starts on. */
  let line = 1;
  let carried = '';
  /** Set at a record longer than MAX_CSV_RECORD_CHARS: nothing after it is read. */
  let isStopped = false;

  /** Rows of `records`, read from `text[0, to)`, numbered from `line` on. */
  function* numbered(records: readonly string[][], text: string, to: number): Generator<SheetRow> {
    // Most chunks: each record ends on a line break and none holds one of its own, so each takes one line.
    const endsOnLineBreak = to > 0 && (text[to - 1] === '\n' || text[to - 1] === '\r');
    const isOneLineEach = endsOnLineBreak && lineBreaks(text, 0, to) === records.length;
    for (const record of records) {
      const rowNumber = isOneLineEach ? line : line + breaksInside(record);
      line = rowNumber + 1;
      if (record.length === 1 && record[0] === '') continue;
      if (record.length > MAX_CSV_COLUMNS) {
        yield { rowNumber, unreadable: { code: 'too_many_fields', params: { fields: record.length, max: MAX_CSV_COLUMNS } } };
        continue;
      }
      yield { rowNumber, cells: record };
    }
  }

  /** Reads the complete records of `text` (all of them at the end of the file); what is left incomplete becomes `carried`. */
  function* read(text: string, isEnd: boolean): Generator<SheetRow> {
    let at = 0;
    // After a malformed record, a few records at a time until a stretch reads clean: a file with
    // many malformed records would otherwise have the rest of its chunk parsed again for each.
    let isCareful = false;
    while (at < text.length) {
      const piece = at === 0 ? text : text.slice(at);
      const result = (isCareful ? carefulParser : parser).parse(piece, 0, !isEnd);
      const malformed = result.errors.find((error) => error.code === 'InvalidQuotes');
      if (malformed === undefined && isCareful && result.meta.truncated) {
        yield* numbered(result.data, piece, result.meta.cursor);
        at += result.meta.cursor;
        isCareful = false;
        continue;
      }
      if (malformed === undefined) {
        const unclosed = isEnd ? result.errors.find((error) => error.code === 'MissingQuotes') : undefined;
        const complete = unclosed === undefined ? result.data : result.data.slice(0, unclosed.row);
        // Only a piece longer than the limit can hold a record longer than it (one carried a long way).
        const long = piece.length > MAX_CSV_RECORD_CHARS ? complete.findIndex((record) => recordChars(record) > MAX_CSV_RECORD_CHARS) : -1;
        if (long !== -1) {
          // Their span is not known (an empty one): numbered by the line breaks inside each.
          yield* numbered(complete.slice(0, long), piece, 0);
          yield tooLong(line + breaksInside(complete[long]!));
          isStopped = true;
          return;
        }
        yield* numbered(complete, piece, isEnd ? piece.length : result.meta.cursor);
        if (unclosed !== undefined) {
          // The record runs from its opening quote to the end of the file: numbered by the line it reaches.
          yield { rowNumber: line + breaksInside(result.data[unclosed.row] ?? []), unreadable: UNCLOSED_QUOTE };
        }
        carried = isEnd ? '' : piece.slice(result.meta.cursor);
        return;
      }
      // The records before the malformed one are read; it is skipped to the end of the line its field starts on.
      const recordStart = malformed.row === 0 ? 0 : papaParser({ preview: malformed.row }).parse(piece, 0, false).meta.cursor;
      yield* numbered(result.data.slice(0, malformed.row), piece, recordStart);
      const lineEnd = piece.indexOf(lineBreak, malformed.index);
      if (lineEnd === -1 && !isEnd) {
        carried = piece.slice(recordStart);
        return;
      }
      const end = lineEnd === -1 ? piece.length : lineEnd;
      const rowNumber = line + lineBreaks(piece, recordStart, end);
      yield { rowNumber, unreadable: MALFORMED_QUOTE };
      line = rowNumber + 1;
      at += lineEnd === -1 ? piece.length : lineEnd + lineBreak.length;
      isCareful = true;
    }
    carried = '';
  }

  for await (const text of decodeAcrossChunks(input as AsyncIterable<Buffer>, { encoding })) {
    yield* read(carried + text, false);
    if (isStopped) return;
    if (carried.length > MAX_CSV_RECORD_CHARS) {
      yield tooLong(line + lineBreaks(carried));
      return;
    }
  }
  yield* read(carried, true);
}

type CellValue = ExcelJS.CellValue;

/** A header row as compared between sheets: its cells trimmed, without empty cells at its end. */
function headerKey(cells: readonly string[]): string {
  const trimmed = cells.map((cell) => cell.trim());
  while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
  return JSON.stringify(trimmed);
}

/** One sheet of a workbook: its name (as its tab shows it) and its rows, as the workbook's reader gives them. */
interface Sheet {
  name: string;
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>;
}

/**
 * A workbook's rows as one table: the first sheet that has rows, whole, then each later sheet
 * whose first row repeats that sheet's header (our export goes on in a new sheet when one is
 * full), without that row. Other sheets (notes, a pivot table, a summary) are not read: their rows
 * would be mapped with columns that are not theirs. A later sheet's rows are numbered on from the
 * last row read before it, as if the sheets were one: a report's row numbers stay unique across
 * the file, and match those of the same rows exported as CSV. When the workbook has more than one
 * worksheet (`sheetCount`, asked once its first sheet is handed on), each sheet read is told before
 * its rows (SheetStart), so that a report can also name a row as the operator finds it: by its
 * sheet and its own row there. A sheet left out is stopped at its first row.
 */
async function* rowsAcrossSheets(sheets: AsyncIterable<Sheet> | Iterable<Sheet>, sheetCount: () => number): AsyncGenerator<SheetRow> {
  let isOneOfSeveral = false;
  let header: string | null = null;
  /** The number the last row read got. */
  let lastRow = 0;
  for await (const { name, rows } of sheets) {
    isOneOfSeveral = sheetCount() > 1;
    /** What a row number of this sheet is moved by; null until its header row is read. */
    let shift: number | null = header === null ? 0 : null;
    for await (const row of rows) {
      if ('sheet' in row) continue;
      if (shift === null) {
        if (!('cells' in row) || headerKey(row.cells) !== header) break;
        shift = lastRow - row.rowNumber;
        if (isOneOfSeveral) yield { sheet: { name, firstRow: lastRow + 1, shift } };
        continue;
      }
      if (header === null) {
        header = 'cells' in row ? headerKey(row.cells) : '';
        if (isOneOfSeveral) yield { sheet: { name, firstRow: row.rowNumber, shift: 0 } };
      }
      if (shift !== 0) row.rowNumber += shift;
      lastRow = row.rowNumber;
      yield row;
    }
  }
}

/** A cell as text: numbers as JavaScript prints them, booleans TRUE/FALSE, dates ISO, rich text joined, formulas by result. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: CellValue }).text ?? '');
  if ('error' in value) return '';
  return String(value);
}

/**
 * Bytes really inflated from the workbook's worksheets and shared strings, the parts exceljs
 * parses, against a cap: the lower of ZIP_LIMITS.maxTotalBytes and the total the archive
 * declares. An honest archive never inflates more than it declares; one that lies about its
 * sizes is stopped at that point, however far it would go.
 */
class InflatedBudget {
  private used = 0;
  constructor(
    private readonly limit: number,
    /** Whether the limit is the archive's own declaration (so passing it means the archive lied). */
    private readonly isDeclared: boolean,
  ) {}

  add(bytes: number): void {
    this.used += bytes;
    if (this.used <= this.limit) return;
    throw new UnreadableFileError(
      this.isDeclared
        ? { code: 'inflates_past_declared', params: { bytes: this.limit } }
        : { code: 'inflates_past_limit', params: { maxGb: Math.round(this.limit / 1024 ** 3) } },
    );
  }
}

interface WorkbookReaderInternals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

/** What stopped the reading of an .xlsx, as the file's problem. */
const asXlsxReadError = (error: unknown): UnreadableFileError =>
  error instanceof UnreadableFileError ? error : new UnreadableFileError({ code: 'xlsx_unreadable', params: { detail: (error as Error).message } });

/**
 * The worksheets' rows (see rowsAcrossSheets), through exceljs's streaming reader's own part
 * parsers, handed the parts in the order they are needed (workbook-archive.ts): the workbook's
 * relationships and properties and the shared strings first, then each worksheet in the
 * archive's order, streamed from the archive as its rows are asked for. Its `read()` is not used:
 * reading the archive front to back, it unpacks a worksheet that comes before the shared strings
 * (as Excel writes them) whole into a temporary file before parsing any row.
 *
 * exceljs 4.4's reader also decodes every inflated chunk on its own, so a character split between
 * two chunks turns into U+FFFD (exceljs issues #2063 and #2316, unfixed in 4.4.0): about one long
 * non-ASCII cell in two thousand. Its parsers are handed text decoded across chunk boundaries
 * instead (its SAX step passes strings through unchanged), every inflated byte counted against
 * `budget`. `progress.bytesRead` follows the compressed bytes of the worksheet being read (from
 * where its entry starts in the archive).
 */
function xlsxRows(file: string, budget: InflatedBudget, progress: { bytesRead: number }): AsyncGenerator<SheetRow> {
  const workbook = { sheetCount: 0 };
  return rowsAcrossSheets(xlsxSheets(file, budget, progress, workbook), () => workbook.sheetCount);
}

/**
 * The worksheets of an .xlsx, each the rows of one, read while the next is not asked for yet (see
 * xlsxRows); `workbook.sheetCount` is set to how many the archive holds before the first is handed on.
 */
async function* xlsxSheets(file: string, budget: InflatedBudget, progress: { bytesRead: number }, workbook: { sheetCount: number }): AsyncGenerator<Sheet> {
  const { default: Excel } = await import('exceljs');
  let archive: WorkbookArchive | null = null;
  let sheet: Readable | null = null;
  try {
    archive = await WorkbookArchive.open(file);
    const parts = archive;
    const reader = new Excel.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore' });
    const internals = reader as unknown as WorkbookReaderInternals;
    const text = async (name: string): Promise<Readable | null> => {
      const entry = parts.find(name);
      return entry ? Readable.from(decodeAcrossChunks(await parts.read(entry), { budget }), { objectMode: false, encoding: 'utf8' }) : null;
    };
    const rels = await text('xl/_rels/workbook.xml.rels');
    if (rels) await internals._parseRels(rels);
    const properties = await text('xl/workbook.xml');
    if (properties) await internals._parseWorkbook(properties);
    const sharedStrings = await text('xl/sharedStrings.xml');
    if (sharedStrings) for await (const event of internals._parseSharedStrings(sharedStrings)) void event;
    const worksheets = archive.worksheets();
    workbook.sheetCount = worksheets.length;
    for (const { entry, sheetNo } of worksheets) {
      progress.bytesRead = entry.relativeOffsetOfLocalHeader;
      sheet = await archive.read(entry, (bytes) => (progress.bytesRead += bytes));
      // Its one event is the sheet's reader, made at once (named from the workbook's parts); its rows stream as they are asked for.
      const [emitted] = internals._parseWorksheet(decodeAcrossChunks(sheet, { budget }), sheetNo);
      if (emitted === undefined) continue;
      const worksheet = emitted.value as AsyncIterable<ExcelJS.Row> & { name: string };
      yield {
        name: worksheet.name,
        rows: (async function* worksheetRows(): AsyncGenerator<SheetRow> {
          try {
            for await (const row of worksheet) {
              const values = row.values as CellValue[];
              const cells: string[] = new Array(Math.max(values.length - 1, 0));
              for (let index = 1; index < values.length; index += 1) cells[index - 1] = cellText(values[index] ?? null);
              yield { rowNumber: row.number, cells };
            }
          } catch (error) {
            throw asXlsxReadError(error);
          }
        })(),
      };
      // Read through, or left at its first row (rowsAcrossSheets): the sheet's stream lets go of its entry.
      sheet.destroy();
    }
  } catch (error) {
    throw asXlsxReadError(error);
  } finally {
    // Stopped early (no name column, a write error): the sheet's stream lets go of the archive's file.
    sheet?.destroy();
    archive?.close();
  }
}

/** The sheets of a legacy .xls (read whole: see MAX_XLS_BYTES) as one table (rowsAcrossSheets). */
async function* xlsRows(file: string, onRead: () => void): AsyncGenerator<SheetRow> {
  let workbook: XLSX.WorkBook;
  const XLSX = await import('@e965/xlsx');
  try {
    workbook = XLSX.read(readFileSync(file), { type: 'buffer', dense: true, cellDates: true, cellFormula: false, cellHTML: false });
  } catch (error) {
    throw new UnreadableFileError({ code: 'xls_unreadable', params: { detail: (error as Error).message } });
  }
  onRead();
  function* sheetRows(sheet: XLSX.WorkSheet): Generator<SheetRow> {
    const firstRow = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s.r + 1;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
    for (const [index, row] of rows.entries()) {
      const cells = row.map((value) => cellText(value as CellValue));
      if (cells.some((cell) => cell !== '')) yield { rowNumber: firstRow + index, cells };
    }
  }
  const sheets = workbook.SheetNames.flatMap((name) => (workbook.Sheets[name] ? [{ name, rows: sheetRows(workbook.Sheets[name]) }] : []));
  yield* rowsAcrossSheets(sheets, () => sheets.length);
}
