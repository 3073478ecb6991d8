import { describe, expect, it } from 'vitest';
import type { AdminContactDetails } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { contactDetailsErrorsFrom, toContactDetailsBody, toContactFormValues, withoutBlankPhoneRows } from './contact-details-form.ts';

const saved: AdminContactDetails = {
  organisationName: 'Annuaire Rhône SAS',
  addressLines: ['12 rue de la République', '69002 Lyon'],
  supportEmail: 'help@annuaire-rhone.fr',
  legalEmail: null,
  privacyEmail: null,
  phoneLines: [{ label: null, number: '+33 4 72 00 00 01' }],
  businessHours: ['Mon – Fri: 9:00 – 18:00'],
};

const refusal = (fields: Record<string, string[]>) =>
  new ApiRequestError(400, JSON.stringify({ error: { id: 'bad_request', message: 'Invalid request.', fields } }));

describe('the contact details form', () => {
  it('sends back what it was given unchanged', () => {
    expect(toContactDetailsBody(toContactFormValues(saved))).toEqual(saved);
  });

  it('sends an emptied email as null and drops phone rows left blank', () => {
    const values = { ...toContactFormValues(saved), supportEmail: '  ', phoneLines: [{ label: '', number: ' ' }, { label: 'Accueil', number: '01 02' }] };
    const body = toContactDetailsBody(withoutBlankPhoneRows(values));
    expect(body.supportEmail).toBeNull();
    expect(body.phoneLines).toEqual([{ label: 'Accueil', number: '01 02' }]);
  });

  it('puts each refused field under its input, a line of the address with its number', () => {
    const errors = contactDetailsErrorsFrom(
      refusal({ supportEmail: ['must be an email address (name@domain)'], 'addressLines.2': ['must be at most 200 characters'], 'phoneLines.1.number': ['must be a phone number'] }),
    );
    expect(errors).toEqual({
      supportEmail: 'must be an email address (name@domain)',
      addressLines: '3. satır: must be at most 200 characters',
      'phoneLines.1.number': 'must be a phone number',
    });
  });

  it('shows any other failure above the form', () => {
    expect(contactDetailsErrorsFrom(new ApiRequestError(503, JSON.stringify({ error: { id: 'record_busy', message: 'Busy' } })))).toEqual({ form: 'Busy' });
  });
});
