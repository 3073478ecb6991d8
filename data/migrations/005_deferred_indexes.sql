-- Secondary indexes of `businesses` an import into an (almost) empty record has dropped while it
-- writes, with the SQL that recreates them. They are written in the same transaction as the
-- DROP INDEX statements and deleted in the same transaction as the CREATE INDEX statements, so a
-- crash leaves either the indexes or these rows, never neither; a later start whose owner
-- process is gone recreates them (backend/src/db/deferred-indexes.ts).
CREATE TABLE deferred_indexes (
  name        TEXT PRIMARY KEY,
  sql         TEXT NOT NULL,
  -- Process id of the importer that dropped them.
  owner_pid   INTEGER NOT NULL,
  deferred_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
