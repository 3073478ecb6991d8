import { describe, expect, it } from 'vitest';
import { indexedSingulars, singularForms, singularOf } from './plural.ts';

describe('singular/plural folding', () => {
  it.each([
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
  ])('%s → %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
    expect(singularOf(singular)).toBe(singular);
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
});
