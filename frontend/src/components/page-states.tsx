import type { ReactNode } from 'react';
import { data, useLocation, useNavigation } from 'react-router-dom';
import { apiErrorMessage, isApiRequestError, unavailableMessage } from '../lib/api-client.ts';
import './page-states.css';

/** What a loader hands its page when the data could not be read; the page shows its error state. */
export interface LoadFailure {
  failed: true;
  /** "HTTP 503: Service Unavailable", or a generic text for failures that are not HTTP answers. */
  message: string;
}

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && (value as Partial<LoadFailure>).failed === true;
}

/**
 * Turns a failed read into loader data with an error status, so the page renders its own error
 * state (and the server answers 5xx) instead of the generic application error.
 */
export function loadFailure(error: unknown): ReturnType<typeof data<LoadFailure>> {
  console.error(error);
  // Matched by its text: the server renderer's client is built apart from this bundle's class.
  const unavailable = unavailableMessage(error);
  if (unavailable !== null) return data({ failed: true, message: `HTTP 503: ${unavailable}` }, { status: 503 });
  // By shape too: on the server, the in-process client's errors are of the backend's copy of the class.
  const isHttp = isApiRequestError(error);
  // The API's own sentence when it gave one ({ error: { message } }), not its JSON.
  const apiMessage = isHttp ? apiErrorMessage(error.body) : null;
  const message = isHttp ? (apiMessage ? `HTTP ${error.status}: ${apiMessage}` : `HTTP ${error.message}`) : 'The directory could not be reached.';
  return data({ failed: true, message }, { status: isHttp && error.status >= 500 ? error.status : 500 });
}

/** A list with nothing to show. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-state page-state-empty" role="status">
      <svg className="page-state-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
        />
      </svg>
      <h2 className="page-state-title">{title}</h2>
      {children}
    </div>
  );
}

/** A page whose data could not be loaded: what failed and what to do. */
export function ErrorState({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="page-state page-state-error" role="alert">
      <svg className="page-state-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2 1 21h22L12 2zm0 4.2L19.5 19h-15L12 6.2zM11 10v5h2v-5h-2zm0 6v2h2v-2h-2z" />
      </svg>
      <h1 className="page-state-title">{title}</h1>
      <p>{message}</p>
      {children}
    </div>
  );
}

/** "Loading businesses..." while another page of the same list is on its way (client navigation only). */
export function LoadingNotice({ text }: { text: string }) {
  const navigation = useNavigation();
  const location = useLocation();
  const isLoadingHere = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  return (
    <p className="loading-notice" role="status" aria-live="polite">
      {isLoadingHere ? text : ''}
    </p>
  );
}
