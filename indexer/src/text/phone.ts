/** Phone numbers as both engines find them: the digit tokens a number is stored as, and the forms a query of digits may take. */

/** Characters a visitor types around the digits of a phone number. */
const PHONE_QUERY = /^[\d\s\-().+/]+$/;
/** Fewest digits a query needs to be read as a phone number (a house number or a postal code is shorter). */
export const MIN_PHONE_DIGITS = 6;

/**
 * The digit-only tokens a phone number is found by: every digit, and the national number (what
 * follows the "+NN" calling code), so "+34 660 855 623" is found by "34660855623" and "660855623".
 */
export function phoneTokens(phone: string | null | undefined): string[] {
  if (!phone) return [];
  const digits = phone.replace(/\D+/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return [];
  const tokens = [digits];
  const international = /^\s*\+(\d{1,3})[\s\-.(]/.exec(phone);
  if (international) tokens.push(digits.slice(international[1]!.length));
  return [...new Set(tokens)];
}

/**
 * The digits of a query that is a phone number however it is written ("(212) 555-0123",
 * "+34 660-855-623"), with the forms it may be stored as: without an international "00" or a
 * national trunk "0". Null when the query is not a phone number.
 */
export function phoneQuery(query: string | undefined): string[] | null {
  if (!query || !PHONE_QUERY.test(query)) return null;
  const digits = query.replace(/\D+/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  const forms = [digits];
  if (digits.startsWith('00')) forms.push(digits.slice(2));
  else if (digits.startsWith('0')) forms.push(digits.slice(1));
  return forms;
}
