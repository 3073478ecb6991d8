import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useToast } from '../../../components/toast/use-toast.ts';
import {
  contactDetailsErrorsFrom,
  contactRefusalSummary,
  MAX_PHONE_LINES,
  toContactDetailsBody,
  toContactFormValues,
  withoutBlankPhoneRows,
  type ContactDetailsErrors,
  type ContactDetailsField,
  type ContactDetailsFormValues,
} from '../contact-details-form.ts';
import type { contactDetailsLoader } from '../loaders.ts';
import { CONTACT_FIELD_LABELS } from '../screen-field-labels.ts';
import { focusField } from '../focus-field.ts';
import { useAdminApi } from '../use-admin-api.ts';
import { PageHeader } from './page-header.tsx';

type TextKey = Exclude<keyof ContactDetailsFormValues, 'phoneLines'>;

/** Which error key each text input shows (the address box shows the errors of `addressLines`). */
const ERROR_KEY: Record<TextKey, ContactDetailsField> = {
  organisationName: 'organisationName',
  address: 'addressLines',
  supportEmail: 'supportEmail',
  legalEmail: 'legalEmail',
  privacyEmail: 'privacyEmail',
  businessHours: 'businessHours',
};

function Field({ id, label, help, error, wide, children }: { id: string; label: string; help?: string; error?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`admin-field${wide ? ' admin-field-wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <p className="muted admin-help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="admin-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, help: boolean, error: string | undefined) =>
  [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** The operator's contact details: what the contact page, the legal pages and their JSON-LD show. */
export function ContactDetailsPage() {
  const { details } = useLoaderData<typeof contactDetailsLoader>();
  const api = useAdminApi();
  const { toast } = useToast();
  const [saved, setSaved] = useState(() => toContactFormValues(details));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<ContactDetailsErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const fresh = toContactFormValues(details);
    setSaved(fresh);
    setValues(fresh);
    setErrors({});
  }, [details]);

  // After a refused save, the first field named gets the focus.
  useEffect(() => {
    const first = Object.keys(errors).find((key) => key !== 'form');
    if (!first) return;
    const phone = /^phoneLines\.(\d+)\.(label|number)$/.exec(first);
    const id = phone ? `contact-phone-${phone[2]}-${phone[1]}` : first === 'phoneLines' ? 'contact-phone-add' : `contact-${first}`;
    focusField(document.getElementById(id));
  }, [errors]);

  const isDirty = JSON.stringify(values) !== JSON.stringify(saved);

  const text = (key: TextKey, label: string, options: { help?: string; type?: 'email'; rows?: number; wide?: boolean; required?: boolean } = {}) => {
    const id = `contact-${ERROR_KEY[key]}`;
    const error = errors[ERROR_KEY[key]];
    const common = {
      id,
      value: values[key],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, options.help !== undefined, error),
      onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
    };
    return (
      <Field id={id} label={label} error={error} wide={options.wide ?? false} {...(options.help ? { help: options.help } : {})}>
        {options.rows ? <textarea rows={options.rows} {...common} /> : <input type={options.type ?? 'text'} required={options.required ?? false} {...common} />}
      </Field>
    );
  };

  const setPhone = (index: number, part: 'label' | 'number', text: string) =>
    setValues({ ...values, phoneLines: values.phoneLines.map((line, at) => (at === index ? { ...line, [part]: text } : line)) });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = withoutBlankPhoneRows(values);
    setValues(sent);
    setIsSaving(true);
    setErrors({});
    try {
      const answer = await api.saveContactDetails(toContactDetailsBody(sent));
      const fresh = toContactFormValues(answer);
      setSaved(fresh);
      setValues(fresh);
      toast({ title: 'İletişim bilgileri kaydedildi', description: 'İletişim ve yasal sayfalar güncellendi.', variant: 'success' });
    } catch (error) {
      const found = contactDetailsErrorsFrom(error);
      setErrors(found);
      toast({ title: 'Kayıt hatası', description: contactRefusalSummary(found), variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="İletişim Bilgileri"
        description="İletişim sayfasında, yasal sayfalarda ve arama motorlarına verilen yapılandırılmış veride (JSON-LD) gösterilir. Boş bırakılan bilgi sitede hiç gösterilmez."
        actions={
          <a className="admin-button" href="/contact" target="_blank" rel="noreferrer">
            İletişim sayfasını aç
          </a>
        }
      />
      <form className="admin-panel admin-form" onSubmit={handleSubmit} noValidate aria-label="İletişim bilgileri">
        {errors.form && (
          <p className="admin-form-error" role="alert">
            {errors.form}
          </p>
        )}
        <fieldset>
          <legend>Kuruluş ve adres</legend>
          <div className="admin-form-grid">
            {text('organisationName', CONTACT_FIELD_LABELS.organisationName, { required: true, wide: true, help: 'Yasal sayfalarda siteyi yayımlayan kuruluş olarak geçer.' })}
            {text('address', CONTACT_FIELD_LABELS.addressLines, { rows: 4, wide: true, help: 'Her satır, sitede ayrı bir adres satırı olarak gösterilir.' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>E-posta adresleri</legend>
          <div className="admin-form-grid admin-contact-emails">
            {text('supportEmail', CONTACT_FIELD_LABELS.supportEmail, { type: 'email', help: 'İletişim sayfasında gösterilir.' })}
            {text('legalEmail', CONTACT_FIELD_LABELS.legalEmail, { type: 'email', help: 'Yasal bildirimler için. Boşsa destek e-postası, o da boşsa iletişim formu gösterilir.' })}
            {text('privacyEmail', CONTACT_FIELD_LABELS.privacyEmail, { type: 'email', help: 'Kişisel veri talepleri için. Boşsa destek e-postası, o da boşsa iletişim formu gösterilir.' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>Telefon hatları</legend>
          <p className="muted admin-help">En fazla {MAX_PHONE_LINES} hat. Açıklama isteğe bağlıdır (ziyaretçi sitesi İngilizcedir, ör. “Listings and corrections”).</p>
          {errors.phoneLines && (
            <p className="admin-field-error" role="alert">
              {errors.phoneLines}
            </p>
          )}
          <ul className="admin-phone-lines">
            {values.phoneLines.map((line, index) => {
              const labelError = errors[`phoneLines.${index}.label`];
              const numberError = errors[`phoneLines.${index}.number`];
              return (
                <li key={index} className="admin-form-grid">
                  <Field id={`contact-phone-label-${index}`} label={`${index + 1}. hat açıklaması`} error={labelError}>
                    <input
                      id={`contact-phone-label-${index}`}
                      value={line.label}
                      aria-invalid={labelError ? true : undefined}
                      aria-describedby={labelError ? `contact-phone-label-${index}-error` : undefined}
                      onChange={(event) => setPhone(index, 'label', event.target.value)}
                    />
                  </Field>
                  <Field id={`contact-phone-number-${index}`} label={`${index + 1}. hat numarası`} error={numberError}>
                    <input
                      id={`contact-phone-number-${index}`}
                      type="tel"
                      inputMode="tel"
                      value={line.number}
                      aria-invalid={numberError ? true : undefined}
                      aria-describedby={numberError ? `contact-phone-number-${index}-error` : undefined}
                      onChange={(event) => setPhone(index, 'number', event.target.value)}
                    />
                  </Field>
                  <div className="admin-phone-remove">
                    <button
                      type="button"
                      className="admin-button admin-button-danger"
                      onClick={() => setValues({ ...values, phoneLines: values.phoneLines.filter((_, at) => at !== index) })}
                    >
                      {index + 1}. hattı kaldır
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            id="contact-phone-add"
            className="admin-button"
            disabled={values.phoneLines.length >= MAX_PHONE_LINES}
            onClick={() => setValues({ ...values, phoneLines: [...values.phoneLines, { label: '', number: '' }] })}
          >
            + Hat ekle
          </button>
        </fieldset>
        <fieldset>
          <legend>Çalışma saatleri</legend>
          <div className="admin-form-grid">
            {text('businessHours', CONTACT_FIELD_LABELS.businessHours, {
              rows: 4,
              wide: true,
              help: 'Her satır ayrı gösterilir; “Mon – Fri: 9:00 AM – 6:00 PM” gibi “: ” ile ayrılan satırlar gün ve saat olarak hizalanır.',
            })}
          </div>
        </fieldset>
        <div className="admin-form-actions">
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setValues(saved);
              setErrors({});
            }}
            disabled={isSaving || !isDirty}
          >
            Sıfırla
          </button>
          <button type="submit" className="admin-button admin-button-primary" disabled={isSaving || !isDirty || values.organisationName.trim() === ''}>
            {isSaving ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
        </div>
      </form>
    </>
  );
}
