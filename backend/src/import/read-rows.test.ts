import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileKind, sniffDelimiter } from './file-type.ts';
import type { RecordProblem } from '../shared/import-reasons.ts';
import { MAX_CSV_COLUMNS, MAX_CSV_RECORD_CHARS, openRows, UnreadableFileError, type SheetRow } from './read-rows.ts';
import { inspectZip } from './zip-guard.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

async function readAll(file: string): Promise<SheetRow[]> {
  const source = await openRows(file);
  const rows: SheetRow[] = [];
  for await (const row of source.rows) rows.push(row);
  return rows;
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let index = 0; index < le.length; index += 2) [le[index], le[index + 1]] = [le[index + 1]!, le[index]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};

describe('file kind and delimiter', () => {
  it('decides the kind by content', () => {
    expect(detectFileKind(Buffer.from('PK\u0003\u0004rest'))).toEqual({ kind: 'xlsx' });
    expect(detectFileKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toEqual({ kind: 'xls' });
    expect(detectFileKind(Buffer.from('\uFEFFname,phone\n', 'utf8'))).toEqual({ kind: 'csv', encoding: 'utf-8', bomLength: 3 });
    expect(detectFileKind(utf16le('name'))).toEqual({ kind: 'csv', encoding: 'utf-16le', bomLength: 2 });
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]))).toMatchObject({ kind: 'unknown' });
    expect(detectFileKind(Buffer.from('caf\xe9;ok', 'latin1'))).toEqual({ kind: 'csv', encoding: 'windows-1252', bomLength: 0 });
  });

  it('sniffs , ; and tab outside quotes', () => {
    expect(sniffDelimiter('name,"a;b;c",phone\n')).toBe(',');
    expect(sniffDelimiter('name;address;phone\r\nx;y;z')).toBe(';');
    expect(sniffDelimiter('name\taddress\tphone\n')).toBe('\t');
  });
});

