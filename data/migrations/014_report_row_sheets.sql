-- A report row of a workbook of several worksheets names its sheet and its own row there (the
-- row number stays the one it got across the sheets, unique in the file): an operator finds
-- "Sayfa2, satır 5" in Excel, not row 1,048,580. NULL for a CSV, a single sheet, and rows stored before.
ALTER TABLE upload_report_rows ADD COLUMN sheet_name TEXT;
ALTER TABLE upload_report_rows ADD COLUMN sheet_row INTEGER;
