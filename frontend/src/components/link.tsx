import { createElement, type MouseEvent } from 'react';
import { createPath, Link as RouterLink, useLocation, useNavigate, type LinkProps } from 'react-router-dom';

/** Props that only React Router's own Link handles: a link using one goes to it. */
const ROUTER_ONLY_PROPS = ['relative', 'reloadDocument', 'prefetch', 'discover', 'viewTransition', 'target', 'mask', 'defaultShouldRevalidate'] as const;

/** A path of this site ("/categories/bakery?page=2"), not a relative one nor another origin's ("//cdn…"). */
const isSitePath = (to: LinkProps['to']): to is string => typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * React Router's `<Link>` with a path of the site: the same `<a>` (the same attributes, in the
 * same order) and the same navigation on a plain click (a click on a link to the page shown
 * replaces its history entry), without resolving the path against the matched routes, which
 * React Router’s Link does twice per render. A page renders a few dozen links (navigation,
 * footer, breadcrumbs, cards): on the server, React Router’s Links were about a quarter of
 * React’s work for a business page, that resolution above all.
 */
export function SitePathLink({ to, replace, state, preventScrollReset, onClick, ...rest }: LinkProps & { to: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || isModified(event)) return;
    event.preventDefault();
    void navigate(to, { replace: replace ?? createPath(location) === to, state, preventScrollReset });
  };
  return <a {...rest} href={to} onClick={handleClick} data-discover="true" />;
}

/** The props SitePathLink takes for itself: the rest go to its `<a>`. */
const LINK_ONLY_PROPS = new Set(['to', 'replace', 'state', 'preventScrollReset', 'onClick']);

/**
 * SitePathLink as the server renders it: the same `<a>`, without the router's hooks (no click
 * happens on the server, and they were most of this link's cost there). The server's build picks
 * it (`import.meta.env.SSR` is a build-time constant); the browser hydrates SitePathLink over it.
 * Its props are copied in a loop into the `<a>`'s own props object: a rest pattern that leaves
 * names out (`{ to, ...rest }`), or a spread of the copy (`<a {...anchor} href=…>`), takes V8's
 * slow path for objects of varying shape, ~2 µs a link against ~1, and a page renders a few dozen.
 */
export function ServerSitePathLink(props: LinkProps & { to: string }) {
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!LINK_ONLY_PROPS.has(name)) anchor[name] = props[name as keyof typeof props];
  anchor.href = props.to;
  anchor['data-discover'] = 'true';
  return createElement('a', anchor);
}

const SiteLink = import.meta.env.SSR ? ServerSitePathLink : SitePathLink;

/** The site's link: React Router's `<Link>`, cheaper for a path of the site (see SitePathLink). */
export function Link(props: LinkProps) {
  if (isSitePath(props.to) && !ROUTER_ONLY_PROPS.some((name) => props[name] !== undefined)) return <SiteLink {...props} to={props.to} />;
  return <RouterLink {...props} />;
}
