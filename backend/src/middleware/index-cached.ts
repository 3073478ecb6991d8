import type { Context, Middleware } from 'koa';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { FRESHNESS_SECONDS, freshnessOfApiPath } from '../shared/freshness.ts';
import { publicCacheControl } from './cache-headers.ts';
import { COMPRESSION, negotiatedEncoding, type OfferedEncoding } from './compression-settings.ts';

/** A ready JSON answer, the index generation it was computed from, and its compressed forms. */
interface ReadyAnswer {
  generation: string;
  /** UTF-8 bytes, so a hit costs no encoding. */
  json: Buffer;
  /** Compressed on first request for each encoding: once per answer and generation, not per request. */
  encoded: Partial<Record<Exclude<OfferedEncoding, 'identity'>, Buffer>>;
}

/** Requests whose validated key is known: a visitor's repeat of a URL is answered without validating it again. */
const KNOWN_URLS = 10_000;

/**
 * Ready JSON answers of the list calls, by request, each tagged with the index generation it
 * was computed from. An entry of an older generation is never served: it is recomputed on its
 * next request, so a list costs one query and one serialisation per index change, not per
 * request. In process (not stored in the index) so it serves both engines, costs the indexer
 * nothing per applied change, and holds only the answers visitors ask for.
 */
export class ListAnswerCache {
  private readonly answers: LRUCache<string, ReadyAnswer>;
  /** Request URL → the key its validated input gives (validation is a pure function of the URL). */
  private readonly keysOfUrls = new LRUCache<string, string>({ max: KNOWN_URLS });
  /** Key → its validator for one generation and epoch: hashed once, not at every request (a SHA-1 was ~4% of a ready answer's time). */
  private readonly etags = new LRUCache<string, { stamp: string; etag: string }>({ max: KNOWN_URLS });

  constructor(options: { maxBytes: number }) {
    this.answers = new LRUCache<string, ReadyAnswer>({
      maxSize: options.maxBytes,
      sizeCalculation: (answer, key) =>
        answer.json.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0) + key.length + answer.generation.length,
    });
  }

  /** Counts "clear cache" actions: part of every validator, so a clear also retires the ETags clients hold. */
  private clears = 0;

  /** Forgets every answer and every validator handed out so far. */
  clear(): void {
    this.answers.clear();
    this.clears += 1;
  }

  get(key: string, generation: string): Buffer | undefined {
    return this.answer(key, generation)?.json;
  }

  /** This generation's answer to `key`, with its compressed forms. */
  answer(key: string, generation: string): ReadyAnswer | undefined {
    const answer = this.answers.get(key);
    return answer?.generation === generation ? answer : undefined;
  }

  set(key: string, generation: string, json: Buffer): void {
    this.answers.set(key, { generation, json, encoded: {} });
  }

  /** The answer in `encoding`, compressed now if this is its first request in that encoding. */
  encode(key: string, answer: ReadyAnswer, encoding: Exclude<OfferedEncoding, 'identity'>): Buffer {
    let body = answer.encoded[encoding];
    if (body === undefined) {
      body = encoding === 'br' ? brotliCompressSync(answer.json, COMPRESSION.br) : gzipSync(answer.json, COMPRESSION.gzip);
      answer.encoded[encoding] = body;
      // Set again so the cache counts the compressed bytes too.
      if (this.answers.peek(key) === answer) this.answers.set(key, answer);
    }
    return body;
  }

  /** The validator of `key`'s answer of `generation`, as {@link listEtag} makes it, with the clear count. */
  etagOf(key: string, generation: string): string {
    const stamp = `${generation}#${this.clears}`;
    const known = this.etags.get(key);
    if (known?.stamp === stamp) return known.etag;
    const etag = listEtag(stamp, key);
    this.etags.set(key, { stamp, etag });
    return etag;
  }

  rememberUrl(url: string, key: string): void {
    this.keysOfUrls.set(url, key);
  }

  keyOfUrl(url: string): string | undefined {
    return this.keysOfUrls.get(url);
  }

  get size(): number {
    return this.answers.size;
  }
}

