import { useEffect, useRef, useState } from 'react';
import type { AdminBulkAction, AdminBusinessListItem } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { formatCount } from '../admin-format.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { BULK_TEXTS, BulkConfirmDialog } from './bulk-confirm-dialog.tsx';

const ACTIONS: readonly AdminBulkAction[] = ['approve', 'unapprove', 'delete'];

/** The selected businesses an action changes: approval leaves alone those already in the state asked. */
const changedBy = (action: AdminBulkAction, selected: readonly AdminBusinessListItem[]) =>
  action === 'delete' ? selected : selected.filter((business) => business.isApproved !== (action === 'approve'));

export interface BulkActionsProps {
  /** The rows of the page. */
  businesses: readonly AdminBusinessListItem[];
  selectedIds: ReadonlySet<number>;
  /** Selects (true) or unselects every row of the page. */
  onSelectAll: (isSelected: boolean) => void;
  /** After an action the server carried out: the list is read again. */
  onDone: () => void;
}

/**
 * Above the business list: select every row of the page, and approve, mark pending or delete
 * the selected rows in one call (POST /api/admin/businesses/bulk), each after a confirmation
 * that says how many businesses it changes. An action that would change none of them (approving
 * businesses all approved) is not offered.
 */
export function BulkActions({ businesses, selectedIds, onSelectAll, onDone }: BulkActionsProps) {
  const api = useAdminApi();
  const { toast } = useToast();
  const [pending, setPending] = useState<AdminBulkAction | null>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const selected = businesses.filter((business) => selectedIds.has(business.id));
  const isAllSelected = selected.length > 0 && selected.length === businesses.length;
  const isPartlySelected = selected.length > 0 && !isAllSelected;

  // "Mixed" has no attribute: the checkbox's indeterminate state is a DOM property.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = isPartlySelected;
  }, [isPartlySelected]);

  const handleConfirm = async () => {
    if (pending === null) return;
    const result = await api.bulkBusinesses(pending, changedBy(pending, selected).map((business) => business.id));
    toast({ title: result.message, variant: 'success' });
    onDone();
  };

  return (
    <div className="admin-bulk" role="group" aria-label="Toplu işlemler">
      <label className="admin-check admin-bulk-all">
        <input ref={selectAll} type="checkbox" checked={isAllSelected} onChange={(event) => onSelectAll(event.target.checked)} />
        Bu sayfadakilerin tümünü seç
      </label>
      <span className="admin-bulk-count" aria-live="polite">
        {selected.length > 0 ? `${formatCount(selected.length)} işletme seçildi` : 'Seçili işletme yok'}
      </span>
      <div className="admin-bulk-actions">
        {ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'delete' ? 'admin-button admin-button-danger' : 'admin-button'}
            disabled={changedBy(action, selected).length === 0}
            aria-haspopup="dialog"
            onClick={() => setPending(action)}
          >
            {BULK_TEXTS[action].button}
          </button>
        ))}
      </div>
      {pending !== null && (
        <BulkConfirmDialog
          action={pending}
          businesses={changedBy(pending, selected)}
          unchangedCount={selected.length - changedBy(pending, selected).length}
          onConfirm={handleConfirm}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
