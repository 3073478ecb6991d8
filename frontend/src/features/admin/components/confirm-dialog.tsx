import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { adminErrorText, type FieldLabels } from '../api/admin-error-text.ts';
import { isConfirmWordTyped } from '../confirm-word.ts';
import { AdminModal } from './admin-modal.tsx';

export interface ConfirmDialogProps {
  /** The question, naming what changes ("\"Kebapçı Halil\" silinsin mi?"); the dialog's accessible name. */
  title: string;
  /** What will happen, in concrete terms. */
  children: ReactNode;
  /** The confirm button's words. */
  confirmLabel: string;
  /** Red for what deletes or rewrites records, blue otherwise. */
  tone: 'danger' | 'primary';
  /** A word to type before the confirm button is enabled, for what cannot be undone over the whole record. */
  confirmWord?: string;
  /** Carries the action out. Resolved, the dialog closes; rejected, it stays open with the reason in Turkish. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The names of the fields the call sends, for a refusal's words (screen-field-labels.ts). */
  fieldLabels?: FieldLabels;
}

/**
 * Every confirmation of the admin area: the question and what will happen, "Vazgeç" (also Escape
 * and ×) and the confirm button, which reads "İşleniyor..." and is disabled while the call runs.
 * The focus starts on "Vazgeç" (on the word's box when one is asked) and goes back to the button
 * that opened the dialog. A failed call leaves the dialog open with the server's reason.
 */
export function ConfirmDialog({ title, children, confirmLabel, tone, confirmWord, onConfirm, onClose, fieldLabels = {} }: ConfirmDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const wordId = useId();
  const isWordTyped = confirmWord === undefined || isConfirmWordTyped(typed, confirmWord);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isWordTyped || isBusy) return;
    setIsBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(adminErrorText(failure, fieldLabels));
      setIsBusy(false);
      return;
    }
    onClose();
  };

  return (
    <AdminModal
      title={title}
      size="compact"
      // While the call runs the dialog stays: its answer decides what the screen shows next.
      onClose={() => (isBusy ? undefined : onClose())}
      onSubmit={handleSubmit}
      actions={
        <>
          <button type="button" className="admin-button" onClick={onClose} disabled={isBusy} data-autofocus={confirmWord === undefined ? '' : undefined}>
            Vazgeç
          </button>
          <button
            type="submit"
            className={tone === 'danger' ? 'admin-button admin-button-danger-solid' : 'admin-button admin-button-primary'}
            disabled={isBusy || !isWordTyped}
          >
            {isBusy ? 'İşleniyor...' : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {confirmWord !== undefined && (
        <div className="admin-field">
          <label htmlFor={wordId}>
            Onaylamak için <strong>{confirmWord}</strong> yazın
          </label>
          <input
            id={wordId}
            type="text"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={isBusy}
            data-autofocus=""
          />
        </div>
      )}
      {error && (
        <p className="admin-form-error" role="alert">
          {error}
        </p>
      )}
    </AdminModal>
  );
}
