/**
 * Worker-thread entry that reads, cleans and maps one file's rows for the importer (see
 * row-events.ts): events go out in messages of EVENTS_PER_MESSAGE, and at most
 * MESSAGES_IN_FLIGHT of them wait unconsumed, so a slow writer holds the reader back instead
 * of the rows piling up in memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openRows, UnreadableFileError, type RowSource } from './read-rows.ts';
import { EVENTS_PER_MESSAGE, MESSAGES_IN_FLIGHT, rowEvents, type ReaderMessage, type ReaderWorkerData, type RowEvent } from './row-events.ts';

const port = parentPort!;
const { file } = workerData as ReaderWorkerData;
const send = (message: ReaderMessage) => port.postMessage(message);

let credits = MESSAGES_IN_FLIGHT;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});

let source: RowSource | null = null;
try {
  source = await openRows(file);
} catch (error) {
  if (!(error instanceof UnreadableFileError)) throw error;
  send({ type: 'open-failed', message: error.message });
}
if (source !== null) {
  send({ type: 'opened', kind: source.kind, fileSize: source.fileSize });
  let events: RowEvent[] = [];
  const post = async () => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    send({ type: 'events', events, bytesRead: source.bytesRead() });
    events = [];
  };
  for await (const event of rowEvents(source)) {
    events.push(event);
    if (events.length >= EVENTS_PER_MESSAGE) await post();
  }
  if (events.length > 0) await post();
  send({ type: 'done', bytesRead: source.bytesRead() });
}
// The port's listener would keep the worker alive.
port.close();
