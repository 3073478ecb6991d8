-- The operators' area: the administrator account, sessions, the audit log, daily visitors,
-- tombstones of deleted businesses, the inbox flags, demo-data marking, and what the admin
-- business list needs to answer from indexes at a million rows (sort indexes, a name FTS5
-- table and counts kept by triggers).

CREATE TABLE admin_users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE,
  -- A self-describing scrypt hash ("scrypt$N$r$p$salt$hash"), never the password.
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Only the SHA-256 of a session id is stored; times are Unix milliseconds.
CREATE TABLE admin_sessions (
  id_hash      TEXT PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  csrf_token   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX admin_sessions_expires_at ON admin_sessions (expires_at);

CREATE TABLE audit_log (
  id      INTEGER PRIMARY KEY,
  at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  action  TEXT NOT NULL,
  target  TEXT,
  result  TEXT NOT NULL CHECK (result IN ('success', 'info', 'warning', 'error')),
  address TEXT,
  detail  TEXT
);

-- One row per visitor per day: a salted hash whose salt lives only in the server's memory.
CREATE TABLE visitor_days (
  day          TEXT NOT NULL,
  visitor_hash TEXT NOT NULL,
  PRIMARY KEY (day, visitor_hash)
) WITHOUT ROWID;
CREATE TABLE visitor_counts (
  day   TEXT PRIMARY KEY,
  count INTEGER NOT NULL
) WITHOUT ROWID;

-- Slugs of deleted businesses: their pages answer 410 Gone.
CREATE TABLE deleted_slugs (
  slug       TEXT PRIMARY KEY,
  deleted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

-- Where a fix-slugs run stopped: the last business id it handled.
CREATE TABLE admin_checkpoints (
  name       TEXT PRIMARY KEY,
  value      INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;

ALTER TABLE contact_messages ADD COLUMN is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1));
ALTER TABLE contact_messages ADD COLUMN is_handled INTEGER NOT NULL DEFAULT 0 CHECK (is_handled IN (0, 1));
CREATE INDEX contact_messages_unread ON contact_messages (is_read, id);
CREATE INDEX contact_messages_handled ON contact_messages (is_handled, id);

-- 1 for the businesses the demo generator loaded ("test data"), set when they are inserted.
ALTER TABLE businesses ADD COLUMN is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1));
CREATE INDEX businesses_demo ON businesses (id) WHERE is_demo = 1;

-- The admin list's sorts, with and without the category filter (reviewCount unfiltered is
-- served by businesses_popularity, name by businesses_name, createdAt by businesses_created_at).
CREATE INDEX businesses_rating ON businesses (rating);
CREATE INDEX businesses_reviews ON businesses (reviews);
CREATE INDEX businesses_category_created_at ON businesses (category, created_at);
CREATE INDEX businesses_category_name ON businesses (category, name COLLATE NOCASE);
CREATE INDEX businesses_category_rating ON businesses (category, rating);
CREATE INDEX businesses_category_reviews ON businesses (category, reviews);

