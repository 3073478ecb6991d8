import { describe, expect, it } from 'vitest';
import { rowPlaceText, rowPlaceTurkish } from '../shared/row-place.ts';
import { SheetPlaces } from './sheet-places.ts';

describe('SheetPlaces', () => {
  it("places a row numbered across sheets on its sheet and its own row there; none without sheets", () => {
    const places = new SheetPlaces();
    expect(places.placeOf(7)).toBeNull();
    places.add({ name: 'Sayfa1', firstRow: 1, shift: 0 });
    // Sayfa2's header (its row 1) is left out: its row 2 is the file's row 1,048,577.
    places.add({ name: 'Sayfa2', firstRow: 1_048_577, shift: 1_048_575 });
    expect(places.placeOf(1_048_576)).toEqual({ name: 'Sayfa1', row: 1_048_576 });
    expect(places.placeOf(1_048_577)).toEqual({ name: 'Sayfa2', row: 2 });
    expect(places.placeOf(1_048_580)).toEqual({ name: 'Sayfa2', row: 5 });
  });
});

describe('row places in words', () => {
  it('names the sheet only when there is one', () => {
    expect(rowPlaceTurkish(1_048_580, { name: 'Sayfa2', row: 5 })).toBe('Sayfa2, satır 5');
    expect(rowPlaceTurkish(5, null)).toBe('Satır 5');
    expect(rowPlaceText(1_048_580, { name: 'Sayfa2', row: 5 })).toBe('sheet "Sayfa2" row 5');
    expect(rowPlaceText(5, null)).toBe('row 5');
  });
});
