// eslint-disable-next-line no-control-regex -- the C0 control characters and DEL are what this finds
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;
const LINE_OR_TAB = /[\t\n\v\f\r]/;

/**
 * A search's text (what, where) without control characters, which no one types and no page may
 * echo (a NUL in a title): a tab or line break becomes a space, any other (NUL, ESC…) goes.
 * Applied by the search API to what it is asked and by the search page to its URL and boxes.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => (LINE_OR_TAB.test(character) ? ' ' : ''));
}
