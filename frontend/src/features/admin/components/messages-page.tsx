import { useState } from 'react';
import { useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { AdminMessage, AdminMessageStatus } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDateTime } from '../admin-format.ts';
import type { messagesLoader } from '../loaders.ts';
import { MESSAGE_FIELD_LABELS } from '../screen-field-labels.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PageHeader } from './page-header.tsx';
import { AdminPager, withPage } from './admin-pager.tsx';

const TABS: { status: AdminMessageStatus; label: string }[] = [
  { status: 'all', label: 'Tümü' },
  { status: 'unread', label: 'Okunmamış' },
  { status: 'handled', label: 'İşlenmiş' },
];

interface MessageCardProps {
  message: AdminMessage;
  onChanged: () => void;
  /** Opens the deletion's confirmation. */
  onDelete: () => void;
}

function MessageCard({ message, onChanged, onDelete }: MessageCardProps) {
  const api = useAdminApi();
  const { toast } = useToast();
  const [isBusy, setIsBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setIsBusy(true);
    try {
      await action();
      toast({ title: done, variant: 'success' });
      onChanged();
    } catch (error) {
      toast({ title: 'İşlem başarısız', description: adminErrorText(error, MESSAGE_FIELD_LABELS), variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <article className={`admin-message${message.isRead ? '' : ' unread'}`}>
      <header className="admin-message-head">
        <h2>{message.subject}</h2>
        <div className="admin-message-badges">
          {!message.isRead && <span className="admin-status admin-status-info">Okunmadı</span>}
          {message.isHandled && <span className="admin-status admin-status-success">İşlendi</span>}
        </div>
      </header>
      <p className="muted admin-message-from">
        <strong>{message.name}</strong> · <a href={`mailto:${message.email}`}>{message.email}</a>
        {message.company && <> · {message.company}</>}
        {message.phone && <> · {message.phone}</>} · {formatDateTime(message.createdAt)}
      </p>
      <p className="admin-message-body">{message.message}</p>
      <div className="admin-row-actions">
        <button
          type="button"
          className="admin-button"
          disabled={isBusy}
          onClick={() => void run(() => api.updateMessage(message.id, { isRead: !message.isRead }), message.isRead ? 'Okunmadı olarak işaretlendi' : 'Okundu olarak işaretlendi')}
        >
          {message.isRead ? 'Okunmadı yap' : 'Okundu yap'}
        </button>
        <button
          type="button"
          className="admin-button"
          disabled={isBusy}
          onClick={() =>
            void run(
              () => api.updateMessage(message.id, message.isHandled ? { isHandled: false } : { isHandled: true, isRead: true }),
              message.isHandled ? 'İşlenmedi olarak işaretlendi' : 'İşlendi olarak işaretlendi',
            )
          }
        >
          {message.isHandled ? 'İşlenmedi yap' : 'İşlendi yap'}
        </button>
        <button type="button" className="admin-button admin-button-danger" disabled={isBusy} onClick={onDelete} aria-haspopup="dialog">
          Sil
        </button>
      </div>
    </article>
  );
}

/** Asks before deleting one message, naming its subject, sender and date; on success a toast says it went. */
function DeleteMessageDialog({ message, onDeleted, onClose }: { message: AdminMessage; onDeleted: () => void; onClose: () => void }) {
  const api = useAdminApi();
  const { toast } = useToast();
  const handleConfirm = async () => {
    await api.deleteMessage(message.id);
    toast({ title: 'Mesaj silindi', variant: 'success' });
    onDeleted();
  };
  return (
    <ConfirmDialog title={`"${message.subject}" mesajı silinsin mi?`} confirmLabel="Mesajı sil" tone="danger" onConfirm={handleConfirm} onClose={onClose}>
      <p>
        <strong>{message.name}</strong> ({message.email}) tarafından {formatDateTime(message.createdAt)} tarihinde gönderilen mesaj kalıcı olarak silinecek.
      </p>
      <p>Bu işlem geri alınamaz.</p>
    </ConfirmDialog>
  );
}

export function MessagesPage() {
  const { status, page } = useLoaderData<typeof messagesLoader>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<AdminMessage | null>(null);
  return (
    <>
      <PageHeader title="Mesajlar" description={`İletişim formundan gelen mesajlar, en yenisi önce. ${formatCount(page.unread)} okunmamış.`} />
      <nav className="admin-tabs" aria-label="Mesaj durumu">
        {TABS.map((tab) => (
          <Link
            key={tab.status}
            to={tab.status === 'all' ? '/admin/messages' : `/admin/messages?status=${tab.status}`}
            className={status === tab.status ? 'admin-chip active' : 'admin-chip'}
            aria-current={status === tab.status ? 'page' : undefined}
          >
            {tab.label}
            {tab.status === 'unread' && page.unread > 0 && <span className="admin-badge">{page.unread}</span>}
          </Link>
        ))}
      </nav>
      {page.messages.length === 0 ? (
        <section className="admin-panel">
          <p className="admin-empty">Mesaj yok.</p>
        </section>
      ) : (
        <div className="admin-stack">
          {page.messages.map((message) => (
            <MessageCard key={message.id} message={message} onChanged={() => revalidator.revalidate()} onDelete={() => setDeleting(message)} />
          ))}
        </div>
      )}
      <AdminPager
        page={page.pagination.page}
        totalPages={page.pagination.totalPages}
        hrefFor={(n) => withPage(location.pathname, location.search, n)}
        label="Mesaj sayfaları"
      />
      {deleting && <DeleteMessageDialog message={deleting} onDeleted={() => revalidator.revalidate()} onClose={() => setDeleting(null)} />}
    </>
  );
}
