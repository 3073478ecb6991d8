import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { createAdminApi } from '../api/admin-api.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { adminSessionAtom } from '../atoms.ts';
import { LOGIN_FIELD_LABELS } from '../screen-field-labels.ts';
import { LoginFields } from './login-fields.tsx';
import type { loginLoader } from '../loaders.ts';

/** A failed login as the operator reads it (a throttled one says how long to wait). */
export function loginErrorText(error: unknown): string {
  return adminErrorText(error, LOGIN_FIELD_LABELS);
}

export function LoginPage() {
  const { next } = useLoaderData<typeof loginLoader>();
  const navigate = useNavigate();
  const setSession = useSetAtom(adminSessionAtom);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isFilled = username.trim() !== '' && password !== '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isFilled || isSubmitting) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const answer = await createAdminApi().login(username.trim(), password);
      setSession({ username: answer.username, csrfToken: answer.csrfToken, expiresAt: '' });
      navigate(next, { replace: true });
    } catch (failure) {
      setError(loginErrorText(failure));
      setIsSubmitting(false);
    }
  };

  return (
    <div className="admin-login">
      <form className="admin-login-card" onSubmit={handleSubmit} noValidate>
        <p className="admin-login-mark" aria-hidden="true">◆</p>
        <h1>Yönetici Girişi</h1>
        <p className="muted">Yönetim paneline erişmek için giriş yapın.</p>
        <LoginFields error={error} username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
        <button type="submit" className="admin-button admin-button-primary admin-button-block" disabled={!isFilled || isSubmitting}>
          {isSubmitting ? 'Giriş yapılıyor...' : 'Giriş Yap'}
        </button>
        <p className="admin-login-back">
          <Link to="/">← Ana siteye dön</Link>
        </p>
      </form>
    </div>
  );
}
