-- Writes that change the record without change-log rows (delete-all) owe the search index a full
-- rebuild. The request is written in the same transaction as the change, so a crash between the
-- commit and the end of the rebuild leaves it here: the next start rebuilds. A rebuild whose
-- snapshot saw a request deletes it (and every older one) once its index is published.
CREATE TABLE index_rebuild_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  reason       TEXT NOT NULL,
  requested_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
