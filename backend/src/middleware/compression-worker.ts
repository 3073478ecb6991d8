/**
 * Worker-thread entry of the compression threads (body-compressor.ts): compresses each body it
 * is sent in one synchronous zlib call, and sends the bytes back without copying them.
 */
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { CompressionReply, CompressionRequest } from './body-compressor.ts';
import { compressionOptions } from './compression-settings.ts';

const port = parentPort!;
port.on('message', ({ id, body, encoding }: CompressionRequest) => {
  try {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const options = compressionOptions(encoding, bytes.length);
    const compressed = encoding === 'br' ? brotliCompressSync(bytes, options) : gzipSync(bytes, options);
    // The compressed bytes alone, in a buffer of their own to transfer.
    const transferable = compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.length);
    port.postMessage({ id, bytes: transferable } satisfies CompressionReply, [transferable]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies CompressionReply);
  }
});
