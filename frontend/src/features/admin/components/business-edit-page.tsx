import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ADMIN_LIMITS } from '@directory/backend/shared/admin-limits.ts';
import { Link } from '../../../components/link.tsx';
import { useToast } from '../../../components/toast/use-toast.ts';
import { formatDateTime } from '../admin-format.ts';
import { businessListSearchAtom } from '../atoms.ts';
import {
  dayLabel,
  fieldErrorsFrom,
  formDays,
  refusalSummary,
  toFormValues,
  toUpdateBody,
  type BusinessField,
  type BusinessFormValues,
  type FieldErrors,
} from '../business-form.ts';
import type { businessEditLoader } from '../loaders.ts';
import { BUSINESS_FIELD_LABELS } from '../screen-field-labels.ts';
import { focusField } from '../focus-field.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader } from './page-header.tsx';

type TextKey = Exclude<keyof BusinessFormValues, 'hours' | 'verified' | 'isApproved' | 'isTemporarilyClosed'>;

/** The server's length of a field, when it has one (coordinates and the country code have a form instead). */
const maxLengthOf = (key: TextKey): number | undefined => (key in ADMIN_LIMITS.business ? ADMIN_LIMITS.business[key as keyof typeof ADMIN_LIMITS.business] : undefined);

function Field({ id, label, error, children, wide }: { id: string; label: string; error: string | undefined; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`admin-field${wide ? ' admin-field-wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="admin-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function BusinessEditPage() {
  const { business } = useLoaderData<typeof businessEditLoader>();
  const listSearch = useAtomValue(businessListSearchAtom);
  const api = useAdminApi();
  const { toast } = useToast();
  const [saved, setSaved] = useState(business);
  const [values, setValues] = useState(() => toFormValues(business));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const isRefusalShown = useRef(false);

  // After a refused save (not after a message cleared by typing), the first bad field of the form (in its order) goes into view with the focus.
  useEffect(() => {
    if (!isRefusalShown.current) return;
    isRefusalShown.current = false;
    if (Object.keys(errors).some((key) => key !== 'form')) focusField(form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));
  }, [errors]);

  /** A field's message was about the value before: it goes when the field changes (the others stay until the next save). */
  const clearError = (...keys: BusinessField[]) =>
    setErrors((current) => (keys.some((key) => key in current) ? Object.fromEntries(Object.entries(current).filter(([key]) => !(keys as string[]).includes(key))) : current));

  /** A field's new value, and its message gone (the closure box is sent as the API's `status`). */
  const change = <K extends Exclude<keyof BusinessFormValues, 'hours'>>(key: K, value: BusinessFormValues[K]) => {
    setValues({ ...values, [key]: value });
    clearError(key === 'isTemporarilyClosed' ? 'status' : (key as Exclude<K, 'isTemporarilyClosed'>));
  };

  useEffect(() => {
    setSaved(business);
    setValues(toFormValues(business));
    setErrors({});
  }, [business]);

  const text = (key: TextKey, options: { type?: string; wide?: boolean; required?: boolean; inputMode?: 'decimal' | 'numeric' | 'tel' | 'url' } = {}) => (
    <Field id={`field-${key}`} label={BUSINESS_FIELD_LABELS[key]} error={errors[key]} {...(options.wide ? { wide: true } : {})}>
      <input
        id={`field-${key}`}
        type={options.type ?? 'text'}
        value={values[key]}
        required={options.required ?? false}
        maxLength={maxLengthOf(key)}
        {...(options.inputMode ? { inputMode: options.inputMode } : {})}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `field-${key}-error` : undefined}
        onChange={(event) => change(key, event.target.value)}
      />
    </Field>
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSaving(true);
    setErrors({});
    try {
      const updated = await api.updateBusiness(business.id, toUpdateBody(values, saved));
      setSaved(updated);
      setValues(toFormValues(updated));
      toast({ title: 'İşletme güncellendi', description: updated.name, variant: 'success' });
    } catch (error) {
      const found = fieldErrorsFrom(error);
      isRefusalShown.current = true;
      setErrors(found);
      toast({ title: 'Kayıt hatası', description: refusalSummary(found), variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  // The saved values are back: no message about the ones typed before stays.
  const handleReset = () => {
    setValues(toFormValues(saved));
    setErrors({});
  };

  return (
    <>
      <PageHeader
        title={saved.name}
        description={`İşletme #${saved.id} · son güncelleme ${formatDateTime(saved.updatedAt)}`}
        actions={
          <>
            <Link className="admin-button" to={`/admin/businesses${listSearch}`}>
              ← Listeye dön
            </Link>
            <a className="admin-button" href={`/business/${saved.slug}`} target="_blank" rel="noreferrer">
              Sayfayı aç
            </a>
          </>
        }
      />
      <form ref={form} className="admin-panel admin-form" onSubmit={handleSubmit} noValidate>
        {errors.form && (
          <p className="admin-form-error" role="alert">
            {errors.form}
          </p>
        )}
        <fieldset>
          <legend>Genel</legend>
          <div className="admin-form-grid">
            {text('name', { required: true, wide: true })}
            {text('category')}
            {text('type')}
            {text('phone', { type: 'tel', inputMode: 'tel' })}
            {text('url', { type: 'url', inputMode: 'url' })}
            {text('photo', { type: 'url', inputMode: 'url', wide: true })}
            {text('logo', { type: 'url', inputMode: 'url', wide: true })}
            <Field id="field-about" label={BUSINESS_FIELD_LABELS.about} error={errors.about} wide>
              <textarea
                id="field-about"
                rows={4}
                maxLength={ADMIN_LIMITS.business.about}
                aria-invalid={errors.about ? true : undefined}
                aria-describedby={errors.about ? 'field-about-error' : undefined}
                value={values.about}
                onChange={(event) => change('about', event.target.value)}
              />
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Adres ve konum</legend>
          <div className="admin-form-grid">
            {text('fullAddress', { wide: true })}
            {text('street', { wide: true })}
            {text('city')}
            {text('postalCode')}
            {text('country')}
            {text('countryCode')}
            {text('latitude', { inputMode: 'decimal' })}
            {text('longitude', { inputMode: 'decimal' })}
            {text('locatedIn', { wide: true })}
          </div>
          <p className="muted">Tam adresi değiştirmezseniz sokak, şehir, posta kodu veya ülke değiştiğinde bunlardan yeniden oluşturulur.</p>
        </fieldset>
        <fieldset>
          <legend>Puan ve yorumlar</legend>
          <div className="admin-form-grid">
            {text('rating', { inputMode: 'decimal' })}
            {text('reviews', { inputMode: 'numeric' })}
            {text('reviewsLink', { type: 'url', inputMode: 'url', wide: true })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{BUSINESS_FIELD_LABELS.workingHours}</legend>
          {errors.workingHours && <p className="admin-field-error">{errors.workingHours}</p>}
          <div className="admin-form-grid">
            {formDays(saved.workingHours).map((day) => {
              const key = `workingHours.${day}` as const;
              return (
                <Field key={day} id={`hours-${day}`} label={dayLabel(day)} error={errors[key]}>
                  <input
                    id={`hours-${day}`}
                    value={values.hours[day] ?? ''}
                    maxLength={ADMIN_LIMITS.business.hours}
                    aria-invalid={errors[key] ? true : undefined}
                    aria-describedby={errors[key] ? `hours-${day}-error` : undefined}
                    placeholder="ör. 9AM–5PM veya Closed"
                    onChange={(event) => {
                      setValues({ ...values, hours: { ...values.hours, [day]: event.target.value } });
                      clearError(key, 'workingHours');
                    }}
                  />
                </Field>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Durum</legend>
          <label className="admin-check">
            <input type="checkbox" checked={values.verified} onChange={(event) => change('verified', event.target.checked)} />
            {BUSINESS_FIELD_LABELS.verified}
          </label>
          {errors.verified && <p className="admin-field-error">{errors.verified}</p>}
          <label className="admin-check">
            <input type="checkbox" checked={values.isApproved} onChange={(event) => change('isApproved', event.target.checked)} />
            {BUSINESS_FIELD_LABELS.isApproved}
          </label>
          {errors.isApproved && <p className="admin-field-error">{errors.isApproved}</p>}
          <label className="admin-check">
            <input
              type="checkbox"
              checked={values.isTemporarilyClosed}
              aria-describedby="closure-hint"
              onChange={(event) => change('isTemporarilyClosed', event.target.checked)}
            />
            {BUSINESS_FIELD_LABELS.status}
          </label>
          <p className="muted" id="closure-hint">
            İşaretliyken sayfası “Temporarily closed” der, saatleri olağan saatler olarak gösterilir ve “şu an açık” aramalarında çıkmaz. Bu yeri içeren bir sonraki içe aktarma, dosyadaki durumu yeniden yazar.
          </p>
          {errors.status && <p className="admin-field-error">{errors.status}</p>}
        </fieldset>
        <div className="admin-form-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={isSaving}>
            {isSaving ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
          <button type="button" className="admin-button" onClick={handleReset} disabled={isSaving}>
            Sıfırla
          </button>
        </div>
      </form>
    </>
  );
}
