/**
 * The indexer as its own process.
 *   npm run reindex            full rebuild into a new index file, swapped in atomically
 *   ... --rebuild --progress   also prints "progress <read> <total>" lines (the admin area follows them)
 *   npm run indexer            apply pending change-log entries once
 *   npm run indexer -- --watch keep applying them (when the server runs with INDEX_SYNC=off)
 *                              (more than IMPORT_REBUILD_THRESHOLD waiting: a full rebuild in a child process instead)
 *   npm run index:verify      compare the index with the record; exit 1 on any difference
 */
import { spawn } from 'node:child_process';
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { loadIndexerConfig, PROJECT_ROOT, type IndexerConfig } from './config.ts';
import { createEngine } from './create-engine.ts';
import { armFaultPoint } from './fault-point.ts';
import { lowerThisProcess } from './background-priority.ts';
import type { RebuildReport, SearchEngine } from './engine.ts';
import { publicCondition, type ListingPolicy } from './record-source.ts';
import { IndexSync, rebuildIndex } from './sync.ts';
import { formatVerifyReport, verifyIndex } from './verify.ts';

const WATCH_INTERVAL_MS = 250;

/** A full rebuild that prints how many documents it has read so far, for a parent process to follow. */
async function rebuildWithProgress(record: RecordDatabase, recordFile: string, engine: SearchEngine, policy: ListingPolicy): Promise<RebuildReport> {
  const total = record.prepare(`SELECT count(*) FROM businesses WHERE ${publicCondition(policy)}`).pluck().get() as number;
  console.log(`progress 0 ${total}`);
  return rebuildIndex(recordFile, engine, policy, {}, (read) => console.log(`progress ${read} ${total}`));
}

/**
 * `npm run reindex` as a child process (at a lower CPU priority, as the admin area's rebuild);
 * resolves true when it published. Its output goes to this process's.
 */
function rebuildInChildProcess(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--rebuild'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error) => {
      console.error('The rebuild could not start:', error.message);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * This process's sync: a backlog of more than IMPORT_REBUILD_THRESHOLD changes (rows written by a
 * script, `sqlite3`, a maintenance task while nothing applied them) is rebuilt in a child process,
 * as the server does, instead of being applied change by change (at 1,000,000 businesses 1–4 ms
 * each: 100,000 of them take minutes, a rebuild about one); what comes after the rebuild's
 * snapshot is applied after it, and should it fail, the backlog change by change.
 */
function syncOf(record: RecordDatabase, engine: SearchEngine, config: IndexerConfig): IndexSync {
  return new IndexSync(record, engine, config.listingPolicy, {
    backlog: {
      threshold: config.rebuildThreshold,
      rebuild: (pending) => {
        console.log(`${pending} changes wait in the change log (over IMPORT_REBUILD_THRESHOLD, ${config.rebuildThreshold}): rebuilding the index instead of applying them one by one.`);
        return rebuildInChildProcess();
      },
    },
  });
}

async function main(args: string[]): Promise<void> {
  const config = loadIndexerConfig();
  armFaultPoint(config.faultPauseAt);
  const engine = createEngine(config);
  if (args.includes('--verify')) {
    // Read-only: applies nothing, so it shows the index exactly as visitors see it.
    const report = await verifyIndex(config.recordFile, engine, config.listingPolicy);
    console.log(formatVerifyReport(report));
    await engine.close();
    process.exitCode = report.differenceCount === 0 ? 0 : 1;
    return;
  }
  const record = openRecord(config.recordFile);
  if (args.includes('--rebuild')) {
    // Visitors first: a rebuild beside a running server yields the CPU to it (background-priority.ts).
    lowerThisProcess();
    const report = args.includes('--progress')
      ? await rebuildWithProgress(record, config.recordFile, engine, config.listingPolicy)
      : await rebuildIndex(config.recordFile, engine, config.listingPolicy);
    console.log(`Rebuilt the ${report.engine} index: ${report.documents} businesses in ${report.seconds.toFixed(1)} s.`);
  }
  const sync = syncOf(record, engine, config);
  const applied = await sync.catchUpThroughBacklog();
  if (applied > 0) console.log(`Applied ${applied} changes from the change log.`);
  if (!args.includes('--watch')) {
    await engine.close();
    record.close();
    return;
  }
  console.log(`Watching the change log every ${WATCH_INTERVAL_MS} ms (Ctrl+C stops).`);
  sync.start(WATCH_INTERVAL_MS);
  const keepAlive = setInterval(() => undefined, 1 << 30);
  process.once('SIGINT', () => {
    clearInterval(keepAlive);
    void sync.stop().then(() => engine.close()).then(() => record.close());
  });
}

await main(process.argv.slice(2));
