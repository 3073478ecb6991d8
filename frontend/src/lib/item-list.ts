/** One entry of a list page, as search engines read it. */
export interface ItemListEntry {
  name: string;
  /** Its page's path ("/business/joes-pizza-a1b2c3"). */
  path: string;
}

/**
 * A schema.org ItemList for a page of a list; `firstPosition` is the 1-based place of the page's
 * first entry; each entry's URL is absolute, on `origin`.
 */
export function itemListJsonLd(origin: string, name: string, numberOfItems: number, firstPosition: number, entries: ItemListEntry[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems,
    itemListElement: entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      name: entry.name,
      url: origin + entry.path,
    })),
  };
}
