import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from './link.tsx';
import './site-navigation.css';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/businesses', label: 'Businesses' },
  { to: '/categories', label: 'Categories' },
  { to: '/countries', label: 'Countries' },
  { to: '/cities', label: 'Cities' },
  { to: '/contact', label: 'Contact' },
];

export function Logo() {
  return (
    <Link to="/" className="logo">
      <span className="logo-mark" aria-hidden="true">◆</span>
      <span className="logo-part-1">Business</span> <span className="logo-part-2">Directory</span>
    </Link>
  );
}

/**
 * A link of the navigation, marked as the current section on its pages ("/" only on the home
 * page): what React Router's NavLink renders here, without its resolving of the path, which a
 * page paid for six times.
 */
function NavigationLink({ to, label }: { to: string; label: string }) {
  const pathname = useLocation().pathname.toLowerCase();
  const isActive = pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  return (
    <Link aria-current={isActive ? 'page' : undefined} className={isActive ? 'nav-link active' : 'nav-link'} to={to}>
      {label}
    </Link>
  );
}

function NavLinks({ id, isOpen = false, onFollow }: { id?: string; isOpen?: boolean; onFollow?: () => void }) {
  return (
    // A followed link closes the menu at once, not only once the next page has loaded.
    <ul id={id} className="nav-links" data-open={isOpen ? 'true' : undefined} onClick={(event) => event.target instanceof Element && event.target.closest('a') && onFollow?.()}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavigationLink to={link.to} label={link.label} />
        </li>
      ))}
    </ul>
  );
}

function MenuIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {isOpen ? (
        <path fill="currentColor" d="M6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5z" />
      ) : (
        <path fill="currentColor" d="M3 5h18v2H3V5zm0 6h18v2H3v-2zm0 6h18v2H3v-2z" />
      )}
    </svg>
  );
}

/**
 * The top navigation. On phones the links sit behind a Menu button. The server sends a
 * <details> disclosure, which opens and closes without JavaScript; once the page has hydrated
 * it becomes a button with aria-expanded/aria-controls that Escape, a click elsewhere and a
 * navigation close. On wider screens the links are always shown and the button is not.
 */
export function SiteNavigation() {
  const [isEnhanced, setIsEnhanced] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Rendered like the server's HTML first (hydration must match), then enhanced.
  useEffect(() => setIsEnhanced(true), []);

  // A link was followed: the menu has done its job.
  useEffect(() => setIsOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !isOpen) return;
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    // Tabbing past the last link leaves the menu: close it so it does not cover the page.
    if (isOpen && event.relatedTarget instanceof Node && !navRef.current?.contains(event.relatedTarget)) setIsOpen(false);
  };

  return (
    <header className="site-header">
      <nav ref={navRef} className="container nav" aria-label="Main" onKeyDown={handleKeyDown} onBlur={handleBlur}>
        <Logo />
        {isEnhanced ? (
          <>
            <button
              ref={buttonRef}
              type="button"
              className="nav-toggle"
              aria-expanded={isOpen}
              aria-controls={menuId}
              onClick={() => setIsOpen((open) => !open)}
            >
              <MenuIcon isOpen={isOpen} />
              Menu
            </button>
            <NavLinks id={menuId} isOpen={isOpen} onFollow={() => setIsOpen(false)} />
          </>
        ) : (
          <details className="nav-disclosure">
            <summary className="nav-toggle">
              <MenuIcon isOpen={false} />
              Menu
            </summary>
            <NavLinks />
          </details>
        )}
      </nav>
    </header>
  );
}
