import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { createAdminApi } from '../api/admin-api.ts';
import { adminSessionAtom, sessionRenewalAtom, type SessionRenewal } from '../atoms.ts';
import { AdminModal } from './admin-modal.tsx';
import { LoginFields } from './login-fields.tsx';
import { loginErrorText } from './login-page.tsx';

function RenewalForm({ renewal }: { renewal: SessionRenewal }) {
  const session = useAtomValue(adminSessionAtom);
  const setSession = useSetAtom(adminSessionAtom);
  const [username, setUsername] = useState(session?.username ?? '');
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
      renewal.resolve(answer.csrfToken);
    } catch (failure) {
      setError(loginErrorText(failure));
      setIsSubmitting(false);
    }
  };

  return (
    <AdminModal
      title="Oturum süresi doldu"
      onClose={() => renewal.resolve(null)}
      onSubmit={handleSubmit}
      actions={
        <>
          <button type="button" className="admin-button" onClick={() => renewal.resolve(null)} disabled={isSubmitting}>
            İptal
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={!isFilled || isSubmitting}>
            {isSubmitting ? 'Giriş yapılıyor...' : 'Giriş yap ve devam et'}
          </button>
        </>
      }
    >
      <p>Oturumunuzun süresi doldu. Değişiklikleriniz bu ekranda duruyor: tekrar giriş yapın, işlem kaldığı yerden devam etsin.</p>
      {/* The password is what the operator has to type: it gets the focus. */}
      <LoginFields error={error} username={username} password={password} onUsername={setUsername} onPassword={setPassword} isPasswordFocused />
    </AdminModal>
  );
}

/** The sign-in asked for when a write finds the session ended (useAdminApi); shown over the screen, which stays as it was. */
export function SessionRenewalDialog() {
  const renewal = useAtomValue(sessionRenewalAtom);
  return renewal ? <RenewalForm renewal={renewal} /> : null;
}
