import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeptSitemaps } from './kept-sitemaps.ts';

const text = (gzip: Buffer) => gunzipSync(gzip).toString('utf8');

/** A writer that counts its calls and answers `xml` (a function of the call's number). */
function countedWriter(xml: (call: number) => string | Readable | null) {
  const writer = async () => xml(++writer.calls);
  writer.calls = 0;
  return writer;
}

describe('KeptSitemaps', () => {
  it('keeps a file for its generation and writes it again for the next one', async () => {
    const kept = new KeptSitemaps();
    const write = countedWriter((call) => `<urlset>${call}</urlset>`);
    const first = await kept.get('https://a.example/sitemaps/cities.xml', 'g1', write);
    expect(text(first!.gzip)).toBe('<urlset>1</urlset>');
    expect((await kept.get('https://a.example/sitemaps/cities.xml', 'g1', write))!.gzip).toBe(first!.gzip);
    expect(write.calls).toBe(1);
    // Another origin is another file.
    expect(text((await kept.get('https://b.example/sitemaps/cities.xml', 'g1', write))!.gzip)).toBe('<urlset>2</urlset>');
    const next = await kept.get('https://a.example/sitemaps/cities.xml', 'g2', write);
    expect(next).toMatchObject({ generation: 'g2' });
    expect(text(next!.gzip)).toBe('<urlset>3</urlset>');
  });

  it('serves the file of an older generation while it is younger than the stale time, then writes it again', async () => {
    let now = 1_000_000;
    const kept = new KeptSitemaps({ staleMs: 30_000, now: () => now });
    const write = countedWriter((call) => `<urlset>${call}</urlset>`);
    await kept.get('k', 'g1', write);
    now += 29_999;
    expect(await kept.get('k', 'g2', write)).toMatchObject({ generation: 'g1' });
    now += 1;
    expect(await kept.get('k', 'g2', write)).toMatchObject({ generation: 'g2' });
    expect(write.calls).toBe(2);
  });

  it('writes a file once for requests that come while it is being written', async () => {
    const kept = new KeptSitemaps();
    let finish: (xml: string) => void = () => undefined;
    let calls = 0;
    const write = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const asked = [kept.get('k', 'g1', write), kept.get('k', 'g1', write), kept.get('k', 'g1', write)];
    finish('<urlset/>');
    const files = await Promise.all(asked);
    expect(calls).toBe(1);
    expect(new Set(files)).toEqual(new Set([files[0]]));
  });

  it('serves the older file, however old, to requests that come while one writes it again', async () => {
    let now = 1_000_000;
    const kept = new KeptSitemaps({ staleMs: 30_000, now: () => now });
    await kept.get('k', 'g1', async () => '<urlset>old</urlset>');
    now += 60_000;
    let finish: (xml: string) => void = () => undefined;
    let calls = 0;
    const write = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const writer = kept.get('k', 'g2', write);
    const meanwhile = await kept.get('k', 'g2', write);
    expect(meanwhile).toMatchObject({ generation: 'g1' });
    expect(text(meanwhile!.gzip)).toBe('<urlset>old</urlset>');
    finish('<urlset>new</urlset>');
    expect(await writer).toMatchObject({ generation: 'g2' });
    expect(text((await kept.get('k', 'g2', write))!.gzip)).toBe('<urlset>new</urlset>');
    expect(calls).toBe(1);
  });

  it('compresses a streamed file as it reads it, piece by piece', async () => {
    const kept = new KeptSitemaps();
    let pulled = 0;
    const pieces = function* () {
      for (let i = 0; i < 3; i += 1) {
        pulled += 1;
        yield `<url>${i}</url>`;
      }
    };
    const file = await kept.get('k', 'g1', async () => Readable.from(pieces()));
    expect(pulled).toBe(3);
    expect(text(file!.gzip)).toBe('<url>0</url><url>1</url><url>2</url>');
  });

  it('keeps no answer for a file that does not exist, nor for a writing that failed', async () => {
    const kept = new KeptSitemaps();
    const missing = countedWriter(() => null);
    expect(await kept.get('k', 'g1', missing)).toBeNull();
    expect(await kept.get('k', 'g1', missing)).toBeNull();
    expect(missing.calls).toBe(2);
    await expect(kept.get('k2', 'g1', () => Promise.reject(new Error('disk I/O error')))).rejects.toThrow('disk I/O error');
    expect(kept.size).toBe(0);
    expect(text((await kept.get('k2', 'g1', async () => '<ok/>'))!.gzip)).toBe('<ok/>');
  });

  it('lets the least recently asked files go past its memory bound, and all of them at a clear', async () => {
    const kept = new KeptSitemaps({ maxBytes: 1000 });
    // 300 random bytes in base64 compress little: each file is kept at 340-400 bytes.
    const noise = () => randomBytes(300).toString('base64');
    for (const key of ['a', 'b', 'c']) await kept.get(key, 'g1', async () => noise());
    expect(kept.size).toBe(2);
    const write = countedWriter(() => noise());
    await kept.get('a', 'g1', write);
    expect(write.calls).toBe(1);
    kept.clear();
    expect(kept.size).toBe(0);
  });
});
