import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { AdminAdvertisementCodes } from '@directory/backend/shared/admin-types.ts';
import { useToast } from '../../../components/toast/use-toast.ts';
import { adminErrorText, errorParamsOf, issuesOf } from '../api/admin-error-text.ts';
import { formatCount } from '../admin-format.ts';
import type { advertisementsLoader } from '../loaders.ts';
import { AD_FIELD_LABELS } from '../screen-field-labels.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader } from './page-header.tsx';

type Area = keyof AdminAdvertisementCodes;

/** The server's limit per area (50 KB); shown as the code is typed, enforced by the server. */
export const AD_CODE_LIMIT_BYTES = 50 * 1024;
const AD_ROWS = 6;

/** Where each area shows on a business page, naming the section as its (English) heading reads there. */
const AREAS: { key: Area; placement: string }[] = [
  { key: 'ad1', placement: 'Özellikler bölümünün ("Features and amenities") üstünde' },
  { key: 'ad2', placement: 'Hakkında bölümünün ("About") altında' },
  { key: 'ad3', placement: 'Çalışma saatlerinin ("Opening hours") altında' },
  { key: 'ad4', placement: 'İletişim bilgilerinin ("Contact info") altında' },
];

const encoder = new TextEncoder();

/** The area a refused save names (a code over 50 KB, or a field of a 400), if any. */
function areaOf(error: unknown): Area | null {
  const named = errorParamsOf(error).area ?? issuesOf(error)[0]?.field;
  return AREAS.find(({ key }) => key === named)?.key ?? null;
}

export function AdvertisementsPage() {
  const { codes } = useLoaderData<typeof advertisementsLoader>();
  const api = useAdminApi();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const [values, setValues] = useState(codes);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<{ area: Area | null; message: string } | null>(null);

  useEffect(() => setValues(codes), [codes]);
  const isDirty = AREAS.some(({ key }) => values[key] !== codes[key]);

  const handleSave = async () => {
    setIsSaving(true);
    setFailure(null);
    try {
      await api.saveAdvertisementCodes(values);
      toast({ title: 'Reklam kodları kaydedildi', variant: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      const message = adminErrorText(error, AD_FIELD_LABELS);
      setFailure({ area: areaOf(error), message });
      toast({ title: 'Kayıt hatası', description: message, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <PageHeader title="Reklam Yönetimi" description="İşletme detay sayfalarındaki dört reklam alanının kodları." />
      <section className="admin-panel">
        <p className="admin-info">Her reklam alanı için kod sınırı 50KB'dir (51.200 bayt). Daha büyük kodlar sunucu tarafından reddedilir.</p>
        {failure && failure.area === null && (
          <p className="admin-form-error" role="alert">
            {failure.message}
          </p>
        )}
        <div className="admin-code-grid">
          {AREAS.map(({ key, placement }) => {
            const bytes = encoder.encode(values[key]).length;
            const isTooLarge = bytes > AD_CODE_LIMIT_BYTES;
            const error = failure?.area === key ? failure.message : null;
            return (
              <div key={key} className={`admin-field${error || isTooLarge ? ' has-error' : ''}`}>
                <label htmlFor={`ad-${key}`}>
                  {AD_FIELD_LABELS[key]}
                </label>
                <p className="muted admin-help" id={`ad-${key}-help`}>
                  {key}: {placement}
                </p>
                <textarea
                  id={`ad-${key}`}
                  className="admin-code"
                  rows={AD_ROWS}
                  spellCheck={false}
                  value={values[key]}
                  aria-describedby={`ad-${key}-help ad-${key}-size${error ? ` ad-${key}-error` : ''}`}
                  aria-invalid={error || isTooLarge ? true : undefined}
                  onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                />
                <p className={isTooLarge ? 'admin-field-error' : 'muted admin-help'} id={`ad-${key}-size`}>
                  {formatCount(bytes)} / {formatCount(AD_CODE_LIMIT_BYTES)} bayt
                </p>
                {error && (
                  <p className="admin-field-error" id={`ad-${key}-error`} role="alert">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <div className="admin-form-actions">
          <button type="button" className="admin-button admin-button-primary" onClick={handleSave} disabled={isSaving || !isDirty}>
            {isSaving ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
          <button type="button" className="admin-button" onClick={() => setValues(codes)} disabled={!isDirty}>
            Sıfırla
          </button>
        </div>
      </section>
    </>
  );
}
