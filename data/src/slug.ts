// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included
const ASCII = /^[\u0000-\u007F]*$/;

const UNDECOMPOSED = /[ßæøđðł]/;

/**
 * URL slugs. Accents are folded ("São Paulo" → "sao-paulo"), letters of other scripts are
 * kept ("東京" stays "東京"), everything else becomes a single hyphen.
 */
export function slugify(text: string): string {
  // ASCII has nothing to fold: lower case and hyphens give the same slug without Unicode normalisation (most names).
  if (ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  let folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  // Letters that do not decompose into a base letter and a mark, spelled out; one test spares most names the five passes.
  if (UNDECOMPOSED.test(folded)) folded = folded.replace(/ß/g, 'ss').replace(/[æ]/g, 'ae').replace(/[ø]/g, 'o').replace(/[đð]/g, 'd').replace(/[ł]/g, 'l');
  return folded.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
}

const MAX_NAME_PART = 60;

/**
 * The canonical slug of a business: its name and the last characters of a stable key, its
 * place id ("joes-pizza-a1b2c3"). `extraLength` widens the key part when the short form collides.
 */
export function businessSlug(name: string, key: string, extraLength = 0): string {
  const namePart = slugify(name).slice(0, MAX_NAME_PART).replace(/-+$/, '') || 'business';
  const keyPart = key.replace(/[^A-Za-z0-9]/g, '').slice(-(6 + extraLength)).toLowerCase();
  return keyPart ? `${namePart}-${keyPart}` : namePart;
}

/** First letter of a name for the A-Z strips: A–Z after folding accents, otherwise '#'. */
export function letterOf(name: string): string {
  const first = slugify(name).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

/** Lower case without accents ("São" → "sao"), for case- and accent-insensitive matching. */
export function foldText(text: string): string {
  // In ASCII only the circumflex and the grave accent are diacritics.
  if (ASCII.test(text)) return text.replace(/[\^`]/g, '').toLowerCase();
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}
