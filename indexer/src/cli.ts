/**
 * The indexer as its own process.
 *   npm run reindex            full rebuild into a new index file, swapped in atomically
 *   ... --rebuild --progress   also prints "progress <read> <total>" lines (the admin area follows them)
 *   npm run indexer            apply pending change-log entries once
 *   npm run indexer -- --watch keep applying them (when the server runs with INDEX_SYNC=off)
 */
import { openRecord, type RecordDatabase } from '@directory/data/record.ts';
import { loadIndexerConfig } from './config.ts';
import { createEngine } from './create-engine.ts';
import type { RebuildReport, SearchEngine } from './engine.ts';
import { publicCondition, snapshotSource, type ListingPolicy } from './record-source.ts';
import { IndexSync, rebuildIndex } from './sync.ts';

const WATCH_INTERVAL_MS = 250;
const PROGRESS_EVERY = 10_000;

/** A full rebuild that prints how many documents it has read so far, for a parent process to follow. */
async function rebuildWithProgress(record: RecordDatabase, recordFile: string, engine: SearchEngine, policy: ListingPolicy): Promise<RebuildReport> {
  const source = snapshotSource(recordFile, policy);
  const total = record.prepare(`SELECT count(*) FROM businesses WHERE ${publicCondition(policy)}`).pluck().get() as number;
  console.log(`progress 0 ${total}`);
  try {
    return await engine.rebuild({
      seq: source.seq,
      *documents() {
        let read = 0;
        for (const document of source.documents()) {
          yield document;
          read += 1;
          if (read % PROGRESS_EVERY === 0) console.log(`progress ${read} ${total}`);
        }
        console.log(`progress ${read} ${total}`);
      },
    });
  } finally {
    source.close();
  }
}

async function main(args: string[]): Promise<void> {
  const config = loadIndexerConfig();
  const record = openRecord(config.recordFile);
  const engine = createEngine(config);
  if (args.includes('--rebuild')) {
    const report = args.includes('--progress')
      ? await rebuildWithProgress(record, config.recordFile, engine, config.listingPolicy)
      : await rebuildIndex(config.recordFile, engine, config.listingPolicy);
    console.log(`Rebuilt the ${report.engine} index: ${report.documents} businesses in ${report.seconds.toFixed(1)} s.`);
  }
  const sync = new IndexSync(record, engine, config.listingPolicy);
  const applied = await sync.catchUp();
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
