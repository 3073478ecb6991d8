/**
 * `SEARCH_ENGINE=meilisearch` with an index built by an older version (its meta names no format,
 * as before the `joined` field): the server starts by rebuilding it, as it does an embedded
 * index file of another format. A stand-in answers like Meilisearch for the calls a start
 * makes; the rebuild's first call (dropping a `_next` index left over) is not part of it, so the
 * start fails there, which shows the rebuild began. An index of the current format is not rebuilt.
 */
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServerOnStandIn } from './testing/meilisearch-stand-in.ts';

/** A stand-in hook answering the index's meta with `format` (none: left out), and noting every call. */
function metaOfFormat(format: string | undefined, asked: string[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    asked.push(`${req.method} ${req.url}`);
    if (req.method !== 'GET' || req.url !== '/indexes/directory_meta/documents/state') return false;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ key: 'state', appliedSeq: 0, businessCount: 20, ...(format === undefined ? {} : { format }) }));
    return true;
  };
}

describe('a Meilisearch index of another format', () => {
  it('is rebuilt at start when it names no format (built before the joined field)', async () => {
    const asked: string[] = [];
    await expect(startServerOnStandIn({ size: 20, env: {}, misbehave: metaOfFormat(undefined, asked) })).rejects.toThrow(
      'DELETE /indexes/directory_businesses_next is not part of this stand-in',
    );
    expect(asked).toContain('DELETE /indexes/directory_businesses_next');
  }, 60_000);

  it('is rebuilt at start when it names another format', async () => {
    const asked: string[] = [];
    await expect(startServerOnStandIn({ size: 20, env: {}, misbehave: metaOfFormat('1', asked) })).rejects.toThrow('directory_businesses_next');
  }, 60_000);

  it('is served as it is when it names the current format', async () => {
    const asked: string[] = [];
    // The stand-in's own meta: the current format, at the record's position.
    const started = await startServerOnStandIn({ size: 20, env: {}, misbehave: (req) => {
        asked.push(`${req.method} ${req.url}`);
        return false;
      },
    });
    try {
      expect(asked).toContain('GET /indexes/directory_meta/documents/state');
      expect(asked.filter((call) => call.includes('_next'))).toEqual([]);
      expect(started.logged.join('\n')).not.toContain('Building the search index');
    } finally {
      await started.close();
    }
  }, 60_000);
});
