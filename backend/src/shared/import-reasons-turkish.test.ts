import { describe, expect, it } from 'vitest';
import { ENGLISH_WORDS, englishWordsIn } from '../testing/english-words.ts';
import {
  FILE_PROBLEM_CODES, importReasonText, IMPORT_REASON_CODES, RECORD_PROBLEM_CODES, type FileProblem, type ImportReason, type RecordProblem,
} from './import-reasons.ts';
import { importReasonTurkish } from './import-reasons-turkish.ts';

/** English words an import's sentences use besides those of refusals. */
const IMPORT_ENGLISH = [...ENGLISH_WORDS, 'not', 'row', 'rows', 'outside', 'missing', 'written', 'stopped', 'column', 'read', 'record', 'archive', 'skipped'];

/** Figures for every reason's words (each takes the ones it needs); texts a file may hold, in no language. */
const FIGURES = {
  value: 999, limit: 90, missing: 'latitude', detail: 'SQLITE_CONSTRAINT_CHECK', rows: 1200, written: 1000, found: 'adres, telefon',
  extension: '.xlsx', firstLine: 'lorem ipsum', entries: 12_000, max: 10_000, entry: 'xl/worksheets/sheet1.xml', ratio: 350, maxGb: 3,
  bytes: 5_000_000, maxKb: 64, maxMb: 100, columns: 5000, fields: 1200,
};

/** Each reason of the three tables: a file problem inside a file failure, a record problem inside an unreadable row or header. */
function everyReason(): ImportReason[] {
  const fileProblems = FILE_PROBLEM_CODES.map((code) => ({ code, params: FIGURES }) as unknown as FileProblem);
  const recordProblems = RECORD_PROBLEM_CODES.map((code) => ({ code, params: FIGURES }) as unknown as RecordProblem);
  return IMPORT_REASON_CODES.flatMap((code) => {
    const holds = code === 'file_unreadable' || code === 'read_stopped' ? fileProblems : code === 'row_unreadable' || code === 'header_unreadable' ? recordProblems : [null];
    return holds.map((problem) => ({ code, params: problem === null ? FIGURES : { ...FIGURES, problem } }) as unknown as ImportReason);
  });
}

describe('the Turkish words of an import\'s reasons', () => {
  it('word every reason the importer can give, and every problem it can hold, in Turkish', () => {
    const reasons = everyReason();
    expect(reasons.length).toBe(IMPORT_REASON_CODES.length - 4 + 2 * FILE_PROBLEM_CODES.length + 2 * RECORD_PROBLEM_CODES.length);
    for (const reason of reasons) {
      const label = `${reason.code}${'problem' in reason.params ? ` (${reason.params.problem.code})` : ''}`;
      const text = importReasonTurkish(reason, 'lat');
      expect(text, label).toMatch(/^\S.*[.)]$/);
      expect(text, label).not.toContain(importReasonText(reason));
      expect(englishWordsIn(text, IMPORT_ENGLISH), `${label}: ${text}`).toEqual([]);
    }
  });

  it('name a row\'s field by the column the file gives it, and write figures the Turkish way', () => {
    expect(importReasonTurkish({ code: 'coordinate_out_of_range', params: { value: -181.5, limit: 180 } }, 'lng')).toBe(
      '-181,5 geçerli bir boylam değil: −180 ile 180 arasında olmalı.',
    );
    expect(importReasonTurkish({ code: 'coordinate_half_missing', params: { missing: 'latitude' } }, 'Enlem (Y)')).toBe('Enlem (Enlem (Y)) boş, oysa boylam verilmiş.');
    expect(importReasonTurkish({ code: 'name_missing', params: {} }, 'title')).toBe('İşletme adı (title) boş.');
    expect(importReasonTurkish({ code: 'disk_full', params: { rows: 12_480, written: 12_000 } })).toMatch(/^Kaydın bulunduğu disk dolu: içe aktarma 12\.480 satırdan sonra durdu; ondan önce yazılan 12\.000 satır/);
    // A failure before any row was written says nothing of rows.
    expect(importReasonTurkish({ code: 'read_stopped', params: { problem: { code: 'zip_damaged', params: { detail: 'bad' } }, rows: 0, written: 0 } })).toBe('Zip arşivi bozuk.');
  });
});
