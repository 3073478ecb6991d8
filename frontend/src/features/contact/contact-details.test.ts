import { describe, expect, it } from 'vitest';
import type { ContactDetails } from '@directory/backend/shared/api-types.ts';
import { buildContactJsonLd, splitHoursLine } from './contact-details.ts';

const empty: ContactDetails = {
  organisationName: 'Business Directory',
  addressLines: [],
  supportEmail: null,
  legalEmail: null,
  privacyEmail: null,
  phoneLines: [],
  businessHours: [],
};

describe('buildContactJsonLd', () => {
  it('names only the organisation when no detail is set', () => {
    expect(buildContactJsonLd(empty)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      name: 'Contact Business Directory',
      mainEntity: { '@type': 'Organization', name: 'Business Directory' },
    });
  });

  it('carries the email, the first phone, the address and one contact point per phone line', () => {
    const contact: ContactDetails = {
      ...empty,
      organisationName: 'Annuaire Rhône SAS',
      addressLines: ['12 rue de la République', '69002 Lyon'],
      supportEmail: 'help@annuaire-rhone.fr',
      phoneLines: [
        { label: 'Accueil', number: '+33 4 72 00 00 01' },
        { label: null, number: '04 72 00 00 02' },
      ],
    };
    expect(buildContactJsonLd(contact)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      name: 'Contact Annuaire Rhône SAS',
      mainEntity: {
        '@type': 'Organization',
        name: 'Annuaire Rhône SAS',
        email: 'help@annuaire-rhone.fr',
        telephone: '+33 4 72 00 00 01',
        address: '12 rue de la République, 69002 Lyon',
        contactPoint: [
          { '@type': 'ContactPoint', telephone: '+33 4 72 00 00 01', contactType: 'Accueil' },
          { '@type': 'ContactPoint', telephone: '04 72 00 00 02' },
        ],
      },
    });
  });
});

describe('splitHoursLine', () => {
  it.each([
    ['Mon – Fri: 9:00 AM – 6:00 PM', { days: 'Mon – Fri', hours: '9:00 AM – 6:00 PM', isClosed: false }],
    ['Sunday: Closed', { days: 'Sunday', hours: 'Closed', isClosed: true }],
    ['Open every day 9:00–17:00', { days: null, hours: 'Open every day 9:00–17:00', isClosed: false }],
    [': nothing before', { days: null, hours: ': nothing before', isClosed: false }],
  ])('%s', (line, expected) => {
    expect(splitHoursLine(line)).toEqual(expected);
  });
});
