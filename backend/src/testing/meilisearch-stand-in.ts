import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSURE_STATUS_COLUMN, type BusinessRowWithClosure } from '@directory/data/business-row.ts';
import { openRecord } from '@directory/data/record.ts';
import { changeLogHighWater } from '@directory/indexer/change-log.ts';
import { toBusinessDocument } from '@directory/indexer/document.ts';
import { MEILI_INDEX_FORMAT, toMeiliBusiness } from '@directory/indexer/meilisearch/meili-documents.ts';
import { loadBackendConfig, type BackendConfig } from '../config.ts';
import { BusinessRepository } from '../db/business-repository.ts';
import { startServer, type RunningServer } from '../server.ts';
import { loadDemoDataIfEmpty } from '../services/demo-data.ts';

/**
 * Answers the few Meilisearch endpoints a server start, a probe and a list read call, from the
 * record's rows (for tests of an engine that fails and comes back; there is no Meilisearch here).
 */
export function answerLikeMeilisearch(rows: BusinessRowWithClosure[], appliedSeq: number, req: IncomingMessage, res: ServerResponse, body: string): void {
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (req.method === 'GET' && req.url === '/indexes/directory_meta/documents/state') {
    // An index this code built: of its format (another would be rebuilt at start).
    return json(200, { key: 'state', appliedSeq, businessCount: rows.length, format: MEILI_INDEX_FORMAT });
  }
  if (req.method === 'POST' && req.url === '/indexes/directory_businesses/search') {
    const { page = 1, hitsPerPage = 20 } = JSON.parse(body) as { page?: number; hitsPerPage?: number };
    const hits = rows.slice((page - 1) * hitsPerPage, page * hitsPerPage).map((row, i) => toMeiliBusiness(toBusinessDocument(row), i));
    return json(200, { hits, page, hitsPerPage, totalHits: rows.length, totalPages: Math.ceil(rows.length / hitsPerPage), query: '', processingTimeMs: 0 });
  }
  json(404, { message: `${req.method} ${req.url} is not part of this stand-in`, code: 'index_not_found', type: 'invalid_request', link: '' });
}

/** A server started with `SEARCH_ENGINE=meilisearch` on a stand-in whose behaviour the test switches. */
export interface ServerOnStandIn {
  server: RunningServer;
  config: BackendConfig;
  /** The stand-in; the test may close it and listen again on {@link port}. */
  standIn: Server;
  port: number;
  /** Lines the server logged. */
  logged: string[];
  close(): Promise<void>;
}

/**
 * Writes `size` demo businesses into a new data folder, starts a stand-in on 127.0.0.1 that answers
 * like Meilisearch from them unless `misbehave` handles the request first (returns true: it reset
 * the connection, or left it hanging), and starts the server on it with `env` added to the config.
 */
export async function startServerOnStandIn(options: {
  size: number;
  env: Record<string, string>;
  misbehave: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<ServerOnStandIn> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engine-stand-in-'));
  const record = openRecord(join(dataDir, 'directory.sqlite'));
  await loadDemoDataIfEmpty(new BusinessRepository(record), options.size);
  const rows = record.prepare(`SELECT *, ${CLOSURE_STATUS_COLUMN} FROM businesses ORDER BY reviews DESC, id`).all() as BusinessRowWithClosure[];
  const appliedSeq = changeLogHighWater(record);
  record.close();
  const standIn = createServer((req, res) => {
    if (options.misbehave(req, res)) return;
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => answerLikeMeilisearch(rows, appliedSeq, req, res, body));
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const port = (standIn.address() as AddressInfo).port;
  const config = loadBackendConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_SIZE: '0',
    SEARCH_ENGINE: 'meilisearch',
    MEILI_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  });
  /** Stops the stand-in (if the test left it listening) and removes the data folder. */
  const release = async () => {
    standIn.closeAllConnections();
    if (standIn.listening) await new Promise((resolve) => standIn.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const logged: string[] = [];
  let server: RunningServer;
  try {
    server = await startServer(config, (line) => logged.push(line));
  } catch (error) {
    // A start that fails leaves nothing behind either.
    await release();
    throw error;
  }
  return {
    server,
    config,
    standIn,
    port,
    logged,
    async close() {
      await server.close();
      await release();
    },
  };
}
