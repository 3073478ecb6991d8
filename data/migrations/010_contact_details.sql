-- The operator's contact details: what the contact page, the legal pages and their JSON-LD show
-- (edited in the admin area). The specs name no address, so a fresh install shows none: every
-- detail is empty (and then not shown) except the organisation's name. One row; the address and
-- the business hours hold one line each per line of text.
CREATE TABLE contact_details (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  organisation_name TEXT NOT NULL DEFAULT 'Business Directory' CHECK (trim(organisation_name) <> ''),
  postal_address    TEXT NOT NULL DEFAULT '',
  support_email     TEXT NOT NULL DEFAULT '',
  legal_email       TEXT NOT NULL DEFAULT '',
  privacy_email     TEXT NOT NULL DEFAULT '',
  business_hours    TEXT NOT NULL DEFAULT '',
  updated_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO contact_details (id) VALUES (1);

-- The phone lines in the order shown, at most five.
CREATE TABLE contact_phone_lines (
  position INTEGER PRIMARY KEY CHECK (position BETWEEN 1 AND 5),
  label    TEXT NOT NULL DEFAULT '',
  number   TEXT NOT NULL CHECK (trim(number) <> '')
) WITHOUT ROWID;
