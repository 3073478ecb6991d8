/**
 * What a file is, from its first bytes and never from its name: a zip (→ .xlsx), an OLE2
 * compound file (→ legacy .xls), or text (→ CSV, with its encoding); anything else is refused.
 */
import { open } from 'node:fs/promises';
import type { FileProblem } from '../shared/import-reasons.ts';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type FileKind =
  | { kind: 'xlsx' }
  | { kind: 'xls' }
  | { kind: 'csv'; encoding: TextEncoding; bomLength: number }
  | { kind: 'unknown'; problem: FileProblem };

const SAMPLE_BYTES = 64 * 1024;
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/** The kind of a file from its leading bytes (at most 64 KB are looked at). */
export function detectFileKind(head: Uint8Array): FileKind {
  if (head.length === 0) return { kind: 'unknown', problem: { code: 'empty_file', params: {} } };
  if (startsWith(head, ZIP) || startsWith(head, EMPTY_ZIP)) return { kind: 'xlsx' };
  if (startsWith(head, OLE2)) return { kind: 'xls' };
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { kind: 'csv', encoding: 'utf-8', bomLength: 3 };
  if (startsWith(head, [0xff, 0xfe])) return { kind: 'csv', encoding: 'utf-16le', bomLength: 2 };
  if (startsWith(head, [0xfe, 0xff])) return { kind: 'csv', encoding: 'utf-16be', bomLength: 2 };
  if (head.includes(0)) {
    return { kind: 'unknown', problem: { code: 'not_a_spreadsheet', params: {} } };
  }
  try {
    // stream: true lets a multi-byte character cut by the end of the sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { kind: 'csv', encoding: 'utf-8', bomLength: 0 };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // Not UTF-8 and no NUL bytes: a legacy single-byte CSV (Excel's "CSV" on Windows).
    return { kind: 'csv', encoding: 'windows-1252', bomLength: 0 };
  }
}

/** Reads the first bytes of a file and detects its kind. */
export async function detectFileKindOf(file: string): Promise<FileKind> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return detectFileKind(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The delimiter among `,` `;` and tab that splits the header line into the most fields (quotes respected). */
export function sniffDelimiter(sample: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let isQuoted = false;
  for (const char of sample) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) break;
    else if (!isQuoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** How the first line of a CSV sample ends, outside quotes: the line break its records end with ('\n' when the sample has none). */
export function sniffLineBreak(sample: string): '\r\n' | '\n' | '\r' {
  let isQuoted = false;
  for (let index = 0; index < sample.length; index += 1) {
    const char = sample[index];
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && char === '\n') return '\n';
    else if (!isQuoted && char === '\r') return sample[index + 1] === '\n' ? '\r\n' : '\r';
  }
  return '\n';
}

/**
 * The header line of a CSV sample: its number of columns with `delimiter` (quotes respected),
 * or null when the sample holds no complete line.
 */
export function headerColumnCount(sample: string, delimiter: string, isWholeFile: boolean): number | null {
  let isQuoted = false;
  let columns = 1;
  for (const char of sample) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) return columns;
    else if (!isQuoted && char === delimiter) columns += 1;
  }
  return isWholeFile ? columns : null;
}
