import { Provider } from 'jotai';
import { isRouteErrorResponse, Link, Outlet, useRouteError } from 'react-router-dom';
import { ToastRegion } from '../../../components/toast/toast-region.tsx';
import { useDocumentTitle } from '../../../components/layout.tsx';

/**
 * Everything under /admin: its own jotai store (made per render, so one server render never
 * sees another's session hint) and the site's toast region.
 */
export function AdminRoot() {
  useDocumentTitle();
  return (
    <Provider>
      <div className="admin-app">
        <Outlet />
      </div>
      <ToastRegion />
    </Provider>
  );
}

/** What a failed admin screen shows. */
export function AdminError() {
  const error = useRouteError();
  const isMissing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="admin-panel admin-error" role="alert">
      <h1>{isMissing ? 'Sayfa bulunamadı' : 'Error loading application'}</h1>
      <p>{isMissing ? 'Aradığınız kayıt ya da sayfa yok.' : 'Bu ekran yüklenemedi. Lütfen biraz sonra tekrar deneyin.'}</p>
      <p>
        <Link to="/admin">Ana Sayfa</Link>
      </p>
    </section>
  );
}
