import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BusinessRow } from '@directory/data/business-row.ts';
import { toBusinessDocument } from '@directory/indexer/document.ts';
import { toMeiliBusiness } from '@directory/indexer/meilisearch/meili-documents.ts';

/**
 * Answers the few Meilisearch endpoints a server start, a probe and a list read call, from the
 * record's rows (for tests of an engine that fails and comes back; there is no Meilisearch here).
 */
export function answerLikeMeilisearch(rows: BusinessRow[], appliedSeq: number, req: IncomingMessage, res: ServerResponse, body: string): void {
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (req.method === 'GET' && req.url === '/indexes/directory_meta/documents/state') {
    return json(200, { key: 'state', appliedSeq, businessCount: rows.length });
  }
  if (req.method === 'POST' && req.url === '/indexes/directory_businesses/search') {
    const { page = 1, hitsPerPage = 20 } = JSON.parse(body) as { page?: number; hitsPerPage?: number };
    const hits = rows.slice((page - 1) * hitsPerPage, page * hitsPerPage).map((row, i) => toMeiliBusiness(toBusinessDocument(row), i));
    return json(200, { hits, page, hitsPerPage, totalHits: rows.length, totalPages: Math.ceil(rows.length / hitsPerPage), query: '', processingTimeMs: 0 });
  }
  json(404, { message: `${req.method} ${req.url} is not part of this stand-in`, code: 'index_not_found', type: 'invalid_request', link: '' });
}
