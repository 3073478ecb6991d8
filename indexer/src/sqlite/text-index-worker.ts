/**
 * Worker-thread entry of a full rebuild's full-text half (see text-index.ts): writes the texts of
 * the batches it is sent into docs_fts of its own file, then optimizes it and counts its vocabulary.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openIndexDatabase } from './index-file.ts';
import { INSERT_FTS_SQL, TEXT_DDL, VOCAB_SQL } from './index-schema.ts';
import { FTS_COLUMNS, ftsTexts } from './search-text.ts';
import { batchTexts, type TextIndexReply, type TextIndexRequest, type TextIndexSetup } from './text-index.ts';

const port = parentPort!;
const { file } = workerData as TextIndexSetup;
const db = openIndexDatabase(file, { bulk: true });
db.exec(TEXT_DDL);
// FTS5 merges its segments as they pile up (automerge), over and over during a load: here they are
// merged once, by 'optimize' at the end (measured at 100,000 businesses: 1.5 s of CPU instead of 3.0 s).
// The setting stays in this file: copyTextIndex does not copy it into the index.
db.exec("INSERT INTO docs_fts (docs_fts, rank) VALUES ('automerge', 0)");
const insert = db.prepare(INSERT_FTS_SQL);

const writeBatch = db.transaction((request: { firstPos: number; values: readonly (string | null)[] }) => {
  for (const [pos, doc] of batchTexts(request)) {
    const texts = ftsTexts(doc);
    insert.run(pos, ...FTS_COLUMNS.map((column) => texts[column]));
  }
});

function reply(message: TextIndexReply): void {
  port.postMessage(message);
}

port.on('message', (request: TextIndexRequest) => {
  try {
    if (request.kind === 'batch') {
      writeBatch(request);
      reply({ kind: 'written' });
      return;
    }
    db.exec("INSERT INTO docs_fts (docs_fts) VALUES ('optimize')");
    db.exec(VOCAB_SQL);
    db.close();
    reply({ kind: 'finished' });
  } catch (error) {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
