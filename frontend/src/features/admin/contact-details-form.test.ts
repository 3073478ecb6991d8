import { describe, expect, it } from 'vitest';
import type { AdminContactDetails } from '@directory/backend/shared/admin-types.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { contactDetailsErrorsFrom, contactRefusalSummary, toContactDetailsBody, toContactFormValues, withoutBlankPhoneRows } from './contact-details-form.ts';
import { buildRefusal } from './testing/build-admin-data.ts';

const saved: AdminContactDetails = {
  organisationName: 'Annuaire Rhône SAS',
  addressLines: ['12 rue de la République', '69002 Lyon'],
  supportEmail: 'help@annuaire-rhone.fr',
  legalEmail: null,
  privacyEmail: null,
  phoneLines: [{ label: null, number: '+33 4 72 00 00 01' }],
  businessHours: ['Mon – Fri: 9:00 – 18:00'],
};


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

  it('puts each refused field under its input in Turkish, a line of the address with its number', () => {
    const errors = contactDetailsErrorsFrom(
      buildRefusal([
        { field: 'supportEmail', code: 'email', params: {} },
        { field: 'addressLines.2', code: 'too_long', params: { max: 200 } },
        { field: 'phoneLines.1.number', code: 'phone', params: {} },
      ]),
    );
    expect(errors).toEqual({
      supportEmail: 'Geçerli bir e-posta adresi girin (ad@alanadi).',
      addressLines: '3. satır: En fazla 200 karakter olabilir.',
      'phoneLines.1.number': 'Geçerli bir telefon numarası girin (rakamlar, boşluk ve + ( ) - . /).',
    });
    // The toast names the first as the form labels it.
    expect(contactRefusalSummary(errors)).toBe('Destek e-postası: Geçerli bir e-posta adresi girin (ad@alanadi).');
    expect(contactRefusalSummary(contactDetailsErrorsFrom(buildRefusal([{ field: 'phoneLines.1.number', code: 'required', params: {} }])))).toBe(
      '2. hat numarası: Bu alan zorunlu.',
    );
  });

  it('shows any other failure above the form, in Turkish', () => {
    const busy = new ApiRequestError(503, JSON.stringify({ error: { id: 'storage_full', message: 'The server cannot save anything right now' } }));
    expect(contactDetailsErrorsFrom(busy)).toEqual({ form: 'Sunucunun diski dolu; hiçbir şey kaydedilmedi. Disk boşaltıldıktan sonra yeniden deneyin.' });
  });
});
