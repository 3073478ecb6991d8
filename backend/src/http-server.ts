import { createServer, type Server } from 'node:http';
import type Koa from 'koa';

/** What one client may cost the server before it is cut off. */
export interface HttpLimits {
  /** Request line + headers; larger answers 431. */
  maxHeaderBytes: number;
  /** Time to send the whole header block; a client that trickles headers (slowloris) gets 408. */
  headersTimeoutMs: number;
  /** Time to send the whole request, body included: long enough for a 150 MB upload (spec: 10 min). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two time-outs above. */
  checkIntervalMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 11 * 60_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 5_000,
};

/** Serves `app` on `port`/`host` with the limits above (body sizes are koa-body's, per route). */
export function listen(app: Koa, port: number, host: string, limits: HttpLimits = HTTP_LIMITS): Promise<Server> {
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    app.callback(),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
