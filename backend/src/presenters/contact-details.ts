import type { ContactDetailsRecord } from '../db/site-repository.ts';
import type { AdminContactDetails } from '../shared/admin-types.ts';
import type { ContactDetails } from '../shared/api-types.ts';

/** The non-blank lines of a stored multi-line text, trimmed. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const setOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The contact details as saved, for the admin screen. */
export function presentAdminContactDetails(record: ContactDetailsRecord): AdminContactDetails {
  return {
    organisationName: record.organisationName,
    addressLines: linesOf(record.postalAddress),
    supportEmail: setOrNull(record.supportEmail),
    legalEmail: setOrNull(record.legalEmail),
    privacyEmail: setOrNull(record.privacyEmail),
    phoneLines: record.phoneLines.map((line) => ({ label: setOrNull(line.label), number: line.number })),
    businessHours: linesOf(record.businessHours),
  };
}

/** The contact details visitors see: legal and privacy mail go to the support address when the operator set none of their own. */
export function presentContactDetails(record: ContactDetailsRecord): ContactDetails {
  const saved = presentAdminContactDetails(record);
  return {
    organisationName: saved.organisationName,
    addressLines: saved.addressLines,
    supportEmail: saved.supportEmail,
    legalEmail: saved.legalEmail ?? saved.supportEmail,
    privacyEmail: saved.privacyEmail ?? saved.supportEmail,
    phoneLines: saved.phoneLines,
    businessHours: saved.businessHours,
  };
}
