import { matchRoutes, Outlet, ScrollRestoration, useLocation, useNavigation, useRouteLoaderData, type RouteObject } from 'react-router-dom';
import { SITE_ROUTE_ID, type SiteData } from '../app/page-head.ts';
import { Link } from './link.tsx';
import { useEffect, useState, type ComponentType } from 'react';
import type { RouteHandle } from '../lib/page-meta.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { GenericSkeleton } from './page-skeleton.tsx';
import { SiteNavigation } from './site-navigation.tsx';

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/legal-notice', label: 'Legal Notice' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
];

function Footer() {
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteData | undefined;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">About the directory</h2>
          <p>
            An open directory of local businesses around the world. Find restaurants, plumbers, dentists and thousands of
            other services by category, country and city, with ratings, opening hours and directions.
          </p>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer-title">Quick links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/categories">Categories</Link></li>
            <li><Link to="/countries">Countries</Link></li>
            <li><Link to="/cities">Cities</Link></li>
            <li><Link to="/contact">Contact</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-title">Legal</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}><Link to={link.to}>{link.label}</Link></li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container copyright">© {site?.year ?? new Date().getUTCFullYear()} Business Directory. All rights reserved.</p>
    </footer>
  );
}

/** The spec hides the public navigation on every path that begins with /admin. */
const isAdminPath = (pathname: string) => pathname.startsWith('/admin');

/** Skeletons wait this long, so a page that arrives at once (from the cache) never flashes one. */
const SKELETON_DELAY_MS = 200;

/** The skeleton of the page being loaded in the browser: the deepest matched route's, or a generic one. */
function skeletonOf(routes: RouteObject[], pathname: string): ComponentType {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const skeleton = (matches[i]!.route.handle as RouteHandle | undefined)?.skeleton;
    if (skeleton) return skeleton;
  }
  return GenericSkeleton;
}

/**
 * The skeleton to show while the browser loads another page (not another page of the same
 * list, whose controls stay in place), once the load has taken longer than a moment.
 */
function useLoadingSkeleton(pageRoutes: RouteObject[]): ComponentType | null {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === 'loading' && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(() => {
      setShown(target);
      // The placeholders stand where the new page will start: bring them into view (the router
      // has already saved this page's position for the Back button).
      window.scrollTo({ top: 0 });
    }, SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
  return target !== null && shown === target ? skeletonOf(pageRoutes, target) : null;
}

export function Layout({ pageRoutes }: { pageRoutes: RouteObject[] }) {
  const Skeleton = useLoadingSkeleton(pageRoutes);
  const { pathname } = useLocation();
  return (
    <>
      {/* A new page starts at its top (or its #anchor); Back returns to where the visitor was. */}
      <ScrollRestoration />
      <a className="skip-link" href="#main">Skip to content</a>
      <NavigationProgress />
      {!isAdminPath(pathname) && <SiteNavigation />}
      <main id="main" className="site-main">
        {Skeleton ? <Skeleton /> : <Outlet />}
      </main>
      <Footer />
    </>
  );
}
