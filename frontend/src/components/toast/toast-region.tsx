import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { toastQueueAtom, dismissToastAtom } from './toast-atoms.ts';
import { isSwipeDismiss, TOAST_HOTKEY, visibleToasts, type Toast } from './toast-queue.ts';
import './toast.css';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const start = useRef<number | null>(null);

  // Each toast gets its full duration once it shows; hovering or focusing it pauses the clock.
  useEffect(() => {
    if (isPaused) return undefined;
    const timer = setTimeout(onDismiss, toast.duration);
    return () => clearTimeout(timer);
  }, [isPaused, onDismiss, toast.duration]);

  const handlePointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const handlePointerUp = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const deltaX = event.clientX - start.current;
    start.current = null;
    if (isSwipeDismiss(deltaX)) onDismiss();
    else setOffset(0);
  };

  const isError = toast.variant === 'destructive';
  return (
    <li
      className={`toast toast-${toast.variant}`}
      data-toast-id={toast.id}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      <div className="toast-text">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

/**
 * Where toasts show: one at a time, bottom right; F8 moves focus here, swiping a toast to the
 * right dismisses it. Mount it once per page tree; `useToast()` fills it.
 */
export function ToastRegion() {
  const queue = useAtomValue(toastQueueAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} className="toast-viewport-section">
      <ol ref={region} className="toast-viewport" tabIndex={-1}>
        {visibleToasts(queue).map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
