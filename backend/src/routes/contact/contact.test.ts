import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContactReceipt } from '../../shared/api-types.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Listing update', message: 'Please update our opening hours.' };

describe('POST /api/contact', () => {
  it('stores the message and answers 201', async () => {
    const response = await app.post('/api/contact', { ...valid, company: 'Analytical Engines', phone: '+44 20 0000 0000' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as ContactReceipt;
    expect(body.success).toBe(true);
    expect(app.deps.contacts.findById(body.id)).toMatchObject({ ...valid, company: 'Analytical Engines', phone: '+44 20 0000 0000' });
  });

  it('defaults company and phone to empty text', async () => {
    const body = (await (await app.post('/api/contact', valid)).json()) as ContactReceipt;
    expect(app.deps.contacts.findById(body.id)).toMatchObject({ company: '', phone: '' });
  });

  it('answers 400 with every bad field and the spec messages, storing nothing', async () => {
    const before = app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get();
    const response = await app.post('/api/contact', { name: 'A', email: 'not-an-email', subject: 'Hi', message: 'short' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.fields).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    });
    expect(app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(before);
  });

  it('counts characters after trimming spaces', async () => {
    const response = await app.post('/api/contact', { ...valid, name: '  A  ' });
    expect(response.status).toBe(400);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(new URL('/api/contact', (await app.get('/api/nothing')).url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.message).toMatch(/JSON|Unexpected/i);
  });
});
