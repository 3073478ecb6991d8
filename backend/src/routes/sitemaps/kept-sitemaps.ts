import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** One sitemap file as it was written for an index generation: its gzip bytes. */
export interface KeptSitemap {
  /** The index generation the file was written from. */
  generation: string;
  /** When it was written (epoch ms). */
  builtAt: number;
  gzip: Buffer;
}

/** What writes a sitemap file: its XML, whole or as a stream; null when there is no such file (a 404). */
export type SitemapWriter = () => Promise<string | Readable | null>;

/** The memory the kept files may take: a business file of 9,000 URLs is ~130 KB in gzip, 112 of them at 1,000,000 businesses ~15 MB. */
export const KEPT_SITEMAP_BYTES = 32 * 1024 ** 2;

/**
 * Sitemap files kept compressed, each for the index generation it was written from, so that a
 * crawler (or anyone) asking a file again costs no reading, no XML and no compression: a business
 * file is 9,000 rows of the record and ~1 MB of XML to compress, ~8 ms of the server's CPU (~2 ms of it without compressing).
 * A file of another generation is written again, except that one younger than `staleMs`
 * (PAGE_STALE_SECONDS, as for the kept index pages) is still served: the index changes at every
 * write, and crawlers are told they may keep a sitemap for an hour anyway. The request that
 * finds the kept file too old writes it again and waits for it; requests that come meanwhile get
 * the kept file as it was (or, with none kept, wait for that one writing instead of each starting
 * its own). Least recently asked files go first past `maxBytes`.
 */
export class KeptSitemaps {
  private readonly files: LRUCache<string, KeptSitemap>;
  /** Files being written, by key and generation. */
  private readonly writing = new Map<string, Promise<KeptSitemap | null>>();
  private readonly now: () => number;
  private readonly staleMs: number;
  private clears = 0;

  constructor(options: { maxBytes?: number; staleMs?: number; now?: () => number } = {}) {
    this.files = new LRUCache<string, KeptSitemap>({
      maxSize: options.maxBytes ?? KEPT_SITEMAP_BYTES,
      sizeCalculation: (file, key) => file.gzip.byteLength + 2 * (key.length + file.generation.length) + 64,
    });
    this.now = options.now ?? Date.now;
    this.staleMs = options.staleMs ?? 0;
  }

  /** The file kept under `key` for `generation` (or younger than the stale time), else written by `write`, kept, and returned; null for no such file. */
  async get(key: string, generation: string, write: SitemapWriter): Promise<KeptSitemap | null> {
    const kept = this.files.get(key);
    if (kept !== undefined && (kept.generation === generation || this.now() - kept.builtAt < this.staleMs)) return kept;
    const writingKey = `${generation}\n${key}`;
    const pending = this.writing.get(writingKey);
    // Another request is writing it for this generation: the file kept is served meanwhile, however old.
    if (pending !== undefined) return kept ?? pending;
    const writing = this.write(key, generation, write).finally(() => this.writing.delete(writingKey));
    this.writing.set(writingKey, writing);
    return writing;
  }

  /** Counts clears: part of the files' ETags, so a clear retires the validators clients hold. */
  get epoch(): number {
    return this.clears;
  }

  clear(): void {
    this.files.clear();
    this.clears += 1;
  }

  /** How many files are kept. */
  get size(): number {
    return this.files.size;
  }

  private async write(key: string, generation: string, write: SitemapWriter): Promise<KeptSitemap | null> {
    const builtAt = this.now();
    const xml = await write();
    if (xml === null) return null;
    const file: KeptSitemap = { generation, builtAt, gzip: await gzipOf(xml) };
    // A file written for a generation older than the one kept meanwhile does not replace it.
    const current = this.files.peek(key);
    if (current === undefined || current.builtAt <= builtAt) this.files.set(key, file);
    return file;
  }
}

/** The XML in gzip at the best level (it is compressed once and sent many times); a stream is compressed as it is read, never held whole. */
async function gzipOf(xml: string | Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(typeof xml === 'string' ? Readable.from([xml]) : xml, createGzip({ level: constants.Z_BEST_COMPRESSION }), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const chunk of gzipped) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}
