/** The breadcrumb trails of the pages (the pages show them, the routes describe them in JSON-LD). */
import type { Crumb } from '../../components/breadcrumbs.tsx';

export const categoryCrumbs = (category: { category: string; slug: string }): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Categories', path: '/categories' },
  { label: category.category, path: `/categories/${category.slug}` },
];
