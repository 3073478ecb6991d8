import { constants as zlib } from 'node:zlib';

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

/** The encodings offered, best first, as `koa-compress` ranks them on Node 20 (no zstd) without deflate. */
export const OFFERED_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type OfferedEncoding = (typeof OFFERED_ENCODINGS)[number];
