/**
 * The server while another process holds the record's write lock (an `npm run import`, the
 * import worker, a reindex child): pages and reads answer without waiting for it, small writes
 * wait in memory, a visitor's or operator's write waits on timers and is answered 503 only when
 * the lock stays taken.
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRITE_WAIT_MS } from '@directory/data/record-lock.ts';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import { RECORD_BUSY_MESSAGE } from './middleware/error-handler.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

let app: TestApp & { url: string };
/** The other writer, on its own connection to the same file. */
let importer: Database.Database;

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ placeId: 'ChIJbusy00001', name: 'Busy Bakery' })], { withPages: true });
  importer = new Database(app.deps.record.name);
});
afterEach(() => {
  if (importer.inTransaction) importer.exec('ROLLBACK');
});
afterAll(async () => {
  importer.close();
  await app.close();
});

const messages = () => app.deps.record.prepare('SELECT count(*) FROM contact_messages').pluck().get() as number;
const storedVisitors = () =>
  app.deps.record.prepare('SELECT coalesce(sum(count), 0) FROM visitor_counts').pluck().get() as number;

/**
 * Resolves once the server has tried to take the write lock and found it held (its first refused
 * BEGIN IMMEDIATE); `restore` puts the record's own exec back.
 */
function firstRefusal(): { refused: Promise<void>; restore: () => void } {
  const record = app.deps.record;
  const exec = record.exec.bind(record);
  let refusedLooks = 0;
  let onRefused: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => (onRefused = resolve));
  record.exec = (sql: string) => {
    try {
      return exec(sql);
    } catch (error) {
      if (sql === 'BEGIN IMMEDIATE' && (refusedLooks += 1) === 1) onRefused();
      throw error;
    }
  };
  return { refused, restore: () => (record.exec = exec) };
}

describe('while another process holds the write lock', () => {
  it('serves pages and counts their visitors once the lock frees', async () => {
    const before = storedVisitors();
    importer.exec('BEGIN IMMEDIATE');
    const page = await fetch(`${app.url}/`, { headers: { 'user-agent': BROWSER } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const search = await fetch(`${app.url}/api/search?q=bakery`);
    expect(search.status).toBe(200);
    // The visit waits in memory, not on the event loop.
    expect(storedVisitors()).toBe(before);
    importer.exec('COMMIT');
    expect(app.deps.admin.visitors.lastDays(1)[0]!.count).toBe(before + 1);
    expect(storedVisitors()).toBe(before + 1);
  });

  it('answers a contact message 503 with Retry-After when the lock stays taken, storing nothing', async () => {
    const before = messages();
    importer.exec('BEGIN IMMEDIATE');
    // The server's clock is faked: its wait of WRITE_WAIT_MS (polling the lock every few ms) runs in moments.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { refused, restore } = firstRefusal();
    let response: Response;
    try {
      let isAnswered = false;
      const sent = app
        .post('/api/contact', { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Listing update', message: 'Please update our opening hours.' })
        .finally(() => (isAnswered = true));
      await refused;
      await vi.advanceTimersByTimeAsync(WRITE_WAIT_MS - 100);
      // Still waiting for the lock just before its time is up.
      expect(isAnswered).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      response = await sent;
    } finally {
      restore();
      vi.useRealTimers();
    }
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: { id: 'record_busy', message: RECORD_BUSY_MESSAGE } });
    importer.exec('ROLLBACK');
    expect(messages()).toBe(before);
  });

  it('stores a contact message that waited for the lock once the lock frees', async () => {
    const before = messages();
    importer.exec('BEGIN IMMEDIATE');
    // Step by step: the other writer lets go only after the server has found the lock taken.
    const { refused, restore } = firstRefusal();
    try {
      const sent = app.post('/api/contact', {
        name: 'Grace Hopper', email: 'grace@example.com', subject: 'New opening hours', message: 'We now open at eight every day.',
      });
      await refused;
      expect(messages()).toBe(before);
      importer.exec('COMMIT');
      const response = await sent;
      expect(response.status).toBe(201);
      expect(messages()).toBe(before + 1);
    } finally {
      restore();
    }
  });
});
