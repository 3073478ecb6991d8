import type { Context, Middleware } from 'koa';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { FRESHNESS_SECONDS, freshnessOfApiPath } from '../shared/freshness.ts';
import { publicCacheControl } from './cache-headers.ts';
import { bodyEncoding, COMPRESSION, type OfferedEncoding } from './compression-settings.ts';
import { requestIdOf } from './error-handler.ts';
import { securityHeaderList } from './security-headers.ts';

/** A ready JSON answer, the index generation it was computed from, and its compressed forms. */
interface ReadyAnswer {
  generation: string;
  /** UTF-8 bytes, so a hit costs no encoding. */
  json: Buffer;
  /** Compressed on first request for each encoding: once per answer and generation, not per request. */
  encoded: Partial<Record<Exclude<OfferedEncoding, 'identity'>, Buffer>>;
  /** Brotli answers sent so far; at {@link SMALLEST_BROTLI_AFTER} the answer is compressed once more at brotli's best. */
  brotliHits: number;
}

/**
 * A ready answer sent this many times in brotli within one index generation is compressed again
 * at brotli's best quality (11), off the event loop, and sent that way from then on: ~20 % fewer
 * bytes (`/api/cities?letter=B`: 10.0 KB at quality 4, 7.7 KB at 11), for ~50 times the CPU of
 * quality 4 (70 ms for that answer), so only answers that many visitors fetch get it, and each at
 * most once per generation: never more than a small part of what serving them costs.
 */
export const SMALLEST_BROTLI_AFTER = 1_000;
const SMALLEST_BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } };

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
    this.answers.set(key, { generation, json, encoded: {}, brotliHits: 0 });
  }

  /** Compressions at brotli's best still running (see {@link SMALLEST_BROTLI_AFTER}). */
  private readonly recompressions = new Set<Promise<void>>();

  /**
   * The answer in `encoding`: compressed now if this is its first request in that encoding (as
   * the full path's compression does it), and again at brotli's best once many visitors asked.
   */
  encode(key: string, answer: ReadyAnswer, encoding: Exclude<OfferedEncoding, 'identity'>): Buffer {
    let body = answer.encoded[encoding];
    if (body === undefined) {
      body = encoding === 'br' ? brotliCompressSync(answer.json, COMPRESSION.br) : gzipSync(answer.json, COMPRESSION.gzip);
      this.store(key, answer, encoding, body);
    }
    if (encoding === 'br' && ++answer.brotliHits === SMALLEST_BROTLI_AFTER) this.recompress(key, answer);
    return body;
  }

  private store(key: string, answer: ReadyAnswer, encoding: Exclude<OfferedEncoding, 'identity'>, body: Buffer): void {
    answer.encoded[encoding] = body;
    // Set again so the cache counts the compressed bytes too.
    if (this.answers.peek(key) === answer) this.answers.set(key, answer);
  }

  /** Compresses `answer` at brotli's best on the thread pool; its brotli bytes are replaced when that ends. */
  private recompress(key: string, answer: ReadyAnswer): void {
    const done = new Promise<void>((resolve) => {
      brotliCompress(answer.json, SMALLEST_BROTLI, (error, smallest) => {
        // A failure leaves the answer as it was: it is sent as before.
        if (error === null && smallest.length < (answer.encoded.br?.length ?? Number.POSITIVE_INFINITY)) this.store(key, answer, 'br', smallest);
        resolve();
      });
    });
    this.recompressions.add(done);
    void done.then(() => this.recompressions.delete(done));
  }

  /** Resolves when every compression at brotli's best started so far has ended. */
  async recompressed(): Promise<void> {
    await Promise.all([...this.recompressions]);
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

/** Content type of every list answer, as Koa's `ctx.type = 'application/json'` spells it. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A ready answer or its 304, as both paths write it: status, headers (beyond the security ones), body. */
interface ReadyResponse {
  status: 200 | 304;
  headers: [name: string, value: string][];
  body: Buffer | null;
}

/**
 * The response to a request for `key` whose validator is `etag`: 304 when the client holds that
 * validator, this generation's answer with the headers the full middleware chain gives it (the
 * validator, freshness, `Vary`, the body compressed as `koa-compress` would, from the copy
 * compressed once), or null when the answer is not ready.
 */
function readyResponse(
  cache: ListAnswerCache,
  request: { path: string; headers: IncomingHttpHeaders },
  key: string,
  generation: string,
  etag: string,
): ReadyResponse | null {
  const kind = freshnessOfApiPath(request.path);
  const headers: [string, string][] = [
    ['ETag', etag],
    ['Vary', 'Accept-Encoding'],
  ];
  if (kind) headers.push(['Cache-Control', publicCacheControl(FRESHNESS_SECONDS[kind])]);
  if (fresh(request.headers, { etag })) return { status: 304, headers, body: null };
  const answer = cache.answer(key, generation);
  if (answer === undefined) return null;
  headers.push(['Content-Type', JSON_TYPE]);
  const encoding = bodyEncoding(request.headers['accept-encoding'] ?? '', answer.json.length);
  if (encoding === 'identity') return { status: 200, headers, body: answer.json };
  headers.push(['Content-Encoding', encoding]);
  return { status: 200, headers, body: cache.encode(key, answer, encoding) };
}

function writeReady(ctx: Context, response: ReadyResponse): void {
  ctx.status = response.status;
  for (const [name, value] of response.headers) ctx.set(name, value);
  if (response.body) ctx.body = response.body;
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
    const ready = readyResponse(cache, ctx.request, key, current, etag);
    if (ready !== null) {
      writeReady(ctx, ready);
      return;
    }
    await next();
    // Answered by a second look after the admission queue.
    if (ctx.status === 200 && ctx.response.get('ETag') === etag) return;
    if (ctx.status !== 200 || ctx.body === null || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body)) return;
    cache.set(key, current, Buffer.from(JSON.stringify(ctx.body)));
    writeReady(ctx, readyResponse(cache, ctx.request, key, current, etag)!);
  };
}

