-- The record: every business field of the admin spec's "Business (full read)", plus approval,
-- slugs and their redirects, settings, ad codes, contact messages, upload reports and the
-- change log the indexer consumes.

CREATE TABLE businesses (
  id            INTEGER PRIMARY KEY,
  place_id      TEXT UNIQUE,
  slug          TEXT NOT NULL UNIQUE,
  name          TEXT NOT NULL CHECK (length(trim(name)) > 0),
  category      TEXT,
  type          TEXT,
  full_address  TEXT,
  street        TEXT,
  city          TEXT,
  postal_code   TEXT,
  country       TEXT,
  country_code  TEXT CHECK (country_code IS NULL OR (length(country_code) = 2 AND country_code = upper(country_code))),
  phone         TEXT,
  latitude      REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude     REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  rating        REAL CHECK (rating IS NULL OR rating BETWEEN 0 AND 5),
  reviews       INTEGER NOT NULL DEFAULT 0 CHECK (reviews >= 0),
  reviews_link  TEXT,
  photo         TEXT,
  logo          TEXT,
  located_in    TEXT,
  working_hours TEXT CHECK (working_hours IS NULL OR json_valid(working_hours)),
  verified      INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  about         TEXT,
  url           TEXT,
  time_zone     TEXT,
  is_approved   INTEGER NOT NULL DEFAULT 0 CHECK (is_approved IN (0, 1)),
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Admin sorting and export filters; public lists are served by the search index.
CREATE INDEX businesses_created_at ON businesses (created_at);
CREATE INDEX businesses_country_code ON businesses (country_code);
CREATE INDEX businesses_name ON businesses (name COLLATE NOCASE);

-- Old slugs answer with a 301 to the current one.
CREATE TABLE slug_redirects (
  old_slug    TEXT PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
CREATE INDEX slug_redirects_business ON slug_redirects (business_id);

-- Every write to businesses is queued for the indexer in the same transaction.
CREATE TABLE change_log (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  business_id INTEGER NOT NULL,
  changed_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TRIGGER businesses_logged_insert AFTER INSERT ON businesses
BEGIN
  INSERT INTO change_log (business_id) VALUES (new.id);
END;
CREATE TRIGGER businesses_logged_update AFTER UPDATE ON businesses
BEGIN
  INSERT INTO change_log (business_id) VALUES (new.id);
END;
CREATE TRIGGER businesses_logged_delete AFTER DELETE ON businesses
BEGIN
  INSERT INTO change_log (business_id) VALUES (old.id);
END;

CREATE TABLE site_settings (
  key        TEXT PRIMARY KEY CHECK (key IN ('head_tags', 'facebook_pixel', 'footer_tags', 'analytics_code')),
  value      TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
INSERT INTO site_settings (key) VALUES ('head_tags'), ('facebook_pixel'), ('footer_tags'), ('analytics_code');

CREATE TABLE ad_codes (
  slot       TEXT PRIMARY KEY CHECK (slot IN ('ad1', 'ad2', 'ad3', 'ad4')),
  code       TEXT NOT NULL DEFAULT '' CHECK (length(CAST(code AS BLOB)) <= 51200),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
INSERT INTO ad_codes (slot) VALUES ('ad1'), ('ad2'), ('ad3'), ('ad4');

CREATE TABLE contact_messages (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL,
  company    TEXT NOT NULL DEFAULT '',
  phone      TEXT NOT NULL DEFAULT '',
  subject    TEXT NOT NULL,
  message    TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE upload_reports (
  id              INTEGER PRIMARY KEY,
  file_name       TEXT NOT NULL,
  file_size_bytes INTEGER NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  total_rows      INTEGER NOT NULL DEFAULT 0,
  inserted        INTEGER NOT NULL DEFAULT 0,
  updated         INTEGER NOT NULL DEFAULT 0,
  skipped         INTEGER NOT NULL DEFAULT 0,
  error_count     INTEGER NOT NULL DEFAULT 0,
  -- The detailed report (errors, column extraction, duplicate analysis) as JSON.
  details         TEXT CHECK (details IS NULL OR json_valid(details)),
  started_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at     TEXT
);
CREATE INDEX upload_reports_started_at ON upload_reports (started_at);
