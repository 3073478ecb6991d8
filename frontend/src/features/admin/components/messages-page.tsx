import { useState } from 'react';
import { useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import type { AdminMessage, AdminMessageStatus } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDateTime } from '../admin-format.ts';
import type { messagesLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader } from './page-header.tsx';
import { AdminPager, withPage } from './admin-pager.tsx';

const TABS: { status: AdminMessageStatus; label: string }[] = [
  { status: 'all', label: 'Tümü' },
  { status: 'unread', label: 'Okunmamış' },
  { status: 'handled', label: 'İşlenmiş' },
];

function MessageCard({ message, onChanged }: { message: AdminMessage; onChanged: () => void }) {
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
      toast({ title: 'İşlem başarısız', description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };

  const handleDelete = () => {
    if (!window.confirm(`"${message.subject}" mesajı silinsin mi?`)) return;
    void run(() => api.deleteMessage(message.id), 'Mesaj silindi');
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
        <button type="button" className="admin-button admin-button-danger" disabled={isBusy} onClick={handleDelete}>
          Sil
        </button>
      </div>
    </article>
  );
}

export function MessagesPage() {
  const { status, page } = useLoaderData<typeof messagesLoader>();
  const location = useLocation();
  const revalidator = useRevalidator();
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
            <MessageCard key={message.id} message={message} onChanged={() => revalidator.revalidate()} />
          ))}
        </div>
      )}
      <AdminPager
        page={page.pagination.page}
        totalPages={page.pagination.totalPages}
        hrefFor={(n) => withPage(location.pathname, location.search, n)}
        label="Mesaj sayfaları"
      />
    </>
  );
}
