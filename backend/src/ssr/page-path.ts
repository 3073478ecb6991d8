/** `text` with its percent-escapes decoded; null when they are malformed (such a path names no file and no slug). */
export function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    if (error instanceof URIError) return null;
    throw error;
  }
}

const BUSINESS_PAGE = /^\/business\/([^/]+)$/;

/** The slug a business page's path names (`/business/<slug>`, decoded); null for any other path. */
export function businessSlugOf(path: string): string | null {
  const match = BUSINESS_PAGE.exec(path);
  return match ? decodedOrNull(match[1]!) : null;
}
