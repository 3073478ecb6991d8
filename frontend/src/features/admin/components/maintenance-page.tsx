import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { ReindexStatus } from '@directory/backend/shared/admin-types.ts';
import type { MaintenanceTask } from '@directory/backend/shared/maintenance-tasks.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDateTime, formatDecimal } from '../admin-format.ts';
import type { maintenanceLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PageHeader } from './page-header.tsx';

const REINDEX_POLL_MS = 1000;

/** The record's kept counts (the dashboard's stats) the confirmations name. */
interface RecordCounts {
  businesses: number;
  testBusinesses: number;
}

interface DangerDialogProps {
  /** Null when the stats could not be read: the dialog says it without a number. */
  counts: RecordCounts | null;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting the demo generator's businesses, saying how many when the page knows. */
function DeleteTestDataDialog({ counts, onConfirm, onClose }: DangerDialogProps) {
  const count = counts && formatCount(counts.testBusinesses);
  const isWholeRecord = counts !== null && counts.testBusinesses > 0 && counts.testBusinesses === counts.businesses;
  return (
    <ConfirmDialog
      title={count ? `${count} test işletmesi silinsin mi?` : 'Test verileri silinsin mi?'}
      confirmLabel="Test verilerini sil"
      tone="danger"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        Demo üreticisinin yüklediği {count ? `${count} test işletmesi` : 'test işletmeleri'} kalıcı olarak silinecek; sayfaları artık açılmayacak. İçe
        aktarılan ve elle eklenen işletmelere dokunulmaz.
      </p>
      {isWholeRecord && <p>Kayıttaki işletmelerin tamamı test verisi: hepsi tek seferde silinecek ve arama indeksi baştan kurulacak.</p>}
      <p>Bu işlem geri alınamaz.</p>
    </ConfirmDialog>
  );
}

/** Asks before shortening the slugs, saying how many businesses it reads when the page knows. */
function FixSlugsDialog({ counts, onConfirm, onClose }: DangerDialogProps) {
  return (
    <ConfirmDialog title="URL'ler kısa biçime dönüştürülsün mü?" confirmLabel="URL'leri düzelt" tone="danger" onConfirm={onConfirm} onClose={onClose}>
      <p>
        Kayıttaki {counts ? `${formatCount(counts.businesses)} işletmenin` : 'bütün işletmelerin'} URL'si (slug) incelenecek; uzun veya zaman damgalı
        olanlar kısa place-id biçimine çevrilecek. Eski adresler yeni adreslere kalıcı olarak (301) yönlendirilir.
      </p>
      <p>Yarıda kalırsa bir sonraki çalıştırma kaldığı yerden devam eder.</p>
    </ConfirmDialog>
  );
}

/** The confirmation word of deleting every business. */
const DELETE_ALL_WORD = 'SİL';

/** Asks before deleting every business: the count when the page knows it, and the word typed. */
function DeleteAllDialog({ counts, onConfirm, onClose }: DangerDialogProps) {
  const count = counts && formatCount(counts.businesses);
  return (
    <ConfirmDialog
      title={count ? `${count} işletmenin tümü silinsin mi?` : 'Tüm işletmeler silinsin mi?'}
      confirmLabel="Tümünü kalıcı olarak sil"
      tone="danger"
      confirmWord={DELETE_ALL_WORD}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        Kayıttaki {count ? `${count} işletmenin` : 'bütün işletmelerin'} tamamı kalıcı olarak silinecek: sayfaları artık açılmayacak ve arama indeksi
        boş olarak baştan kurulacak. Mesajlar, site ayarları ve reklam kodları kalır.
      </p>
      <p>
        <strong>Bu işlem geri alınamaz.</strong>
      </p>
    </ConfirmDialog>
  );
}

function DangerZone({ counts }: { counts: RecordCounts | null }) {
  const api = useAdminApi();
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<MaintenanceTask | null>(null);

  // The server's answer says what was done, in the words the activity list uses; the counts change
  // (and delete all starts a rebuild): the screen reads them again.
  const run = (task: MaintenanceTask) => async () => {
    const { message } = await api.runMaintenance(task);
    toast({ title: message, variant: 'success' });
    revalidator.revalidate();
  };
  const dialogProps = { counts, onClose: () => setConfirming(null) };
  // An action the counts say has nothing to work on is not offered.
  const isEmpty = counts?.businesses === 0;
  const hasNoTestData = counts?.testBusinesses === 0;
  const opener = (action: MaintenanceTask) => ({ 'aria-haspopup': 'dialog' as const, onClick: () => setConfirming(action) });

  return (
    <section className="admin-panel admin-danger" aria-labelledby="danger-title">
      <h2 id="danger-title">Tehlikeli İşlemler</h2>
      <p className="muted">Bu işlemler kayıtları kalıcı olarak değiştirir ve her biri onay ister.</p>
      <ul className="admin-danger-list">
        <li>
          <div>
            <h3>Test verilerini sil</h3>
            <p className="muted">
              Demo üreticisinin yüklediği ve test verisi olarak işaretlenen işletmeleri siler.{hasNoTestData && ' Kayıtta şu an test verisi yok.'}
            </p>
          </div>
          <button type="button" className="admin-button admin-button-danger" disabled={hasNoTestData} {...opener('delete-test-data')}>
            Test verilerini sil
          </button>
        </li>
        <li>
          <div>
            <h3>URL'leri düzelt</h3>
            <p className="muted">Uzun veya zaman damgalı slug'ları kısa place-id biçimine çevirir; kaldığı yerden devam eder.</p>
          </div>
          <button type="button" className="admin-button admin-button-danger" disabled={isEmpty} {...opener('fix-slugs')}>
            URL'leri düzelt
          </button>
        </li>
        <li>
          <div>
            <h3>Tüm işletmeleri sil</h3>
            <p className="muted">
              Kayıttaki bütün işletmeleri ve arama indeksindeki karşılıklarını siler. Onay için {DELETE_ALL_WORD} yazılmasını ister.
              {isEmpty && ' Kayıt şu an boş.'}
            </p>
          </div>
          <button type="button" className="admin-button admin-button-danger-solid" disabled={isEmpty} {...opener('delete-all')}>
            Tümünü sil
          </button>
        </li>
      </ul>
      {confirming === 'delete-test-data' && <DeleteTestDataDialog {...dialogProps} onConfirm={run('delete-test-data')} />}
      {confirming === 'fix-slugs' && <FixSlugsDialog {...dialogProps} onConfirm={run('fix-slugs')} />}
      {confirming === 'delete-all' && <DeleteAllDialog {...dialogProps} onConfirm={run('delete-all')} />}
    </section>
  );
}

const REINDEX_STATE_TEXT: Record<ReindexStatus['state'], string> = {
  idle: 'Hiç çalıştırılmadı',
  running: 'Çalışıyor',
  succeeded: 'Tamamlandı',
  failed: 'Başarısız',
};

function ReindexPanel({ initial }: { initial: ReindexStatus }) {
  const api = useAdminApi();
  const { toast } = useToast();
  const [status, setStatus] = useState(initial);
  const [isStarting, setIsStarting] = useState(false);
  const isRunning = status.state === 'running';

  useEffect(() => setStatus(initial), [initial]);
  useEffect(() => {
    if (!isRunning) return undefined;
    const timer = setInterval(() => {
      // A failed poll leaves the last status on screen; the next tick asks again.
      api.reindexStatus().then(setStatus, () => undefined);
    }, REINDEX_POLL_MS);
    return () => clearInterval(timer);
  }, [api, isRunning]);

  const handleStart = async () => {
    setIsStarting(true);
    try {
      setStatus(await api.startReindex());
    } catch (error) {
      if (isApiRequestError(error) && error.status === 409) {
        toast({ title: 'Yeniden indeksleme zaten çalışıyor', description: adminErrorText(error) });
        api.reindexStatus().then(setStatus, () => undefined);
      } else {
        toast({ title: 'Yeniden indeksleme başlatılamadı', description: adminErrorText(error), variant: 'destructive' });
      }
    } finally {
      setIsStarting(false);
    }
  };

  const progress = status.total ? Math.min(1, status.processed / status.total) : null;
  return (
    <section className="admin-panel" aria-labelledby="reindex-title">
      <h2 id="reindex-title">Arama İndeksini Yeniden Oluştur</h2>
      <p className="muted">
        Büyük içe aktarmalardan sonra çalıştırın. İndeks ayrı bir işlemde baştan kurulur ve hazır olunca tek adımda devreye girer; ziyaretçiler bu sırada
        siteyi kullanmaya devam eder.
      </p>
      <dl className="admin-facts">
        <div>
          <dt>Durum</dt>
          <dd>
            <span className={`admin-status admin-status-${status.state === 'failed' ? 'error' : status.state === 'succeeded' ? 'success' : 'info'}`}>
              {REINDEX_STATE_TEXT[status.state]}
            </span>
          </dd>
        </div>
        {status.startedAt && (
          <div>
            <dt>Başladı</dt>
            <dd>{formatDateTime(status.startedAt)}</dd>
          </div>
        )}
        {status.finishedAt && (
          <div>
            <dt>Bitti</dt>
            <dd>{formatDateTime(status.finishedAt)}</dd>
          </div>
        )}
        {status.state === 'succeeded' && status.documents !== null && (
          <div>
            <dt>Sonuç</dt>
            <dd>
              {formatCount(status.documents)} işletme{status.seconds !== null ? `, ${formatDecimal(status.seconds)} sn` : ''}
            </dd>
          </div>
        )}
      </dl>
      {isRunning && (
        <div className="admin-progress-block">
          <progress max={status.total ?? undefined} value={status.total ? status.processed : undefined} aria-label="İndeksleme ilerlemesi" />
          <p className="muted" aria-live="polite">
            {formatCount(status.processed)}
            {status.total ? ` / ${formatCount(status.total)} (${Math.round((progress ?? 0) * 100)}%)` : ''} işletme işlendi
          </p>
        </div>
      )}
      {status.state === 'failed' && status.error && (
        <p className="admin-form-error" role="alert">
          {status.error}
        </p>
      )}
      <button type="button" className="admin-button admin-button-primary" onClick={handleStart} disabled={isRunning || isStarting}>
        {isRunning ? 'İndeksleniyor...' : isStarting ? 'Başlatılıyor...' : 'İndeksi yeniden oluştur'}
      </button>
    </section>
  );
}

export function MaintenancePage() {
  const { reindex, stats } = useLoaderData<typeof maintenanceLoader>();
  return (
    <>
      <PageHeader title="Bakım" description="Arama indeksi ve kalıcı veri işlemleri." />
      <div className="admin-stack">
        <ReindexPanel initial={reindex} />
        <DangerZone counts={stats && { businesses: stats.totalBusinesses, testBusinesses: stats.testBusinesses }} />
      </div>
    </>
  );
}
