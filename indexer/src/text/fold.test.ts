import { describe, expect, it } from 'vitest';
import { foldText, tokenize } from './fold.ts';

describe('folding and splitting words', () => {
  it('splits and folds plain ASCII exactly as the Unicode rules do', () => {
    // ASCII texts take a shorter path; a word spelt with an accent beside them must not change how they split.
    expect(tokenize("Joe's Bar-Grill, 24/7 (NYC)")).toEqual(['joe', 's', 'bar', 'grill', '24', '7', 'nyc']);
    expect(tokenize("Joé's Bar-Grill, 24/7 (NYC)")).toEqual(['joe', 's', 'bar', 'grill', '24', '7', 'nyc']);
    expect(tokenize('a_b^c`d ~e')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(foldText('MAIN St.')).toBe('main st.');
    expect(foldText('Ｍain Ｓt.')).toBe('main st.');
  });
});
