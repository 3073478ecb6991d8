import type { Middleware } from 'koa';
import compressible from 'compressible';
import type { BodyCompressor } from './body-compressor.ts';
import { bodyEncoding } from './compression-settings.ts';

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses an answer whose body is in memory (a rendered page, a JSON answer, a sitemap) in one
 * piece with `compressor` (body-compressor.ts), with the encoding, settings and threshold
 * `koa-compress` uses, and marks it so that `koa-compress` (mounted before this) leaves it alone.
 * `koa-compress` pipes every body through a zlib stream, whose per-chunk callbacks cost the
 * server's thread more than the compression itself for bodies of a few dozen kilobytes. Streams
 * (files) are left to it.
 */
export function compressInMemory(compressor: BodyCompressor): Middleware {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
    if (ctx.method === 'HEAD' || ctx.status !== 200 || ctx.response.get('Content-Encoding')) return;
    // As koa-compress: `ctx.compress` false leaves a body as it is, true compresses any type.
    if (ctx.compress === false || !(ctx.compress === true || compressible(ctx.response.type))) return;
    if (NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
    const encoding = bodyEncoding(ctx.get('accept-encoding'), typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    if (encoding === 'identity') return;
    ctx.body = await compressor.compress(body, encoding);
    ctx.set('Content-Encoding', encoding);
    ctx.vary('Accept-Encoding');
  };
}
