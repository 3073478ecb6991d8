import { describe, expect, it } from 'vitest';
import type { AdminMessagePage, AdminStats } from '../../shared/admin-types.ts';
import { errorOf, signedInApp } from '../../testing/admin-client.ts';

describe('admin messages', () => {
  const running = signedInApp();

  it('messages: list newest first with the unread count, mark read and handled, delete', async () => {
    const first = running.app.deps.contacts.create({ name: 'Ann', email: 'ann@example.com', company: '', phone: '', subject: 'Hello', message: 'First' });
    const second = running.app.deps.contacts.create({ name: 'Bob', email: 'bob@example.com', company: 'B', phone: '1', subject: 'Fix', message: 'Second' });
    const inbox = await running.admin.read<AdminMessagePage>('/api/admin/messages');
    expect(inbox.messages.map((m) => m.id)).toEqual([second, first]);
    expect(inbox.unread).toBe(2);
    expect(inbox.messages[0]).toMatchObject({ name: 'Bob', email: 'bob@example.com', subject: 'Fix', isRead: false, isHandled: false });
    const read = await running.admin.request('PATCH', `/api/admin/messages/${first}`, { body: { isRead: true, isHandled: true } });
    expect(await read.json()).toMatchObject({ id: first, isRead: true, isHandled: true });
    expect((await running.admin.read<AdminMessagePage>('/api/admin/messages?status=unread')).messages.map((m) => m.id)).toEqual([second]);
    expect((await running.admin.read<AdminMessagePage>('/api/admin/messages?status=handled')).messages.map((m) => m.id)).toEqual([first]);
    expect((await running.admin.read<AdminStats>('/api/admin/stats')).unreadMessages).toBe(1);
    const bad = await running.admin.request('PATCH', `/api/admin/messages/${first}`, { body: { isRead: 'yes' } });
    expect((await errorOf(bad)).message).toContain('isRead');
    expect((await running.admin.request('GET', '/api/admin/messages?status=spam')).status).toBe(400);
    expect(await (await running.admin.request('DELETE', `/api/admin/messages/${first}`)).json()).toEqual({ success: true });
    expect((await running.admin.request('DELETE', `/api/admin/messages/${first}`)).status).toBe(404);
  });
});
