import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { escapeXml, presentSitemapIndex, presentUrlset, streamUrlset, toW3cDateTime } from './sitemap-xml.ts';

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`Fish & Chips <Best> "Joe's"`)).toBe('Fish &amp; Chips &lt;Best&gt; &quot;Joe&apos;s&quot;');
  });
});

describe('toW3cDateTime', () => {
  it('turns record timestamps into W3C datetimes in UTC', () => {
    expect(toW3cDateTime('2025-03-01T10:20:30.123Z')).toBe('2025-03-01T10:20:30+00:00');
    expect(toW3cDateTime('2025-03-01 10:20:30')).toBe('2025-03-01T10:20:30+00:00');
    expect(toW3cDateTime('2025-03-01T10:20:30+02:00')).toBe('2025-03-01T10:20:30+02:00');
    expect(toW3cDateTime('2025-03-01')).toBe('2025-03-01');
  });

  it('answers null for anything else', () => {
    expect(toW3cDateTime('yesterday')).toBeNull();
    expect(toW3cDateTime('')).toBeNull();
  });
});

describe('presentUrlset', () => {
  it('writes a valid urlset with escaped locations and W3C lastmods', () => {
    const xml = presentUrlset('https://example.com', [
      { path: '/categories/fish-&-chips?<best>="1"' },
      { path: '/business/joe', lastmod: '2025-03-01T10:20:30.000Z' },
      { path: '/business/no-date', lastmod: 'not a date' },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = parser.parse(xml) as { urlset: { '@_xmlns': string; url: { loc: string; lastmod?: string }[] } };
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.url).toEqual([
      { loc: 'https://example.com/categories/fish-&-chips?<best>="1"' },
      { loc: 'https://example.com/business/joe', lastmod: '2025-03-01T10:20:30+00:00' },
      { loc: 'https://example.com/business/no-date' },
    ]);
    expect(xml).toContain('fish-&amp;-chips?&lt;best&gt;=&quot;1&quot;');
  });
});

describe('presentSitemapIndex', () => {
  it('writes a valid sitemap index', () => {
    const xml = presentSitemapIndex('http://localhost:3000', [{ path: '/sitemaps/main.xml', lastmod: '2025-12-12T00:00:00Z' }]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml)).toMatchObject({
      sitemapindex: {
        '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
        sitemap: [{ loc: 'http://localhost:3000/sitemaps/main.xml', lastmod: '2025-12-12T00:00:00+00:00' }],
      },
    });
  });
});

describe('streamUrlset', () => {
  it('pulls one chunk at a time and writes one piece of XML per chunk', async () => {
    const pulled: number[] = [];
    function* chunks() {
      for (let i = 0; i < 3; i += 1) {
        pulled.push(i);
        yield [{ path: `/business/b${i}` }];
      }
    }
    const stream = streamUrlset('http://x', chunks());
    expect(pulled).toEqual([]);
    const pieces: string[] = [];
    for await (const piece of stream) pieces.push(piece as string);
    expect(pulled).toEqual([0, 1, 2]);
    // Opening tag, one piece per chunk, closing tag.
    expect(pieces).toHaveLength(5);
    expect(XMLValidator.validate(pieces.join(''))).toBe(true);
  });
});
