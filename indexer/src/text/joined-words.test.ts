import { describe, expect, it } from 'vitest';
import { joinedParts, joinedWords, markWords, withJoinedCopies, withJoinedWords } from './joined-words.ts';

describe('words written with a hyphen or an apostrophe', () => {
  it('writes each joined word also as one, or only as one', () => {
    expect(withJoinedCopies('Free Wi-Fi')).toBe('Free Wi-Fi WiFi');
    expect(withJoinedCopies('Pizza Roma')).toBe('Pizza Roma');
    expect(withJoinedWords("Women's clothing store")).toBe('Womens clothing store');
    // What Meilisearch documents hold: the words the index adds, a joined word of one-letter parts too.
    expect(joinedWords("A-1 Plumbing, McDonald’s, Wi-Fi")).toEqual(['a1', 'mcdonalds', 'wifi']);
  });

  it('reads the joined words of a query with their parts of two letters or more', () => {
    expect([...joinedParts("wi-fi near Mike's 24 - 7")]).toEqual([['wifi', ['wi', 'fi']], ['mikes', ['mike']]]);
    expect(joinedParts('pizza roma').size).toBe(0);
  });

  it('marks a joined word whole when it matches joined, else part by part', () => {
    const mark = (word: string) => `[${word}]`;
    expect(markWords('Free Wi-Fi', (word) => word.toLowerCase() === 'wifi', mark)).toBe('Free [Wi-Fi]');
    expect(markWords('Free Wi-Fi', (word) => word.toLowerCase() === 'fi', mark)).toBe('Free Wi-[Fi]');
  });
});
