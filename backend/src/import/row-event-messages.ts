/**
 * Row events packed for the message from the reading worker to the importer (row-events.ts).
 * postMessage copies what it sends with the structured clone algorithm, which writes every
 * object's property names along with its values: a business event (an object holding a
 * 25-property columns object and an identity object) took ~3.3 µs to receive. Packed as one flat
 * array of values in a fixed order, it takes ~1.3 µs, its objects built again included, for
 * ~0.4 µs more on the sending side (~2 µs instead of ~1.6). For a CSV the receiving thread is the
 * one that writes, the slower of the two.
 *
 * An unmapped row's cells (an .xlsx's) are written, as soon as the row is read, into one UTF-8
 * text per message, which is transferred rather than copied. Kept as arrays of strings until the
 * message left, a message's 250 rows outlived the reading worker's young generation: its garbage
 * collection helpers took ~2.8 s more CPU per 200,000 rows, the worker itself ~1.5 s more
 * (alternating runs; the importer's thread spends ~0.4 s more decoding the text).
 */
import type { BusinessColumns } from '@directory/data/business-row.ts';
import type { Identity, IdentitySource } from './identity.ts';
import type { RowEvent } from './row-events.ts';

/** Every column of BusinessColumns, in the order they are packed (the `satisfies` below fails to compile when one is missing). */
const COLUMNS = [
  'place_id', 'name', 'category', 'type', 'full_address', 'street', 'city', 'postal_code', 'country', 'country_code', 'phone',
  'latitude', 'longitude', 'rating', 'reviews', 'reviews_link', 'photo', 'logo', 'located_in', 'working_hours', 'verified',
  'about', 'url', 'time_zone', 'is_approved',
] as const satisfies readonly (keyof BusinessColumns)[];
type MissingColumn = Exclude<keyof BusinessColumns, (typeof COLUMNS)[number]>;
const everyColumnPacked: [MissingColumn] extends [never] ? true : MissingColumn = true;
void everyColumnPacked;

/**
 * What follows a tag: a business's fields; a row's number and where its cells end in the text;
 * a row's number and its cells as an array (cells the text cannot carry); any other event as it is.
 */
const BUSINESS = 0;
const CELLS_IN_TEXT = 1;
const CELLS = 2;
const OTHER = 3;

/** Between two cells of a row in the text (XML cannot hold it, so an .xlsx's cells never do). */
const CELL_SEPARATOR = '\u0000';

/** A message's events: `packed`, a flat array of tags and values, and `text`, the UTF-8 cells of its rows. */
export interface PackedEvents {
  packed: unknown[];
  /** Send it in the message's transfer list: it is then moved, not copied. */
  text: Uint8Array<ArrayBuffer>;
}

/** Bytes the text of one message starts with room for (250 rows of a places export take ~170 KB). */
const TEXT_CAPACITY = 256 * 1024;

const canTravelAsText = (cells: readonly string[]) => cells.length > 0 && cells.every((cell) => !cell.includes(CELL_SEPARATOR));

/** The events of one message, packed as they are added. */
export class EventPacker {
  private packed: unknown[] = [];
  private text = Buffer.allocUnsafeSlow(TEXT_CAPACITY);
  private textLength = 0;
  /** Events added since the last `take`. */
  count = 0;

  add(event: RowEvent): void {
    this.count += 1;
    const { packed } = this;
    if (event.type === 'business') {
      packed.push(BUSINESS, event.row, event.slug, event.identity.key, event.identity.source, event.isTemporarilyClosed, event.hasUnreadableHours);
      const { columns } = event;
      for (const column of COLUMNS) packed.push(columns[column]);
    } else if (event.type === 'cells') {
      if (canTravelAsText(event.cells)) packed.push(CELLS_IN_TEXT, event.row, this.addText(event.cells.join(CELL_SEPARATOR)));
      else packed.push(CELLS, event.row, event.cells);
    } else {
      packed.push(OTHER, event);
    }
  }

  /** The events added so far, packed; the packer starts a new message. */
  take(): PackedEvents {
    // allocUnsafeSlow gives a Buffer an ArrayBuffer of its own (never a shared one, nor the pool).
    const taken = { packed: this.packed, text: new Uint8Array(this.text.buffer as ArrayBuffer, this.text.byteOffset, this.textLength) };
    this.packed = [];
    this.text = Buffer.allocUnsafeSlow(TEXT_CAPACITY);
    this.textLength = 0;
    this.count = 0;
    return taken;
  }

  /** Appends a row's joined cells to the text; returns where they end. */
  private addText(joined: string): number {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const needed = this.textLength + joined.length * 3;
    if (needed > this.text.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.text.length * 2));
      this.text.copy(grown, 0, 0, this.textLength);
      this.text = grown;
    }
    this.textLength += this.text.write(joined, this.textLength, 'utf8');
    return this.textLength;
  }
}

/** The events packed as one message. */
export function packEvents(events: readonly RowEvent[]): PackedEvents {
  const packer = new EventPacker();
  for (const event of events) packer.add(event);
  return packer.take();
}

/** The events `packEvents` packed, in their order. */
export function unpackEvents({ packed, text }: PackedEvents): RowEvent[] {
  const events: RowEvent[] = [];
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  let textAt = 0;
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
    } else if (tag === CELLS_IN_TEXT) {
      const end = packed[at + 2] as number;
      // One row decoded at a time: its cells are slices of their row's text, and a cell kept
      // (a remembered hours text) keeps only its row alive, not the whole message.
      events.push({ type: 'cells', row: packed[at + 1] as number, cells: bytes.toString('utf8', textAt, end).split(CELL_SEPARATOR) });
      textAt = end;
      at += 3;
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
