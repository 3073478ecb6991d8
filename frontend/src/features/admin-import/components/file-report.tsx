import { importReasonTurkish } from '@directory/backend/shared/import-reasons-turkish.ts';
import type { FileImportResult, SheetPlace } from '@directory/backend/shared/import-types.ts';
import { rowPlaceTurkish } from '@directory/backend/shared/row-place.ts';
import { errorsCsvUrl } from '../api.ts';
import { importCountsOf } from '@directory/backend/shared/import-counts.ts';
import { resultStatusText } from '../import-summary.ts';
import { formatPercent } from '../../admin/admin-format.ts';
import { REPEATED_LABEL, UPDATED_HINT } from '../../admin/upload-report-figures.ts';

const FIRST_ERRORS = 10;

/** A table's row cells: its sheet (when the file's rows name one) and its own row there. */
function RowCells({ row, sheet, hasSheets }: { row: number; sheet: SheetPlace | null; hasSheets: boolean }) {
  return (
    <>
      {hasSheets && <td>{sheet?.name ?? '—'}</td>}
      <td>{sheet?.row ?? row}</td>
    </>
  );
}

/** The heading cells of those columns. */
function RowHeadings({ hasSheets }: { hasSheets: boolean }) {
  return (
    <>
      {hasSheets && <th scope="col">Sayfa</th>}
      <th scope="col">Satır</th>
    </>
  );
}

/**
 * One file's report: counts (a row repeating an earlier row's place apart from an update of the
 * record), column extraction, duplicate analysis, the first errors and skipped rows, and all of them as CSV.
 */
export function FileReport({ result }: { result: FileImportResult }) {
  const columns = result.columnExtraction;
  const duplicates = result.duplicateAnalysis;
  const { updated: updatedInRecord, repeated: repeats } = importCountsOf(result);
  // A workbook of several worksheets names each row's sheet: "Sayfa2, satır 5" is where the operator finds it.
  const errorsHaveSheets = result.errors.some((error) => error.sheet !== null);
  const skippedHaveSheets = result.skippedBusinesses.some((skipped) => skipped.sheet !== null);
  return (
    <section className={`import-report ${result.success ? 'is-success' : 'is-failed'}`} aria-label={`Rapor: ${result.fileName}`}>
      <h3>
        {result.fileName} {result.isDryRun && <span className="import-badge">deneme (yazılmadı)</span>}
      </h3>
      <p role="status">{resultStatusText(result)}</p>
      <dl className="import-counts">
        <div><dt>Toplam satır</dt><dd>{result.totalRows}</dd></div>
        <div><dt>Başarılı</dt><dd>{result.successCount}</dd></div>
        <div><dt>Yeni</dt><dd>{result.inserted}</dd></div>
        <div><dt>Güncellenen</dt><dd title={UPDATED_HINT}>{updatedInRecord}</dd></div>
        <div><dt>{REPEATED_LABEL}</dt><dd title="Dosyanın daha önceki bir satırındaki yer; son satır geçerlidir">{repeats}</dd></div>
        {!result.isDryRun && <div><dt>Kayda yazılan</dt><dd title="Yeni ya da değeri değişen işletmeler; aynı kalan satırlar yeniden yazılmaz">{result.changedCount}</dd></div>}
        <div><dt>Hatalı</dt><dd>{result.errorCount}</dd></div>
        <div><dt>Atlanan</dt><dd>{result.skippedCount}</dd></div>
        <div><dt>Geçici olarak kapalı</dt><dd title="İçe aktarıldı ve geçici olarak kapalı diye işaretlendi">{result.temporarilyClosedCount}</dd></div>
      </dl>
      {columns && (
        <details>
          <summary>Sütunlar: {columns.extractedCount}/{columns.totalColumns} bulundu ({formatPercent(columns.extractionRate / 100)})</summary>
          <p>Bulunan: {columns.successful.join(', ') || '—'}</p>
          <p>Eksik: {columns.missing.join(', ') || '—'}</p>
          <p>Tanınmayan: {columns.unrecognised.join(', ') || '—'}</p>
        </details>
      )}
      {duplicates && (
        <details>
          <summary>Tekrar analizi: dosyada {duplicates.excelDuplicateCount}, veritabanında {duplicates.databaseDuplicateCount}, yeni {duplicates.newPlaceIdCount}</summary>
          <p>
            Place ID'li yer: {duplicates.recordsWithPlaceId} / {duplicates.uniquePlaceIds} farklı yer. Dosyada tekrarlanan yerlerde son satır geçerlidir.
          </p>
          {duplicates.excelDuplicateRecords.length > 0 && (
            <ul>
              {duplicates.excelDuplicateRecords.slice(0, FIRST_ERRORS).map((record) => (
                <li key={record.row}>
                  {rowPlaceTurkish(record.row, record.sheet)}: {record.name}
                </li>
              ))}
            </ul>
          )}
        </details>
      )}
      {result.errors.length > 0 && (
        <table className="import-errors">
          <caption>İlk hatalar</caption>
          <thead>
            <tr><RowHeadings hasSheets={errorsHaveSheets} /><th scope="col">Sütun</th><th scope="col">Neden</th></tr>
          </thead>
          <tbody>
            {result.errors.slice(0, FIRST_ERRORS).map((error, index) => (
              <tr key={`${error.row}-${index}`}><RowCells row={error.row} sheet={error.sheet} hasSheets={errorsHaveSheets} /><td>{error.column || '—'}</td><td>{importReasonTurkish(error, error.column)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {result.skippedBusinesses.length > 0 && (
        <table className="import-errors">
          <caption>İlk atlanan satırlar</caption>
          <thead>
            <tr><RowHeadings hasSheets={skippedHaveSheets} /><th scope="col">Ad</th><th scope="col">Neden</th></tr>
          </thead>
          <tbody>
            {result.skippedBusinesses.slice(0, FIRST_ERRORS).map((skipped, index) => (
              <tr key={`${skipped.row}-${index}`}><RowCells row={skipped.row} sheet={skipped.sheet} hasSheets={skippedHaveSheets} /><td>{skipped.name ?? '—'}</td><td>{importReasonTurkish(skipped)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {result.reportId !== null && (result.errorCount > 0 || result.skippedCount > 0) && (
        <a href={errorsCsvUrl(result.reportId)} download>Hatalı ve atlanan satırları indir (CSV)</a>
      )}
    </section>
  );
}
