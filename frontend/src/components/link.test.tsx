import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, type LinkProps } from 'react-router-dom';
import { Link, ServerSitePathLink, SitePathLink } from './link.tsx';

/** The HTML of a link rendered on the page at `at`. */
const html = (link: React.ReactElement, at = '/business/some-shop') => renderToString(<MemoryRouter initialEntries={[at]}>{link}</MemoryRouter>);

const CASES: LinkProps[] = [
  { to: '/' },
  { to: '/categories/bakery', className: 'badge business-category' },
  { to: '/search?q=pizza&location=Rome#results', 'aria-current': 'page', rel: 'next' },
  { to: '/cities/fr/lyon?page=2', 'aria-label': 'Page 2', title: 'Lyon' },
  // Not a path of the site: React Router's own Link renders these.
  { to: '?page=3' },
  { to: '../countries' },
  { to: { pathname: '/countries', search: '?letter=B' } },
  { to: '/contact', reloadDocument: true },
  { to: '/privacy-policy', target: '_blank' },
];

describe('Link', () => {
  it.each(CASES)('renders the same <a> as React Router’s Link: %o', (props) => {
    const ours = html(<Link {...props}>Text</Link>);
    expect(ours).toBe(html(<RouterLink {...props}>Text</RouterLink>));
    expect(ours).toMatch(/^<a [^>]*href="[^"]+"[^>]*>Text<\/a>$/);
  });

  it.each(CASES.filter((props) => typeof props.to === 'string' && props.to.startsWith('/') && !props.reloadDocument && !props.target))(
    'renders on the server the <a> the browser hydrates: %o',
    (props) => {
      const to = props.to as string;
      expect(html(<ServerSitePathLink {...props} to={to}>Text</ServerSitePathLink>)).toBe(html(<SitePathLink {...props} to={to}>Text</SitePathLink>));
    },
  );

  it('resolves a relative link from the page it is on, as React Router does', () => {
    expect(html(<Link to="../countries">Countries</Link>, '/cities/fr')).toContain('href="/countries"');
  });
});
