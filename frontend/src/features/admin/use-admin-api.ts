import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createAdminApi, type AdminApi } from './api/admin-api.ts';
import { adminSessionAtom, requestSessionRenewalAtom } from './atoms.ts';
import { loginPathFor } from './login-next.ts';

/**
 * The admin API for a screen's actions: writes carry the session's CSRF token; a write refused
 * because the session ended asks the operator to sign in again on the spot (the layout's dialog)
 * and is then sent again, so the screen and what was typed into it stay; a read's 401 goes to the
 * login page.
 */
export function useAdminApi(): AdminApi {
  const session = useAtomValue(adminSessionAtom);
  const renewSession = useSetAtom(requestSessionRenewalAtom);
  const navigate = useNavigate();
  const location = useLocation();
  return useMemo(
    () =>
      createAdminApi({
        ...(session ? { csrfToken: session.csrfToken } : {}),
        onUnauthorized: () => navigate(loginPathFor(location)),
        renewSession,
      }),
    [session, navigate, location, renewSession],
  );
}