/** Koa's `ctx.secure`: TLS on the socket, or, only behind a trusted proxy, X-Forwarded-Proto's first value. */
function isSecure(req: IncomingMessage, isProxyTrusted: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!isProxyTrusted) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  return typeof forwarded === 'string' && forwarded.split(/\s*,\s*/, 1)[0] === 'https';
}

/**
 * The lean path of ready list answers, in front of the Koa app: a GET of a URL the full path has
 * validated before, from a visitor without cookies (no session to look up, nothing the later
 * middlewares would do differently), whose answer of this index generation is ready, gets its 304
 * or its answer here, on Node's own request and response, with the same headers (request id,
 * security headers) and bytes as the full path: no Koa context, middleware chain, session lookup,
 * body parsing, visitor counting, routing or validation. Anything else is passed to `next`.
 */
export function leanListAnswers(
  cache: ListAnswerCache,
  generation: () => Promise<string>,
  options: { isProxyTrusted: boolean },
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    if (req.method !== 'GET' || (req.headers.cookie ?? '') !== '' || req.url === undefined) return next();
    const url = req.url;
    const key = cache.keyOfUrl(url);
    if (key === undefined) return next();
    const answer = async (): Promise<boolean> => {
      const current = await generation();
      const queryAt = url.indexOf('?');
      const ready = readyResponse(cache, { path: queryAt === -1 ? url : url.slice(0, queryAt), headers: req.headers }, key, current, cache.etagOf(key, current));
      if (ready === null) return false;
      res.statusCode = ready.status;
      res.setHeader('X-Request-Id', requestIdOf(req.headers['x-request-id']));
      for (const [name, value] of securityHeaderList(isSecure(req, options.isProxyTrusted))) res.setHeader(name, value);
      for (const [name, value] of ready.headers) res.setHeader(name, value);
      if (ready.body === null) res.end();
      else {
        res.setHeader('Content-Length', ready.body.length);
        res.end(ready.body);
      }
      return true;
    };
    answer().then(
      (isAnswered) => {
        if (!isAnswered) next();
      },
      (error: unknown) => {
        // No generation (the engine cannot be reached), or a failure before anything was sent:
        // the full path answers as it does then. After the headers, the response is cut.
        if (res.headersSent) return void res.destroy(error as Error);
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        next();
      },
    );
  };
}
