-- Spreadsheet import: an 'interrupted' report status (a process that died mid-file), who runs
-- a report (so a later start can tell a dead owner from a live one), dry runs and batch size;
-- every bad or skipped row of a report with its reason; and the temporarily-closed mark.

-- SQLite cannot widen a CHECK constraint in place: the table is rebuilt, keeping every row.
CREATE TABLE upload_reports_next (
  id              INTEGER PRIMARY KEY,
  file_name       TEXT NOT NULL,
  file_size_bytes INTEGER NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'interrupted')),
  total_rows      INTEGER NOT NULL DEFAULT 0,
  inserted        INTEGER NOT NULL DEFAULT 0,
  updated         INTEGER NOT NULL DEFAULT 0,
  skipped         INTEGER NOT NULL DEFAULT 0,
  error_count     INTEGER NOT NULL DEFAULT 0,
  -- The detailed report (column extraction, duplicate analysis, first errors) as JSON.
  details         TEXT CHECK (details IS NULL OR json_valid(details)),
  started_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at     TEXT,
  is_dry_run      INTEGER NOT NULL DEFAULT 0 CHECK (is_dry_run IN (0, 1)),
  batch_size      INTEGER,
  -- Process id of the importer while the report is running.
  owner_pid       INTEGER,
  -- Why a file failed, or what an interrupted run left.
  message         TEXT
);
INSERT INTO upload_reports_next (id, file_name, file_size_bytes, status, total_rows, inserted, updated, skipped, error_count, details, started_at, finished_at)
  SELECT id, file_name, file_size_bytes, status, total_rows, inserted, updated, skipped, error_count, details, started_at, finished_at FROM upload_reports;
DROP TABLE upload_reports;
ALTER TABLE upload_reports_next RENAME TO upload_reports;
CREATE INDEX upload_reports_started_at ON upload_reports (started_at);
CREATE INDEX upload_reports_running ON upload_reports (status) WHERE status = 'running';

-- Every error and skipped row of a report, for the "download all errors" CSV.
CREATE TABLE upload_report_rows (
  id          INTEGER PRIMARY KEY,
  report_id   INTEGER NOT NULL REFERENCES upload_reports (id) ON DELETE CASCADE,
  row_number  INTEGER NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('error', 'skipped')),
  column_name TEXT NOT NULL DEFAULT '',
  reason      TEXT NOT NULL,
  name        TEXT
);
CREATE INDEX upload_report_rows_report ON upload_report_rows (report_id, kind, row_number);

-- Businesses the last import said were temporarily closed (Google's CLOSED_TEMPORARILY).
CREATE TABLE business_closures (
  business_id INTEGER PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  status      TEXT NOT NULL CHECK (status IN ('temporarily_closed')),
  updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
