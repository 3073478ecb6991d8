/**
 * Where a row of a workbook read as one table lies (read-rows.ts numbers the rows of its later
 * sheets on from the earlier ones): the sheet it is on and its own row there, as the operator
 * finds it in Excel. Pure.
 */
import type { SheetPlace } from '../shared/import-types.ts';

/** Where a sheet's rows begin in a workbook of several worksheets read as one table. */
export interface SheetStart {
  /** The sheet's name, as its tab shows it. */
  name: string;
  /** The first row number, as numbered across the sheets, that is this sheet's. */
  firstRow: number;
  /** What the sheet's own row numbers were moved by: a row's own number is its number minus this. */
  shift: number;
}

/** The sheets told so far, in file order; a file that told none (a CSV, one worksheet) places no row. */
export class SheetPlaces {
  private readonly starts: SheetStart[] = [];

  add(start: SheetStart): void {
    this.starts.push(start);
  }

  /** The sheet and own row of a row numbered across sheets; null when no sheet was told. */
  placeOf(row: number): SheetPlace | null {
    for (let index = this.starts.length - 1; index >= 0; index -= 1) {
      const start = this.starts[index]!;
      if (row >= start.firstRow || index === 0) return { name: start.name, row: row - start.shift };
    }
    return null;
  }
}
