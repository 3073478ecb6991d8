/**
 * The site's slug rules, for the frontend too: its loaders fold an address written another way
 * (a category's name, an old link's city) into the slug the index holds.
 */
export { letterOf, slugify } from '@directory/data/slug.ts';
