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
  /**
   * Wide dialogs hold lists (the export's fields and categories); narrow ones fill a phone's
   * screen, compact ones (a question and two buttons) stay a card there, as high as their content.
   */
  size?: 'narrow' | 'wide' | 'compact';
}

/**
 * An admin dialog: a native <dialog> opened with showModal(), so the page behind is inert (focus
 * stays inside, Tab never leaves it), Escape closes it and focus goes back to what opened it. The
 * focus starts on the control marked `data-autofocus`, else on the first one. It shows while it
 * is rendered: a screen renders it only when open (never on the server).
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
    // showModal() focuses the first control (the close button) unless one asks for the focus:
    // React sets no `autofocus` attribute, so a control asks with `data-autofocus`.
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
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
