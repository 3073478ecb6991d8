/**
 * Streams one multipart upload to a temporary file, never holding it in memory, and stops at
 * 150 MB while it streams (a declared Content-Length above the limit is refused before reading).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError, badRequest } from '../../errors.ts';
import { reason } from '../../middleware/field-issues.ts';
import { MAX_UPLOAD_BYTES } from '../../shared/import-types.ts';

export interface ReceivedUpload {
  file: string;
  fileName: string;
  size: number;
  fields: Record<string, string>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/** Multipart overhead allowed on top of the file in a declared Content-Length. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** The spec's message for an oversized file. */
export function tooLarge(fileName: string): ApiError {
  return new ApiError(413, 'payload_too_large', `${fileName} - Maksimum dosya boyutu 150MB'dır`, { params: { fileName, maxBytes: MAX_UPLOAD_BYTES } });
}

/** The answer when the temporary folder's disk filled while the upload was written to it. */
export function uploadDiskFull(): ApiError {
  return new ApiError(
    507,
    'storage_full',
    "The uploaded file could not be stored: the server's disk is full. Nothing was imported; free disk space, then upload the file again.",
  );
}

/** A 400 naming the file field and why it was refused. */
function fileRefused(code: 'file_not_multipart' | 'file_missing'): ApiError {
  const words = reason(code);
  return badRequest(`Invalid request. file: ${words}`, { fields: { file: [words] }, issues: [{ field: 'file', code, params: {} }] });
}

const isDiskFull = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'ENOSPC';

/**
 * Reads the multipart request: its one `file` part to disk, its other parts as text fields. A
 * disk that fills meanwhile answers `uploadDiskFull()`; the temporary folder is removed on every failure.
 */
export async function receiveUpload(req: IncomingMessage): Promise<ReceivedUpload> {
  if (!(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) throw fileRefused('file_not_multipart');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_SLACK_BYTES) {
    req.resume();
    throw tooLarge('The file');
  }
  let dir: string;
  try {
    dir = await mkdtemp(join(tmpdir(), 'directory-upload-'));
  } catch (error) {
    req.resume();
    throw isDiskFull(error) ? uploadDiskFull() : error;
  }
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let received: { file: string; fileName: string; size: number; isTruncated: boolean } | null = null;
    const parser = busboy({ headers: req.headers, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 1024 } });
    const writes: Promise<void>[] = [];
    // The first failed write of the file (a full disk), thrown once the request has been read.
    let writeError: unknown = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || received !== null) {
        stream.resume();
        return;
      }
      const fileName = basename(info.filename || 'upload');
      const file = join(dir, 'upload');
      const upload = { file, fileName, size: 0, isTruncated: false };
      received = upload;
      stream.on('data', (chunk: Buffer) => {
        upload.size += chunk.length;
      });
      stream.on('limit', () => {
        upload.isTruncated = true;
      });
      writes.push(
        new Promise<void>((resolve) => {
          const out = createWriteStream(file);
          out.on('finish', resolve);
          out.on('error', (error) => {
            // The file is not kept, but the request is read to its end, so the answer reaches the client.
            writeError ??= error;
            stream.unpipe(out);
            stream.resume();
            resolve();
          });
          stream.pipe(out);
        }),
      );
    });
    await pipeline(req, parser);
    await Promise.all(writes);
    if (writeError !== null) throw writeError;
    const upload = received as { file: string; fileName: string; size: number; isTruncated: boolean } | null;
    if (upload === null) throw fileRefused('file_missing');
    if (upload.isTruncated) throw tooLarge(upload.fileName);
    return { file: upload.file, fileName: upload.fileName, size: upload.size, fields, discard };
  } catch (error) {
    await discard();
    throw isDiskFull(error) ? uploadDiskFull() : error;
  }
}
