import { describe, expect, it } from 'vitest';
import { fieldErrorsFromApi, readContactValues, validateContact, type ContactValues } from './validation.ts';

const valid: ContactValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: '',
  phone: '',
  subject: 'Listing update',
  message: 'Please update our opening hours.',
};

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('gives the spec message for every field that breaks its rule', () => {
    expect(validateContact({ ...valid, name: 'A', email: 'not-an-email', subject: 'Hi', message: 'short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  it('counts characters after trimming', () => {
    expect(validateContact({ ...valid, name: '  A  ' })).toEqual({ name: 'Name must be at least 2 characters' });
  });

  it.each(['ada@example', 'ada example@example.com', '@example.com', 'ada@.com'])('refuses the address %j', (email) => {
    expect(validateContact({ ...valid, email }).email).toBe('Please enter a valid email address');
  });

  it('has no rule for company and phone', () => {
    expect(validateContact({ ...valid, company: 'x', phone: '1' })).toEqual({});
  });
});

describe('readContactValues', () => {
  it('trims values and gives empty text for missing fields', () => {
    const form = new FormData();
    form.set('name', '  Ada ');
    form.set('email', 'ada@example.com');
    expect(readContactValues(form)).toEqual({ name: 'Ada', email: 'ada@example.com', company: '', phone: '', subject: '', message: '' });
  });
});

describe('fieldErrorsFromApi', () => {
  it('takes the first message of each known field', () => {
    const body = { error: { id: 'bad_request', message: 'Invalid input', fields: { email: ['Please enter a valid email address'], other: ['x'] } } };
    expect(fieldErrorsFromApi(body)).toEqual({ email: 'Please enter a valid email address' });
  });

  it('gives nothing for other bodies', () => {
    expect(fieldErrorsFromApi(null)).toEqual({});
    expect(fieldErrorsFromApi({ error: { message: 'x' } })).toEqual({});
  });
});
