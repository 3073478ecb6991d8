/**
 * The contact details screen's values (text, as the inputs hold them) and their conversion to the
 * `PUT /api/admin/contact-details` body, plus where a 400 answer's reasons belong and the fields' names.
 */
import type { AdminContactDetails } from '@directory/backend/shared/admin-types.ts';
import { isApiRequestError } from '../../lib/api-client.ts';
import { adminErrorText, fieldLabel, issuesOf, issueText, reasonText } from './api/admin-error-text.ts';
import { CONTACT_FIELD_LABELS } from './screen-field-labels.ts';

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
 * Where a refused save's reasons go, in Turkish: under the field a 400 answer names (a line of the
 * address or hours under its box, with the line's number), else above the form.
 */
export function contactDetailsErrorsFrom(error: unknown): ContactDetailsErrors {
  const errors: ContactDetailsErrors = {};
  if (isApiRequestError(error) && error.status === 400) {
    for (const issue of issuesOf(error)) {
      const [root, index, part] = issue.field.split('.');
      const reason = reasonText(issue);
      if ((root === 'addressLines' || root === 'businessHours') && index !== undefined) errors[root] ??= `${Number(index) + 1}. satır: ${reason}`;
      else if (root === 'phoneLines' && index !== undefined && (part === 'label' || part === 'number')) errors[`phoneLines.${Number(index)}.${part}`] ??= reason;
      else if (root !== undefined && TOP_FIELDS.has(root)) errors[root as ContactDetailsField] ??= reason;
      else errors.form ??= issueText(issue, CONTACT_FIELD_LABELS);
    }
  }
  return Object.keys(errors).length > 0 ? errors : { form: adminErrorText(error, CONTACT_FIELD_LABELS) };
}

/** A refused save in one line for its toast: the first refused field, named as the form labels it, with its reason. */
export function contactRefusalSummary(errors: ContactDetailsErrors): string {
  const named = Object.entries(errors).find(([key]) => key !== 'form');
  return named ? `${fieldLabel(named[0], CONTACT_FIELD_LABELS)}: ${named[1]}` : (errors.form ?? '');
}
