import type { AdminBulkAction } from '@directory/backend/shared/admin-types.ts';
import { formatCount } from '../admin-format.ts';
import { BULK_FIELD_LABELS } from '../screen-field-labels.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What each bulk action's button, question and confirmation say; `n` is how many businesses it changes. */
export const BULK_TEXTS: Record<
  AdminBulkAction,
  { button: string; title: (n: string) => string; explanation: string; unchanged: (n: string) => string; confirm: (n: string) => string }
> = {
  approve: {
    button: 'Seçilenleri onayla',
    title: (n) => `${n} işletme onaylansın mı?`,
    explanation: 'Bu işletmeler onaylanacak.',
    unchanged: (n) => `Seçilenlerden ${n} işletme zaten onaylı; olduğu gibi kalacak.`,
    confirm: (n) => `${n} işletmeyi onayla`,
  },
  unapprove: {
    button: 'Seçilenleri beklemeye al',
    title: (n) => `${n} işletme beklemeye alınsın mı?`,
    explanation: 'Bu işletmelerin onayı kaldırılacak ve onay bekleyenler arasına geçecekler.',
    unchanged: (n) => `Seçilenlerden ${n} işletme zaten onay bekliyor; olduğu gibi kalacak.`,
    confirm: (n) => `${n} işletmeyi beklemeye al`,
  },
  delete: {
    button: 'Seçilenleri sil',
    title: (n) => `${n} işletme silinsin mi?`,
    explanation: 'Bu işletmeler kalıcı olarak silinecek ve sayfaları artık açılmayacak. Bu işlem geri alınamaz.',
    unchanged: () => '',
    confirm: (n) => `${n} işletmeyi sil`,
  },
};

export interface BulkConfirmDialogProps {
  action: AdminBulkAction;
  /** The businesses it will change. */
  businesses: readonly { id: number; name: string }[];
  /** Selected businesses it leaves as they are (already in the state asked). */
  unchangedCount: number;
  /** Carries the action out; see {@link ConfirmDialog}. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a bulk action, saying how many businesses (and which) it will change. */
export function BulkConfirmDialog({ action, businesses, unchangedCount, onConfirm, onClose }: BulkConfirmDialogProps) {
  const texts = BULK_TEXTS[action];
  const count = formatCount(businesses.length);
  return (
    <ConfirmDialog
      title={texts.title(count)}
      confirmLabel={texts.confirm(count)}
      tone={action === 'delete' ? 'danger' : 'primary'}
      onConfirm={onConfirm}
      onClose={onClose}
      fieldLabels={BULK_FIELD_LABELS}
    >
      <p>{texts.explanation}</p>
      <ul className="admin-bulk-names" aria-label="Değişecek işletmeler">
        {businesses.map((business) => (
          <li key={business.id}>{business.name}</li>
        ))}
      </ul>
      {unchangedCount > 0 && <p className="muted">{texts.unchanged(formatCount(unchangedCount))}</p>}
    </ConfirmDialog>
  );
}
