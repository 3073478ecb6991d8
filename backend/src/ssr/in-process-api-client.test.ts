import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRequestError } from '@directory/frontend/src/lib/api-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { createInProcessApiClient } from './in-process-api-client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const countMessages = () => app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get();

describe('the in-process API client (server renders)', () => {
  it('applies the contact rules of POST /api/contact and fails like the HTTP client, storing nothing', async () => {
    const client = createInProcessApiClient(app.deps);
    const before = countMessages();
    const failure = await client
      .sendContact({ name: 'A', email: 'nope', subject: 'Hello there', message: 'A long enough message.', company: '', phone: '' })
      .then(() => null, (error: unknown) => error);
    expect(isApiRequestError(failure)).toBe(true);
    expect(failure).toMatchObject({
      status: 400,
      body: { error: { id: 'bad_request', fields: { name: ['Name must be at least 2 characters'], email: ['Please enter a valid email address'] } } },
    });
    expect(countMessages()).toBe(before);
  });

  it('stores a valid message, trimmed', async () => {
    const client = createInProcessApiClient(app.deps);
    const receipt = await client.sendContact({
      name: '  Ada  ',
      email: 'ada@example.com',
      subject: 'Hello there',
      message: 'A long enough message.',
      company: '',
      phone: '',
    });
    expect(app.deps.contacts.findById(receipt.id)).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });
});
