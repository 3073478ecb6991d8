/** The breadcrumb trails of the pages (the pages show them, the routes describe them in JSON-LD). */
import type { Crumb } from '../../components/breadcrumbs.tsx';

export const countryCrumbs = (country: { country: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Countries', path: '/countries' },
  { label: country.country, path: `/countries/${country.slug}` },
];

export const countryCitiesCrumbs = (country: { country: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Countries', path: '/countries' },
  { label: country.country, path: `/countries/${country.slug}` },
  { label: 'Cities', path: `/countries/${country.slug}/cities` },
];
