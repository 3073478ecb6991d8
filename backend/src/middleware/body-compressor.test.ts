import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CompressionThreads, ZlibCompressor, type BodyCompressor } from './body-compressor.ts';
import type { CompressedEncoding } from './compression-settings.ts';

const decompress = (bytes: Buffer, encoding: CompressedEncoding) => (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8');

/** A page's worth of text with characters of several scripts (two bytes and more in UTF-8). */
const page = (n: number) => `<main>${Array.from({ length: 200 }, (_, i) => `<p>Café n°${n}-${i} 東京 ράβδος مرحبا 🍕</p>`).join('')}</main>`;

const open: BodyCompressor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((compressor) => compressor.close()));
});

function threads(count: number, options: ConstructorParameters<typeof CompressionThreads>[1] = {}): CompressionThreads {
  const compressor = new CompressionThreads(count, options);
  open.push(compressor);
  return compressor;
}

describe.each([
  ['compression threads', () => threads(2)],
  ['libuv pool', () => new ZlibCompressor()],
])('%s', (_, make) => {
  it.each(['br', 'gzip'] as const)('compresses text and bytes in %s, which decompress to the same characters', async (encoding) => {
    const compressor = make();
    const text = page(1);
    const fromText = await compressor.compress(text, encoding);
    expect(fromText.length).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(decompress(fromText, encoding)).toBe(text);
    const fromBytes = await compressor.compress(Buffer.from(text), encoding);
    expect(decompress(fromBytes, encoding)).toBe(text);
  });

  it('gives each of many bodies compressed at once its own bytes', async () => {
    const compressor = make();
    const bodies = Array.from({ length: 40 }, (_, n) => page(n));
    const compressed = await Promise.all(bodies.map((body, n) => compressor.compress(body, n % 2 === 0 ? 'br' : 'gzip')));
    expect(compressed.map((bytes, n) => decompress(bytes, n % 2 === 0 ? 'br' : 'gzip'))).toEqual(bodies);
  });
});

describe('CompressionThreads', () => {
  it('compresses on libuv’s pool once closed', async () => {
    const compressor = threads(1);
    compressor.start();
    await compressor.close();
    expect(decompress(await compressor.compress(page(2), 'br'), 'br')).toBe(page(2));
  });

  it('compresses a body whose thread stops on libuv’s pool, and gives threads up after three stopped in a row', async () => {
    const lines: string[] = [];
    // Each thread ends as it starts, before it answers anything.
    const compressor = threads(1, { workerSource: 'process.exit(3)', log: (line) => lines.push(line) });
    for (let n = 0; n < 3; n += 1) {
      expect(compressor.isGivenUp).toBe(false);
      expect(decompress(await compressor.compress(page(n), 'gzip'), 'gzip')).toBe(page(n));
    }
    expect(compressor.isGivenUp).toBe(true);
    expect(lines).toEqual([expect.stringMatching(/^Compression threads stopped 3 times in a row \(A compression thread stopped \(exit code 3\)\.\)/)]);
    // From then on no thread is started: the body goes to libuv's pool at once.
    expect(decompress(await compressor.compress(page(9), 'br'), 'br')).toBe(page(9));
    expect(lines).toHaveLength(1);
  });

  it('counts only stops in a row: a thread that answers, even with a failure, starts the count again', async () => {
    // A thread that stops at a body starting with "stop", and answers any other with a failure.
    const workerSource = `require('node:worker_threads').parentPort.on('message', ({ id, body }) => {
      if (String(body).startsWith('stop')) process.exit(3);
      require('node:worker_threads').parentPort.postMessage({ id, error: 'refused' });
    });`;
    const compressor = threads(1, { workerSource, log: () => undefined });
    const compressed = async (body: string) => decompress(await compressor.compress(body, 'gzip'), 'gzip');
    expect([await compressed('stop 1'), await compressed('stop 2')]).toEqual(['stop 1', 'stop 2']);
    // Refused by the thread: compressed on libuv's pool.
    expect(await compressed('answered')).toBe('answered');
    expect([await compressed('stop 3'), await compressed('stop 4')]).toEqual(['stop 3', 'stop 4']);
    expect(compressor.isGivenUp).toBe(false);
    expect(await compressed('stop 5')).toBe('stop 5');
    expect(compressor.isGivenUp).toBe(true);
  });

  it('refuses a count that is not a whole number of 1 or more', () => {
    expect(() => new CompressionThreads(0)).toThrow(RangeError);
    expect(() => new CompressionThreads(1.5)).toThrow(RangeError);
  });
});
