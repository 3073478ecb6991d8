import { describe, expect, it } from 'vitest';
import settingsFile from '../../../meilisearch.json' with { type: 'json' };
import table from '../../synonyms.json' with { type: 'json' };
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { toBusinessDocument } from '../document.ts';
import { generatedBusinessSettings } from './meili-settings.ts';
import { meiliQueryWords, searchWords } from './meili-documents.ts';
import type { BusinessRowWithClosure } from '@directory/data/business-row.ts';
import { toBusinessColumns } from '@directory/data/business-row.ts';

describe('Meilisearch settings from the shared rules', () => {
  const business = settingsFile.indexes.businesses.settings as Record<string, unknown>;

  it('meilisearch.json holds exactly the generated synonyms, ranking and typo settings', () => {
    const generated = generatedBusinessSettings();
    for (const [key, value] of Object.entries(generated)) expect(business[key], key).toEqual(value);
  });

  it('maps every phrase of every synonym group to every other phrase of the group', () => {
    const synonyms = business.synonyms as Record<string, string[]>;
    let pairs = 0;
    for (const group of table.groups) {
      for (const phrase of group) {
        for (const other of group) {
          if (other === phrase) continue;
          expect(synonyms[phrase.toLowerCase()], `${phrase} → ${other}`).toContain(other.toLowerCase());
          pairs += 1;
        }
      }
    }
    expect(pairs).toBeGreaterThan(100);
    expect(synonyms.physician).toEqual(expect.arrayContaining(['doctor', 'gp']));
  });
});

describe('Meilisearch documents and queries for plurals, streets and phones', () => {
  const documentOf = (overrides: Parameters<typeof buildBusiness>[0]) => {
    const columns = toBusinessColumns(buildBusiness(overrides));
    return toBusinessDocument({ ...columns, id: 1, slug: 'x', created_at: '2026-01-01', updated_at: '2026-01-01', closure_status: null } as unknown as BusinessRowWithClosure);
  };

  it('holds the singulars of plural words, the street and the phone digits', () => {
    const words = searchWords(documentOf({ name: 'Sweet Bakeries', category: 'Pharmacy', type: 'Pharmacy', fullAddress: '95 Fleet Street, Lyon, France', phone: '+33 4 78 00 11 22' }));
    expect(words.singulars).toBe('bakery');
    expect(words.contact).toBe('95 fleet street');
    expect(words.phoneDigits).toBe('33478001122 478001122');
    expect(searchWords(documentOf({ name: 'Ristoranti Riuniti', category: 'Museen', type: null })).singulars).toBe('ristorante museum');
  });

  it('folds query words to singulars and a phone number to its digits', () => {
    expect(meiliQueryWords('Real estate agencies')).toEqual(['real', 'estate', 'agency']);
    expect(meiliQueryWords('bars')).toEqual(['bar']);
    expect(meiliQueryWords('Pizzerie Banche')).toEqual(['pizzeria', 'banca']);
    expect(meiliQueryWords('Zahnärzte Bäckereien')).toEqual(['zahnarzt', 'backerei']);
    expect(meiliQueryWords('04 78 00 11 22')).toEqual(['478001122']);
    expect(meiliQueryWords('+33 4-78-00-11-22')).toEqual(['33478001122']);
  });
});
