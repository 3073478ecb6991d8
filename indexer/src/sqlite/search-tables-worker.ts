/**
 * Worker-thread entry of a full rebuild's search tables (see search-tables.ts): writes the texts
 * of the batches it is sent (and their points' grid cells) into docs_fts of its own file and keeps their points; at the end
 * optimizes the full-text index, counts its vocabulary and writes the R*Tree.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openIndexDatabase } from './index-file.ts';
import { INSERT_FTS_SQL, INSERT_GEO_SQL, SEARCH_TABLES_DDL, VOCAB_SQL } from './index-schema.ts';
import { geoCellText } from './search-geo.ts';
import { FTS_COLUMNS, ftsTexts } from './search-text.ts';
import { batchTexts, type SearchTablesBatch, type SearchTablesReply, type SearchTablesRequest, type SearchTablesSetup } from './search-tables.ts';

const port = parentPort!;
const { file } = workerData as SearchTablesSetup;
const db = openIndexDatabase(file, { bulk: true });
// FTS5 appends its segments and the R*Tree is small: a quarter of the bulk cache does (measured at
// 1,000,000 businesses: peak RSS 877 MB instead of 1,021 MB, the same CPU time).
db.pragma('cache_size = -65536');
db.exec(SEARCH_TABLES_DDL);
// FTS5 merges its segments as they pile up (automerge), over and over during a load: here they are
// merged once, by 'optimize' at the end (measured at 100,000 businesses: 1.9 s of CPU instead of 3.0 s).
// The setting stays in this file: copySearchTables does not copy it into the index.
db.exec("INSERT INTO docs_fts (docs_fts, rank) VALUES ('automerge', 0)");
const insertFts = db.prepare(INSERT_FTS_SQL);
const insertGeo = db.prepare(INSERT_GEO_SQL);
/** [pos, latitude, longitude, …] of every batch, written to the R*Tree once the texts are done. */
const points: number[] = [];

const writeTexts = db.transaction((batch: SearchTablesBatch) => {
  // The batch's points are in position order, as its texts: each document's point (or none) is the next one's.
  let nextPoint = 0;
  for (const [pos, doc] of batchTexts(batch)) {
    const texts = ftsTexts(doc);
    const hasPoint = batch.points[nextPoint] === pos;
    const point = hasPoint ? { lat: batch.points[nextPoint + 1]!, lng: batch.points[nextPoint + 2]! } : null;
    if (hasPoint) nextPoint += 3;
    insertFts.run(pos, ...FTS_COLUMNS.map((column) => texts[column]), geoCellText(point));
  }
});

const writePoints = db.transaction(() => {
  // In position order, as the documents came: the same tree as inserting each with its document.
  for (let i = 0; i < points.length; i += 3) insertGeo.run(points[i], points[i + 1], points[i + 1], points[i + 2], points[i + 2]);
});

function reply(message: SearchTablesReply): void {
  port.postMessage(message);
}

port.on('message', (request: SearchTablesRequest) => {
  try {
    if (request.kind === 'batch') {
      writeTexts(request);
      for (const value of request.points) points.push(value);
      reply({ kind: 'written' });
      return;
    }
    db.exec("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
    db.exec(VOCAB_SQL);
    writePoints();
    db.close();
    reply({ kind: 'finished' });
  } catch (error) {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
