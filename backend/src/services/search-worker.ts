/**
 * Worker-thread entry of the search pool: answers search jobs on its own read-only connection to
 * the index, one at a time, so searches run on every core while the server's thread parses,
 * dispatches and writes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchThreadState, type SearchThreadReply, type SearchThreadRequest, type WarmUpRequest } from './search-thread.ts';

const port = parentPort!;
const state = new SearchThreadState(new Int32Array((workerData as { cancelled: SharedArrayBuffer }).cancelled));
// One job after the other even if a search awaits: a job never sees its connection closed under it.
let queue = Promise.resolve();
port.on('message', (request: SearchThreadRequest | WarmUpRequest) => {
  queue = queue.then(async () => {
    if ('type' in request) {
      state.warmUp(request.file);
      port.postMessage({ type: 'warmed', openFile: state.openFile } satisfies SearchThreadReply);
    } else {
      port.postMessage(await state.handle(request));
    }
  });
});
port.on('close', () => state.close());
