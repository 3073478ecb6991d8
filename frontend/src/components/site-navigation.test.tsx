import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, NavLink } from 'react-router-dom';
import { NAV_LINKS, SiteNavigation } from './site-navigation.tsx';

/** The navigation's links on the page at `path`: label, and whether it is marked current. */
function navigationAt(path: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <SiteNavigation />
    </MemoryRouter>,
  );
}

/** What React Router's NavLink renders for a link of the navigation on the page at `path`. */
function navLinkAt(path: string, link: (typeof NAV_LINKS)[number]): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
        {link.label}
      </NavLink>
    </MemoryRouter>,
  );
}

const currentLinks = (html: string) => [...html.matchAll(/<a aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);

describe('SiteNavigation', () => {
  it.each([
    ['/', 'Home'],
    ['/categories', 'Categories'],
    ['/categories/bakery', 'Categories'],
    ['/Cities/FR/lyon', 'Cities'],
    ['/businesses?page=3', 'Businesses'],
  ])('marks the section of %s as the current page: %s', (path, label) => {
    // The links are rendered twice: in the menu of small screens and in the bar of wide ones.
    expect(new Set(currentLinks(navigationAt(path)))).toEqual(new Set([label]));
  });

  it.each(['/business/bakery-lyon-x1', '/search?q=cafe', '/contactless', '/privacy-policy'])('marks no link current on %s', (path) => {
    expect(currentLinks(navigationAt(path))).toEqual([]);
  });

  it.each(['/', '/categories/bakery', '/business/some-shop', '/contact'])('renders each link as React Router’s NavLink does on %s', (path) => {
    const html = navigationAt(path);
    for (const link of NAV_LINKS) expect(html).toContain(navLinkAt(path, link));
  });
});
