import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { ADMIN_LIMITS } from '@directory/backend/shared/admin-limits.ts';
import type { AdminSiteSettings, AdminSitemaps } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { adminErrorText } from '../api/admin-error-text.ts';
import { formatCount, formatDateTime } from '../admin-format.ts';
import type { settingsLoader } from '../loaders.ts';
import { SETTINGS_FIELD_LABELS } from '../screen-field-labels.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader } from './page-header.tsx';

/** The spec reloads the page this long after the cache was cleared. */
const RELOAD_AFTER_CLEAR_MS = 2000;
const CODE_ROWS = 8;

/** The code boxes, in the order the page shows them (their names: SETTINGS_FIELD_LABELS). */
const CODE_BOXES: { key: keyof AdminSiteSettings; help: string }[] = [
  { key: 'head_tags', help: "Her sayfanın <head> bölümüne eklenir (meta etiketleri, doğrulama kodları)." },
  { key: 'facebook_pixel', help: "<body> açılışının hemen ardından eklenir." },
  { key: 'footer_tags', help: "</body> kapanışından önce eklenir." },
  { key: 'analytics_code', help: "Analiz kodu; her sayfanın <head> bölümüne eklenir." },
];

/** The spec's warning: a script tag in the head or footer box runs on every public page. */
export const hasScriptTag = (settings: AdminSiteSettings) => /<script\b/i.test(settings.head_tags) || /<script\b/i.test(settings.footer_tags);

function SitemapPanel({ initial }: { initial: AdminSitemaps | null }) {
  const api = useAdminApi();
  const { toast } = useToast();
  const [status, setStatus] = useState(initial);
  const [isWorking, setIsWorking] = useState(false);
  useEffect(() => setStatus(initial), [initial]);

  const handleRegenerate = async () => {
    setIsWorking(true);
    try {
      setStatus(await api.regenerateSitemaps());
      toast({ title: 'Sitemap yeniden oluşturuldu', variant: 'success' });
    } catch (error) {
      toast({ title: 'Sitemap oluşturulamadı', description: adminErrorText(error), variant: 'destructive' });
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="sitemap-title">
      <div className="admin-panel-head">
        <h2 id="sitemap-title">Sitemap Yönetimi</h2>
        <button type="button" className="admin-button" onClick={handleRegenerate} disabled={isWorking}>
          {isWorking ? 'Oluşturuluyor...' : 'Yeniden oluştur'}
        </button>
      </div>
      {status === null ? (
        <p className="muted">Sitemap bilgisi alınamadı.</p>
      ) : (
        <>
          <p className="muted">
            {formatCount(status.files.length)} dosya · {formatCount(status.totalUrls)} URL · son oluşturma:{' '}
            {status.lastGenerated ? formatDateTime(status.lastGenerated) : 'hiç'}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-plain">
              <thead>
                <tr>
                  <th scope="col">Dosya</th>
                  <th scope="col" className="admin-num">
                    URL
                  </th>
                </tr>
              </thead>
              <tbody>
                {status.files.map((file) => (
                  <tr key={file.path}>
                    <td>
                      <a href={file.path} target="_blank" rel="noreferrer">
                        {file.name}
                      </a>
                    </td>
                    <td className="admin-num">{formatCount(file.urlCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="admin-info">
        Sitemap dizini <a href="/sitemap.xml">/sitemap.xml</a> adresindedir; işletmeler dosya başına 9.000 adres olacak şekilde bölünür. robots.txt
        bu dizini gösterir.
      </p>
    </section>
  );
}

export function SettingsPage() {
  const { settings, sitemaps } = useLoaderData<typeof settingsLoader>();
  const api = useAdminApi();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const [values, setValues] = useState(settings);
  const [isSaving, setIsSaving] = useState(false);
  const [isClearing, setIsClearing] = useState(false);

  useEffect(() => setValues(settings), [settings]);
  const isDirty = CODE_BOXES.some(({ key }) => values[key] !== settings[key]);

  const handleSave = async () => {
    setIsSaving(true);
    try {
      await api.saveSiteSettings(values);
      toast({ title: 'Ayarlar kaydedildi', description: 'Site ayarları güncellendi.', variant: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: 'Kayıt hatası', description: `Site ayarları güncellenirken hata oluştu. ${adminErrorText(error, SETTINGS_FIELD_LABELS)}`, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  const handleClearCache = async () => {
    setIsClearing(true);
    try {
      await api.clearCache();
      // The spec's words ('Cache temizlendi', also the API's message) in Turkish, as the button says it.
      toast({ title: 'Önbellek temizlendi', description: 'Sayfa 2 saniye içinde yenilenecek.', variant: 'success' });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_CLEAR_MS);
    } catch (error) {
      toast({ title: 'Önbellek temizlenemedi', description: adminErrorText(error), variant: 'destructive' });
      setIsClearing(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Site Ayarları"
        description="Herkese açık her sayfaya eklenen kodlar, önbellek ve sitemap."
        actions={
          <button type="button" className="admin-button" onClick={handleClearCache} disabled={isClearing}>
            {isClearing ? 'Temizleniyor...' : 'Önbelleği temizle'}
          </button>
        }
      />
      <div className="admin-stack">
        <section className="admin-panel" aria-labelledby="codes-title">
          <h2 id="codes-title">Site Kodları</h2>
          {hasScriptTag(values) && (
            <p className="admin-warning" role="status">
              Uyarı: Head veya footer etiketlerinde &lt;script&gt; etiketi var. Bu kod herkese açık her sayfada çalışır; yalnızca güvendiğiniz kodları
              ekleyin.
            </p>
          )}
          <div className="admin-code-grid">
            {CODE_BOXES.map(({ key, help }) => (
              <div key={key} className="admin-field">
                <label htmlFor={`setting-${key}`}>{SETTINGS_FIELD_LABELS[key]}</label>
                <textarea
                  id={`setting-${key}`}
                  className="admin-code"
                  rows={CODE_ROWS}
                  maxLength={ADMIN_LIMITS.snippet}
                  spellCheck={false}
                  value={values[key]}
                  aria-describedby={`setting-${key}-help`}
                  onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                />
                <p className="muted admin-help" id={`setting-${key}-help`}>
                  {help}
                </p>
              </div>
            ))}
          </div>
          <div className="admin-form-actions">
            <button type="button" className="admin-button admin-button-primary" onClick={handleSave} disabled={isSaving || !isDirty}>
              {isSaving ? 'Kaydediliyor...' : 'Kaydet'}
            </button>
            <button type="button" className="admin-button" onClick={() => setValues(settings)} disabled={!isDirty}>
              Sıfırla
            </button>
            <button type="button" className="admin-button" onClick={() => revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
              {revalidator.state === 'loading' ? 'Yükleniyor...' : 'Sunucudan yükle'}
            </button>
          </div>
        </section>
        <SitemapPanel initial={sitemaps} />
      </div>
    </>
  );
}