describe('openRows', () => {
  const expected = [
    { rowNumber: 1, cells: ['name', 'address'] },
    { rowNumber: 2, cells: ['Ταβέρνα', 'Λεοφόρος 1, Λευκωσία'] },
    { rowNumber: 3, cells: ['Chez "Jo"', 'a\tb'] },
  ];

  it('reads CSV in every delimiter, encoding and line ending the issue lists', async () => {
    const files = [
      write('comma.csv', 'name,address\n"Ταβέρνα","Λεοφόρος 1, Λευκωσία"\n"Chez ""Jo""","a\tb"\n'),
      write('semicolon-crlf-bom.csv', '\uFEFFname;address\r\nΤαβέρνα;Λεοφόρος 1, Λευκωσία\r\n"Chez ""Jo""";"a\tb"\r\n'),
      write('tab-utf16le.csv', utf16le('name\taddress\r\nΤαβέρνα\tΛεοφόρος 1, Λευκωσία\r\n"Chez ""Jo"""\t"a\tb"\r\n')),
      write('comma-utf16be.csv', utf16be('name,address\nΤαβέρνα,"Λεοφόρος 1, Λευκωσία"\n"Chez ""Jo""","a\tb"\n')),
    ];
    for (const file of files) expect(await readAll(file), file).toEqual(expected);
  });

  it('numbers each CSV row by the line it ends on, across quoted line breaks and blank lines, LF or CRLF', async () => {
    const text = 'name,about\n"A","one\ntwo\nthree"\n\n\nB,x\n"C","\n"\nD,y';
    for (const eol of ['\n', '\r\n']) {
      const file = write(`line-numbers-${eol === '\n' ? 'lf' : 'crlf'}.csv`, text.replaceAll('\n', eol));
      expect(await readAll(file), JSON.stringify(eol)).toEqual([
        { rowNumber: 1, cells: ['name', 'about'] },
        { rowNumber: 4, cells: ['A', `one${eol}two${eol}three`] },
        { rowNumber: 7, cells: ['B', 'x'] },
        { rowNumber: 9, cells: ['C', eol] },
        { rowNumber: 10, cells: ['D', 'y'] },
      ]);
    }
  });

  it('names the line of an unreadable record after quoted line breaks as an editor shows it, LF or CRLF', async () => {
    // The last line, 5, opens a quote that never closes.
    for (const eol of ['\n', '\r\n']) {
      const file = write(`unclosed-${eol === '\n' ? 'lf' : 'crlf'}.csv`, `name,about${eol}"A","one${eol}two"${eol}B,x${eol}"C,unclosed`);
      expect(await readAll(file), JSON.stringify(eol)).toEqual([
        { rowNumber: 1, cells: ['name', 'about'] },
        { rowNumber: 3, cells: ['A', `one${eol}two`] },
        { rowNumber: 4, cells: ['B', 'x'] },
        { rowNumber: 5, unreadable: { code: 'unclosed_quote', params: {} } },
      ]);
    }
  });

  it('numbers an unreadable record by the line it ends on when it holds line breaks itself, LF or CRLF', async () => {
    // The record opened on line 4 never closes its quote: it runs to the last line, 6.
    for (const eol of ['\n', '\r\n']) {
      const file = write(`unclosed-multiline-${eol === '\n' ? 'lf' : 'crlf'}.csv`, `name,about${eol}"A","one${eol}two"${eol}"C","unclosed${eol}still${eol}open`);
      expect(await readAll(file), JSON.stringify(eol)).toEqual([
        { rowNumber: 1, cells: ['name', 'about'] },
        { rowNumber: 3, cells: ['A', `one${eol}two`] },
        { rowNumber: 6, unreadable: { code: 'unclosed_quote', params: {} } },
      ]);
    }
  });

  it('reports a record whose quoted field is followed by other characters, and goes on at the next line', async () => {
    for (const eol of ['\n', '\r\n']) {
      const rows = await readAll(write(`broken-${eol.length}.csv`, `name,phone${eol}A,1${eol}"B"x"y,2${eol}C,3${eol}"D",4`));
      expect(rows, JSON.stringify(eol)).toEqual([
        { rowNumber: 1, cells: ['name', 'phone'] },
        { rowNumber: 2, cells: ['A', '1'] },
        { rowNumber: 3, unreadable: { code: 'malformed_quote', params: {} } },
        { rowNumber: 4, cells: ['C', '3'] },
        { rowNumber: 5, cells: ['D', '4'] },
      ]);
    }
  });

  it('reads a file where every other record is malformed, each reported at its line, the others read', async () => {
    const malformed: RecordProblem = { code: 'malformed_quote', params: {} };
    const expected: SheetRow[] = [{ rowNumber: 1, cells: ['name', 'phone', 'about'] }];
    let text = 'name,phone,about\n';
    for (let i = 0; i < 40_000; i += 1) {
      if (i % 2 === 0) {
        text += `"Joe "Best" Pizza ${i}",+1 555 ${i},"ok"\n`;
        expected.push({ rowNumber: i + 2, unreadable: malformed });
      } else {
        text += `Plain ${i},+1 ${i},"fine, really"\n`;
        expected.push({ rowNumber: i + 2, cells: [`Plain ${i}`, `+1 ${i}`, 'fine, really'] });
      }
    }
    expect(await readAll(write('every-other-malformed.csv', text))).toEqual(expected);
  });

  it('reads a file of many chunks whatever falls on their boundaries: quoted line breaks, quotes, a broken record, the last line without a line break', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      // ~1.6 MB: records straddle the reader's 256 KB chunks, some with line breaks of their own.
      const expected: SheetRow[] = [{ rowNumber: 1, cells: ['name', 'about', 'phone'] }];
      let text = `name,about,phone${eol}`;
      let line = 2;
      for (let i = 0; i < 12_000; i += 1) {
        if (i === 7_777) {
          text += `"Broken "x, ok,1${eol}`;
          expected.push({ rowNumber: line, unreadable: { code: 'malformed_quote', params: {} } });
          line += 1;
          continue;
        }
        if (i % 1000 === 500) {
          text += eol;
          line += 1;
        }
        const about = i % 3 === 0 ? `first${eol}second ${'x'.repeat(i % 200)}${eol}third` : `said "hi" ${'y'.repeat(i % 150)}`;
        const breaks = i % 3 === 0 ? 2 : 0;
        text += `"Place ${i}","${about.replaceAll('"', '""')}",+33 ${i}${i === 11_999 ? '' : eol}`;
        expected.push({ rowNumber: line + breaks, cells: [`Place ${i}`, about, `+33 ${i}`] });
        line += breaks + 1;
      }
      expect(text.length).toBeGreaterThan(1_000_000);
      expect(await readAll(write(`many-chunks-${eol.length}-${eol.charCodeAt(0)}.csv`, text)), JSON.stringify(eol)).toEqual(expected);
    }
  });

  it('stops at a record with a 10 MB field and says so, keeping the rows before it', async () => {
    const file = write('big-field.csv', `name,about\nBefore,ok\n"Huge","${'x'.repeat(10 * 1024 * 1024)}"\nAfter,ok\n`);
    const rows = await readAll(file);
    expect(rows.filter((row) => 'cells' in row).map((row) => 'cells' in row && row.cells[0])).toEqual(['name', 'Before']);
    expect(rows.filter((row) => 'unreadable' in row)).toEqual([
      { rowNumber: 3, unreadable: { code: 'record_too_long', params: { max: MAX_CSV_RECORD_CHARS } } },
    ]);
  });

  it('stops at a record just over the limit that ends inside the chunk it is read with', async () => {
    // Carried across the reader's 256 KB chunks, this record is complete in the fourth: still too long.
    const file = write('just-too-long.csv', `name,about\nBefore,ok\n"Long","${'x'.repeat(MAX_CSV_RECORD_CHARS + 100)}"\nAfter,ok\n`);
    expect(await readAll(file)).toEqual([
      { rowNumber: 1, cells: ['name', 'about'] },
      { rowNumber: 2, cells: ['Before', 'ok'] },
      { rowNumber: 3, unreadable: { code: 'record_too_long', params: { max: MAX_CSV_RECORD_CHARS } } },
    ]);
  });

  it('refuses a file whose header has a million columns before parsing it', async () => {
    const header = Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',');
    const file = write('million-columns.csv', `${header}\n${header}\n`);
    await expect(openRows(file)).rejects.toThrow(new UnreadableFileError({ code: 'header_line_too_long', params: { maxKb: 64 } }));
    await expect(openRows(file)).rejects.toThrow('The first line (the column names) is longer than 64 KB: this is not a places export.');
    const wideButShort = write('wide-header.csv', `${Array.from({ length: 5_000 }, () => 'c').join(',')}\nv\n`);
    await expect(openRows(wideButShort)).rejects.toThrow(`The file has 5,000 columns; a places export has at most ${MAX_CSV_COLUMNS.toLocaleString('en-US')}.`);
  });

  it('reports a data record with a million (empty) fields as unreadable', async () => {
    const rows = await readAll(write('million-fields.csv', `name,phone\nA,1\n${','.repeat(999_999)}\nC,3\n`));
    expect(rows.filter((row) => 'cells' in row).map((row) => 'cells' in row && row.cells[0])).toEqual(['name', 'A', 'C']);
    expect(rows.filter((row) => 'unreadable' in row)).toEqual([
      { rowNumber: 3, unreadable: { code: 'too_many_fields', params: { fields: 1_000_000, max: MAX_CSV_COLUMNS } } },
    ]);
  });

  it('reads an .xlsx with numbers, booleans and rich text as text, not its sheet of notes (naming the sheet read: the workbook has two)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Places');
    sheet.addRow(['name', 'rating', 'verified', 'postal_code']);
    sheet.addRow([{ richText: [{ text: 'Chez ' }, { text: 'Jo' }] }, 4.4, true, 90744]);
    workbook.addWorksheet('Notes').addRow(['not read']);
    const file = join(dir, 'book.xlsx');
    await workbook.xlsx.writeFile(file);
    expect(await readAll(file)).toEqual([
      { sheet: { name: 'Places', firstRow: 1, shift: 0 } },
      { rowNumber: 1, cells: ['name', 'rating', 'verified', 'postal_code'] },
      { rowNumber: 2, cells: ['Chez Jo', '4.4', 'TRUE', '90744'] },
    ]);
  });

  it('reads on in each later worksheet that repeats the first header, numbering its rows on as one table and telling where each sheet starts; other sheets are not read', async () => {
    const workbook = new ExcelJS.Workbook();
    const places = workbook.addWorksheet('businesses');
    places.addRow(['name', 'phone']);
    places.addRow(['A', '1']);
    places.addRow(['B', '2']);
    const notes = workbook.addWorksheet('Notes');
    notes.addRow(['name of the file', 'phone']);
    notes.addRow(['not read', '0']);
    const more = workbook.addWorksheet('businesses 2');
    // The same header, written with a space and an empty cell after it.
    more.addRow([' name', 'phone ', '']);
    more.addRow(['C', '3']);
    // A blank row kept by its formatting, then a row further down: numbered as in its sheet, moved along.
    more.getRow(4).values = ['D', '4'];
    const last = workbook.addWorksheet('businesses 3');
    last.addRow(['name', 'phone']);
    last.addRow(['E', '5']);
    const file = join(dir, 'sheets.xlsx');
    await workbook.xlsx.writeFile(file);

    // A later sheet's own row is the number it gets minus its shift: D is row 4 of 'businesses 2'.
    expect(await readAll(file)).toEqual([
      { sheet: { name: 'businesses', firstRow: 1, shift: 0 } },
      { rowNumber: 1, cells: ['name', 'phone'] },
      { rowNumber: 2, cells: ['A', '1'] },
      { rowNumber: 3, cells: ['B', '2'] },
      { sheet: { name: 'businesses 2', firstRow: 4, shift: 2 } },
      { rowNumber: 4, cells: ['C', '3'] },
      { rowNumber: 6, cells: ['D', '4'] },
      { sheet: { name: 'businesses 3', firstRow: 7, shift: 5 } },
      { rowNumber: 7, cells: ['E', '5'] },
    ]);
  });

  it('reads on in the later sheets of a legacy .xls that repeat the first header', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['name', 'rating'], ['A', 4.5]]), 'businesses');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['notes'], ['not read']]), 'Notes');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['name', 'rating'], ['B', 3]]), 'businesses 2');
    const file = write('sheets.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(await readAll(file)).toEqual([
      { sheet: { name: 'businesses', firstRow: 1, shift: 0 } },
      { rowNumber: 1, cells: ['name', 'rating'] },
      { rowNumber: 2, cells: ['A', '4.5'] },
      { sheet: { name: 'businesses 2', firstRow: 3, shift: 1 } },
      { rowNumber: 3, cells: ['B', '3'] },
    ]);
  });

  it('streams a worksheet that comes before the workbook parts: the first rows come before the archive is read through', async () => {
    // exceljs's streaming writer (like Excel with its shared strings) puts the sheet before workbook.xml in the archive.
    const file = join(dir, 'sheet-first.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    const sheet = writer.addWorksheet('Places');
    sheet.addRow(['name', 'about']).commit();
    for (let index = 0; index < 20_000; index += 1) sheet.addRow([`Place ${index}`, randomBytes(48).toString('hex')]).commit();
    await writer.commit();
    const source = await openRows(file);
    let readAtFirstRow = -1;
    let rows = 0;
    for await (const _row of source.rows) {
      if (rows === 0) readAtFirstRow = source.bytesRead();
      rows += 1;
    }
    expect(rows).toBe(20_001);
    expect(readAtFirstRow).toBeGreaterThanOrEqual(0);
    expect(readAtFirstRow).toBeLessThan(source.fileSize / 2);
  });

  it('reads a legacy .xls', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['name', 'rating'], ['Café Ñandú', 4.5]]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    const file = write('legacy.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(await readAll(file)).toEqual([
      { rowNumber: 1, cells: ['name', 'rating'] },
      { rowNumber: 2, cells: ['Café Ñandú', '4.5'] },
    ]);
  });

  it('refuses a non-spreadsheet renamed .xlsx, and a zip that is not a workbook', async () => {
    const png = write('picture.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    await expect(openRows(png)).rejects.toThrow(new UnreadableFileError({ code: 'not_a_spreadsheet', params: {} }));
    await expect(openRows(png)).rejects.toThrow('The file is neither an Excel workbook (.xlsx, .xls) nor a CSV text file.');
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    const notBook = write('archive.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(openRows(notBook)).rejects.toThrow('The file is a zip archive but not an Excel workbook (.xlsx).');
  });
});

