/**
 * What the contact page makes of the operator's contact details: its schema.org JSON-LD and the
 * business-hours lines. A detail the operator did not set is left out, never shown blank.
 */
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';

/** The page's schema.org ContactPage: its Organization carries only the details that are set. */
export function buildContactJsonLd(contact: ContactDetails): object {
  const [firstPhone] = contact.phoneLines;
  const organisation = {
    '@type': 'Organization',
    name: contact.organisationName,
    ...(contact.supportEmail ? { email: contact.supportEmail } : {}),
    ...(firstPhone ? { telephone: firstPhone.number } : {}),
    ...(contact.addressLines.length > 0 ? { address: contact.addressLines.join(', ') } : {}),
    ...(contact.phoneLines.length > 0
      ? {
          contactPoint: contact.phoneLines.map((line) => ({
            '@type': 'ContactPoint',
            telephone: line.number,
            ...(line.label ? { contactType: line.label } : {}),
          })),
        }
      : {}),
  };
  return { '@context': 'https://schema.org', '@type': 'ContactPage', name: `Contact ${contact.organisationName}`, mainEntity: organisation };
}

/** One business-hours line as shown: "Mon – Fri: 9:00 – 18:00" is days and hours; a line without ": " is shown whole. */
export interface HoursLine {
  days: string | null;
  hours: string;
  isClosed: boolean;
}

export function splitHoursLine(line: string): HoursLine {
  const at = line.indexOf(': ');
  const days = at > 0 ? line.slice(0, at).trim() : null;
  const hours = at > 0 ? line.slice(at + 2).trim() : line.trim();
  return { days: days || null, hours, isClosed: /^closed$/i.test(hours) };
}
