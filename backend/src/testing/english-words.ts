/** Words of English sentences, which no Turkish text of the admin screens holds. */
export const ENGLISH_WORDS: readonly string[] = ['must', 'please', 'the', 'is', 'be', 'should', 'cannot', 'request', 'server', 'try'];

/** The words of `words` that `text` holds, as whole words in any case (none for a Turkish text). */
export function englishWordsIn(text: string, words: readonly string[] = ENGLISH_WORDS): string[] {
  return words.filter((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));
}