describe('zip bomb guard', () => {
  it('refuses an entry with an absurd compression ratio before unpacking', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(12 * 1024 ** 2));
    const file = write('bomb.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } }));
    const verdict = await inspectZip(file);
    expect(verdict.isAccepted).toBe(false);
    expect(verdict).toMatchObject({ problem: { code: 'zip_ratio', params: { entry: 'xl/worksheets/sheet1.xml' } } });
    await expect(openRows(file)).rejects.toThrow(/zip bomb/);
  });

  it('refuses too many entries or too many declared bytes', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    for (let index = 0; index < 20; index += 1) zip.file(`xl/part${index}.xml`, 'x'.repeat(1000));
    const file = write('many.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(await inspectZip(file, { maxEntries: 10, maxTotalBytes: 1e9, maxRatio: 200, ratioFloorBytes: 1e6 })).toEqual({
      isAccepted: false,
      problem: { code: 'zip_too_many_entries', params: { entries: 22, max: 10 } },
    });
    expect(await inspectZip(file, { maxEntries: 100, maxTotalBytes: 5000, maxRatio: 200, ratioFloorBytes: 1e6 })).toMatchObject({ isAccepted: false, problem: { code: 'zip_too_large' } });
    expect(await inspectZip(file)).toEqual({ isAccepted: true, declaredBytes: expect.any(Number) });
  });
});

