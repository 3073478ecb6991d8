import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

export interface AdminModalProps {
  /** The dialog's heading, also its accessible name. */
  title: string;
  /** Escape or the close button. */
  onClose: () => void;
  children: ReactNode;
  /** The controls at the bottom (the primary action last). */
  actions?: ReactNode;
  /** Makes the body and actions one form: Enter submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Wide dialogs hold lists (the export's fields and categories). */
  size?: 'narrow' | 'wide';
}

/**
 * An admin dialog: a native <dialog> opened with showModal(), so the page behind is inert (focus
 * stays inside, Tab never leaves it), Escape closes it and focus goes back to what opened it. It
 * shows while it is rendered: a screen renders it only when open (never on the server).
 */
export function AdminModal({ title, onClose, children, actions, onSubmit, size = 'narrow' }: AdminModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest handler, without reopening the dialog when a parent passes a new function.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);

  const content = (
    <>
      <div className="admin-modal-body">{children}</div>
      {actions && <div className="admin-modal-actions">{actions}</div>}
    </>
  );
  return (
    <dialog
      ref={dialog}
      className={`admin-modal admin-modal-${size}`}
      aria-labelledby={titleId}
      // Escape: the screen's state decides when the dialog goes, not the browser.
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
    >
      <div className="admin-modal-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="admin-modal-close" aria-label="Kapat" onClick={() => close.current()}>
          ×
        </button>
      </div>
      {onSubmit ? (
        <form className="admin-modal-form" onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </dialog>
  );
}
