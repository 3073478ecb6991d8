import { describe, expect, it } from 'vitest';
import { MAX_COMPLETED_PHRASES, MIN_COMPLETED_LETTERS, Synonyms } from './synonyms.ts';

describe('phrases of the synonym table a word being typed starts', () => {
  const table = new Synonyms([
    ['dentist', 'dental clinic', 'dental surgery'],
    ['taxi', 'cab', 'taxi service'],
    ['laundromat', 'laundrette', 'laundry'],
    ['launch pad', 'launcher'],
  ]);

  it('are the phrases whose last word the typed word starts, after the same words', () => {
    expect(table.completions([], 'denti')).toEqual([['dentist']]);
    expect(table.completions(['dental'], 'clin')).toEqual([['dental', 'clinic']]);
    expect(table.completions(['dental'], 'surgeries')).toEqual([]);
    // A phrase going on past the word being typed is not what it completes ("taxi" is not "taxi service").
    expect(table.completions([], 'taxi')).toEqual([['taxi']]);
    expect(table.completions(['taxi'], 'serv')).toEqual([['taxi', 'service']]);
  });

  it(`need ${MIN_COMPLETED_LETTERS} letters, and are none past ${MAX_COMPLETED_PHRASES}`, () => {
    expect(table.completions([], 'den')).toEqual([]);
    expect(table.completions([], 'dent')).toEqual([['dentist']]);
    expect(table.completions([], 'laund')).toEqual([['laundrette'], ['laundromat'], ['laundry']]);
    // "laun" starts a fourth one: the visitor has not said which yet.
    expect(table.completions([], 'laun')).toEqual([]);
  });
});
