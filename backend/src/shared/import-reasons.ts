/**
 * Every sentence an import reports, by a stable code: a row's error, a skipped row, a file that
 * failed. The English words the API, the stored reports and `npm run import` carry are made here
 * from the code and its parameters; the report also carries `{ code, params }`, so the admin screens
 * and the errors CSV word it in Turkish (import-reasons-turkish.ts), and a code added here does
 * not compile there until it has its Turkish words.
 *
 * Three tables, because a reason may hold another: why a file cannot be read (FILE_PROBLEMS), why
 * one CSV record cannot be read (RECORD_PROBLEMS), and what the report says (IMPORT_REASONS), whose
 * file failures and unreadable rows name one of the first two.
 */

const figure = (value: number) => value.toLocaleString('en-US');

/** A table of reasons: each code's English words from its parameters. */
type ReasonTable = Record<string, (params: never) => string>;
type ParamsOf<F> = F extends (params: infer P) => string ? (unknown extends P ? Record<string, never> : P) : never;

/** One reason of `T`: its code and the parameters its words take. */
export type ReasonOf<T extends ReasonTable> = { [C in keyof T & string]: { code: C; params: ParamsOf<T[C]> } }[keyof T & string];

/** Words for every reason of `T` (a code missing is a compile error), given the column the reason is about. */
export type ReasonWords<T extends ReasonTable> = { readonly [C in keyof T & string]: (params: ParamsOf<T[C]>, column: string) => string };

/** Why a file cannot be read at all, or stopped being readable part-way (a damaged or lying archive). */
export const FILE_PROBLEMS = {
  empty_file: () => 'The file is empty.',
  not_a_spreadsheet: () => 'The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.',
  zip_unreadable: ({ detail }: { detail: string }) => `The file looks like a zip archive but cannot be read: ${detail}.`,
  zip_too_many_entries: ({ entries, max }: { entries: number; max: number }) => `The archive declares ${entries} entries (at most ${max}); refused before unpacking.`,
  zip_ratio: ({ entry, ratio }: { entry: string; ratio: number }) =>
    `The archive entry ${entry} declares a ${ratio}:1 compression ratio (a zip bomb?); refused before unpacking.`,
  zip_too_large: ({ maxGb }: { maxGb: number }) => `The archive declares more than ${maxGb} GB once unpacked; refused before unpacking.`,
  zip_not_workbook: () => 'The file is a zip archive but not an Excel workbook (.xlsx).',
  zip_damaged: ({ detail }: { detail: string }) => `The zip archive is damaged: ${detail}.`,
  inflates_past_declared: ({ bytes }: { bytes: number }) =>
    `The archive inflates to more than the ${bytes} bytes it declares (its sizes lie: a zip bomb?); reading stopped there.`,
  inflates_past_limit: ({ maxGb }: { maxGb: number }) => `The archive inflates to more than ${maxGb} GB; reading stopped there.`,
  xlsx_unreadable: ({ detail }: { detail: string }) => `The .xlsx workbook cannot be read: ${detail}`,
  xls_too_large: ({ maxMb }: { maxMb: number }) => `A legacy .xls file may be at most ${maxMb} MB; save it as .xlsx or CSV.`,
  xls_unreadable: ({ detail }: { detail: string }) => `The .xls workbook cannot be read: ${detail}`,
  header_line_too_long: ({ maxKb }: { maxKb: number }) => `The first line (the column names) is longer than ${maxKb} KB: this is not a places export.`,
  too_many_columns: ({ columns, max }: { columns: number; max: number }) => `The file has ${figure(columns)} columns; a places export has at most ${figure(max)}.`,
  csv_unreadable: ({ detail }: { detail: string }) => `The CSV file cannot be read: ${detail}`,
  unreadable: () => 'The file cannot be read.',
} as const;

/** Why one CSV record cannot be read. */
export const RECORD_PROBLEMS = {
  unclosed_quote: () => 'A quoted field is not closed: the file ends inside it.',
  malformed_quote: () => 'A quoted field has other characters after its closing quote (inside quotes, a quote is written twice: "").',
  too_many_fields: ({ fields, max }: { fields: number; max: number }) => `The record has ${figure(fields)} fields; at most ${figure(max)} are read.`,
  record_too_long: ({ max }: { max: number }) => `The record is longer than ${figure(max)} characters: reading stopped here, the rows after it were not read.`,
} as const;

export type FileProblem = ReasonOf<typeof FILE_PROBLEMS>;
export type RecordProblem = ReasonOf<typeof RECORD_PROBLEMS>;

