import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createAdminApi, type AdminApi } from './api/admin-api.ts';
import { adminSessionAtom } from './atoms.ts';
import { loginPathFor } from './login-next.ts';

/** The admin API for a screen's actions: writes carry the session's CSRF token, a 401 goes to the login page. */
export function useAdminApi(): AdminApi {
  const session = useAtomValue(adminSessionAtom);
  const navigate = useNavigate();
  const location = useLocation();
  return useMemo(
    () =>
      createAdminApi({
        ...(session ? { csrfToken: session.csrfToken } : {}),
        onUnauthorized: () => navigate(loginPathFor(location)),
      }),
    [session, navigate, location],
  );
}
