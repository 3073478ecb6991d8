import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContactReceipt } from '../../shared/api-types.ts';
import { CONTACT_MESSAGES_RULE } from '../../services/rate-limits.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let app: TestApp & { url: string };
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const countMessages = () => app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get() as number;

/** A contact POST from `address` (the test app trusts X-Forwarded-For, as TRUST_PROXY=true does). */
function postFrom(target: TestApp & { url: string }, address: string, body: unknown): Promise<Response> {
  return fetch(`${target.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

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

describe('POST /api/contact limits', () => {
  it(`stores ${CONTACT_MESSAGES_RULE.points} messages from one address, then answers 429 with Retry-After and the error notice, storing nothing more`, async () => {
    const before = countMessages();
    for (let i = 0; i < CONTACT_MESSAGES_RULE.points; i += 1) {
      expect((await postFrom(app, '203.0.113.7', { ...valid, subject: `Listing update ${i}` })).status).toBe(201);
    }
    expect(countMessages()).toBe(before + CONTACT_MESSAGES_RULE.points);
    const refused = await postFrom(app, '203.0.113.7', { ...valid, subject: 'One too many' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_MESSAGES_RULE.durationSeconds);
    expect(((await refused.json()) as ApiError).error).toEqual({ id: 'too_many_messages', message: 'Failed to send message. Please try again later.' });
    expect(countMessages()).toBe(before + CONTACT_MESSAGES_RULE.points);
    expect(app.deps.record.prepare("SELECT count(*) FROM contact_messages WHERE subject = 'One too many'").pluck().get()).toBe(0);
    // Another visitor is not held back by the first one's messages.
    expect((await postFrom(app, '203.0.113.8', valid)).status).toBe(201);
  });

  it('drops a message whose honeypot field is filled: answered as a success, stored nowhere', async () => {
    const before = countMessages();
    const response = await postFrom(app, '203.0.113.20', { ...valid, subject: 'Cheap watches', website: 'https://spam.example' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as ContactReceipt;
    expect(body).toMatchObject({ success: true, message: "Thank you for your message. We'll get back to you within 24 hours." });
    expect(countMessages()).toBe(before);
    expect(app.deps.record.prepare("SELECT count(*) FROM contact_messages WHERE subject = 'Cheap watches'").pluck().get()).toBe(0);
  });

  it('counts by the connection address when the proxy is not trusted: a forged X-Forwarded-For does not reset the limit', async () => {
    const direct = await startTestApp([], { isProxyTrusted: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= CONTACT_MESSAGES_RULE.points; i += 1) statuses.push((await postFrom(direct, `198.51.100.${i}`, valid)).status);
      expect(statuses).toEqual([...Array<number>(CONTACT_MESSAGES_RULE.points).fill(201), 429]);
      expect(direct.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get()).toBe(CONTACT_MESSAGES_RULE.points);
    } finally {
      await direct.close();
    }
  });

  it.each([
    { proxies: 1, chain: (client: string) => [client, '203.0.113.99'] },
    { proxies: 2, chain: (client: string) => [client, '10.0.0.1', '203.0.113.99', '192.0.2.7'] },
  ])('behind $proxies trusted proxies, counts the address the outermost one appended: entries the client wrote itself do not reset the limit', async ({ proxies, chain }) => {
    const proxied = await startTestApp([], { trustedProxies: proxies });
    try {
      const statuses: number[] = [];
      // Every request from one client (203.0.113.99 as the outer proxy saw it), each forging new entries before it.
      for (let i = 0; i <= CONTACT_MESSAGES_RULE.points; i += 1) statuses.push((await postFrom(proxied, chain(`198.51.100.${i}`).join(', '), valid)).status);
      expect(statuses).toEqual([...Array<number>(CONTACT_MESSAGES_RULE.points).fill(201), 429]);
    } finally {
      await proxied.close();
    }
  });
});
