import { get, type IncomingHttpHeaders } from 'node:http';

/** An answer as it came over the wire: `fetch` would unpack a compressed body and hide a 304 behind its cache. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET through node:http, its body kept as the bytes sent. */
export function rawGet(url: string | URL, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
