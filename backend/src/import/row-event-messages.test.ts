import { describe, expect, it } from 'vitest';
import { toBusinessColumns } from '@directory/data/business-row.ts';
import { mapColumns } from './columns.ts';
import { mapRow } from './map-row.ts';
import { packEvents, unpackEvents } from './row-event-messages.ts';
import type { RowEvent } from './row-events.ts';

const headers = ['name', 'place_id', 'latitude', 'longitude', 'working_hours', 'about', 'verified', 'business_status'];
const businessEvent = (cells: string[], row: number): RowEvent => {
  const mapped = mapRow(cells, mapColumns(headers), row);
  if (mapped.kind !== 'business') throw new Error(`row ${row} did not map to a business`);
  const { business, identity, isTemporarilyClosed, hasUnreadableHours } = mapped;
  return { type: 'business', row, columns: toBusinessColumns(business), slug: `slug-${row}`, identity, isTemporarilyClosed, hasUnreadableHours };
};

describe('packEvents and unpackEvents', () => {
  it('give back every event of a message as it was, in order, whatever its kind', () => {
    const events: RowEvent[] = [
      { type: 'header', cells: headers },
      businessEvent(['Café Ωmega', 'ChIJx5dsO9c13YAR9Cxa8Wf0ylE', '35.19', '33.37', '{"Monday": "9AM-5PM"}', '{"Amenities": {"Restroom": true}}', 'True', 'CLOSED_TEMPORARILY'], 2),
      { type: 'cells', row: 3, cells: ['a', '', 'c,"d"', '‎مطعم‎'] },
      { type: 'mapped', row: 4, mapped: { kind: 'skipped', name: 'Gone', reason: { code: 'permanently_closed', params: {} } } },
      { type: 'repeated-header', row: 5 },
      { type: 'unreadable', row: 6, problem: { code: 'too_many_fields', params: { fields: 1200, max: 1000 } } },
      businessEvent(['Bakery', '', '', '', 'Mo-Fr 8-18 Uhr', 'plain text about', 'no', ''], 7),
      { type: 'cells', row: 8, cells: [] },
      { type: 'cells', row: 9, cells: [''] },
      { type: 'cells', row: 10, cells: ['nul \u0000 inside', 'b'] },
      { type: 'read-failed', problem: { code: 'zip_damaged', params: { detail: 'invalid central directory' } } },
    ];
    const sent = structuredClone(packEvents(events));
    expect(unpackEvents(sent)).toEqual(events);
  });

  it('refuses a message it did not pack', () => {
    expect(() => unpackEvents([7, 'x'])).toThrow('unknown tag 7');
  });
});