-- Name search of the admin list: a contentless FTS5 table keyed by business id.
CREATE VIRTUAL TABLE businesses_name_fts USING fts5 (name, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO businesses_name_fts (rowid, name) SELECT id, name FROM businesses;

-- Counts the admin area shows, kept by triggers so no page counts the table:
-- ('all',''), ('approved',''), ('demo',''), ('category', name), ('country', code), ('city', code || '|' || city).
CREATE TABLE business_counts (
  dimension TEXT NOT NULL,
  value     TEXT NOT NULL,
  n         INTEGER NOT NULL,
  PRIMARY KEY (dimension, value)
) WITHOUT ROWID;
INSERT INTO business_counts SELECT 'all', '', count(*) FROM businesses;
INSERT INTO business_counts SELECT 'approved', '', count(*) FROM businesses WHERE is_approved = 1;
INSERT INTO business_counts SELECT 'demo', '', count(*) FROM businesses WHERE is_demo = 1;
INSERT INTO business_counts SELECT 'category', category, count(*) FROM businesses WHERE coalesce(trim(category), '') <> '' GROUP BY category;
INSERT INTO business_counts SELECT 'country', country_code, count(*) FROM businesses WHERE country_code IS NOT NULL GROUP BY country_code;
INSERT INTO business_counts SELECT 'city', country_code || '|' || city, count(*) FROM businesses
  WHERE coalesce(trim(city), '') <> '' GROUP BY country_code || '|' || city;

CREATE TRIGGER businesses_admin_insert AFTER INSERT ON businesses
BEGIN
  INSERT INTO businesses_name_fts (rowid, name) VALUES (new.id, new.name);
  INSERT INTO business_counts (dimension, value, n)
    SELECT dimension, value, 1 FROM (
      SELECT 'all' AS dimension, '' AS value
      UNION ALL SELECT 'approved', '' WHERE new.is_approved = 1
      UNION ALL SELECT 'demo', '' WHERE new.is_demo = 1
      UNION ALL SELECT 'category', new.category WHERE coalesce(trim(new.category), '') <> ''
      UNION ALL SELECT 'country', new.country_code WHERE new.country_code IS NOT NULL
      UNION ALL SELECT 'city', coalesce(new.country_code, '') || '|' || new.city WHERE coalesce(trim(new.city), '') <> ''
    ) WHERE true
    ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER businesses_admin_delete AFTER DELETE ON businesses
BEGIN
  DELETE FROM businesses_name_fts WHERE rowid = old.id;
  UPDATE business_counts SET n = n - 1 WHERE (dimension, value) IN (
    SELECT 'all', ''
    UNION ALL SELECT 'approved', '' WHERE old.is_approved = 1
    UNION ALL SELECT 'demo', '' WHERE old.is_demo = 1
    UNION ALL SELECT 'category', old.category WHERE coalesce(trim(old.category), '') <> ''
    UNION ALL SELECT 'country', old.country_code WHERE old.country_code IS NOT NULL
    UNION ALL SELECT 'city', coalesce(old.country_code, '') || '|' || old.city WHERE coalesce(trim(old.city), '') <> ''
  );
END;

CREATE TRIGGER businesses_admin_update_name AFTER UPDATE OF name ON businesses WHEN new.name IS NOT old.name
BEGIN
  DELETE FROM businesses_name_fts WHERE rowid = old.id;
  INSERT INTO businesses_name_fts (rowid, name) VALUES (new.id, new.name);
END;

CREATE TRIGGER businesses_admin_update_counts AFTER UPDATE OF is_approved, is_demo, category, country_code, city ON businesses
  WHEN new.is_approved IS NOT old.is_approved OR new.is_demo IS NOT old.is_demo OR new.category IS NOT old.category
    OR new.country_code IS NOT old.country_code OR new.city IS NOT old.city
BEGIN
  UPDATE business_counts SET n = n - 1 WHERE (dimension, value) IN (
    SELECT 'approved', '' WHERE old.is_approved = 1
    UNION ALL SELECT 'demo', '' WHERE old.is_demo = 1
    UNION ALL SELECT 'category', old.category WHERE coalesce(trim(old.category), '') <> ''
    UNION ALL SELECT 'country', old.country_code WHERE old.country_code IS NOT NULL
    UNION ALL SELECT 'city', coalesce(old.country_code, '') || '|' || old.city WHERE coalesce(trim(old.city), '') <> ''
  );
  INSERT INTO business_counts (dimension, value, n)
    SELECT dimension, value, 1 FROM (
      SELECT 'approved' AS dimension, '' AS value WHERE new.is_approved = 1
      UNION ALL SELECT 'demo', '' WHERE new.is_demo = 1
      UNION ALL SELECT 'category', new.category WHERE coalesce(trim(new.category), '') <> ''
      UNION ALL SELECT 'country', new.country_code WHERE new.country_code IS NOT NULL
      UNION ALL SELECT 'city', coalesce(new.country_code, '') || '|' || new.city WHERE coalesce(trim(new.city), '') <> ''
    ) WHERE true
    ON CONFLICT (dimension, value) DO UPDATE SET n = n + 1;
END;
