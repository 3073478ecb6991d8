import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { ReindexStatus } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDateTime, formatDecimal } from '../admin-format.ts';
import type { maintenanceLoader } from '../loaders.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { allDeletedToast, slugsFixedToast, testDataDeletedToast } from '../maintenance-toasts.ts';
import { PageHeader } from './page-header.tsx';

const REINDEX_POLL_MS = 1000;

function DangerZone() {
  const api = useAdminApi();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'test' | 'slugs' | 'all' | null>(null);

  const handleDeleteTestData = async () => {
    if (!window.confirm('Test verilerini silmek istediğinize emin misiniz?')) return;
    setBusy('test');
    try {
      const answer = await api.deleteTestData();
      toast(testDataDeletedToast(answer));
    } catch (error) {
      toast({ title: 'Test verileri silinemedi', description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const handleFixSlugs = async () => {
    if (!window.confirm("Tüm URL'ler (slug) kısa biçime dönüştürülsün mü? Eski adresler yeni adreslere yönlendirilir.")) return;
    setBusy('slugs');
    try {
      const answer = await api.fixSlugs();
      toast(slugsFixedToast(answer));
    } catch (error) {
      toast({ title: "URL'ler düzeltilemedi", description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const handleDeleteAll = async () => {
    if (!window.confirm('TÜM işletmeleri silmek istediğinize emin misiniz?')) return;
    if (!window.confirm('Bu işlem geri alınamaz. Tüm işletmeler kalıcı olarak silinecek. Devam edilsin mi?')) return;
    setBusy('all');
    try {
      const answer = await api.deleteAllBusinesses();
      toast(allDeletedToast(answer));
    } catch (error) {
      toast({ title: 'İşletmeler silinemedi', description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-panel admin-danger" aria-labelledby="danger-title">
      <h2 id="danger-title">Danger Zone</h2>
      <p className="muted">Bu işlemler kayıtları kalıcı olarak değiştirir ve her biri onay ister.</p>
      <ul className="admin-danger-list">
        <li>
          <div>
            <h3>Test verilerini sil</h3>
            <p className="muted">Demo üreticisinin yüklediği ve test verisi olarak işaretlenen işletmeleri siler.</p>
          </div>
          <button type="button" className="admin-button admin-button-danger" onClick={handleDeleteTestData} disabled={busy !== null}>
            {busy === 'test' ? 'Siliniyor...' : 'Test verilerini sil'}
          </button>
        </li>
        <li>
          <div>
            <h3>URL'leri düzelt</h3>
            <p className="muted">Uzun veya zaman damgalı slug'ları kısa place-id biçimine çevirir; kaldığı yerden devam eder.</p>
          </div>
          <button type="button" className="admin-button admin-button-danger" onClick={handleFixSlugs} disabled={busy !== null}>
            {busy === 'slugs' ? 'Düzeltiliyor...' : "URL'leri düzelt"}
          </button>
        </li>
        <li>
          <div>
            <h3>Tüm işletmeleri sil</h3>
            <p className="muted">Kayıttaki bütün işletmeleri ve arama indeksindeki karşılıklarını siler. İki kez onay ister.</p>
          </div>
          <button type="button" className="admin-button admin-button-danger-solid" onClick={handleDeleteAll} disabled={busy !== null}>
            {busy === 'all' ? 'Siliniyor...' : 'Tümünü sil'}
          </button>
        </li>
      </ul>
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
  const { reindex } = useLoaderData<typeof maintenanceLoader>();
  return (
    <>
      <PageHeader title="Bakım" description="Arama indeksi ve kalıcı veri işlemleri (Maintenance)." />
      <div className="admin-stack">
        <ReindexPanel initial={reindex} />
        <DangerZone />
      </div>
    </>
  );
}
