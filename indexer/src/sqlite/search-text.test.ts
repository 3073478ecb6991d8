import { describe, expect, it } from 'vitest';
import { bigrams, ftsTexts, indexText } from './search-text.ts';

describe('search text as the index stores it', () => {
  it('folds every script the same way and adds the singulars a prefix misses', () => {
    expect(indexText('Sweet Bakeries & Cafés')).toBe('sweet bakeries bakery cafes');
    expect(indexText('Ταβέρνα Ο Θανάσης')).toBe('ταβερνα ο θανασης');
    expect(indexText('Phở Thìn Lò Đúc')).toBe('pho thin lo đuc');
    expect(indexText('Кафе Пушкин')).toBe('кафе пушкин');
  });

  it('gives a word the same forms every time it is seen', () => {
    const first = indexText('Bakeries Bakeries bakeries');
    expect(first).toBe('bakeries bakery bakeries bakery bakeries bakery');
    expect(indexText('bakeries')).toBe('bakeries bakery');
  });

  it('follows a CJK run with its bigrams, so any two characters of it are a phrase', () => {
    expect(bigrams('東京ラーメン')).toEqual(['東京', '京ラ', 'ラー', 'ーメ', 'メン']);
    expect(indexText('東京ラーメン 横丁')).toBe('東京ラーメン 東京 京ラ ラー ーメ メン 横丁');
  });

  it('follows a word written with a hyphen or an apostrophe with the same word joined', () => {
    expect(indexText('Free Wi-Fi')).toBe('free wi fi wifi');
    expect(indexText("McDonald’s 7-Eleven")).toBe('mcdonald s mcdonalds 7 eleven 7eleven');
    expect(indexText("Women's Clothing")).toBe('women woman s womens clothing');
    expect(indexText('Saint-Étienne-du-Rouvray')).toBe('saint etienne du rouvray saintetiennedurouvray');
    // A hyphen between spaces, or at a word's edge, joins nothing.
    expect(indexText("Bar - Grill 'Rock' -40")).toBe('bar grill rock 40');
    expect(indexText('A-1 Plumbing')).toBe('a 1 a1 plumbing');
  });

  it('keeps the street apart from the place words, with the phone digits', () => {
    const texts = ftsTexts({
      name: 'The Old Bell',
      category: 'Pub',
      type: 'Pub',
      city: 'London',
      country: 'United Kingdom',
      countryCode: 'GB',
      postalCode: 'EC4Y 1DH',
      address: '95 Fleet Street, London EC4Y 1DH, United Kingdom',
      phone: '+44 20 7583 0216',
      aboutText: '',
    });
    expect(texts.place).toBe('london united kingdom gb ec4y 1dh');
    expect(texts.contact).toBe('95 fleet street 442075830216 2075830216');
  });

  it('shapes every amenity of the about text, one per line, as the words of a text', () => {
    const doc = {
      name: 'Café Nord', category: 'Bakery', type: 'Bakeries', city: 'Lyon', country: 'France', countryCode: 'FR',
      postalCode: null, address: '3 Rue de la Martinière, Lyon', phone: null,
    };
    const lines = ftsTexts({ ...doc, aboutText: 'Free Wi-Fi\nCredit cards\nWheelchair accessible entrance' });
    const words = ftsTexts({ ...doc, aboutText: 'Free Wi-Fi Credit cards Wheelchair accessible entrance' });
    expect(lines.about).toBe('free wi fi wifi credit cards wheelchair accessible entrance');
    expect(lines).toEqual(words);
    // A second document with the same category and amenities is shaped the same (the shaped parts are remembered).
    expect(ftsTexts({ ...doc, postalCode: '69001', aboutText: 'Credit cards' })).toMatchObject({
      category: lines.category, place: 'lyon france fr 69001', about: 'credit cards', contact: '3 rue de la martiniere',
    });
  });
});
