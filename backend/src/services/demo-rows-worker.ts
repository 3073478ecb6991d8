/**
 * Worker-thread entry of a large demo load (demo-data.ts): makes the demo businesses of each range
 * it is sent, ready to write, while the server's thread writes the batch before.
 */
import { parentPort } from 'node:worker_threads';
import { preparedDemoBusinesses } from './demo-rows.ts';

const port = parentPort!;
port.on('message', ({ from, to }: { from: number; to: number }) => port.postMessage(preparedDemoBusinesses(from, to)));
