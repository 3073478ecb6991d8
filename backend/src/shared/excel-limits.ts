/** Excel's limits (its "specifications and limits" page) that the export works to; the export dialog says them too. */

/** The characters a cell holds in Excel. */
export const EXCEL_CELL_CHARS = 32_767;

/**
 * The rows a worksheet holds in Excel, its header row included: Excel loads no further, warning
 * that the file was not loaded completely.
 */
export const EXCEL_SHEET_ROWS = 1_048_576;
