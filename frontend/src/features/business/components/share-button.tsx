import { useEffect, useState } from 'react';

export const COPIED_DURATION_MS = 2000;

type ShareState = 'idle' | 'copied' | 'failed';

/** Copies the page address; says 'Copied!' for 2 seconds. */
export function ShareButton() {
  const [state, setState] = useState<ShareState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const handleShare = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setState('copied');
    } catch (error) {
      // No clipboard access (insecure context or permission refused): say so instead of failing silently.
      if (error instanceof Error || error instanceof DOMException) setState('failed');
      else throw error;
    }
  };

  return (
    <button type="button" className="button button-secondary" onClick={() => void handleShare()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      <span aria-live="polite">{state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Share'}</span>
    </button>
  );
}
