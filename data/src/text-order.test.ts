import { expect, it } from 'vitest';
import { compareUtf8 } from './text-order.ts';

const sign = (n: number) => Math.sign(n);

it('orders text as SQLite does: by UTF-8 bytes, characters beyond U+FFFF last', () => {
  const texts = ['', 'a', 'ab', 'B', 'é', 'Zürich', 'ﬀ', '\u{FFFD}', '𝔸', '𝔸b', 'a𝔸', 'aﬀ', '東京', '😀', '\u{E000}', 'Ω'];
  for (const a of texts) {
    for (const b of texts) {
      expect(sign(compareUtf8(a, b)), `${a} vs ${b}`).toBe(sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
    }
  }
  // Where JavaScript's own order differs.
  expect('𝔸' < 'ﬀ').toBe(true);
  expect(compareUtf8('𝔸', 'ﬀ')).toBeGreaterThan(0);
});
