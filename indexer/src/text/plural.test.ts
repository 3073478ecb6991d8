import { describe, expect, it } from 'vitest';
import { indexedSingulars, prefixPlurals, singularForms, singularOf } from './plural.ts';

const REGULAR_AND_IRREGULAR = [
  ['bars', 'bar'],
  ['gyms', 'gym'],
  ['atms', 'atm'],
  ['pharmacies', 'pharmacy'],
  ['bakeries', 'bakery'],
  ['churches', 'church'],
  ['agencies', 'agency'],
  ['boxes', 'box'],
  ['dishes', 'dish'],
  ['glasses', 'glass'],
  ['houses', 'house'],
  ['men', 'man'],
  ['women', 'woman'],
  ['people', 'person'],
  ['children', 'child'],
  ['knives', 'knife'],
  ['hopitaux', 'hopital'],
  ['restaurantes', 'restaurante'],
  ['farmacias', 'farmacia'],
] as const;

const ITALIAN_AND_GERMAN = [
  // Italian
  ['ristoranti', 'ristorante'],
  ['pizzerie', 'pizzeria'],
  ['gelaterie', 'gelateria'],
  ['trattorie', 'trattoria'],
  ['farmacie', 'farmacia'],
  ['agenzie', 'agenzia'],
  ['dentisti', 'dentista'],
  ['parrucchieri', 'parrucchiere'],
  ['meccanici', 'meccanico'],
  ['ospedali', 'ospedale'],
  ['supermercati', 'supermercato'],
  ['negozi', 'negozio'],
  ['stazioni', 'stazione'],
  ['banche', 'banca'],
  ['alberghi', 'albergo'],
  ['scuole', 'scuola'],
  // German, folded as the index folds them (Bäckereien → backereien)
  ['backereien', 'backerei'],
  ['metzgereien', 'metzgerei'],
  ['buchhandlungen', 'buchhandlung'],
  ['arzte', 'arzt'],
  ['zahnarzte', 'zahnarzt'],
  ['rechtsanwalte', 'rechtsanwalt'],
  ['krankenhauser', 'krankenhaus'],
  ['supermarkte', 'supermarkt'],
  ['autowerkstatten', 'autowerkstatt'],
  ['tankstellen', 'tankstelle'],
  ['apotheken', 'apotheke'],
  ['grundschulen', 'grundschule'],
] as const;

describe('singular/plural folding', () => {
  it.each(REGULAR_AND_IRREGULAR)('%s → %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
    expect(singularOf(singular)).toBe(singular);
  });

  it.each(ITALIAN_AND_GERMAN)('Italian/German %s → %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
    expect(singularOf(singular)).toBe(singular);
  });

  it.each(['sushi', 'garden', 'kitchen', 'chicken', 'salami', 'taxi', 'spaghetti', 'broccoli', 'bikini'])('leaves the non-plural %s as it is', (word) => {
    expect(singularOf(word)).toBe(word);
  });

  it('indexes an Italian singular a prefix search would miss, and folds a query the same way', () => {
    expect(indexedSingulars('pizzerie')).toEqual(['pizzeria']);
    expect(singularForms('zahnarzte')).toEqual(['zahnarzt']);
    expect(indexedSingulars('zahnarzte')).toEqual([]);
  });

  it.each(['bus', 'gas', 'spa', 'business', 'glass', 'news', 'campus', 'analysis', 'paris', '10115'])('leaves %s as it is', (word) => {
    expect(singularOf(word)).toBe(word);
  });

  it('offers every singular a query word may stand for', () => {
    expect(singularForms('movies')).toEqual(['movy', 'movie']);
    expect(singularForms('bar')).toEqual([]);
  });

  it('indexes only the singulars a prefix search would miss', () => {
    expect(indexedSingulars('bakeries')).toEqual(['bakery']);
    expect(indexedSingulars('bars')).toEqual([]);
    expect(indexedSingulars('men')).toEqual(['man']);
    expect(indexedSingulars('children')).toEqual([]);
  });

  it.each([...REGULAR_AND_IRREGULAR, ...ITALIAN_AND_GERMAN])('finds a document holding %s by %s alone, indexed or as a listed plural', (plural, singular) => {
    const isIndexed = indexedSingulars(plural).includes(singular);
    expect(isIndexed || prefixPlurals(singular).includes(plural)).toBe(true);
  });

  it('lists only the plurals that fold to the word', () => {
    expect(prefixPlurals('bar')).toEqual(['bars']);
    expect(prefixPlurals('church')).toEqual(['churchs', 'churches']);
    expect(prefixPlurals('glass')).toEqual(['glasses']);
  });
});
