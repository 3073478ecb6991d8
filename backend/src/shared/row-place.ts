/**
 * A report's row as the operator finds it: "row 5", or in a workbook of several worksheets its
 * sheet and its own row there ("Sayfa2, satır 5"), not the number it got across the sheets.
 */
import type { SheetPlace } from './import-types.ts';

/** English, for the command line and API readers: `row 5` or `sheet "Sayfa2" row 5`. */
export const rowPlaceText = (row: number, sheet: SheetPlace | null): string => (sheet === null ? `row ${row}` : `sheet "${sheet.name}" row ${sheet.row}`);

/** Turkish, for the admin screens: `Satır 5` or `Sayfa2, satır 5`. */
export const rowPlaceTurkish = (row: number, sheet: SheetPlace | null): string => (sheet === null ? `Satır ${row}` : `${sheet.name}, satır ${sheet.row}`);
