/** The contact form's fields and rules (visitor spec, section 5), shared by the browser check and the route action. */

export const CONTACT_FIELDS = ['name', 'email', 'company', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const MIN_NAME_LENGTH = 2;
export const MIN_SUBJECT_LENGTH = 5;
export const MIN_MESSAGE_LENGTH = 10;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The submitted values, each a trimmed string ('' when missing). */
export function readContactValues(form: FormData): ContactValues {
  const read = (field: ContactField) => {
    const value = form.get(field);
    return typeof value === 'string' ? value.trim() : '';
  };
  return { name: read('name'), email: read('email'), company: read('company'), phone: read('phone'), subject: read('subject'), message: read('message') };
}

/** The form's honeypot field: hidden from people, so only a bot fills it. */
export const HONEYPOT_FIELD = 'website';

/** The honeypot's value ('' from a person). */
export function readHoneypot(form: FormData): string {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

/** One message per field that breaks its rule; empty when the message can be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim().length < MIN_NAME_LENGTH) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.subject.trim().length < MIN_SUBJECT_LENGTH) errors.subject = 'Subject must be at least 5 characters';
  if (values.message.trim().length < MIN_MESSAGE_LENGTH) errors.message = 'Message must be at least 10 characters';
  return errors;
}

/** The API's 400 field errors ({ error: { fields: { name: ['…'] } } }) as one message per form field. */
export function fieldErrorsFromApi(body: unknown): ContactErrors {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const { error } = body as { error: { fields?: Record<string, unknown> } };
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const messages = error.fields?.[field];
    if (Array.isArray(messages) && typeof messages[0] === 'string') errors[field] = messages[0];
  }
  return errors;
}
