/**
 * Refuses a zip before anything unpacks it when its central directory declares an absurd
 * size or entry count (a "zip bomb"), or when it is a zip but not an Excel workbook.
 * Only the central directory is read (yauzl, lazily); no entry is inflated here. The sizes an
 * archive declares may lie: while the workbook is read, read-rows.ts counts the bytes really
 * inflated and stops at the lower of maxTotalBytes and the declared total.
 */
import yauzl from 'yauzl';
import type { FileProblem } from '../shared/import-reasons.ts';

export const ZIP_LIMITS = {
  /** An .xlsx has a few dozen parts; thousands mean something else. */
  maxEntries: 10_000,
  /** Total declared uncompressed size. A 150 MB workbook unpacks to about 1–1.5 GB of XML. */
  maxTotalBytes: 3 * 1024 ** 3,
  /** Declared uncompressed/compressed ratio above which a large entry is refused (XML zips about 10–30×). */
  maxRatio: 200,
  /** Entries smaller than this are not held to the ratio (tiny repetitive parts compress very well). */
  ratioFloorBytes: 10 * 1024 ** 2,
};

export type ZipVerdict =
  /** `declaredBytes`: the total uncompressed size the archive declares (what reading may inflate at most). */
  | { isAccepted: true; declaredBytes: number }
  | { isAccepted: false; problem: FileProblem };

/** Inspects the central directory of `file` against `limits`. */
export function inspectZip(file: string, limits = ZIP_LIMITS): Promise<ZipVerdict> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) {
        resolve({ isAccepted: false, problem: { code: 'zip_unreadable', params: { detail: openError?.message ?? 'unknown error' } } });
        return;
      }
      if (zip.entryCount > limits.maxEntries) {
        zip.close();
        resolve({ isAccepted: false, problem: { code: 'zip_too_many_entries', params: { entries: zip.entryCount, max: limits.maxEntries } } });
        return;
      }
      let total = 0;
      let hasWorkbook = false;
      let isDone = false;
      const finish = (verdict: ZipVerdict) => {
        if (isDone) return;
        isDone = true;
        zip.close();
        resolve(verdict);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === 'xl/workbook.xml' || entry.fileName === 'xl/workbook.bin') hasWorkbook = true;
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entry.uncompressedSize >= limits.ratioFloorBytes && ratio > limits.maxRatio) {
          finish({ isAccepted: false, problem: { code: 'zip_ratio', params: { entry: entry.fileName, ratio: Math.round(ratio) } } });
          return;
        }
        if (total > limits.maxTotalBytes) {
          finish({ isAccepted: false, problem: { code: 'zip_too_large', params: { maxGb: Math.round(limits.maxTotalBytes / 1024 ** 3) } } });
          return;
        }
        zip.readEntry();
      });
      zip.on('end', () =>
        finish(hasWorkbook ? { isAccepted: true, declaredBytes: total } : { isAccepted: false, problem: { code: 'zip_not_workbook', params: {} } }),
      );
      zip.on('error', (error: Error) => finish({ isAccepted: false, problem: { code: 'zip_damaged', params: { detail: error.message } } }));
      zip.readEntry();
    });
  });
}
