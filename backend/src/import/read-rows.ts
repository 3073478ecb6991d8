/**
 * Streams the rows of a spreadsheet as text cells, whatever its kind: .xlsx through exceljs's
 * streaming WorkbookReader (first worksheet), CSV through csv-parse (any of `, ; \t`, any
 * encoding detected), legacy .xls through @e965/xlsx (whole file, size-capped: an .xls holds
 * at most 65,536 rows). Nothing but the current rows is held in memory.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { Parser as CsvParser, type CsvError } from 'csv-parse';
// Types only: the spreadsheet libraries are loaded when a file of their kind is opened (a
// CSV import does not pay for loading them, ~0.3 s of CPU in each thread that reads).
import type ExcelJS from 'exceljs';
import type * as XLSX from '@e965/xlsx';
import { detectFileKindOf, headerColumnCount, sniffDelimiter, type FileKind, type TextEncoding } from './file-type.ts';
import { WorkbookArchive } from './workbook-archive.ts';
import { inspectZip, ZIP_LIMITS } from './zip-guard.ts';

export type SheetRow =
  | { rowNumber: number; cells: string[] }
  /** A row the parser could not read (an unclosed quote, for example). */
  | { rowNumber: number; unreadable: string };

export interface RowSource {
  kind: 'xlsx' | 'xls' | 'csv';
  rows: AsyncIterable<SheetRow>;
  /** Bytes of the file consumed so far, for progress. */
  bytesRead(): number;
  fileSize: number;
}

/** A file that cannot be read at all; nothing of it is written. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
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
  if (kind.kind === 'unknown') throw new UnreadableFileError(kind.reason);
  if (kind.kind === 'xlsx') {
    const verdict = await inspectZip(file, zipLimits);
    if (!verdict.isAccepted) throw new UnreadableFileError(verdict.reason);
    const budget = new InflatedBudget(Math.min(zipLimits.maxTotalBytes, verdict.declaredBytes), verdict.declaredBytes < zipLimits.maxTotalBytes);
    const progress = { bytesRead: 0 };
    return { kind: 'xlsx', rows: xlsxRows(file, budget, progress), bytesRead: () => progress.bytesRead, fileSize: size };
  }
  if (kind.kind === 'xls') {
    if (size > MAX_XLS_BYTES) throw new UnreadableFileError(`A legacy .xls file may be at most ${MAX_XLS_BYTES / 1024 ** 2} MB; save it as .xlsx or CSV.`);
    let isRead = false;
    return { kind: 'xls', rows: xlsRows(file, () => (isRead = true)), bytesRead: () => (isRead ? size : 0), fileSize: size };
  }
  const sample = await readSample(file, kind.encoding, kind.bomLength);
  const delimiter = sniffDelimiter(sample);
  const headerColumns = headerColumnCount(sample, delimiter, size - kind.bomLength <= SAMPLE_BYTES);
  if (headerColumns === null) throw new UnreadableFileError(`The first line (the column names) is longer than ${SAMPLE_BYTES / 1024} KB: this is not a places export.`);
  if (headerColumns > MAX_CSV_COLUMNS) {
    throw new UnreadableFileError(`The file has ${headerColumns.toLocaleString('en-US')} columns; a places export has at most ${MAX_CSV_COLUMNS.toLocaleString('en-US')}.`);
  }
  const counted = countedStream(file);
  return { kind: 'csv', rows: csvRows(counted.stream, kind.encoding, delimiter), bytesRead: counted.bytesRead, fileSize: size };
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

/** Decodes any of the detected encodings to UTF-8 for the CSV parser (the BOM is dropped). */
function decodeTo8(encoding: TextEncoding): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, decoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, decoder.decode());
    },
  });
}

