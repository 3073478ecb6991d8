import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { useToast } from '../../../components/toast/use-toast.ts';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { ADMIN_SCREENS } from '../admin-screens.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { adminSessionAtom, businessListSearchAtom, isAdminMenuOpenAtom } from '../atoms.ts';
import type { layoutLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { SessionRenewalDialog } from './session-renewal-dialog.tsx';

function Sidebar({ unread, onLogout, isLoggingOut }: { unread: number | null; onLogout: () => void; isLoggingOut: boolean }) {
  const listSearch = useAtomValue(businessListSearchAtom);
  const session = useAtomValue(adminSessionAtom);
  return (
    <>
      <Link to="/admin" className="admin-brand">
        <span aria-hidden="true">◆</span> Yönetim Paneli
      </Link>
      {session && <p className="admin-user">Giriş: {session.username}</p>}
      <nav aria-label="Yönetim">
        <ul className="admin-nav">
          {ADMIN_SCREENS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to === '/admin/businesses' ? `${link.to}${listSearch}` : link.to}
                end={link.isEnd ?? false}
                className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}
              >
                <span className="admin-nav-icon" aria-hidden="true">
                  {link.icon}
                </span>
                <span>{link.label}</span>
                {link.to === '/admin/messages' && unread !== null && unread > 0 && (
                  <span className="admin-badge" aria-label={`${unread} okunmamış`}>
                    {unread}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-sidebar-foot">
        <Link to="/" className="admin-nav-link">
          <span className="admin-nav-icon" aria-hidden="true">
            ←
          </span>
          Ana siteye dön
        </Link>
        <button type="button" className="admin-nav-link admin-logout" onClick={onLogout} disabled={isLoggingOut}>
          <span className="admin-nav-icon" aria-hidden="true">
            ↪
          </span>
          {isLoggingOut ? 'Çıkış yapılıyor...' : 'Çıkış Yap'}
        </button>
      </div>
    </>
  );
}

/** The one admin layout: the sidebar (a menu on phones) beside the current screen. */
export function AdminLayout() {
  const { session, unread } = useLoaderData<typeof layoutLoader>();
  useHydrateAtoms([[adminSessionAtom, session]] as const);
  const setSession = useSetAtom(adminSessionAtom);
  const [isMenuOpen, setIsMenuOpen] = useAtom(isAdminMenuOpenAtom);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const api = useAdminApi();
  const { toast } = useToast();

  useEffect(() => setSession(session), [session, setSession]);
  useEffect(() => setIsMenuOpen(false), [pathname, setIsMenuOpen]);

  const handleLogout = async () => {
    setIsLoggingOut(true);
    try {
      await api.logout();
    } catch (error) {
      // Already signed out on the server: the login page is where we were going anyway.
      if (!(isApiRequestError(error) && error.status === 401)) {
        toast({ title: 'Çıkış yapılamadı', description: adminErrorText(error), variant: 'destructive' });
        setIsLoggingOut(false);
        return;
      }
    }
    setSession(null);
    navigate('/admin/login', { replace: true });
  };

  return (
    <div className={`admin-shell${isMenuOpen ? ' menu-open' : ''}`}>
      <a className="skip-link" href="#admin-main">
        İçeriğe geç
      </a>
      <div className="admin-topbar">
        <Link to="/admin" className="admin-brand">
          <span aria-hidden="true">◆</span> Yönetim Paneli
        </Link>
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={isMenuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setIsMenuOpen(!isMenuOpen)}
        >
          {isMenuOpen ? '✕ Kapat' : '☰ Menü'}
        </button>
      </div>
      <aside id="admin-sidebar" className="admin-sidebar">
        <Sidebar unread={unread} onLogout={handleLogout} isLoggingOut={isLoggingOut} />
      </aside>
      <main id="admin-main" className="admin-main">
        <Outlet />
      </main>
      <SessionRenewalDialog />
    </div>
  );
}