/** A file problem's English words. */
export const fileProblemText = (problem: FileProblem): string => (FILE_PROBLEMS[problem.code] as (params: FileProblem['params']) => string)(problem.params);
/** A record problem's English words. */
export const recordProblemText = (problem: RecordProblem): string =>
  (RECORD_PROBLEMS[problem.code] as (params: RecordProblem['params']) => string)(problem.params);

/** "(stopped after 1200 rows; 1000 written before the damage stay in the record)" when rows were written. */
const stoppedAfter = (rows: number, written: number) => (written > 0 ? ` (stopped after ${rows} rows; ${written} written before the damage stay in the record)` : '');

export const IMPORT_REASONS = {
  // A row's errors (the row is not written; its column is the one the file names).
  not_a_number: ({ value }: { value: string }) => `"${value}" is not a number`,
  not_a_count: ({ value }: { value: string }) => `"${value}" is not a whole number of 0 or more`,
  rating_out_of_range: ({ value }: { value: number }) => `${value} is outside 0–5`,
  coordinate_out_of_range: ({ value, limit }: { value: number; limit: number }) => `${value} is outside −${limit}…${limit}`,
  name_missing: () => 'the name is missing',
  coordinate_half_missing: ({ missing }: { missing: 'latitude' | 'longitude' }) => `${missing} is missing while the other coordinate is given`,
  country_code_unknown: ({ value }: { value: string }) => `"${value}" is not an ISO 3166 country code`,
  record_refused: ({ detail }: { detail: string }) => `the record refused the row: ${detail}`,
  row_unreadable: ({ problem }: { problem: RecordProblem }) => `the row cannot be read: ${recordProblemText(problem)}`,
  // A skipped row.
  permanently_closed: () => 'permanently closed',
  repeated_header: () => 'repeated header row',
  // A file that failed (nothing of it written, or only the batches committed before it stopped).
  file_unreadable: ({ problem }: { problem: FileProblem }) => fileProblemText(problem),
  read_stopped: ({ problem, rows, written }: { problem: FileProblem; rows: number; written: number }) => `${fileProblemText(problem)}${stoppedAfter(rows, written)}`,
  header_unreadable: ({ problem }: { problem: RecordProblem }) => `The header row cannot be read: ${recordProblemText(problem)}`,
  no_header: () => 'The file is empty: no header row was found.',
  no_name_column: ({ found }: { found: string }) => `No name column was found (name, title, …). Columns found: ${found || 'none'}.`,
  text_named_workbook: ({ extension, firstLine }: { extension: string; firstLine: string }) =>
    `The file is named ${extension} but is a text file, not an Excel workbook, and its first line is no header with a name column` +
    `${firstLine ? ` (it reads: ${firstLine})` : ''}. Save the spreadsheet from Excel as a workbook, or as a .csv file with a header row (name, …).`,
  disk_full: ({ rows, written }: { rows: number; written: number }) =>
    `The disk holding the record is full: the import stopped after ${rows} rows; the ${written} written before stay in the record. Free disk space, then import the file again to complete it.`,
  interrupted: ({ rows, written }: { rows: number; written: number }) =>
    `Interrupted after ${rows} rows (${written} written in committed batches). Import the file again to complete it: rows already written are updated, not duplicated.`,
} as const;

export type ImportReasonCode = keyof typeof IMPORT_REASONS;
export type ImportReason = ReasonOf<typeof IMPORT_REASONS>;

/** The codes of each table, for code that walks them all (the Turkish table's test). */
export const IMPORT_REASON_CODES = Object.keys(IMPORT_REASONS) as ImportReasonCode[];
export const FILE_PROBLEM_CODES = Object.keys(FILE_PROBLEMS) as FileProblem['code'][];
export const RECORD_PROBLEM_CODES = Object.keys(RECORD_PROBLEMS) as RecordProblem['code'][];

/** An import reason's English words. */
export const importReasonText = (reason: ImportReason): string =>
  (IMPORT_REASONS[reason.code] as (params: ImportReason['params']) => string)(reason.params);

/** A reason as the report carries it: the English words beside the code and parameters. */
export const reasonFields = (reason: ImportReason): { reason: string } & ImportReason => ({ reason: importReasonText(reason), ...reason });

const isImportReasonCode = (code: unknown): code is ImportReasonCode => typeof code === 'string' && Object.hasOwn(IMPORT_REASONS, code);

/**
 * A stored reason from its code and its parameters' JSON; null for one stored before codes were
 * kept (no code), or with a code this version no longer has: its English words are all there is.
 */
export function storedImportReason(code: string | null, params: string | null): ImportReason | null {
  if (!isImportReasonCode(code)) return null;
  return { code, params: params === null ? {} : JSON.parse(params) } as ImportReason;
}
