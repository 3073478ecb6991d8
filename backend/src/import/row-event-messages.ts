/**
 * Row events packed for the message from the reading worker to the importer (row-events.ts).
 * postMessage copies what it sends with the structured clone algorithm, which writes every
 * object's property names along with its values: a business event (an object holding a
 * 25-property columns object and an identity object) took ~3.3 µs to receive. Packed as one flat
 * array of values in a fixed order, it takes ~1.3 µs, its objects built again included, for
 * ~0.4 µs more on the sending side (~2 µs instead of ~1.6). For a CSV the receiving thread is the
 * one that writes, the slower of the two.
 */
import { BUSINESS_FIELDS } from '@directory/data/business-fields.ts';
import type { BusinessColumns } from '@directory/data/business-row.ts';
import type { Identity, IdentitySource } from './identity.ts';
import type { RowEvent } from './row-events.ts';

/** Every column of BusinessColumns (the registry's fields of BusinessInput), in the order they are packed. */
const COLUMNS = BUSINESS_FIELDS.flatMap((field) => (field.key === null ? [] : [field.column]));

/** What follows a tag: a business's fields, a row's cells, or any other event as it is. */
const BUSINESS = 0;
const CELLS = 1;
const OTHER = 2;

/** The events as one flat array of strings, numbers, booleans and nulls (rare events stay objects). */
export function packEvents(events: readonly RowEvent[]): unknown[] {
  const packed: unknown[] = [];
  for (const event of events) {
    if (event.type === 'business') {
      packed.push(BUSINESS, event.row, event.slug, event.identity.key, event.identity.source, event.isTemporarilyClosed, event.hasUnreadableHours);
      const { columns } = event;
      for (const column of COLUMNS) packed.push(columns[column]);
    } else if (event.type === 'cells') {
      // The cells stay one array: copying them one by one into the message cost the reading worker more than it saved the importer.
      packed.push(CELLS, event.row, event.cells);
    } else {
      packed.push(OTHER, event);
    }
  }
  return packed;
}

/** The events `packEvents` packed, in their order. */
export function unpackEvents(packed: readonly unknown[]): RowEvent[] {
  const events: RowEvent[] = [];
  let at = 0;
  while (at < packed.length) {
    const tag = packed[at] as number;
    if (tag === BUSINESS) {
      const row = packed[at + 1] as number;
      const slug = packed[at + 2] as string;
      const identity: Identity = { key: packed[at + 3] as string, source: packed[at + 4] as IdentitySource };
      const isTemporarilyClosed = packed[at + 5] as boolean;
      const hasUnreadableHours = packed[at + 6] as boolean;
      at += 7;
      const columns = {} as Record<string, unknown>;
      for (const column of COLUMNS) columns[column] = packed[at++];
      events.push({ type: 'business', row, columns: columns as unknown as BusinessColumns, slug, identity, isTemporarilyClosed, hasUnreadableHours });
    } else if (tag === CELLS) {
      events.push({ type: 'cells', row: packed[at + 1] as number, cells: packed[at + 2] as string[] });
      at += 3;
    } else if (tag === OTHER) {
      events.push(packed[at + 1] as RowEvent);
      at += 2;
    } else {
      throw new Error(`A packed row event has the unknown tag ${String(tag)}.`);
    }
  }
  return events;
}