/**
 * csv-parse's parser, each record pushed with the line it ends on. The parser pushes a record the
 * moment it is complete, so its `info.lines` then is that record's line; the `info: true` option
 * gives the same line inside a copy of every counter made for each record (~5 µs a row, a fifth of
 * the parsing). csv-parse 7 counts a CRLF inside a quoted field as two lines (the CR and the LF
 * each end one; a CRLF between records counts once), so the CRLFs inside the fields read so far
 * are taken off; only a record that spans several lines is searched for them. A record the parser
 * cannot read is never pushed: its line is counted from the fields it holds when the parser gives
 * up on it (an unclosed quote at the end of the file, a record too long: no row follows either).
 */
class LineNumberedCsvParser extends CsvParser {
  /** Lines counted twice so far: one per CRLF inside a field. */
  private doubleCounted = 0;
  private lastLine = 0;

  /** A line as csv-parse counts it (`info.lines`, an error's `lines`) as a text editor shows it. */
  editorLine(lines: number): number {
    return lines - this.doubleCounted;
  }

  /** The line an unreadable record reaches as an editor shows it, from `lines` when the parser gave up on it. */
  unreadableLine(lines: number): number {
    const { record, field } = (this as unknown as { state: { record: unknown[]; field: { toString(encoding?: BufferEncoding): string } } }).state;
    let inside = countCrlf(field.toString('utf8'));
    for (const cell of record) if (typeof cell === 'string') inside += countCrlf(cell);
    return this.editorLine(lines) - inside;
  }

  override push(record: unknown, encoding?: BufferEncoding): boolean {
    if (record === null) return super.push(null, encoding);
    const { lines } = this.info;
    if (lines - this.lastLine > 1) for (const cell of record as string[]) this.doubleCounted += countCrlf(cell);
    this.lastLine = lines;
    return super.push({ record, lines: this.editorLine(lines) }, encoding);
  }
}

function countCrlf(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\r\n'); at !== -1; at = text.indexOf('\r\n', at + 2)) count += 1;
  return count;
}

/** CSV records; a row's number is the line it ends on (the header is line 1), as a text editor shows it. */
async function* csvRows(input: Readable, encoding: TextEncoding, delimiter: string): AsyncGenerator<SheetRow> {
  const skipped: SheetRow[] = [];
  let isTooLongReported = false;
  const parser = new LineNumberedCsvParser({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_CSV_RECORD_CHARS,
    on_skip: (error: CsvError | undefined) => {
      // csv-parse stops reading at an oversized record (it drops the rest of each chunk from
      // there) and reports it again at every chunk: once is enough, and the message says so.
      if (error?.code === 'CSV_MAX_RECORD_SIZE') {
        if (isTooLongReported) return undefined;
        isTooLongReported = true;
      }
      const lines = parser.unreadableLine((error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0);
      const unreadable =
        error?.code === 'CSV_MAX_RECORD_SIZE'
          ? `The record is longer than ${MAX_CSV_RECORD_CHARS.toLocaleString('en-US')} characters: reading stopped here, the rows after it were not read.`
          : // The row number stands beside the reason; csv-parse's own 'at line N' counts a quoted CRLF twice.
            (error?.message.replace(/ at line \d+/, '') ?? 'unreadable CSV record');
      skipped.push({ rowNumber: lines, unreadable });
      return undefined;
    },
  });
  const source = encoding === 'utf-8' ? input : input.pipe(decodeTo8(encoding));
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  for await (const { record, lines } of parser as AsyncIterable<{ record: string[]; lines: number }>) {
    while (skipped.length > 0) yield skipped.shift()!;
    if (record.length > MAX_CSV_COLUMNS) {
      yield { rowNumber: lines, unreadable: `The record has ${record.length.toLocaleString('en-US')} fields; at most ${MAX_CSV_COLUMNS.toLocaleString('en-US')} are read.` };
      continue;
    }
    yield { rowNumber: lines, cells: record };
  }
  yield* skipped;
}

type CellValue = ExcelJS.CellValue;

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
    throw new InflatedTooFarError(
      this.isDeclared
        ? `The archive inflates to more than the ${this.limit} bytes it declares (its sizes lie: a zip bomb?); reading stopped there.`
        : `The archive inflates to more than ${Math.round(this.limit / 1024 ** 3)} GB; reading stopped there.`,
    );
  }
}