/** The validator of an answer: the index generation and the request, hashed; known before any work. */
export function listEtag(generation: string, key: string): string {
  return `W/"${createHash('sha1').update(generation).update('\n').update(key).digest('base64url')}"`;
}

/** Cache-Control of a public read, as `publicCache()` sets it. */
function setFreshness(ctx: Context): void {
  const kind = freshnessOfApiPath(ctx.path);
  if (kind) ctx.set('Cache-Control', publicCacheControl(FRESHNESS_SECONDS[kind]));
}

function writeNotModified(ctx: Context, etag: string): void {
  ctx.status = 304;
  ctx.set('ETag', etag);
  ctx.vary('Accept-Encoding');
  setFreshness(ctx);
}

/**
 * Writes a ready answer with every header the full middleware chain gives it: the validator,
 * freshness, `Vary`, and the body compressed as `koa-compress` would, from the copy compressed
 * once (`koa-compress` then leaves it alone).
 */
function writeReady(ctx: Context, cache: ListAnswerCache, key: string, answer: ReadyAnswer, etag: string): void {
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.set('ETag', etag);
  ctx.vary('Accept-Encoding');
  setFreshness(ctx);
  const encoding = negotiatedEncoding(ctx);
  if (encoding === 'identity' || answer.json.length < COMPRESSION.threshold) {
    ctx.body = answer.json;
    return;
  }
  ctx.body = cache.encode(key, answer, encoding);
  ctx.set('Content-Encoding', encoding);
}

/**
 * For a GET list call whose answer depends only on the index and the request: answers 304 when
 * the client's ETag names the current index generation, the ready JSON when this generation's
 * answer was already computed, and otherwise runs the handler and keeps its answer. Put it
 * after `validate()` (the key is the validated input, so `?letter=b` and `?letter=B` share
 * an entry) and before the admission queue (a ready answer costs no queue slot).
 */
export function indexCached(cache: ListAnswerCache, generation: () => Promise<string>): Middleware {
  return async (ctx, next) => {
    const current = await generation();
    const key = `${ctx.path}\n${JSON.stringify(ctx.state.input ?? null)}`;
    cache.rememberUrl(ctx.url, key);
    const etag = cache.etagOf(key, current);
    if (fresh(ctx.req.headers, { etag })) {
      writeNotModified(ctx, etag);
      return;
    }
    const ready = cache.answer(key, current);
    if (ready !== undefined) {
      writeReady(ctx, cache, key, ready, etag);
      return;
    }
    await next();
    // Answered by a second look after the admission queue.
    if (ctx.status === 200 && ctx.response.get('ETag') === etag) return;
    if (ctx.status !== 200 || ctx.body === null || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body)) return;
    cache.set(key, current, Buffer.from(JSON.stringify(ctx.body)));
    writeReady(ctx, cache, key, cache.answer(key, current)!, etag);
  };
}

/**
 * The lean path of ready list answers, mounted right after the security headers: a GET of a URL
 * the full path has validated before, from a visitor without cookies (no session to look up,
 * nothing the later middlewares would do differently), whose answer of this index generation is
 * ready, gets its 304 or its answer here, with the same headers and bytes as the full path,
 * without the session lookup, body parsing, visitor counting, routing and validation.
 * Anything else goes the full way.
 */
export function readyListAnswers(cache: ListAnswerCache, generation: () => Promise<string>): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.get('cookie') !== '') return next();
    const key = cache.keyOfUrl(ctx.url);
    if (key === undefined) return next();
    const current = await generation();
    const etag = cache.etagOf(key, current);
    if (fresh(ctx.req.headers, { etag })) {
      writeNotModified(ctx, etag);
      return;
    }
    const ready = cache.answer(key, current);
    if (ready === undefined) return next();
    writeReady(ctx, cache, key, ready, etag);
  };
}
