/** One entry of a list page, as search engines read it. */
export interface ItemListEntry {
  name: string;
  url: string;
}

/** A schema.org ItemList for a page of a list; `firstPosition` is the 1-based place of the page's first entry. */
export function itemListJsonLd(name: string, numberOfItems: number, firstPosition: number, entries: ItemListEntry[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems,
    itemListElement: entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      name: entry.name,
      url: entry.url,
    })),
  };
}
