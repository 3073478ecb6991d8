/**
 * A disk that is full while an operator uploads a spreadsheet (POST /api/upload-excel): the
 * temporary file the upload streams to is written to /dev/full, whose every write fails with the
 * kernel's own ENOSPC, as a full disk's does. The operator gets a clear 507, nothing of the file
 * reaches the record (its digest is unchanged, no upload report), the temporary folder is
 * removed, and the same upload works once there is room again.
 */
import { existsSync } from 'node:fs';
import type * as fs from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBusiness } from '@directory/data/testing/build-business.ts';
import type { SimpleUploadReport } from '../../shared/import-types.ts';
import { signInAsAdmin, type AdminClient } from '../../testing/admin-client.ts';
import { recordDigest } from '../../testing/hostile-values.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

/** While true, upload temporary files go to /dev/full; the paths the server asked for are kept. */
const disk = vi.hoisted(() => ({ isFull: false, uploadFiles: [] as string[] }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  const createWriteStream = ((path: Parameters<typeof actual.createWriteStream>[0], options?: Parameters<typeof actual.createWriteStream>[1]) => {
    if (disk.isFull && String(path).includes('directory-upload-')) {
      disk.uploadFiles.push(String(path));
      return actual.createWriteStream('/dev/full', options);
    }
    return actual.createWriteStream(path, options);
  }) as typeof actual.createWriteStream;
  return { ...actual, createWriteStream, default: { ...actual, createWriteStream } };
});

let app: TestApp & { url: string };
let admin: AdminClient;

beforeAll(async () => {
  app = await startTestApp([buildBusiness({ name: 'Already Here Bakery' })]);
  admin = await signInAsAdmin(app);
}, 60_000);

afterAll(async () => {
  await app.deps.imports.settled();
  await app.close();
});

/** A CSV big enough to need several writes of the temporary file. */
const CSV = `name,category,city,latitude,longitude\n${Array.from({ length: 2000 }, (_, i) => `Disk Test Cafe ${i},Cafe,Lyon,45.7${i % 10},4.8${i % 10}`).join('\n')}\n`;

function upload(): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([CSV]), 'cafes.csv');
  return fetch(`${app.url}/api/upload-excel`, {
    method: 'POST',
    headers: { cookie: admin.cookie, origin: app.url, 'x-csrf-token': admin.csrfToken },
    body: form,
  });
}

describe('a full disk during an upload', () => {
  it('answers 507 with a clear message, leaves the record as it was and removes the temporary file', async () => {
    const before = recordDigest(app.deps.record);
    const reportsBefore = app.deps.record.prepare('SELECT count(*) FROM upload_reports').pluck().get();
    disk.isFull = true;
    const response = await upload();
    disk.isFull = false;
    expect(response.status).toBe(507);
    expect(await response.json()).toEqual({
      error: {
        id: 'storage_full',
        message: "The uploaded file could not be stored: the server's disk is full. Nothing was imported; free disk space, then upload the file again.",
      },
    });
    // The server did try to store the file, and its temporary folder is gone.
    expect(disk.uploadFiles).toHaveLength(1);
    expect(existsSync(dirname(disk.uploadFiles[0]!))).toBe(false);
    expect(recordDigest(app.deps.record)).toBe(before);
    expect(app.deps.record.prepare('SELECT count(*) FROM upload_reports').pluck().get()).toBe(reportsBefore);
    expect(app.deps.record.prepare(`SELECT count(*) FROM businesses WHERE name LIKE 'Disk Test Cafe %'`).pluck().get()).toBe(0);
  });

  it('with room again, the same upload imports every row', async () => {
    const response = await upload();
    expect(response.status).toBe(200);
    const report = (await response.json()) as SimpleUploadReport;
    expect(report).toMatchObject({ success: true, totalRows: 2000, successCount: 2000, errorCount: 0 });
    expect(app.deps.record.prepare(`SELECT count(*) FROM businesses WHERE name LIKE 'Disk Test Cafe %'`).pluck().get()).toBe(2000);
  });
});
