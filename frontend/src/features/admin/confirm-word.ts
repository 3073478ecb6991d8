/**
 * The word an operator types to confirm what cannot be undone over the whole record ("SİL"),
 * compared the way a person reads it: case, spaces around it and the Turkish dotted and dotless
 * i do not matter, so "sil", "Sil", "SİL" and "SIL" (typed on a keyboard without İ) all match.
 */
const fold = (text: string) => text.normalize('NFC').trim().toLocaleUpperCase('tr-TR').replaceAll('İ', 'I');

/** Whether `typed` is the confirmation word. */
export const isConfirmWordTyped = (typed: string, word: string): boolean => fold(typed) === fold(word);
