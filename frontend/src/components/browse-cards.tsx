import { Link } from './link.tsx';

/** What each card says under its title: the not-found screens word it each their own way. */
export interface BrowseCardTexts {
  categories: string;
  countries: string;
  cities: string;
}

/** The three cards to the category, country and city lists, shown where a visitor lost their way. */
export function BrowseCards({ texts }: { texts: BrowseCardTexts }) {
  const links = [
    { to: '/categories', title: 'Browse Categories', text: texts.categories },
    { to: '/countries', title: 'Browse Countries', text: texts.countries },
    { to: '/cities', title: 'Browse Cities', text: texts.cities },
  ];
  return (
    <ul className="browse-cards">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="browse-card">
            <strong>{link.title}</strong>
            <span>{link.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
