import { Link } from './link.tsx';
import './breadcrumbs.css';

/** One step of a trail: its label and its origin-less path ("/countries/france"). */
export interface Crumb {
  label: string;
  path: string;
}

/** The trail above a detail page; the last step is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.path}>
            {index < items.length - 1 ? (
              <Link to={item.path}>{item.label}</Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The same trail as a schema.org BreadcrumbList, for the page's JSON-LD: each step's absolute URL on `origin`. */
export function breadcrumbJsonLd(items: Crumb[], origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: origin + item.path,
    })),
  };
}
