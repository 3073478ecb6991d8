/** The breadcrumb trails of the pages (the pages show them, the routes describe them in JSON-LD). */
import type { Crumb } from '../../components/breadcrumbs.tsx';
import { cityPath } from './filter.ts';

export const cityCrumbs = (city: { city: string; slug: string; country: string; countryCode: string; countrySlug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Cities', path: '/cities' },
  { label: city.country, path: `/countries/${city.countrySlug}` },
  { label: city.city, path: cityPath(city) },
];
