import { ADMIN_LIMITS } from '@directory/backend/shared/admin-limits.ts';
import { LOGIN_FIELD_LABELS } from '../screen-field-labels.ts';

/** The login form's error and its two fields, as the login page and the session-renewal dialog show them. */
export function LoginFields(props: {
  error: string | null;
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  /** Focus the password field (the dialog: the username is filled in already). */
  isPasswordFocused?: boolean;
}) {
  return (
    <>
      {props.error && (
        <p className="admin-form-error" role="alert">
          {props.error}
        </p>
      )}
      <label className="admin-field">
        <span>{LOGIN_FIELD_LABELS.username}</span>
        <input name="username" autoComplete="username" required maxLength={ADMIN_LIMITS.login.username} value={props.username} onChange={(event) => props.onUsername(event.target.value)} />
      </label>
      <label className="admin-field">
        <span>{LOGIN_FIELD_LABELS.password}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={ADMIN_LIMITS.login.password}
          // Inside the admin's dialog, which focuses the control marked so once it opens (React's autoFocus came before, and lost it to the dialog's first control).
          data-autofocus={props.isPasswordFocused ? '' : undefined}
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
        />
      </label>
    </>
  );
}
