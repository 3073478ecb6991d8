import { Provider } from 'jotai';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { ToastRegion } from '../../../components/toast/toast-region.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { adminErrorText } from '../api/admin-error-text.ts';

/** The language of the admin screens, and of the visitors' pages (frontend/index.html). */
const ADMIN_LANGUAGE = 'tr';
const VISITOR_LANGUAGE = 'en';

/**
 * The document's language while an admin screen shows: Turkish (the server writes it on admin
 * pages; a move here from a visitor page sets it, and a move to a visitor page sets it back).
 */
function useAdminDocumentLanguage() {
  useEffect(() => {
    document.documentElement.lang = ADMIN_LANGUAGE;
    return () => {
      document.documentElement.lang = VISITOR_LANGUAGE;
    };
  }, []);
}

/**
 * Everything under /admin: its own jotai store (made per render, so one server render never
 * sees another's session hint) and the site's toast region. Every control stays disabled until
 * the page has hydrated: the admin screens work only with their script, and text typed into a
 * field before React adopted it would never reach the screen's state (its button would stay
 * disabled, or an empty value be sent). A route's code loads before hydration, so on a slow
 * phone that window is seconds.
 */
export function AdminRoot() {
  useAdminDocumentLanguage();
  const isHydrated = useIsHydrated();
  return (
    <Provider>
      <div className="admin-app">
        <fieldset className="admin-controls" disabled={!isHydrated}>
          <Outlet />
        </fieldset>
      </div>
      <ToastRegion />
    </Provider>
  );
}

function AdminProblem({ title, text }: { title: string; text: string }) {
  return (
    <section className="admin-panel admin-error" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/admin">Yönetim ana sayfası</Link>
      </p>
    </section>
  );
}

/** An /admin path that names no screen, or a record that is not there: shown inside the admin layout. */
export function AdminNotFound() {
  return <AdminProblem title="Sayfa bulunamadı" text="Aradığınız kayıt ya da sayfa yok." />;
}

/** What a failed admin screen shows. */
export function AdminError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminNotFound />;
  return (
    <AdminProblem
      title="Ekran yüklenemedi"
      text={isApiRequestError(error) ? adminErrorText(error) : 'Bu ekran yüklenemedi. Lütfen biraz sonra tekrar deneyin.'}
    />
  );
}
