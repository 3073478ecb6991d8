/**
 * Worker-thread entry that reads, cleans and maps spreadsheets' rows for the importer (see
 * row-events.ts), one file per `open` request, and stays for the next file. Events go out in
 * messages of eventsPerMessage, and at most messagesInFlight of them wait unconsumed, so a
 * slow writer holds the reader back instead of the rows piling up in memory.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThisThread } from '@directory/indexer/background-priority.ts';
import { openRows, UnreadableFileError, type RowSource } from './read-rows.ts';
import { packEvents } from './row-event-messages.ts';
import {
  eventsPerMessage, mapsWhileReading, messagesInFlight, readEvents, rowEvents, type ReaderMessage, type ReaderRequest, type RowEvent,
} from './row-events.ts';

const port = parentPort!;
lowerThisThread();
const send = (message: ReaderMessage) => port.postMessage(message);

let credits = 0;
let wake: (() => void) | null = null;

async function readFile(file: string): Promise<void> {
  let source: RowSource;
  try {
    source = await openRows(file);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    send({ type: 'open-failed', problem: error.problem });
    return;
  }
  credits = messagesInFlight(source.kind);
  const perMessage = eventsPerMessage(source.kind);
  send({ type: 'opened', kind: source.kind, fileSize: source.fileSize });
  let events: RowEvent[] = [];
  const post = async () => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    send({ type: 'events', events: packEvents(events), bytesRead: source.bytesRead() });
    events = [];
  };
  for await (const event of mapsWhileReading(source.kind) ? rowEvents(source) : readEvents(source)) {
    events.push(event);
    if (events.length >= perMessage) await post();
  }
  if (events.length > 0) await post();
  send({ type: 'done', bytesRead: source.bytesRead() });
}

port.on('message', (request: ReaderRequest) => {
  if (request.type === 'more') {
    credits += 1;
    wake?.();
    wake = null;
    return;
  }
  // An error other than an unreadable file is a bug: unhandled, it ends the worker, and the importer reports the worker's error.
  void readFile(request.file);
});
