import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { crc32Combine } from './crc32-combine.ts';
import { GzipTemplate } from './gzip-template.ts';

const SLOT = 'nonce-placeholder-0123';

describe('GzipTemplate', () => {
  it.each([
    ['places inside the text', `<script nonce="${SLOT}">a()</script><p>Café ${'déjà vu '.repeat(3000)}</p><script nonce="${SLOT}"></script>`],
    ['a place at each end and two side by side', `${SLOT}<main>x</main>${SLOT}${SLOT}`],
    ['no place', '<p>nothing to fill</p>'],
    ['only a place', SLOT],
    ['nothing at all', ''],
    ['control characters in the text (made again with no history, every value stored)', `a\0b\x01${SLOT}a\0b a\0b${SLOT}\x1f`],
    ['places further apart than the history reaches', `${SLOT}${randomBytes(30_000).toString('hex')}${SLOT}${randomBytes(5_000).toString('hex')}${SLOT}`],
    ['the same markup around every place, as a page\'s head', `<head>${`<link rel="modulepreload" href="/assets/chunk.js" nonce="${SLOT}">`.repeat(12)}</head>`],
    ['more than a deflate window and a stored block between places', `${randomBytes(90_000).toString('base64')}${SLOT}${randomBytes(70_000).toString('hex')}`],
  ])('gives a gzip member that decompresses to the text filled in: %s', (_, text) => {
    const template = GzipTemplate.of(text, SLOT, 24);
    for (const value of ['k9s/+QAbCdEfGhIjKlMnOp==', 'another-nonce-value-0123', 'nonce-placeholder-0123xx']) {
      expect(gunzipSync(template.fill(value)).toString()).toBe(text.split(SLOT).join(value));
    }
  });

  it('is compressed: a page-like text takes a fraction of its size, whatever is filled in', () => {
    const text = `<html><script nonce="${SLOT}">x</script>${'<li class="card">Bakery, Lyon</li>'.repeat(1000)}</html>`;
    const template = GzipTemplate.of(text, SLOT, 24);
    expect(template.fill('abcdefghijklmnopqrstuv==').length).toBeLessThan(text.length / 20);
    expect(template.byteLength).toBeLessThan(text.length / 20);
  });

  it('comes within 5 % of compressing the filled page whole: the value is sent once, the pieces refer back across the places', () => {
    // A business page's shape: eight scripts in the head, then its content (~15 KB).
    const scripts = Array.from({ length: 8 }, (_, i) => `<script type="module" src="/assets/chunk-${i}.js" nonce="${SLOT}"></script>`).join('');
    const content = Array.from({ length: 300 }, (_, i) => `<li>${['Bakery', 'Dentist', 'Cafe'][i % 3]} ${i * 7919} Lyon ${(i % 50) / 10}</li>`).join('');
    const text = `<head>${scripts}</head><main>${content}</main>`;
    const value = 'abcdefghijklmnopqrstuv==';
    expect(GzipTemplate.of(text, SLOT, 24).fill(value).length).toBeLessThan(1.05 * gzipSync(text.split(SLOT).join(value)).length);
  });

  it('sends the value once, however many places within reach hold it', () => {
    const value = 'Zq7+/Zq7+/Zq7+/Zq7+/ab==';
    const count = (bytes: Buffer) => {
      let found = 0;
      for (let at = bytes.indexOf(value); at !== -1; at = bytes.indexOf(value, at + 1)) found += 1;
      return found;
    };
    const page = `<head>${`<link rel="modulepreload" href="/a.js" nonce="${SLOT}">`.repeat(8)}</head><body>${'text '.repeat(500)}</body>`;
    expect(count(GzipTemplate.of(page, SLOT, 24).fill(value))).toBe(1);
    // Past the history's reach (32 KB) it is sent again.
    const far = `${SLOT}${randomBytes(20_000).toString('hex')}${SLOT}`;
    expect(count(GzipTemplate.of(far, SLOT, 24).fill(value))).toBe(2);
  });

  it('refuses a value of another length than it was made for', () => {
    expect(() => GzipTemplate.of(`a${SLOT}b`, SLOT, 24).fill('x'.repeat(23))).toThrow(RangeError);
    expect(() => GzipTemplate.of(`a${SLOT}b`, SLOT, 70_000).fill('x'.repeat(70_000))).toThrow(RangeError);
  });
});

describe('crc32Combine', () => {
  it('equals the CRC-32 of the joined bytes, for lengths from nothing to a few megabytes', () => {
    for (const [a, b] of [
      [0, 0], [0, 5], [5, 0], [1, 1], [100, 3], [3, 100_000], [65_536, 65_537], [10, 3_000_000],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), second.length), `${a} + ${b}`).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