class InflatedTooFarError extends UnreadableFileError {}

/** Text decoded across chunk boundaries (a multi-byte character split between two chunks stays whole), each chunk's bytes counted against `budget`. */
async function* decodeAcrossChunks(chunks: AsyncIterable<Buffer | string>, budget: InflatedBudget): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    budget.add(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length);
    yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

interface WorkbookReaderInternals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

/**
 * The first worksheet's rows, through exceljs's streaming reader's own part parsers, handed the
 * parts in the order they are needed (workbook-archive.ts): the workbook's relationships and
 * properties and the shared strings first, then the worksheet, streamed from the archive as its
 * rows are asked for. Its `read()` is not used: reading the archive front to back, it unpacks a
 * worksheet that comes before the shared strings (as Excel writes them) whole into a temporary
 * file before parsing any row.
 *
 * exceljs 4.4's reader also decodes every inflated chunk on its own, so a character split between
 * two chunks turns into U+FFFD (exceljs issues #2063 and #2316, unfixed in 4.4.0): about one long
 * non-ASCII cell in two thousand. Its parsers are handed text decoded across chunk boundaries
 * instead (its SAX step passes strings through unchanged), every inflated byte counted against
 * `budget`. `progress.bytesRead` follows the compressed bytes of the worksheet read so far.
 */
async function* xlsxRows(file: string, budget: InflatedBudget, progress: { bytesRead: number }): AsyncGenerator<SheetRow> {
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
      return entry ? Readable.from(decodeAcrossChunks(await parts.read(entry), budget), { objectMode: false, encoding: 'utf8' }) : null;
    };
    const rels = await text('xl/_rels/workbook.xml.rels');
    if (rels) await internals._parseRels(rels);
    const properties = await text('xl/workbook.xml');
    if (properties) await internals._parseWorkbook(properties);
    const sharedStrings = await text('xl/sharedStrings.xml');
    if (sharedStrings) for await (const event of internals._parseSharedStrings(sharedStrings)) void event;
    // Only the first worksheet holds the places; the rest (notes, pivots) are not read.
    const first = archive.firstWorksheet();
    if (!first) return;
    progress.bytesRead = first.entry.relativeOffsetOfLocalHeader;
    sheet = await archive.read(first.entry, (bytes) => (progress.bytesRead += bytes));
    for (const { value: worksheet } of internals._parseWorksheet(decodeAcrossChunks(sheet, budget), first.sheetNo)) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as CellValue[];
        const cells: string[] = new Array(Math.max(values.length - 1, 0));
        for (let index = 1; index < values.length; index += 1) cells[index - 1] = cellText(values[index] ?? null);
        yield { rowNumber: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof InflatedTooFarError) throw error;
    throw new UnreadableFileError(`The .xlsx workbook cannot be read: ${(error as Error).message}`);
  } finally {
    // Stopped early (no name column, a write error): the sheet's stream lets go of the archive's file.
    sheet?.destroy();
    archive?.close();
  }
}

async function* xlsRows(file: string, onRead: () => void): AsyncGenerator<SheetRow> {
  let sheet: XLSX.WorkSheet | undefined;
  const XLSX = await import('@e965/xlsx');
  try {
    const workbook = XLSX.read(readFileSync(file), { type: 'buffer', dense: true, cellDates: true, cellFormula: false, cellHTML: false });
    const first = workbook.SheetNames[0];
    sheet = first === undefined ? undefined : workbook.Sheets[first];
  } catch (error) {
    throw new UnreadableFileError(`The .xls workbook cannot be read: ${(error as Error).message}`);
  }
  onRead();
  if (!sheet) return;
  const firstRow = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s.r + 1;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  for (const [index, row] of rows.entries()) {
    const cells = row.map((value) => cellText(value as CellValue));
    if (cells.some((cell) => cell !== '')) yield { rowNumber: firstRow + index, cells };
  }
}
