/** What a visitor reads of a rendered page: its body without tags, scripts or React's text separators. */
export function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<div id="root">'));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}
