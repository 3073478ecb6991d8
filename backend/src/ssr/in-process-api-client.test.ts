import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRequestError } from '@directory/frontend/src/lib/api-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { CONTACT_MESSAGES_RULE } from '../services/rate-limits.ts';
import { createInProcessApiClient } from './in-process-api-client.ts';
import { withPageRequest } from './page-request.ts';

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
    const failure = await withPageRequest({ address: '192.0.2.1' }, () => client
      .sendContact({ name: 'A', email: 'nope', subject: 'Hello there', message: 'A long enough message.', company: '', phone: '' })
      .then(() => null, (error: unknown) => error));
    expect(isApiRequestError(failure)).toBe(true);
    expect(failure).toMatchObject({
      status: 400,
      body: { error: { id: 'bad_request', fields: { name: ['Name must be at least 2 characters'], email: ['Please enter a valid email address'] } } },
    });
    expect(countMessages()).toBe(before);
  });

  it('stores a valid message, trimmed', async () => {
    const client = createInProcessApiClient(app.deps);
    const receipt = await withPageRequest({ address: '192.0.2.1' }, () =>
      client.sendContact({
        name: '  Ada  ',
        email: 'ada@example.com',
        subject: 'Hello there',
        message: 'A long enough message.',
        company: '',
        phone: '',
      }),
    );
    expect(app.deps.contacts.findById(receipt.id)).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });

  it("counts messages against the page request's address, failing past the limit with 429 and Retry-After", async () => {
    const client = createInProcessApiClient(app.deps);
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'A long enough message.', company: '', phone: '' };
    const send = () => withPageRequest({ address: '192.0.2.99' }, () => client.sendContact(message));
    for (let i = 0; i < CONTACT_MESSAGES_RULE.points; i += 1) await send();
    const before = countMessages();
    const failure = await send().then(() => null, (error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, body: { error: { id: 'too_many_messages', message: 'Failed to send message. Please try again later.' } } });
    expect(isApiRequestError(failure) && failure.retryAfterSeconds).toBeGreaterThan(0);
    expect(countMessages()).toBe(before);
  });

  it('refuses to send outside a page render, where no client address exists', async () => {
    const client = createInProcessApiClient(app.deps);
    await expect(client.sendContact({ name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'A long enough message.', company: '', phone: '' })).rejects.toThrow(/No page request/);
  });
});

describe('admin calls of the in-process client', () => {
  /** An app that answers what reached it, as a guarded admin route would see it. */
  function echoApp(): Koa {
    const echo = new Koa();
    echo.use(koaBody());
    echo.use((ctx) => {
      if (ctx.get('cookie') !== 'sid=operator') {
        ctx.status = 429;
        ctx.set('Retry-After', '17');
        ctx.body = { error: { id: 'too_many_attempts', message: 'Wait' } };
        return;
      }
      ctx.body = { method: ctx.method, url: ctx.url, csrf: ctx.get('x-csrf-token'), body: ctx.request.body as unknown };
    });
    return echo;
  }

  it('run through the app with the page request cookie and the CSRF token, no socket involved', async () => {
    const client = createInProcessApiClient(app.deps, echoApp());
    await expect(client.admin('/api/admin/stats?x=1', { cookie: 'sid=operator' })).resolves.toEqual({ method: 'GET', url: '/api/admin/stats?x=1', csrf: '' });
    await expect(client.admin('/api/admin/messages/3', { method: 'PATCH', body: { isRead: true }, csrfToken: 't0ken', cookie: 'sid=operator' })).resolves.toEqual({
      method: 'PATCH',
      url: '/api/admin/messages/3',
      csrf: 't0ken',
      body: { isRead: true },
    });
  });

  it('fail like the HTTP client, with the Retry-After seconds', async () => {
    const failure = await createInProcessApiClient(app.deps, echoApp())
      .admin('/api/admin/stats', { cookie: null })
      .then(() => null, (error: unknown) => error);
    expect(isApiRequestError(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 17, body: { error: { id: 'too_many_attempts' } } });
  });
});
