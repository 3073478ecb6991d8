/**
 * The body of `npm run import -- FILE... [--batch-size N] [--dry-run]` (scripts/import.ts starts
 * it at background priority): imports spreadsheets from the command line (files too big for a
 * browser upload), one at a time, with a progress bar and each file's report at the end. Reports left running by a dead import are marked interrupted
 * first. Above the rebuild threshold the search index is rebuilt (atomic swap); below it the
 * server applies the change log (or `npm run indexer` does).
 */
import { parseArgs } from 'node:util';
import { openRecord, type RecordDatabase } from '../data/src/record.ts';
import { storageFailure } from '../backend/src/storage-failure.ts';
import { ImportReportRepository, isProcessAlive } from '../backend/src/db/import-report-repository.ts';
import { importFile, type ImportProgress } from '../backend/src/services/import-runner.ts';
import { loadBackendConfig } from '../backend/src/config.ts';
import { BATCH_SIZES, DEFAULT_BATCH_SIZE, type FileImportResult } from '../backend/src/shared/import-types.ts';
import { rowPlaceText } from '../backend/src/shared/row-place.ts';
import { ChangeLogConsumers, importRebuildName } from '../indexer/src/change-log.ts';
import { createEngine } from '../indexer/src/create-engine.ts';
import type { SearchEngine } from '../indexer/src/engine.ts';
import { rebuildIndex } from '../indexer/src/sync.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'batch-size': { type: 'string', default: String(DEFAULT_BATCH_SIZE) }, 'dry-run': { type: 'boolean', default: false } },
});
const batchSize = Number(values['batch-size']);
if (!(BATCH_SIZES as readonly number[]).includes(batchSize) || positionals.length === 0) {
  process.stderr.write(`Usage: npm run import -- FILE... [--batch-size ${BATCH_SIZES.join('|')}] [--dry-run]\n`);
  process.exit(2);
}

const isTerminal = process.stderr.isTTY === true;
const BAR_WIDTH = 30;

/** One redrawn line on a terminal; one line per committed batch otherwise (logs, tests). */
function showProgress(fileName: string, progress: ImportProgress): void {
  const share = progress.fileSize > 0 ? Math.min(progress.bytesRead / progress.fileSize, 1) : 0;
  const filled = Math.round(share * BAR_WIDTH);
  const line = `${fileName} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}% ${progress.rowsRead} rows read, ${progress.rowsWritten} written, ${progress.errorCount} errors, ${progress.skippedCount} skipped`;
  if (isTerminal) process.stderr.write(`\r${line}\u001b[K`);
}

function printReport(result: FileImportResult): void {
  const lines = [
    `${result.success ? 'OK' : 'FAILED'} ${result.fileName}: ${result.message}`,
    `  rows ${result.totalRows} = ${result.successCount} imported + ${result.errorCount} errors + ${result.skippedCount} skipped${result.isDryRun ? ' (dry run: nothing written)' : `; ${result.changedCount} businesses written (new or changed; a row equal to the record is not written again)`}`,
  ];
  if (result.columnExtraction) {
    lines.push(`  columns: ${result.columnExtraction.extractedCount}/${result.columnExtraction.totalColumns} found; missing: ${result.columnExtraction.missing.join(', ') || 'none'}; unrecognised: ${result.columnExtraction.unrecognised.join(', ') || 'none'}`);
  }
  if (result.duplicateAnalysis) {
    const duplicates = result.duplicateAnalysis;
    lines.push(`  duplicates: ${duplicates.excelDuplicateCount} repeated in the file (last row wins), ${duplicates.databaseDuplicateCount} already in the record, ${duplicates.newPlaceIdCount} new`);
  }
  lines.push(`  ${result.derivedKeyCount} rows without place id or cid (keyed by name, address, coordinates); ${result.unreadableHoursCount} with hours kept as text; ${result.temporarilyClosedCount} temporarily closed`);
  for (const error of result.errors.slice(0, 20)) lines.push(`  ${rowPlaceText(error.row, error.sheet)}${error.column ? ` ${error.column}` : ''}: ${error.reason}`);
  if (result.errorCount > 20) lines.push(`  … every error is stored with report ${result.reportId}`);
  lines.push(`  ${result.processingTimeSeconds} s`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

const config = loadBackendConfig();
/** Opens the record and marks dead runs; a data folder that cannot be written is one line and exit 1. */
function openForImport(): { record: RecordDatabase; interrupted: number } {
  let opened: RecordDatabase | null = null;
  try {
    opened = openRecord(config.recordFile);
    return { record: opened, interrupted: new ImportReportRepository(opened).markDeadRunsInterrupted(isProcessAlive) };
  } catch (error) {
    const reason = storageFailure(error, config.dataDir);
    if (reason === null) throw error;
    opened?.close();
    process.stderr.write(`${reason}\n`);
    process.exit(1);
  }
}
const { record, interrupted } = openForImport();
if (interrupted > 0) process.stdout.write(`Marked ${interrupted} import report(s) left running by a stopped process as interrupted.\n`);

let written = 0;
let hasFailed = false;
/**
 * Once the files have changed more businesses than the rebuild threshold, the rebuild that ends this
 * command is registered at once (not when it starts): every sync of the index, the server's
 * included, then leaves the rest of the rows to it, also between the last file and the rebuild.
 */
let rebuild: { engine: SearchEngine; name: string } | null = null;
function reserveRebuild(changedInFile: number): void {
  if (rebuild !== null || values['dry-run'] || written + changedInFile <= config.rebuildThreshold) return;
  const engine = createEngine(config);
  rebuild = { engine, name: importRebuildName(engine.indexId) };
  new ChangeLogConsumers(record).reserve(rebuild.name);
}
for (const [index, file] of positionals.entries()) {
  const fileName = file.split('/').pop() ?? file;
  const result = await importFile({
    record, file, fileName, batchSize, isDryRun: values['dry-run'], fileIndex: index + 1, totalFiles: positionals.length,
    onProgress: (progress) => showProgress(fileName, progress),
    onBatchCommitted: (batchNumber, changedInFile) => {
      if (!isTerminal) process.stdout.write(`committed batch ${batchNumber} (${changedInFile} businesses of the file written so far)\n`);
      reserveRebuild(changedInFile);
    },
  });
  if (isTerminal) process.stderr.write('\n');
  printReport(result);
  written += result.changedCount;
  hasFailed ||= !result.success;
}

if (!values['dry-run'] && written > config.rebuildThreshold) {
  process.stdout.write(`${written} businesses written (over ${config.rebuildThreshold}): rebuilding the search index…\n`);
  reserveRebuild(0);
  const { engine, name } = rebuild!;
  const report = await rebuildIndex(config.recordFile, engine, config.listingPolicy, { consumerName: name });
  await engine.close();
  process.stdout.write(`Rebuilt the ${report.engine} index: ${report.documents} businesses in ${report.seconds.toFixed(1)} s.\n`);
} else if (written > 0) {
  process.stdout.write('The running server applies these changes to the search index from the change log (or run `npm run indexer`).\n');
}
record.close();
process.exitCode = hasFailed ? 1 : 0;