describe('zip guard while inflating', () => {
  /** Rewrites the uncompressed size the central directory declares for `entryName` (the local header and data stay true). */
  function declareSize(zip: Buffer, entryName: string, size: number): Buffer {
    const patched = Buffer.from(zip);
    for (let at = patched.indexOf(0x02014b50 & 0xff); at >= 0 && at < patched.length - 46; at = patched.indexOf(0x50, at + 1)) {
      if (patched.readUInt32LE(at) !== 0x02014b50) continue;
      const nameLength = patched.readUInt16LE(at + 28);
      if (patched.toString('utf8', at + 46, at + 46 + nameLength) !== entryName) continue;
      patched.writeUInt32LE(size, at + 24);
      return patched;
    }
    throw new Error(`no central directory entry ${entryName}`);
  }

  it('stops reading a workbook whose parts inflate to more than the archive declares, at that point', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('places');
    sheet.addRow(['name', 'place_id']);
    for (let index = 0; index < 3000; index += 1) sheet.addRow([`Place ${index} ${'x'.repeat(200)}`, `ChIJ${index}`]);
    const honest = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await readAll(write('honest.xlsx', honest))).length).toBe(3001);

    // The sheet really inflates to ~700 KB; the archive now says 2 KB (and so passes every declared-size check).
    const lying = write('lying.xlsx', declareSize(honest, 'xl/worksheets/sheet1.xml', 2000));
    const verdict = await inspectZip(lying);
    expect(verdict.isAccepted).toBe(true);
    const rows: SheetRow[] = [];
    const reading = (async () => {
      for await (const row of (await openRows(lying)).rows) rows.push(row);
    })();
    await expect(reading).rejects.toThrow(/inflates to more than the \d+ bytes it declares/);
    // It stopped near the declared total, not after reading the sheet whole.
    expect(rows.length).toBeLessThan(3001);
  });
});
