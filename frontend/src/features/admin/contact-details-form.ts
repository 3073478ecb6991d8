/**
 * The contact details screen's values (text, as the inputs hold them) and their conversion to the
 * `PUT /api/admin/contact-details` body, plus where a 400 answer's message belongs.
 */
import type { AdminContactDetails } from '@directory/backend/shared/admin-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';

/** The most phone lines the server keeps (and the contact page shows). */
export const MAX_PHONE_LINES = 5;

export interface ContactDetailsFormValues {
  organisationName: string;
  /** One address line per line of text. */
  address: string;
  supportEmail: string;
  legalEmail: string;
  privacyEmail: string;
  phoneLines: { label: string; number: string }[];
  /** One line of hours per line of text. */
  businessHours: string;
}

/** The form's fields; a phone line's number is `phoneLines.<index>.number`. */
export type ContactDetailsField =
  | 'organisationName'
  | 'addressLines'
  | 'supportEmail'
  | 'legalEmail'
  | 'privacyEmail'
  | 'phoneLines'
  | 'businessHours'
  | `phoneLines.${number}.${'label' | 'number'}`;
export type ContactDetailsErrors = Partial<Record<ContactDetailsField | 'form', string>>;

export function toContactFormValues(details: AdminContactDetails): ContactDetailsFormValues {
  return {
    organisationName: details.organisationName,
    address: details.addressLines.join('\n'),
    supportEmail: details.supportEmail ?? '',
    legalEmail: details.legalEmail ?? '',
    privacyEmail: details.privacyEmail ?? '',
    phoneLines: details.phoneLines.map((line) => ({ label: line.label ?? '', number: line.number })),
    businessHours: details.businessHours.join('\n'),
  };
}

/** The form without phone rows left entirely blank: what is sent, so the server's row numbers match the rows shown. */
export function withoutBlankPhoneRows(values: ContactDetailsFormValues): ContactDetailsFormValues {
  return { ...values, phoneLines: values.phoneLines.filter((line) => line.label.trim() !== '' || line.number.trim() !== '') };
}

const TOP_FIELDS: ReadonlySet<string> = new Set(['organisationName', 'addressLines', 'supportEmail', 'legalEmail', 'privacyEmail', 'phoneLines', 'businessHours']);

const emailOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The request body of (blank-row-free) values; the server trims, drops blank lines and checks the rest. */
export function toContactDetailsBody(values: ContactDetailsFormValues): AdminContactDetails {
  return {
    organisationName: values.organisationName.trim(),
    addressLines: values.address.split('\n'),
    supportEmail: emailOrNull(values.supportEmail),
    legalEmail: emailOrNull(values.legalEmail),
    privacyEmail: emailOrNull(values.privacyEmail),
    phoneLines: values.phoneLines.map((line) => ({ label: line.label.trim() === '' ? null : line.label.trim(), number: line.number.trim() })),
    businessHours: values.businessHours.split('\n'),
  };
}

/**
 * Where a refused save's messages go: under the field a 400 answer names (a line of the address or
 * hours under its box, with the line's number), else above the form.
 */
export function contactDetailsErrorsFrom(error: unknown): ContactDetailsErrors {
  if (!isApiRequestError(error)) return { form: error instanceof Error ? error.message : String(error) };
  const body = error.body as { error?: { message?: string; fields?: Record<string, string[]> } } | null;
  const message = body?.error?.message ?? error.message;
  if (error.status !== 400 || !body?.error?.fields) return { form: message };
  const errors: ContactDetailsErrors = {};
  for (const [path, messages] of Object.entries(body.error.fields)) {
    const [root, index, part] = path.split('.');
    const reason = messages[0] ?? message;
    if ((root === 'addressLines' || root === 'businessHours') && index !== undefined) errors[root] ??= `${Number(index) + 1}. satır: ${reason}`;
    else if (root === 'phoneLines' && index !== undefined && (part === 'label' || part === 'number')) errors[`phoneLines.${Number(index)}.${part}`] ??= reason;
    else if (root !== undefined && TOP_FIELDS.has(root)) errors[root as ContactDetailsField] ??= reason;
    else errors.form ??= message;
  }
  return errors;
}
