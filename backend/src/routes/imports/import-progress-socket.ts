/**
 * The upload progress websocket (same host, as the spec has it): every import's progress
 * messages go to every connected, authorised admin page. `authorize` decides from the upgrade
 * request (the admin session cookie); refused upgrades get 401 and are closed.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ImportService } from '../../services/import-service.ts';
import type { ImportProgressMessage } from '../../shared/import-types.ts';

export const IMPORT_PROGRESS_PATH = '/api/admin/import-progress';

export function attachImportProgressSocket(
  server: Server,
  imports: ImportService,
  authorize: (req: IncomingMessage) => boolean | Promise<boolean>,
): { close(): void } {
  const sockets = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== IMPORT_PROGRESS_PATH) return;
    void Promise.resolve(authorize(req)).then(
      (isAllowed) => {
        if (!isAllowed) {
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        sockets.handleUpgrade(req, socket, head, (client) => sockets.emit('connection', client, req));
      },
      () => socket.destroy(),
    );
  };
  const broadcast = (message: ImportProgressMessage) => {
    const text = JSON.stringify(message);
    sockets.clients.forEach((client: WebSocket) => {
      if (client.readyState === client.OPEN) client.send(text);
    });
  };
  server.on('upgrade', onUpgrade);
  imports.progress.on('progress', broadcast);
  return {
    close() {
      server.off('upgrade', onUpgrade);
      imports.progress.off('progress', broadcast);
      sockets.clients.forEach((client) => client.terminate());
      sockets.close();
    },
  };
}
