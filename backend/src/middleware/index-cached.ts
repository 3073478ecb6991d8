import type { Middleware } from 'koa';
import { createHash } from 'node:crypto';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';

/** A ready JSON answer and the index generation it was computed from. */
interface ReadyAnswer {
  generation: string;
  /** UTF-8 bytes, so a hit costs no encoding. */
  json: Buffer;
}

/**
 * Ready JSON answers of the list calls, by request, each tagged with the index generation it
 * was computed from. An entry of an older generation is never served: it is recomputed on its
 * next request, so a list costs one query and one serialisation per index change, not per
 * request. In process (not stored in the index) so it serves both engines, costs the indexer
 * nothing per applied change, and holds only the answers visitors ask for.
 */
export class ListAnswerCache {
  private readonly answers: LRUCache<string, ReadyAnswer>;

  constructor(options: { maxBytes: number }) {
    this.answers = new LRUCache<string, ReadyAnswer>({
      maxSize: options.maxBytes,
      sizeCalculation: (answer, key) => answer.json.length + key.length + answer.generation.length,
    });
  }

  /** Counts "clear cache" actions: part of every validator, so a clear also retires the ETags clients hold. */
  private clears = 0;

  get epoch(): number {
    return this.clears;
  }

  /** Forgets every answer and every validator handed out so far. */
  clear(): void {
    this.answers.clear();
    this.clears += 1;
  }

  get(key: string, generation: string): Buffer | undefined {
    const answer = this.answers.get(key);
    return answer?.generation === generation ? answer.json : undefined;
  }

  set(key: string, generation: string, json: Buffer): void {
    this.answers.set(key, { generation, json });
  }

  get size(): number {
    return this.answers.size;
  }
}

/** The validator of an answer: the index generation and the request, hashed; known before any work. */
export function listEtag(generation: string, key: string): string {
  return `W/"${createHash('sha1').update(generation).update('\n').update(key).digest('base64url')}"`;
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
    const etag = listEtag(`${current}#${cache.epoch}`, key);
    if (fresh(ctx.req.headers, { etag })) {
      ctx.status = 304;
      ctx.set('ETag', etag);
      return;
    }
    const ready = cache.get(key, current);
    if (ready !== undefined) {
      ctx.type = 'application/json';
      ctx.body = ready;
      ctx.set('ETag', etag);
      return;
    }
    await next();
    if (ctx.status === 200 && Buffer.isBuffer(ctx.body)) {
      // Answered by a second look after the admission queue: only the validator is ours to add.
      ctx.set('ETag', etag);
      return;
    }
    if (ctx.status !== 200 || ctx.body === null || typeof ctx.body !== 'object') return;
    const json = Buffer.from(JSON.stringify(ctx.body));
    cache.set(key, current, json);
    ctx.type = 'application/json';
    ctx.body = json;
    ctx.set('ETag', etag);
  };
}
