import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Form, useActionData, useNavigation } from 'react-router-dom';
import type { ContactActionData } from '../route.tsx';
import { HONEYPOT_FIELD, readContactValues, validateContact, type ContactErrors, type ContactField } from '../validation.ts';

interface FieldProps {
  field: ContactField;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  isOptional?: boolean;
  error: string | undefined;
  defaultValue: string;
}

function Field({ field, label, type = 'text', autoComplete, isOptional = false, error, defaultValue }: FieldProps) {
  const id = `contact-${field}`;
  return (
    <div className="contact-field">
      <label htmlFor={id}>
        {label}
        {isOptional ? <span className="contact-optional"> (optional)</span> : <span aria-hidden="true" className="contact-required"> *</span>}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        className="input"
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={isOptional ? undefined : true}
      />
      {error && <p id={`${id}-error`} className="contact-error">{error}</p>}
    </div>
  );
}

/** The result notices' titles and texts (visitor spec §8), shown once, in place above the form. */
const CONTACT_SENT = { title: 'Message Sent Successfully', description: "Thank you for your message. We'll get back to you within 24 hours." };
const CONTACT_FAILED = { title: 'Error', description: 'Failed to send message. Please try again later.' };

/** Where the page that answers a sent form opens: the form's card, with the result notice at its top. */
const FORM_ANCHOR = 'send-message';

/** The result notice: a group named by its title and described by its text, which focus reads out once. */
function ContactNotice({ notice, tone, noticeRef }: { notice: typeof CONTACT_SENT; tone: 'success' | 'error'; noticeRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div
      ref={noticeRef}
      tabIndex={-1}
      role="group"
      aria-labelledby="contact-notice-title"
      aria-describedby="contact-notice-text"
      className={`contact-notice contact-notice-${tone}`}
    >
      <strong id="contact-notice-title">{notice.title}</strong>
      <p id="contact-notice-text">{notice.description}</p>
    </div>
  );
}

/**
 * The 'Send us a Message' form: checked in the browser, sent by the route action (also without
 * JavaScript). The result shows once, in place above the form (what a visitor without
 * JavaScript gets too); with JavaScript it is brought into view and focused, so a screen reader
 * reads it. No toast besides: the same words twice on one screen.
 */
export function ContactForm() {
  const actionData = useActionData() as ContactActionData | undefined;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const isSending = navigation.state === 'submitting' && navigation.formAction?.split('#')[0] === '/contact';

  useEffect(() => {
    if (actionData?.status === 'sent') formRef.current?.reset();
    setClientErrors(null);
    // The notice sits above the form, usually scrolled out of sight by then: bring it into view
    // and give it focus, so the visitor sees (and a screen reader reads) what happened.
    const notice = noticeRef.current;
    if (notice && (actionData?.status === 'sent' || actionData?.status === 'failed')) {
      notice.focus({ preventScroll: true });
      notice.scrollIntoView({ block: 'center' });
    }
  }, [actionData]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = validateContact(readContactValues(new FormData(event.currentTarget)));
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      event.preventDefault();
      setClientErrors(errors);
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    } else {
      setClientErrors(null);
    }
  };

  const errors: ContactErrors = clientErrors ?? (actionData?.status === 'invalid' ? actionData.errors : {});
  const values = actionData && actionData.status !== 'sent' ? actionData.values : null;
  const valueOf = (field: ContactField) => values?.[field] ?? '';

  return (
    <section id={FORM_ANCHOR} className="card contact-form-card" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a Message</h2>
      <p className="muted">Questions about a listing, a correction or a partnership? Write to us and we will get back to you within 24 hours.</p>

      {/* No live role: focus reads the notice out, and a live region would announce it a second time. */}
      {actionData?.status === 'sent' && <ContactNotice notice={CONTACT_SENT} tone="success" noticeRef={noticeRef} />}
      {actionData?.status === 'failed' && <ContactNotice notice={CONTACT_FAILED} tone="error" noticeRef={noticeRef} />}

      {/* Without JavaScript the page comes back from the POST at this anchor: the notice is in view. */}
      <Form method="post" action={`/contact#${FORM_ANCHOR}`} noValidate onSubmit={handleSubmit} ref={formRef} className="contact-form" aria-describedby="contact-required-note">
        <p id="contact-required-note" className="contact-required-note">Fields marked <span aria-hidden="true">*</span><span className="visually-hidden">with an asterisk</span> are required.</p>
        <div className="contact-row">
          <Field field="name" label="Full Name" autoComplete="name" error={errors.name} defaultValue={valueOf('name')} />
          <Field field="email" label="Email Address" type="email" autoComplete="email" error={errors.email} defaultValue={valueOf('email')} />
        </div>
        <div className="contact-row">
          <Field field="company" label="Company" autoComplete="organization" isOptional error={errors.company} defaultValue={valueOf('company')} />
          <Field field="phone" label="Phone Number" type="tel" autoComplete="tel" isOptional error={errors.phone} defaultValue={valueOf('phone')} />
        </div>
        <Field field="subject" label="Subject" autoComplete="off" error={errors.subject} defaultValue={valueOf('subject')} />
        <div className="contact-field">
          <label htmlFor="contact-message">
            Message<span aria-hidden="true" className="contact-required"> *</span>
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            className="input"
            defaultValue={valueOf('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'contact-message-error' : undefined}
            aria-required
          />
          {errors.message && <p id="contact-message-error" className="contact-error">{errors.message}</p>}
        </div>
        {/* The honeypot: out of sight and out of the tab order, so only a bot fills it (the server then stores nothing). A screen reader that reaches it reads the instruction. */}
        <div className="visually-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="button contact-submit" disabled={isSending}>
          {isSending ? 'Sending...' : 'Send Message'}
        </button>
      </Form>
    </section>
  );
}
