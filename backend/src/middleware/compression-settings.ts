import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { constants as zlib, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/**
 * How answers are compressed on the way out, shared by the app's `koa-compress` and the ready
 * list answers compressed once per index generation, so both send the same encodings.
 * Brotli at quality 4: close to gzip's speed, smaller than gzip -6.
 */
export const COMPRESSION = {
  threshold: 1024,
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
  deflate: false,
} as const;

/** The encodings a body is compressed in. */
export type CompressedEncoding = 'br' | 'gzip';

/**
 * Brotli's quality for a body compressed for one response (a page rendered for its request, an
 * operator's answer), where the CPU is spent again for every answer: quality 3, a fast
 * algorithm, where quality 4 is a slower one (the bodies compressed once and sent many times,
 * ready list and search answers, keep COMPRESSION's 4, as do streamed ones). A 17 KB business
 * page: 89 µs and 4,267 bytes at 3, 160 µs and 4,017 bytes at 4, 120 µs and 4,111 bytes in gzip
 * -6. The uncached business page at 1,000,000 businesses, five runs each alternated: a median of
 * 1.04 ms of server CPU a page at 3, 1.13 ms at 4.
 */
export const PER_RESPONSE_BROTLI_QUALITY = 3;

/**
 * The zlib options of one body of `bytes` bytes in `encoding`, compressed for one response:
 * COMPRESSION's gzip, or brotli at {@link PER_RESPONSE_BROTLI_QUALITY} with the body's size as a
 * hint (the encoder then sets up no more than the body needs: ~8 % less CPU for a 16 KB page,
 * the same bytes).
 */
export function compressionOptions(encoding: CompressedEncoding, bytes: number): ZlibOptions | BrotliOptions {
  return encoding === 'br'
    ? { params: { [zlib.BROTLI_PARAM_QUALITY]: PER_RESPONSE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes } }
    : COMPRESSION.gzip;
}

/** The encodings offered, best first, as `koa-compress` ranks them on Node 20 (no zstd) without deflate. */
export const OFFERED_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type OfferedEncoding = (typeof OFFERED_ENCODINGS)[number];

/** Encodings chosen by `Accept-Encoding` value: browsers send a handful of values, and a negotiation parses the header. */
const encodingsByHeader = new LRUCache<string, OfferedEncoding>({ max: 256 });

/** The encoding `koa-compress` would choose for a request's `Accept-Encoding` (same negotiation, same preference order; '' when absent). */
function negotiatedEncoding(accepted: string): OfferedEncoding {
  let encoding = encodingsByHeader.get(accepted);
  if (encoding === undefined) {
    encoding = negotiate(accepted);
    encodingsByHeader.set(accepted, encoding);
  }
  return encoding;
}

/** The encoding `koa-compress` gives a compressible body of `bytes` bytes: none below the threshold, else the negotiated one. */
export function bodyEncoding(accepted: string, bytes: number): OfferedEncoding {
  return bytes < COMPRESSION.threshold ? 'identity' : negotiatedEncoding(accepted);
}

/** Whether `Accept-Encoding` allows gzip (whatever it prefers): a body compressed ahead as gzip may be sent. */
export function acceptsGzip(accepted: string): boolean {
  let isAccepted = gzipByHeader.get(accepted);
  if (isAccepted === undefined) {
    isAccepted = negotiator(accepted).encoding(['gzip', 'identity'], { preferred: ['gzip', 'identity'] }) === 'gzip';
    gzipByHeader.set(accepted, isAccepted);
  }
  return isAccepted;
}

const gzipByHeader = new LRUCache<string, boolean>({ max: 256 });

function negotiator(accepted: string): { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined } {
  // As koa-compress: no header means identity, '*' means gzip.
  const headers = { 'accept-encoding': accepted === '' ? 'identity' : accepted === '*' ? 'gzip' : accepted };
  // @types/negotiator predates the `preferred` option of negotiator 1.x, which koa-compress uses.
  return new Negotiator({ headers }) as unknown as {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
}

function negotiate(accepted: string): OfferedEncoding {
  const chosen = negotiator(accepted).encoding(OFFERED_ENCODINGS, { preferred: OFFERED_ENCODINGS });
  return (OFFERED_ENCODINGS as readonly string[]).includes(chosen ?? '') ? (chosen as OfferedEncoding) : 'identity';
}
